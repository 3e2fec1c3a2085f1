/**
 * The optional site-wide guard (spec 1 §2 "Account"): on the configured domains, a visitor without a browser
 * session gets a 302 to the login page, with the message 'Redirecting to login...', except on the pages a
 * visitor needs before signing in.
 *
 * "Without a browser session" means no `koha_session` cookie (the SPA sets it on sign-in, /api/account/logout
 * clears it). The cookie is only a marker, never checked for validity: the guard keeps anonymous visitors off
 * the pages, it does not protect data. Every API route enforces its own policy on the Cognito token, so a forged
 * cookie shows no more than the public SPA shell would.
 *
 * One definition for both places it runs: the local origin (tools/local) calls it, and the CloudFront viewer-request
 * function (infra/lib/web-stack.ts) embeds its source with `siteGuardDecision.toString()`. So the function stays
 * self-contained and in the JavaScript CloudFront Functions 2.0 runs: no imports, no closures over module values,
 * no optional chaining or `??`, ES5 string and array methods only.
 */

/** The browser-session marker cookie (web/src/lib/return-path.ts sets it). */
export const SESSION_COOKIE = 'koha_session';

export const REDIRECTING_TO_LOGIN = 'Redirecting to login...';

/** The spec's optional exclusions; a deployment chooses which apply. Ending in '/' means "and everything below". */
export const OPTIONAL_GUARD_EXCLUSIONS = ['/api/', '/api/login', '/_next/', '/favicon.ico'] as const;
export type OptionalGuardExclusion = (typeof OPTIONAL_GUARD_EXCLUSIONS)[number];

/**
 * The optional exclusions a deployment gets unless it says otherwise: the API answers for itself (401 as
 * problem+json, which the SPA understands, rather than an HTML redirect), and browsers ask for /favicon.ico on
 * their own. /_next/ is a Next.js path this site does not have; /api/login is covered by /api/.
 */
export const DEFAULT_GUARD_EXCLUSIONS: readonly OptionalGuardExclusion[] = ['/api/', '/favicon.ico'];

export interface SiteGuardConfig {
  /** Host names (no port) the guard applies to; none means the guard is off. */
  domains: readonly string[];
  optionalExclusions: readonly OptionalGuardExclusion[];
}

export interface GuardRequest {
  /** The Host header (a port, if any, is ignored). */
  host: string;
  /** The path as requested (still percent-encoded). */
  path: string;
  /** The query string, with or without its leading '?'; empty when there is none. */
  query: string;
  /** The Cookie header; empty when there is none. */
  cookieHeader: string;
}

export type GuardDecision = { action: 'pass' } | { action: 'redirect'; status: 302; location: string; body: string };

export function siteGuardDecision(request: GuardRequest, config: SiteGuardConfig): GuardDecision {
  // Spec §2: never guarded. Then, by decision, the static files every page needs before signing in: the built
  // SPA's hashed bundles, its runtime config (public client ids) and the public media bucket (charity images
  // that public pages show anyway).
  // Also, by decision, /account-deleted: where a member lands, signed out, once they have deleted their account.
  const excluded = [
    '/login', '/signup', '/auth/return', '/auth/denied', '/login/sso', '/signup-sso', '/signup-prefill-id', '/signup-prefilled', '/access-denied',
    '/account-deleted', '/assets/', '/config.json', '/media/',
  ].concat(config.optionalExclusions as string[]);

  let host = String(request.host || '').toLowerCase();
  if (host.charAt(0) === '[') host = host.substring(0, host.indexOf(']') + 1);
  else if (host.indexOf(':') !== -1) host = host.substring(0, host.indexOf(':'));
  let guarded = false;
  for (let d = 0; d < config.domains.length; d++) {
    if (String(config.domains[d]).toLowerCase() === host) guarded = true;
  }
  if (!guarded) return { action: 'pass' };

  const path = String(request.path || '/');
  // A path with dot segments ('/assets/../nz') could borrow an exclusion for another page: it gets none.
  const dotted = path.indexOf('/.') !== -1 || path.toLowerCase().indexOf('%2e') !== -1;
  if (!dotted) {
    const bare = path.length > 1 && path.charAt(path.length - 1) === '/' ? path.substring(0, path.length - 1) : path;
    for (let e = 0; e < excluded.length; e++) {
      const entry = excluded[e] as string;
      const isPrefix = entry.charAt(entry.length - 1) === '/';
      if (isPrefix ? path.indexOf(entry) === 0 : bare === entry) return { action: 'pass' };
    }
  }

  const cookies = String(request.cookieHeader || '').split(';');
  for (let c = 0; c < cookies.length; c++) {
    const pair = (cookies[c] as string).replace(/^\s+|\s+$/g, '');
    const eq = pair.indexOf('=');
    if (eq > 0 && pair.substring(0, eq) === 'koha_session' && pair.substring(eq + 1) !== '') return { action: 'pass' };
  }

  let query = String(request.query || '');
  if (query.charAt(0) === '?') query = query.substring(1);
  return {
    action: 'redirect',
    status: 302,
    location: '/login?returnUrl=' + encodeURIComponent(query ? path + '?' + query : path),
    body: 'Redirecting to login...',
  };
}
