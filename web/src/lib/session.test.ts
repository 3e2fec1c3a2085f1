import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearCookies } from '../features/auth/testing';
import { LOGOUT_URL, RETURN_COOKIE, browser, hasSessionCookie, setSessionCookie } from './return-path';
import {
  getSession,
  onSessionChange,
  requestLogin,
  requestLogout,
  resetSessionForTests,
  setLoginHandler,
  setLogoutHandler,
  setSession,
  signInToContinue,
  useLoginModal,
} from './session';

beforeEach(() => resetSessionForTests());

afterEach(() => {
  clearCookies();
  vi.restoreAllMocks();
});

describe('the session seam', () => {
  it('opens the login modal when nothing else handles a login request', () => {
    const { result } = renderHook(() => useLoginModal());
    expect(result.current).toBeNull();
    act(() => requestLogin({ returnTo: '/admin/user/dashboard' }));
    expect(result.current).toEqual({ returnTo: '/admin/user/dashboard' });
  });

  it('hands login requests to the auth feature once it registered', () => {
    const handler = vi.fn();
    setLoginHandler(handler);
    requestLogin();
    expect(handler).toHaveBeenCalledWith({});
  });

  it('signs in to continue payroll or recurring giving: the 60-second return cookie, then the request with its reason', () => {
    const handler = vi.fn();
    setLoginHandler(handler);
    signInToContinue('/nz/kiwi-coast-rescue/feed-a-kiwi-chick', 'payroll');
    expect(document.cookie).toContain(`${RETURN_COOKIE}=${encodeURIComponent('/nz/kiwi-coast-rescue/feed-a-kiwi-chick')}`);
    expect(handler).toHaveBeenCalledWith({ returnTo: '/nz/kiwi-coast-rescue/feed-a-kiwi-chick', reason: 'payroll' });
  });

  it('logs out through the auth feature, or straight to /api/account/logout without it', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    await requestLogout();
    expect(assign).toHaveBeenCalledWith(LOGOUT_URL);
    const logout = vi.fn(async () => undefined);
    setLogoutHandler(logout);
    await requestLogout();
    expect(logout).toHaveBeenCalledOnce();
    expect(assign).toHaveBeenCalledOnce();
  });

  it('without the auth feature, logging out to a page of its own ends the browser session here and goes there', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    setSessionCookie(true);
    await requestLogout({ landOn: '/account-deleted' });
    expect(hasSessionCookie()).toBe(false);
    expect(assign).toHaveBeenCalledWith('/account-deleted');
    expect(assign).not.toHaveBeenCalledWith(LOGOUT_URL);
  });

  it('tells listeners about each new session, not repeats', () => {
    const seen: string[] = [];
    const stop = onSessionChange((session) => seen.push(session.status));
    const signedOut = { status: 'signedOut' } as const;
    setSession(signedOut);
    setSession(signedOut);
    setSession({ status: 'signedIn', memberId: 'm', email: 'a@b.nz', name: 'A B' });
    stop();
    setSession({ status: 'signedOut' });
    expect(seen).toEqual(['signedOut', 'signedIn']);
    expect(getSession().status).toBe('signedOut');
  });
});
