import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearCookies } from '../features/auth/testing';
import {
  RETURN_COOKIE,
  SESSION_COOKIE,
  clearSessionCookie,
  hasSessionCookie,
  returnUrlTarget,
  sameOriginPath,
  saveReturnPath,
  sessionMarker,
  setSessionCookie,
  takeReturnPath,
} from './return-path';

afterEach(() => {
  vi.restoreAllMocks();
  clearCookies();
});

/** What the code wrote to document.cookie (attributes included), which reading the cookie back does not show. */
function watchCookieWrites() {
  const writes: string[] = [];
  let proto: object | null = document;
  let descriptor: PropertyDescriptor | undefined;
  while (proto && !descriptor) {
    descriptor = Object.getOwnPropertyDescriptor(proto, 'cookie');
    proto = Object.getPrototypeOf(proto) as object | null;
  }
  vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
    writes.push(value);
    descriptor!.set!.call(document, value);
  });
  return writes;
}

describe('return addresses', () => {
  it.each([
    ['/nz/charities', '/nz/charities'],
    ['/nz/search?q=kiwi#results', '/nz/search?q=kiwi#results'],
    ['/admin/user/dashboard', '/admin/user/dashboard'],
    ['//evil.example/path', undefined],
    ['/\\evil.example', undefined],
    ['https://evil.example/', undefined],
    ['javascript:alert(1)', undefined],
    ['nz/charities', undefined],
    ['/nz\n/charities', undefined],
    ['', undefined],
    [null, undefined],
  ])('%s is %s as a same-origin path', (candidate, expected) => {
    expect(sameOriginPath(candidate)).toBe(expected);
  });

  it('sends /login?returnUrl= to same-origin paths only, otherwise to the site root', () => {
    expect(returnUrlTarget('/nz/charities?q=a')).toBe('/nz/charities?q=a');
    expect(returnUrlTarget('https://evil.example')).toBe('/');
    expect(returnUrlTarget(null)).toBe('/');
  });
});

describe('the koha_return cookie (spec §4: a 60-second cookie with the return path)', () => {
  it('is written for 60 seconds on the whole site, SameSite=Lax', () => {
    const writes = watchCookieWrites();
    saveReturnPath('/nz/kiwi-coast-rescue/feed-a-kiwi-chick?quantity=2');
    expect(writes).toEqual([`${RETURN_COOKIE}=${encodeURIComponent('/nz/kiwi-coast-rescue/feed-a-kiwi-chick?quantity=2')}; Path=/; SameSite=Lax; Max-Age=60`]);
  });

  it('is read once: taking it deletes it', () => {
    saveReturnPath('/nz/charities');
    expect(takeReturnPath()).toBe('/nz/charities');
    expect(document.cookie).not.toContain(RETURN_COOKIE);
    expect(takeReturnPath()).toBeUndefined();
  });

  it('takes a path set by hand, unencoded, and refuses one that leaves the site', () => {
    document.cookie = `${RETURN_COOKIE}=/nz/charities; Path=/`;
    expect(takeReturnPath()).toBe('/nz/charities');
    document.cookie = `${RETURN_COOKIE}=${encodeURIComponent('//evil.example')}; Path=/`;
    expect(takeReturnPath()).toBeUndefined();
    document.cookie = `${RETURN_COOKIE}=%E0%A4; Path=/`;
    expect(takeReturnPath()).toBeUndefined();
  });

  it('never stores a foreign address', () => {
    saveReturnPath('https://evil.example/');
    expect(document.cookie).not.toContain(RETURN_COOKIE);
  });
});

describe('the koha_session marker', () => {
  it('lasts 30 days with Remember Me, and the browser session without', () => {
    const writes = watchCookieWrites();
    setSessionCookie(true);
    expect(sessionMarker()).toBe('remember');
    setSessionCookie(false);
    expect(sessionMarker()).toBe('session');
    expect(writes).toEqual([`${SESSION_COOKIE}=remember; Path=/; SameSite=Lax; Max-Age=2592000`, `${SESSION_COOKIE}=session; Path=/; SameSite=Lax`]);
  });

  it('is gone after clearing', () => {
    setSessionCookie(false);
    expect(hasSessionCookie()).toBe(true);
    clearSessionCookie();
    expect(hasSessionCookie()).toBe(false);
    expect(sessionMarker()).toBeUndefined();
  });

  it('is Secure on https', () => {
    const writes = watchCookieWrites();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, protocol: 'https:', origin: 'https://giving.test' } as Location);
    setSessionCookie(false);
    expect(writes[0]).toBe(`${SESSION_COOKIE}=session; Path=/; SameSite=Lax; Secure`);
  });
});
