import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runtimeConfigQueryOptions, type RuntimeConfig } from '../../lib/config';
import { LOGOUT_URL, RETURN_COOKIE, SSO_LOGIN_PATH, browser, setSessionCookie, sessionMarker } from '../../lib/return-path';
import { getIdToken, getSession, requestLogin, requestLogout, resetSessionForTests, setSession, useLoginModal } from '../../lib/session';
import { runtimeConfig } from '../../testing/fixtures';
import { createTestQueryClient } from '../../testing/render';
import { confirmSignInCode, resetAuthForTests, signInWithPassword, startAuth } from './auth';
import { ALEX, DANA, EMAILED_CODE } from './amplify-fake';
import { SIGN_IN_UNAVAILABLE, WRONG_CODE, WRONG_CREDENTIALS, signInErrorMessage } from './messages';
import { clearCookies } from './testing';

const amplify = await vi.hoisted(async () => (await import('./amplify-fake')).createAmplifyFake());
vi.mock('./auth-client', () => amplify);


const COGNITO = { region: 'ap-southeast-2', userPoolId: 'local_pool', userPoolClientId: 'client', endpoint: 'http://localhost:9229' };

function setUp(config: RuntimeConfig = { ...runtimeConfig, cognito: COGNITO }) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(runtimeConfigQueryOptions().queryKey, config);
  const navigate = vi.fn();
  const stop = startAuth({ queryClient, navigate });
  return { queryClient, navigate, stop };
}

const settled = () => vi.waitFor(() => expect(getSession().status).not.toBe('loading'));

beforeEach(() => {
  resetSessionForTests();
  resetAuthForTests();
  amplify.reset();
  vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
});

afterEach(() => {
  clearCookies();
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

describe('starting up', () => {
  it('signs a browser without the session marker out at once, without downloading Amplify', async () => {
    amplify.state.tokens.local = DANA; // left behind, but nobody asks
    setUp();
    expect(getSession()).toEqual({ status: 'signedOut' });
    expect(amplify.configureAuth).not.toHaveBeenCalled();
    expect(await getIdToken()).toBeUndefined();
  });

  it('restores a remembered session from localStorage and gives the API client its ID token', async () => {
    setSessionCookie(true);
    amplify.state.tokens.local = DANA;
    setUp();
    await settled();
    expect(getSession()).toEqual({ status: 'signedIn', ...DANA });
    expect(amplify.configureAuth).toHaveBeenCalledWith(COGNITO);
    expect(amplify.state.place).toBe('local');
    expect(await getIdToken()).toBe('id-token-of-sub-dana');
  });

  it('signs out, and forgets the marker, when remembered tokens are gone', async () => {
    setSessionCookie(true);
    setUp();
    await settled();
    expect(getSession()).toEqual({ status: 'signedOut' });
    expect(sessionMarker()).toBeUndefined();
  });

  it('keeps a tab-only marker when this tab has no tokens (another tab may still be signed in)', async () => {
    setSessionCookie(false);
    setUp();
    await settled();
    expect(getSession()).toEqual({ status: 'signedOut' });
    expect(sessionMarker()).toBe('session');
  });

  it('signs out locally once the browser session has ended elsewhere (the marker is gone)', async () => {
    setSessionCookie(false);
    amplify.state.tokens.session = DANA;
    setUp();
    await settled();
    expect(getSession().status).toBe('signedIn');
    clearCookies(); // e.g. /api/account/logout in another tab
    expect(await getIdToken()).toBeUndefined();
    expect(getSession()).toEqual({ status: 'signedOut' });
    expect(amplify.signOutHere).toHaveBeenCalled();
    expect(amplify.state.tokens).toEqual({});
  });
});

describe('signing in', () => {
  it('keeps the tokens for this tab only and sets a session marker without Remember Me', async () => {
    const { queryClient } = setUp();
    const result = await signInWithPassword(queryClient, { email: 'dana.donor@demo.koha.nz', password: 'Koha-demo-2026!', rememberMe: false });
    expect(result).toEqual({ kind: 'signedIn', member: DANA });
    expect(amplify.state.tokens).toEqual({ session: DANA });
    expect(sessionMarker()).toBe('session');
    expect(getSession()).toEqual({ status: 'signedIn', ...DANA });
  });

  it('remembers the tokens in localStorage with Remember Me, after dropping any left from before', async () => {
    amplify.state.tokens.session = { ...DANA, memberId: 'someone-else' };
    const { queryClient } = setUp();
    await signInWithPassword(queryClient, { email: 'dana.donor@demo.koha.nz', password: 'Koha-demo-2026!', rememberMe: true });
    expect(amplify.state.tokens).toEqual({ local: DANA });
    expect(sessionMarker()).toBe('remember');
  });

  it('fails with wrong credentials, leaving the visitor signed out with no marker', async () => {
    const { queryClient } = setUp();
    const attempt = signInWithPassword(queryClient, { email: 'dana.donor@demo.koha.nz', password: 'wrong', rememberMe: false });
    await expect(attempt).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    expect(signInErrorMessage(await attempt.catch((error: unknown) => error))).toBe(WRONG_CREDENTIALS);
    expect(getSession()).toEqual({ status: 'signedOut' });
    expect(sessionMarker()).toBeUndefined();
  });

  it('asks an administrator for the e-mailed code, then signs them in with it; a wrong code says so', async () => {
    const { queryClient } = setUp();
    const first = await signInWithPassword(queryClient, { email: ALEX.email, password: 'Koha-demo-2026!', rememberMe: true });
    expect(first).toEqual({ kind: 'needsCode', message: 'We have e-mailed a sign-in code to a***@k***. Enter it to finish logging in.' });
    expect(getSession()).not.toMatchObject({ status: 'signedIn' });
    expect(sessionMarker()).toBeUndefined();
    const wrong = confirmSignInCode(queryClient, '000000', true);
    expect(signInErrorMessage(await wrong.catch((error: unknown) => error))).toBe(WRONG_CODE);
    expect(await confirmSignInCode(queryClient, EMAILED_CODE, true)).toEqual({ kind: 'signedIn', member: ALEX });
    expect(amplify.state.tokens).toEqual({ local: ALEX });
    expect(sessionMarker()).toBe('remember');
    expect(getSession()).toEqual({ status: 'signedIn', ...ALEX });
  });

  it('says sign-in is unavailable when the deployment has no user pool', async () => {
    const { queryClient } = setUp(runtimeConfig);
    const attempt = signInWithPassword(queryClient, { email: 'dana.donor@demo.koha.nz', password: 'Koha-demo-2026!', rememberMe: false });
    expect(signInErrorMessage(await attempt.catch((error: unknown) => error))).toBe(SIGN_IN_UNAVAILABLE);
  });
});

describe('where a login request goes', () => {
  it('opens the login modal', async () => {
    setUp();
    const { result } = renderHook(() => useLoginModal());
    requestLogin({ returnTo: '/admin/user/dashboard' });
    await waitFor(() => expect(result.current).toEqual({ returnTo: '/admin/user/dashboard' }));
  });

  it('sends payroll and recurring giving to the sso path, remembering where they were', async () => {
    const { navigate } = setUp();
    requestLogin({ returnTo: '/nz/kiwi-coast-rescue/feed-a-kiwi-chick', reason: 'recurring' });
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith(SSO_LOGIN_PATH));
    expect(document.cookie).toContain(`${RETURN_COOKIE}=${encodeURIComponent('/nz/kiwi-coast-rescue/feed-a-kiwi-chick')}`);
  });

  it('goes to the single-sign-in address when one is configured', async () => {
    const { navigate } = setUp({ ...runtimeConfig, cognito: COGNITO, singleSignInUrl: 'https://id.giving.test/login' });
    requestLogin();
    await vi.waitFor(() => expect(browser.assign).toHaveBeenCalledWith('https://id.giving.test/login'));
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('signing out', () => {
  it('signs out of Amplify here, forgets the member’s data, then ends the browser session at /api/account/logout', async () => {
    setSessionCookie(true);
    amplify.state.tokens.local = DANA;
    const { queryClient } = setUp();
    await settled();
    queryClient.setQueryData(['account', 'me'], { isAdmin: true });
    await requestLogout();
    expect(amplify.signOutHere).toHaveBeenCalled();
    expect(amplify.state.tokens).toEqual({});
    expect(sessionMarker()).toBeUndefined();
    expect(queryClient.getQueryData(['account', 'me'])).toBeUndefined();
    expect(browser.assign).toHaveBeenCalledWith(LOGOUT_URL);
  });

  it('signs out the same way but lands on the page asked for (a deleted account’s goodbye)', async () => {
    setSessionCookie(true);
    amplify.state.tokens.local = DANA;
    const { queryClient } = setUp();
    await settled();
    queryClient.setQueryData(['account', 'me'], { isAdmin: true });
    await requestLogout({ landOn: '/account-deleted' });
    expect(amplify.state.tokens).toEqual({});
    expect(sessionMarker()).toBeUndefined();
    expect(queryClient.getQueryData(['account', 'me'])).toBeUndefined();
    expect(browser.assign).toHaveBeenCalledWith('/account-deleted');
    expect(browser.assign).not.toHaveBeenCalledWith(LOGOUT_URL);
  });

  it('drops the admin menu and permissions whenever the member changes', () => {
    const { queryClient } = setUp();
    setSession({ status: 'signedIn', ...DANA });
    queryClient.setQueryData(['account', 'me'], { isAdmin: false });
    queryClient.setQueryData(['account', 'permissions', {}], { permissions: ['User_ViewDashboard'] });
    setSession({ status: 'signedIn', ...DANA }); // the same member again: kept
    expect(queryClient.getQueryData(['account', 'me'])).toBeDefined();
    setSession({ status: 'signedOut' });
    expect(queryClient.getQueryData(['account', 'me'])).toBeUndefined();
    expect(queryClient.getQueryData(['account', 'permissions', {}])).toBeUndefined();
  });

  it('stops handling requests once unmounted', () => {
    const { stop } = setUp();
    stop();
    requestLogin();
    const { result } = renderHook(() => useLoginModal());
    expect(result.current).toEqual({});
  });
});
