/**
 * What the edge (CloudFront in AWS, the local origin on this machine) does to every API request, in one place:
 * the CDK web stack, the local origin and the HTTP wrapper all read it.
 *
 * The caller's address is the one the edge sets. A client may send any header, so the API reads the address from
 * one header only, X-Viewer-Address, which the edge writes on every request from the connection itself: in AWS the
 * /api/* viewer-request function (event.viewer.ip, overwriting a client's copy); locally the origin, which also
 * drops a client's copies of every forwarding header. The API believes it only on a request that carries the
 * edge's X-Origin-Verify secret; anything else is refused (CloudFront is the only way in).
 */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';
export const VIEWER_ADDRESS_HEADER = 'x-viewer-address';

/** Headers that claim to say who the caller is or how the request travelled; a client's copies never pass the edge. */
export const FORWARDING_HEADERS = [
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-forwarded-port',
  'x-real-ip',
  'true-client-ip',
  'x-client-ip',
  'x-cluster-client-ip',
  'cf-connecting-ip',
  'fastly-client-ip',
  'x-original-forwarded-for',
  'via',
  VIEWER_ADDRESS_HEADER,
] as const;

/** Every header the edge itself sets: a client's copy of any of them is dropped (CloudFront-*, X-Amz-Cf-*, ours). */
export function isEdgeOwnedHeader(name: string): boolean {
  const lower = name.toLowerCase();
  return (
    (FORWARDING_HEADERS as readonly string[]).includes(lower) ||
    lower.startsWith('cloudfront-') ||
    lower.startsWith('x-amz-cf-') ||
    lower === ORIGIN_VERIFY_HEADER
  );
}

/** An address as the edge writes it: IPv4, or IPv6 (an IPv4-mapped IPv6 address is written as its IPv4). */
export function edgeAddress(ip: string): string {
  return ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
}

/** A header value that is an IP address (what the edge writes), or undefined. */
export function ipAddressOf(value: string | undefined): string | undefined {
  const ip = value?.trim();
  return ip && ip.length <= 45 && /^(?:\d{1,3}(?:\.\d{1,3}){3}|[0-9a-fA-F:]*:[0-9a-fA-F:.]*)$/.test(ip) ? ip : undefined;
}

/**
 * The statements of the /api/* viewer-request function that write X-Viewer-Address from the connection (CloudFront
 * Functions JS 2.0; embedded by the web stack, and run as they are by the tests).
 */
export const VIEWER_ADDRESS_STATEMENTS = `request.headers['${VIEWER_ADDRESS_HEADER}'] = { value: event.viewer.ip };`;

/**
 * The rate rules, one definition: the CloudFront web ACL (infra/lib/edge-stack.ts), the user pool's web ACL
 * (infra/lib/stateful-stack.ts) and the local origin (tools/local/src/site/rate-rules.ts) all apply these. Each
 * counts one address's matching requests over a trailing window, as WAF's rate-based rules do; past the limit the
 * edge answers 429 and the request reaches nothing behind it. Limits are a real deployment's: a busy office behind
 * one address still fits, a script does not (card testing, voucher-code guessing, password spraying). The finer,
 * per-card and per-e-mail limits on declines are the donations service's own.
 */
export type RateRuleScope = 'site' | 'userPool';
export type RateWindowSeconds = 60 | 120 | 300 | 600;

export interface RateRule {
  /** Also the WAF rule's and metric's name (giving-edge-<name>). */
  readonly name: string;
  readonly description: string;
  /** 'site': CloudFront's web ACL and the local origin; 'userPool': the user pool's own (sign-in goes to Cognito). */
  readonly scope: RateRuleScope;
  /** Site rules: requests with one of these methods (none: any method)... */
  readonly methods?: readonly string[];
  /** ...to exactly one of these paths, or one matching a pattern (neither: every path). */
  readonly paths?: readonly string[];
  /** Paths with an id in them (a fundraising page's donate call), as anchored regular expressions WAF can match too. */
  readonly pathPatterns?: readonly string[];
  /** User pool rules: the Cognito operations counted (X-Amz-Target AWSCognitoIdentityProviderService.<operation>). */
  readonly operations?: readonly string[];
  /** Requests per address per window (WAF's minimum is 10). */
  readonly limit: number;
  readonly windowSeconds: RateWindowSeconds;
}

export const COGNITO_TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

export const RATE_RULES: readonly RateRule[] = [
  {
    name: 'payments',
    description: 'Card and voucher payments: a donor gives a few times an hour; card testing tries hundreds of cards.',
    scope: 'site',
    methods: ['POST'],
    paths: ['/api/donations/payments', '/api/donations/me/payments', '/api/memberships/me/join'],
    // A fundraising page's donate calls charge cards the same way (found by the capacity plan: they were not counted).
    pathPatterns: ['^/api/fundraising/(me/)?pages/[0-9A-Za-z]{1,64}/donate$'],
    limit: 60,
    windowSeconds: 300,
  },
  {
    name: 'voucher-lookups',
    description: 'Gift voucher look-ups: guessing codes at speed (the API also limits each caller to 20 per 10 minutes).',
    scope: 'site',
    methods: ['POST'],
    paths: ['/api/donations/vouchers/lookup'],
    limit: 30,
    windowSeconds: 300,
  },
  {
    name: 'voucher-purchases',
    description: 'Gift voucher purchases, which charge a card as payments do.',
    scope: 'site',
    methods: ['POST'],
    paths: ['/api/donations/voucher-purchases', '/api/donations/me/voucher-purchases'],
    limit: 30,
    windowSeconds: 300,
  },
  {
    name: 'sign-in',
    description: 'Signing in, signing up and resetting passwords against the user pool: password spraying and account enumeration.',
    scope: 'userPool',
    operations: ['InitiateAuth', 'RespondToAuthChallenge', 'SignUp', 'ConfirmSignUp', 'ForgotPassword', 'ConfirmForgotPassword', 'ResendConfirmationCode'],
    limit: 30,
    windowSeconds: 300,
  },
  {
    name: 'per-address',
    description: 'Every request to the site from one address (pages, files and the API): a ceiling no browser comes near.',
    scope: 'site',
    limit: 3000,
    windowSeconds: 300,
  },
];

/** Whether a site rule counts this request (method and path as the viewer sent them). */
export function siteRuleMatches(rule: RateRule, request: { method: string; path: string }): boolean {
  if (rule.scope !== 'site') return false;
  if (rule.methods && !rule.methods.includes(request.method.toUpperCase())) return false;
  if (!rule.paths && !rule.pathPatterns) return true;
  return (rule.paths ?? []).includes(request.path) || (rule.pathPatterns ?? []).some((pattern) => new RegExp(pattern).test(request.path));
}

/** Whether a user pool rule counts this Cognito call (its X-Amz-Target header). */
export function userPoolRuleMatches(rule: RateRule, target: string | undefined): boolean {
  return rule.scope === 'userPool' && Boolean(target) && (rule.operations ?? []).some((operation) => target === `${COGNITO_TARGET_PREFIX}${operation}`);
}
