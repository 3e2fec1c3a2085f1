import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { COGNITO_TARGET_PREFIX, RATE_RULES, type RateRule, type RateRuleScope } from '@giving/shared/edge';
import { DomainError, problemFor } from '@giving/shared/errors';

/**
 * A web ACL holding the rate rules of one scope from shared/edge.ts, the definition the local origin applies too.
 * Each rule counts an address's requests that match its scope-down statement over its window and blocks past the
 * limit with 429 and the API's problem body. (WAF prefixes custom response headers with x-amzn-waf-, so the wait
 * arrives as x-amzn-waf-retry-after: the rule's window, an upper bound.)
 */
const TOO_MANY_REQUESTS_BODY = 'tooManyRequests';

export function rateRuleStatement(rule: RateRule): wafv2.CfnWebACL.StatementProperty {
  const scopeDown = scopeDownOf(rule);
  return {
    rateBasedStatement: {
      limit: rule.limit,
      evaluationWindowSec: rule.windowSeconds,
      aggregateKeyType: 'IP',
      ...(scopeDown ? { scopeDownStatement: scopeDown } : {}),
    },
  };
}

function exactly(searchString: string, fieldToMatch: wafv2.CfnWebACL.FieldToMatchProperty): wafv2.CfnWebACL.StatementProperty {
  return { byteMatchStatement: { searchString, fieldToMatch, positionalConstraint: 'EXACTLY', textTransformations: [{ priority: 0, type: 'NONE' }] } };
}

/** WAF wants two or more statements under an or/and: one stands alone. */
function anyOf(statements: wafv2.CfnWebACL.StatementProperty[]): wafv2.CfnWebACL.StatementProperty | undefined {
  if (statements.length <= 1) return statements[0];
  return { orStatement: { statements } };
}

function scopeDownOf(rule: RateRule): wafv2.CfnWebACL.StatementProperty | undefined {
  if (rule.scope === 'userPool') {
    return anyOf((rule.operations ?? []).map((operation) => exactly(`${COGNITO_TARGET_PREFIX}${operation}`, { singleHeader: { Name: 'x-amz-target' } })));
  }
  const paths = [
    ...(rule.paths ?? []).map((path) => exactly(path, { uriPath: {} })),
    ...(rule.pathPatterns ?? []).map((regexString) => ({ regexMatchStatement: { regexString, fieldToMatch: { uriPath: {} }, textTransformations: [{ priority: 0, type: 'NONE' }] } })),
  ];
  const parts = [anyOf((rule.methods ?? []).map((method) => exactly(method, { method: {} }))), anyOf(paths)].filter(
    (part): part is wafv2.CfnWebACL.StatementProperty => part !== undefined,
  );
  return parts.length > 1 ? { andStatement: { statements: parts } } : parts[0];
}

export function rateRules(scope: RateRuleScope): wafv2.CfnWebACL.RuleProperty[] {
  return RATE_RULES.filter((rule) => rule.scope === scope).map((rule, priority) => ({
    name: `giving-${rule.name}`,
    priority,
    statement: rateRuleStatement(rule),
    action: {
      block: {
        customResponse: {
          responseCode: 429,
          customResponseBodyKey: TOO_MANY_REQUESTS_BODY,
          responseHeaders: [{ name: 'retry-after', value: String(rule.windowSeconds) }],
        },
      },
    },
    visibilityConfig: { cloudWatchMetricsEnabled: true, sampledRequestsEnabled: true, metricName: `giving-${rule.name}` },
  }));
}

export function rateRuleWebAcl(scope: Construct, id: string, props: { name: string; aclScope: 'CLOUDFRONT' | 'REGIONAL'; rules: RateRuleScope; description: string }): wafv2.CfnWebACL {
  return new wafv2.CfnWebACL(scope, id, {
    name: props.name,
    description: props.description,
    scope: props.aclScope,
    defaultAction: { allow: {} },
    rules: rateRules(props.rules),
    customResponseBodies: {
      [TOO_MANY_REQUESTS_BODY]: { contentType: 'APPLICATION_JSON', content: JSON.stringify(problemFor(new DomainError('TooManyRequests'))) },
    },
    visibilityConfig: { cloudWatchMetricsEnabled: true, sampledRequestsEnabled: true, metricName: props.name },
  });
}
