import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Match } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '@giving/shared/manifest';
import { CONTEXT_DEFAULTS } from './config';
import { onlyResource, synthesize } from './testing';
import { WEB_DIST_MISSING_WARNING } from './web-stack';

// Managed policy ids (the same in every account).
const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

const webWarnings = (synth: ReturnType<typeof synthesize>) =>
  synth.assembly
    .getStackArtifact(synth.stacks.web.artifactId)
    .messages.filter((message) => message.level === 'warning')
    .map((message) => JSON.stringify(message.entry.data));

interface Behavior {
  PathPattern?: string;
  TargetOriginId: string;
  CachePolicyId: string;
  OriginRequestPolicyId?: string;
  ResponseHeadersPolicyId: unknown;
  AllowedMethods: string[];
  ViewerProtocolPolicy: string;
  FunctionAssociations?: { EventType: string; FunctionARN: { 'Fn::GetAtt': [string, string] } }[];
}
interface Origin {
  Id: string;
  DomainName: unknown;
  OriginAccessControlId?: unknown;
}

describe('web stack of a clean clone (no web/dist)', () => {
  let synth: ReturnType<typeof synthesize>;
  let config: { DefaultCacheBehavior: Behavior; CacheBehaviors: Behavior[]; Origins: Origin[]; CustomErrorResponses?: unknown };
  beforeAll(() => {
    synth = synthesize();
    config = onlyResource(synth.template(synth.stacks.web), 'AWS::CloudFront::Distribution', () => true).properties
      .DistributionConfig as typeof config;
  });
  const origin = (behavior: Behavior) => config.Origins.find((o) => o.Id === behavior.TargetOriginId)!;
  const behavior = (pattern: string) => config.CacheBehaviors.find((b) => b.PathPattern === pattern)!;

  it('routes /api/* to the HTTP API, uncached, with every method, Authorization and query strings', () => {
    const api = behavior(`${API_PREFIX}/*`);
    expect(api).toBeDefined();
    expect(JSON.stringify(origin(api).DomainName)).toMatch(/"Fn::ImportValue":"GivingApi:ExportsOutputRefHttpApi[^"]*"},".execute-api."/);
    expect(api.CachePolicyId).toBe(CACHING_DISABLED);
    expect(api.OriginRequestPolicyId).toBe(ALL_VIEWER_EXCEPT_HOST_HEADER);
    expect(api.AllowedMethods.sort()).toEqual(['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT']);
    expect(api.ViewerProtocolPolicy).toBe('https-only');
    expect(api.FunctionAssociations).toBeUndefined();
  });

  it('serves the SPA from its bucket through OAC, rewriting extension-less paths, with no error-response rewrites', () => {
    const spa = config.DefaultCacheBehavior;
    expect(JSON.stringify(origin(spa).DomainName)).toContain('giving-site-');
    expect(origin(spa).OriginAccessControlId).toBeDefined();
    expect(spa.FunctionAssociations?.map((f) => f.EventType)).toEqual(['viewer-request']);
    expect(config.CustomErrorResponses).toBeUndefined();

    const functionId = spa.FunctionAssociations![0]!.FunctionARN['Fn::GetAtt'][0];
    const code = synth.template(synth.stacks.web).toJSON().Resources[functionId].Properties.FunctionCode as string;
    const rewrite = new Function(`${code}; return handler;`)() as (event: { request: { uri: string } }) => { uri: string };
    expect(rewrite({ request: { uri: '/nz/charities/reef-guardians' } }).uri).toBe('/index.html');
    expect(rewrite({ request: { uri: '/' } }).uri).toBe('/index.html');
    expect(rewrite({ request: { uri: '/assets/index-abc123.js' } }).uri).toBe('/assets/index-abc123.js');
    expect(rewrite({ request: { uri: '/config.json' } }).uri).toBe('/config.json');
  });

  it('serves /media/* from the media bucket, stripping the prefix', () => {
    const media = behavior('/media/*');
    expect(JSON.stringify(origin(media).DomainName)).toContain('giving-media-');
    expect(origin(media).OriginAccessControlId).toBeDefined();
    const functionId = media.FunctionAssociations![0]!.FunctionARN['Fn::GetAtt'][0];
    const code = synth.template(synth.stacks.web).toJSON().Resources[functionId].Properties.FunctionCode as string;
    const strip = new Function(`${code}; return handler;`)() as (event: { request: { uri: string } }) => { uri: string };
    expect(strip({ request: { uri: '/media/charities/reef/logo.png' } }).uri).toBe('/charities/reef/logo.png');
  });

  it('puts the security-headers policy on every behavior', () => {
    const policy = onlyResource(synth.template(synth.stacks.web), 'AWS::CloudFront::ResponseHeadersPolicy', () => true);
    for (const b of [config.DefaultCacheBehavior, ...config.CacheBehaviors]) expect(b.ResponseHeadersPolicyId).toEqual({ Ref: policy.id });

    const headers = (policy.properties.ResponseHeadersPolicyConfig as { SecurityHeadersConfig: Record<string, Record<string, unknown>> })
      .SecurityHeadersConfig;
    expect(headers.StrictTransportSecurity).toMatchObject({ AccessControlMaxAgeSec: 63072000, IncludeSubdomains: true, Override: true });
    expect(headers.ContentTypeOptions).toEqual({ Override: true });
    expect(headers.FrameOptions).toEqual({ FrameOption: 'DENY', Override: true });
    expect(headers.ReferrerPolicy).toEqual({ ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true });
    const csp = JSON.stringify(headers.ContentSecurityPolicy!.ContentSecurityPolicy);
    expect(csp).toContain(`frame-src ${new URL(CONTEXT_DEFAULTS.cardGatewayUrl).origin};`);
    expect(csp).toMatch(/connect-src 'self' https:\/\/cognito-idp\.",\{"Ref":"AWS::Region"\},"\.amazonaws\.com/);
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('logs to the access-log bucket', () => {
    synth.template(synth.stacks.web).hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({ Logging: { Bucket: Match.anyValue(), Prefix: 'cloudfront/' } }),
    });
  });

  it('uploads nothing and says so in a warning', () => {
    synth.template(synth.stacks.web).resourceCountIs('Custom::CDKBucketDeployment', 0);
    const warnings = webWarnings(synth).filter((text) => text.includes('web/dist does not exist'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(WEB_DIST_MISSING_WARNING);
  });

  it('frames the card gateway given in context', () => {
    const other = synthesize({ context: { cardGatewayUrl: 'https://pay.gateway.test/v2' } });
    const policy = onlyResource(other.template(other.stacks.web), 'AWS::CloudFront::ResponseHeadersPolicy', () => true);
    expect(JSON.stringify(policy.properties)).toContain('frame-src https://pay.gateway.test;');
  });
});

describe('web stack with a built SPA', () => {
  let dist: string;
  let synth: ReturnType<typeof synthesize>;
  beforeAll(() => {
    dist = mkdtempSync(path.join(tmpdir(), 'giving-web-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><script type="module" src="/assets/index-1.js"></script>');
    writeFileSync(path.join(dist, 'assets', 'index-1.js'), 'console.log(1)');
    synth = synthesize({ webDist: dist });
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('uploads immutable assets first, then index.html and a generated config.json that revalidate', () => {
    const web = synth.template(synth.stacks.web);
    const assets = onlyResource(web, 'Custom::CDKBucketDeployment', (p) => p.DestinationBucketKeyPrefix === 'assets/');
    expect(assets.properties.SystemMetadata).toEqual({ 'cache-control': 'public, max-age=31536000, immutable' });
    expect(assets.properties.Prune).toBe(false);
    const shell = onlyResource(web, 'Custom::CDKBucketDeployment', (p) => p.DestinationBucketKeyPrefix === undefined);
    expect(shell.properties.SystemMetadata).toEqual({ 'cache-control': 'no-cache' });
    expect(shell.properties.Prune).toBe(false);
    expect(web.toJSON().Resources[shell.id].DependsOn).toEqual(expect.arrayContaining([expect.stringMatching(/^SiteAssets/)]));
    const staged = (key: string) => readdirSync(path.join(synth.assembly.directory, `asset.${key.replace(/\.zip$/, '')}`)).sort();
    expect(staged((assets.properties.SourceObjectKeys as string[])[0]!)).toEqual(['index-1.js']);
    expect(staged((shell.properties.SourceObjectKeys as string[])[0]!)).toEqual(['index.html']);
    expect(webWarnings(synth).filter((text) => text.includes('web/dist does not exist'))).toEqual([]);
  });

  it('writes config.json from stack values: gateway, Cognito pool, client and region', () => {
    const shell = onlyResource(synth.template(synth.stacks.web), 'Custom::CDKBucketDeployment', (p) => p.DestinationBucketKeyPrefix === undefined);
    const keys = shell.properties.SourceObjectKeys as string[];
    const markers = shell.properties.SourceMarkers as Record<string, unknown>[];
    const configIndex = markers.findIndex((m) => Object.keys(m).length > 0);
    const asset = path.join(synth.assembly.directory, `asset.${keys[configIndex]!.replace(/\.zip$/, '')}`, 'config.json');
    const written = JSON.parse(readFileSync(asset, 'utf8')) as {
      cardGatewayUrl: string;
      cardGatewayPublishableKey: string;
      cognito: { userPoolId: string; userPoolClientId: string; region: string };
    };
    expect(written.cardGatewayUrl).toBe(CONTEXT_DEFAULTS.cardGatewayUrl);
    expect(written.cardGatewayPublishableKey).toBe(CONTEXT_DEFAULTS.cardGatewayPublishableKey);
    // Deploy-time values are markers in the file, replaced by the deployment with what they stand for.
    const resolved = markers[configIndex]!;
    expect(resolved[written.cognito.userPoolId]).toEqual({ 'Fn::ImportValue': expect.stringMatching(/ExportsOutputRefUserPool[0-9A-F]{8}/) });
    expect(resolved[written.cognito.userPoolClientId]).toEqual({ 'Fn::ImportValue': expect.stringMatching(/ExportsOutputRefUserPoolWebClient/) });
    expect(resolved[written.cognito.region]).toEqual({ Ref: 'AWS::Region' });
  });
});
