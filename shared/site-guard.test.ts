import { describe, expect, it } from 'vitest';
import {
  DEFAULT_GUARD_EXCLUSIONS,
  OPTIONAL_GUARD_EXCLUSIONS,
  REDIRECTING_TO_LOGIN,
  SESSION_COOKIE,
  siteGuardDecision,
  type GuardRequest,
  type SiteGuardConfig,
} from './site-guard';

const guarded: SiteGuardConfig = { domains: ['giving.example.org', 'staff.example.org'], optionalExclusions: [] };
const request = (path: string, more: Partial<GuardRequest> = {}): GuardRequest => ({ host: 'giving.example.org', path, query: '', cookieHeader: '', ...more });
const redirectTo = (returnUrl: string) => ({ action: 'redirect', status: 302, location: `/login?returnUrl=${encodeURIComponent(returnUrl)}`, body: REDIRECTING_TO_LOGIN });
const pass = { action: 'pass' };

describe('the site-wide guard (spec §2 Account)', () => {
  it.each([
    // Anonymous visitors to ordinary pages go to login, keeping where they were going.
    ['/', redirectTo('/')],
    ['/nz/charities', redirectTo('/nz/charities')],
    ['/index.html', redirectTo('/index.html')],
    ['/admin/user/dashboard', redirectTo('/admin/user/dashboard')],
    // The spec's fixed exclusions match exactly (a trailing slash is the same page)...
    ['/login', pass],
    ['/login/', pass],
    ['/signup', pass],
    ['/auth/return', pass],
    ['/auth/denied', pass],
    ['/login/sso', pass],
    ['/signup-sso', pass],
    ['/signup-prefill-id', pass],
    ['/signup-prefilled', pass],
    ['/access-denied', pass],
    // A member who has just deleted their account is signed out: the page that says it is done is never guarded.
    ['/account-deleted', pass],
    // ...and nothing below or beside them.
    ['/login/elsewhere', redirectTo('/login/elsewhere')],
    ['/loginx', redirectTo('/loginx')],
    ['/signup-sso/more', redirectTo('/signup-sso/more')],
    // Static files every page needs before signing in.
    ['/assets/index-abc123.js', pass],
    ['/config.json', pass],
    ['/media/charities/kiwi/logo.png', pass],
    ['/assets', redirectTo('/assets')],
    // Optional exclusions are off in this config.
    ['/api/accounts/me', redirectTo('/api/accounts/me')],
    ['/favicon.ico', redirectTo('/favicon.ico')],
    // Dot segments never borrow an exclusion.
    ['/assets/../nz/charities', redirectTo('/assets/../nz/charities')],
    ['/assets/%2e%2e/nz', redirectTo('/assets/%2e%2e/nz')],
  ])('%s -> %o', (path, expected) => {
    expect(siteGuardDecision(request(path), guarded)).toEqual(expected);
  });

  it.each([
    ['/api/', '/api/donations/payments', pass],
    ['/api/', '/api', redirectTo('/api')],
    ['/api/login', '/api/login', pass],
    ['/api/login', '/api/login/more', redirectTo('/api/login/more')],
    ['/api/login', '/api/accounts/me', redirectTo('/api/accounts/me')],
    ['/_next/', '/_next/static/chunk.js', pass],
    ['/favicon.ico', '/favicon.ico', pass],
  ] as const)('optional exclusion %s: %s -> %o', (exclusion, path, expected) => {
    expect(siteGuardDecision(request(path), { ...guarded, optionalExclusions: [exclusion] })).toEqual(expected);
  });

  it('keeps the query string in the return address', () => {
    expect(siteGuardDecision(request('/search', { query: 'q=kiwi&page=2' }), guarded)).toEqual(redirectTo('/search?q=kiwi&page=2'));
    expect(siteGuardDecision(request('/search', { query: '?q=a b' }), guarded)).toEqual(redirectTo('/search?q=a b'));
  });

  it('lets a browser with a session cookie through, whatever else it sends', () => {
    for (const cookieHeader of [`${SESSION_COOKIE}=remember`, `theme=dark; ${SESSION_COOKIE}=session; other=1`, `a=1;${SESSION_COOKIE}=x`]) {
      expect(siteGuardDecision(request('/nz/charities', { cookieHeader }), guarded)).toEqual(pass);
    }
  });

  it('does not take an empty or look-alike cookie for a session', () => {
    for (const cookieHeader of [`${SESSION_COOKIE}=`, `x${SESSION_COOKIE}=1`, `${SESSION_COOKIE}x=1`, `other=${SESSION_COOKIE}`]) {
      expect(siteGuardDecision(request('/nz/charities', { cookieHeader }), guarded)).toEqual(redirectTo('/nz/charities'));
    }
  });

  it('applies only to the configured domains, whatever the case or port', () => {
    expect(siteGuardDecision(request('/nz', { host: 'Giving.Example.org:443' }), guarded)).toEqual(redirectTo('/nz'));
    expect(siteGuardDecision(request('/nz', { host: 'staff.example.org' }), guarded)).toEqual(redirectTo('/nz'));
    expect(siteGuardDecision(request('/nz', { host: 'public.example.org' }), guarded)).toEqual(pass);
    expect(siteGuardDecision(request('/nz', { host: '' }), guarded)).toEqual(pass);
    expect(siteGuardDecision(request('/nz', { host: '[::1]:3000' }), { ...guarded, domains: ['[::1]'] })).toEqual(redirectTo('/nz'));
    expect(siteGuardDecision(request('/nz'), { domains: [], optionalExclusions: [] })).toEqual(pass);
  });

  it('offers the spec’s optional exclusions, with the API and favicon excluded by default', () => {
    expect(OPTIONAL_GUARD_EXCLUSIONS).toEqual(['/api/', '/api/login', '/_next/', '/favicon.ico']);
    expect(DEFAULT_GUARD_EXCLUSIONS).toEqual(['/api/', '/favicon.ico']);
  });

  it('is self-contained, so CloudFront can run its source', () => {
    const source = siteGuardDecision.toString();
    expect(source).not.toMatch(/\?\.|\?\?|import|require|=>/);
    const rebuilt = new Function(`${source}; return siteGuardDecision;`)() as typeof siteGuardDecision;
    expect(rebuilt(request('/nz'), guarded)).toEqual(redirectTo('/nz'));
  });
});
