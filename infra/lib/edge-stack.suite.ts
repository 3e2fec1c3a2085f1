import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { COGNITO_TARGET_PREFIX, RATE_RULES, type RateRule } from '@giving/shared/edge';
import { CONTEXT_DEFAULTS } from './config';
import { EDGE_REGION, WEB_ACL_ARN_PARAMETER } from './edge-stack';
import { appSynth, deploymentSynth, onlyResource, type Synth } from './testing';

/** The edge in AWS: the web ACLs built from shared/edge.ts, and the API reachable through CloudFront only. */
let synth: Synth;
beforeAll(() => {
  synth = appSynth();
});

type Statement = Record<string, unknown>;
interface WafRule {
  Name: string;
  Priority: number;
  Statement: { RateBasedStatement: { Limit: number; EvaluationWindowSec: number; AggregateKeyType: string; ScopeDownStatement?: Statement } };
  Action: { Block: { CustomResponse: { ResponseCode: number; CustomResponseBodyKey: string; ResponseHeaders: { Name: string; Value: string }[] } } };
  VisibilityConfig: { MetricName: string };
}

/** What a rule's scope-down statement matches: its methods, paths and Cognito operations, read back out of WAF's shape. */
function matched(statement: Statement | undefined): { methods: string[]; paths: string[]; patterns: string[]; targets: string[] } {
  const found = { methods: [] as string[], paths: [] as string[], patterns: [] as string[], targets: [] as string[] };
  const walk = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    const regexMatch = (node as { RegexMatchStatement?: { RegexString: string; FieldToMatch: Record<string, unknown> } }).RegexMatchStatement;
    if (regexMatch) {
      expect(regexMatch.FieldToMatch).toEqual({ UriPath: {} });
      found.patterns.push(regexMatch.RegexString);
      return;
    }
    const byteMatch = (node as { ByteMatchStatement?: { SearchString: string; FieldToMatch: Record<string, unknown>; PositionalConstraint: string } }).ByteMatchStatement;
    if (byteMatch) {
      expect(byteMatch.PositionalConstraint).toBe('EXACTLY');
      if ('Method' in byteMatch.FieldToMatch) found.methods.push(byteMatch.SearchString);
      else if ('UriPath' in byteMatch.FieldToMatch) found.paths.push(byteMatch.SearchString);
      else if ('SingleHeader' in byteMatch.FieldToMatch) found.targets.push(byteMatch.SearchString);
      return;
    }
    Object.values(node).forEach(walk);
  };
  walk(statement);
  return found;
}

function expectRules(acl: { Rules: WafRule[] }, rules: readonly RateRule[]) {
  expect(acl.Rules.map((rule) => rule.Name)).toEqual(rules.map((rule) => `giving-${rule.name}`));
  for (const [index, rule] of rules.entries()) {
    const waf = acl.Rules[index] as WafRule;
    expect(waf.Priority).toBe(index);
    expect(waf.Statement.RateBasedStatement).toMatchObject({ Limit: rule.limit, EvaluationWindowSec: rule.windowSeconds, AggregateKeyType: 'IP' });
    expect(matched(waf.Statement.RateBasedStatement.ScopeDownStatement)).toEqual({
      methods: [...(rule.methods ?? [])],
      paths: [...(rule.paths ?? [])],
      patterns: [...(rule.pathPatterns ?? [])],
      targets: (rule.operations ?? []).map((operation) => `${COGNITO_TARGET_PREFIX}${operation}`),
    });
    expect(waf.Action.Block.CustomResponse).toEqual({
      ResponseCode: 429,
      CustomResponseBodyKey: 'tooManyRequests',
      ResponseHeaders: [{ Name: 'retry-after', Value: String(rule.windowSeconds) }],
    });
  }
}

describe('the edge stack (us-east-1): CloudFront’s web ACL', () => {
  it('lives in us-east-1, the only region of CLOUDFRONT-scope web ACLs', () => {
    expect(synth.stacks.edge.region).toBe(EDGE_REGION);
  });

  it('holds the site’s rate rules of shared/edge.ts, each blocking with 429 and the API’s problem body', () => {
    const acl = onlyResource(synth.template(synth.stacks.edge), 'AWS::WAFv2::WebACL', () => true).properties as {
      Scope: string;
      DefaultAction: unknown;
      Rules: WafRule[];
      CustomResponseBodies: Record<string, { ContentType: string; Content: string }>;
    };
    expect(acl.Scope).toBe('CLOUDFRONT');
    expect(acl.DefaultAction).toEqual({ Allow: {} });
    const siteRules = RATE_RULES.filter((rule) => rule.scope === 'site');
    expect(siteRules.map((rule) => rule.name)).toEqual(['payments', 'voucher-lookups', 'voucher-purchases', 'per-address']);
    expectRules(acl, siteRules);
    expect(JSON.parse(acl.CustomResponseBodies.tooManyRequests!.Content)).toMatchObject({ status: 429, code: 'TooManyRequests' });
  });

  it('publishes the web ACL’s ARN where the web stack reads it', () => {
    const template = synth.template(synth.stacks.edge);
    const acl = onlyResource(template, 'AWS::WAFv2::WebACL', () => true);
    template.hasResourceProperties('AWS::SSM::Parameter', { Name: WEB_ACL_ARN_PARAMETER, Type: 'String', Value: { 'Fn::GetAtt': [acl.id, 'Arn'] } });
  });
});

describe('the user pool’s web ACL: signing in goes to Cognito, not through CloudFront', () => {
  it('holds the sign-in rule, counting the Cognito operations of signing in, up and resetting a password', () => {
    const stateful = synth.template(synth.stacks.stateful);
    const acl = onlyResource(stateful, 'AWS::WAFv2::WebACL', () => true);
    expect(acl.properties.Scope).toBe('REGIONAL');
    expectRules(acl.properties as unknown as { Rules: WafRule[] }, RATE_RULES.filter((rule) => rule.scope === 'userPool'));
    const pool = onlyResource(stateful, 'AWS::Cognito::UserPool', () => true);
    stateful.hasResourceProperties('AWS::WAFv2::WebACLAssociation', {
      ResourceArn: { 'Fn::GetAtt': [pool.id, 'Arn'] },
      WebACLArn: { 'Fn::GetAtt': [acl.id, 'Arn'] },
    });
  });
});

describe('the HTTP API: CloudFront is the only way in', () => {
  it('has no default execute-api endpoint', () => {
    synth.template(synth.stacks.api).hasResourceProperties('AWS::ApiGatewayV2::Api', { DisableExecuteApiEndpoint: true });
  });

  it('answers on its own domain (context apiDomainName, apiCertificateArn), mapped to the default stage', () => {
    const api = synth.template(synth.stacks.api);
    const domain = onlyResource(api, 'AWS::ApiGatewayV2::DomainName', () => true);
    expect(domain.properties).toMatchObject({
      DomainName: CONTEXT_DEFAULTS.apiDomainName,
      DomainNameConfigurations: [{ CertificateArn: CONTEXT_DEFAULTS.apiCertificateArn, EndpointType: 'REGIONAL', SecurityPolicy: 'TLS_1_2' }],
    });
    api.hasResourceProperties('AWS::ApiGatewayV2::ApiMapping', { DomainName: { Ref: domain.id }, Stage: Match.anyValue() });
    api.hasOutput('ApiDomainTarget', { Value: { 'Fn::GetAtt': [domain.id, 'RegionalDomainName'] } });
  });

  it('takes the domain a deployment names', () => {
    const other = deploymentSynth(); // apiDomainName api.koha.nz, with its certificate
    other.template(other.stacks.api).hasResourceProperties('AWS::ApiGatewayV2::DomainName', { DomainName: 'api.koha.nz' });
    const distribution = onlyResource(other.template(other.stacks.web), 'AWS::CloudFront::Distribution', () => true);
    expect(JSON.stringify(distribution.properties)).toContain('"DomainName":"api.koha.nz"');
  });
});

describe("the user pool: 'require MFA for administrators'", () => {
  it('offers e-mailed codes (and authenticator apps) as a second factor, optional for the pool, sent through SES', () => {
    const pool = onlyResource(synth.template(synth.stacks.stateful), 'AWS::Cognito::UserPool', () => true).properties;
    expect(pool.MfaConfiguration).toBe('OPTIONAL');
    expect([...(pool.EnabledMfas as string[])].sort()).toEqual(['EMAIL_OTP', 'SOFTWARE_TOKEN_MFA']);
    expect(pool.UserPoolTier).toBe('ESSENTIALS');
    expect(pool.EmailConfiguration).toMatchObject({ EmailSendingAccount: 'DEVELOPER', From: 'Giving <receipts@giving.example.org>' });
    expect(JSON.stringify((pool.EmailConfiguration as { SourceArn: unknown }).SourceArn)).toContain(':identity/giving.example.org');
  });
});
