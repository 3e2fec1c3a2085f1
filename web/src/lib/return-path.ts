import { SESSION_COOKIE } from '@giving/shared/site-guard';

/**
 * The two cookies of signing in (spec 1 §2 Account, §4 "Recurring while not logged in"):
 * - `koha_session` marks a browser that signed in. The site-wide guard lets such browsers in, and the SPA only
 *   downloads the sign-in module when it is there. Its value says where the tokens are kept ('remember' in
 *   localStorage, 'session' in sessionStorage). /api/account/logout clears it.
 * - `koha_return` holds, for 60 seconds, the page to come back to after signing in through the sso path.
 */
export { SESSION_COOKIE };
export const RETURN_COOKIE = 'koha_return';
export const RETURN_COOKIE_SECONDS = 60;
export const SESSION_COOKIE_DAYS = 30;

/** Where payroll and recurring giving send a guest to sign in; it comes back to the `koha_return` path. */
export const SSO_LOGIN_PATH = '/login/sso';
export const LOGIN_PATH = '/login';
export const LOGOUT_URL = '/api/account/logout';

export type SessionMarker = 'remember' | 'session';

/** Full-page navigation, in one place so tests can watch it. */
export const browser = {
  assign(url: string) {
    window.location.assign(url);
  },
};

function readCookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const pair = part.trim();
    const eq = pair.indexOf('=');
    if (eq > 0 && pair.slice(0, eq) === name) return pair.slice(eq + 1);
  }
  return undefined;
}

/** Max-Age in seconds; 'delete' expires it (in the past, which every cookie jar honours). */
function writeCookie(name: string, value: string, lifetime?: number | 'delete') {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  const expiry = lifetime === undefined ? '' : lifetime === 'delete' ? '; Expires=Thu, 01 Jan 1970 00:00:00 GMT' : `; Max-Age=${lifetime}`;
  document.cookie = `${name}=${value}; Path=/; SameSite=Lax${expiry}${secure}`;
}

const deleteCookie = (name: string) => writeCookie(name, '', 'delete');

/** How this browser signed in, or undefined when it has no session marker. */
export function sessionMarker(): SessionMarker | undefined {
  const value = readCookie(SESSION_COOKIE);
  if (!value) return undefined;
  return value === 'remember' ? 'remember' : 'session';
}

export const hasSessionCookie = (): boolean => sessionMarker() !== undefined;

/** Remember Me keeps the marker for 30 days; without it the marker ends with the browser session. */
export function setSessionCookie(remember: boolean) {
  writeCookie(SESSION_COOKIE, remember ? 'remember' : 'session', remember ? SESSION_COOKIE_DAYS * 24 * 60 * 60 : undefined);
}

export const clearSessionCookie = () => deleteCookie(SESSION_COOKIE);

/**
 * A path on this site, or undefined: only '/...' that is not protocol-relative ('//evil.example', '/\evil')
 * and has no control characters, so a return address can never send anyone to another origin.
 */
export function sameOriginPath(candidate: string | null | undefined): string | undefined {
  if (!candidate || !candidate.startsWith('/') || candidate.startsWith('//') || candidate.startsWith('/\\')) return undefined;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f]/.test(candidate)) return undefined;
  const url = new URL(candidate, window.location.origin);
  if (url.origin !== window.location.origin) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Where `/login?returnUrl=` goes after signing in: the given same-origin path, otherwise the site root. */
export const returnUrlTarget = (returnUrl: string | null | undefined): string => sameOriginPath(returnUrl) ?? '/';

/** Remembers, for 60 seconds, the page to come back to after signing in through the sso path. */
export function saveReturnPath(path: string) {
  const safe = sameOriginPath(path);
  if (safe) writeCookie(RETURN_COOKIE, encodeURIComponent(safe), RETURN_COOKIE_SECONDS);
}

/** The remembered page (same-origin paths only), deleting the cookie; undefined when there is none. */
export function takeReturnPath(): string | undefined {
  const value = readCookie(RETURN_COOKIE);
  if (value === undefined) return undefined;
  deleteCookie(RETURN_COOKIE);
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return undefined;
  }
  return sameOriginPath(decoded);
}

/** The current page as a return address. */
export const currentPath = (): string => `${window.location.pathname}${window.location.search}${window.location.hash}`;
