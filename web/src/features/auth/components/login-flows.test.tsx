import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RETURN_COOKIE, browser, setSessionCookie, sessionMarker } from '../../../lib/return-path';
import { getSession, requestLogin, resetSessionForTests, setSession, signInToContinue } from '../../../lib/session';
import { installFetchFake, json, type FetchFake } from '../../../testing/fetch-fake';
import { runtimeConfig } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render';
import { DANA, DEMO_PASSWORD } from '../amplify-fake';
import { resetAuthForTests } from '../auth';
import { WRONG_CREDENTIALS } from '../messages';
import { anAdminMenu, clearCookies } from '../testing';

const amplify = await vi.hoisted(async () => (await import('../amplify-fake')).createAmplifyFake());
vi.mock('../auth-client', () => amplify);

const COGNITO = { region: 'ap-southeast-2', userPoolId: 'local_pool', userPoolClientId: 'client', endpoint: 'http://localhost:9229' };
let fetch: FetchFake;

beforeEach(() => {
  // A fresh page load: no session yet (the start state of a browser without the marker).
  resetSessionForTests();
  resetAuthForTests();
  amplify.reset();
  fetch = installFetchFake();
  fetch.on('GET', '/config.json', json(200, { ...runtimeConfig, cognito: COGNITO }));
  fetch.on('GET', /\/api\/accounts\/charities\?country=/, json(200, { items: [] }));
  fetch.on('GET', '/api/accounts/me', json(200, anAdminMenu('donor')));
});

afterEach(() => {
  clearCookies();
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

async function signIn(user: ReturnType<typeof renderApp>['user'], scope: HTMLElement = document.body, password = DEMO_PASSWORD) {
  const form = within(scope);
  await user.type(await form.findByLabelText('Email Address'), DANA.email);
  await user.type(form.getByLabelText('Password'), password);
  await user.click(form.getByRole('button', { name: 'Log in' }));
}

describe('the login modal (spec §2, §4)', () => {
  it('opens from the header’s Login button, signs in, closes, and shows the member’s menu', async () => {
    const { user } = renderApp('/nz');
    await user.click(await screen.findByRole('button', { name: 'Login' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log in to your Koha Account' });
    await signIn(user, dialog);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('button', { name: /Dana Whitfield/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Login' })).toBeNull();
    expect(sessionMarker()).toBe('session');
  });

  it('shows the wrong-credentials message and stays open', async () => {
    const { user } = renderApp('/nz');
    await user.click(await screen.findByRole('button', { name: 'Login' }));
    const dialog = await screen.findByRole('dialog');
    await signIn(user, dialog, 'not-the-password');
    expect((await within(dialog).findByRole('alert')).textContent).toBe(WRONG_CREDENTIALS);
    expect(getSession().status).toBe('signedOut');
  });

  it('closes with Close and with Escape', async () => {
    const { user } = renderApp('/nz');
    await user.click(await screen.findByRole('button', { name: 'Login' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes as soon as a route change starts', async () => {
    const { user, router } = renderApp('/nz');
    await user.click(await screen.findByRole('button', { name: 'Login' }));
    await screen.findByRole('dialog');
    act(() => void router.navigate('/nz/charities'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/nz/charities');
  });

  it('goes on to the requested page after signing in (consoles ask with returnTo)', async () => {
    const { user, router } = renderApp('/nz');
    await screen.findByRole('button', { name: 'Login' });
    act(() => requestLogin({ returnTo: '/nz/charities' }));
    await signIn(user, await screen.findByRole('dialog'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/nz/charities'));
  });
});

describe('the login pages', () => {
  it('/login?returnUrl= signs in, then goes to the return address', async () => {
    const { user, router } = renderApp(`/login?returnUrl=${encodeURIComponent('/nz/charities?q=kiwi')}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in to your Koha Account' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Login' })).toBeNull(); // the page is the login form already
    await signIn(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/nz/charities'));
    expect(router.state.location.search).toBe('?q=kiwi');
  });

  it('/login never sends anyone to another origin', async () => {
    const { user, router } = renderApp(`/login?returnUrl=${encodeURIComponent('//evil.example/steal')}`);
    await signIn(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/nz'));
  });

  it('/login/sso returns to the koha_return path after signing in, and deletes the cookie', async () => {
    document.cookie = `${RETURN_COOKIE}=/nz/charities; Path=/`;
    const { user, router } = renderApp('/login/sso');
    expect(await screen.findByText('Log in to carry on where you left off.')).toBeTruthy();
    await signIn(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/nz/charities'));
    expect(document.cookie).not.toContain(RETURN_COOKIE);
  });

  it('sends a signed-in member on at once', async () => {
    setSessionCookie(true);
    amplify.state.tokens.local = DANA;
    resetSessionForTests();
    const { router } = renderApp(`/login?returnUrl=${encodeURIComponent('/nz/charities')}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/nz/charities'));
    expect(getSession()).toEqual({ status: 'signedIn', ...DANA });
  });

  it('payroll and recurring giving go through /login/sso and come back to the gift', async () => {
    const { user, router } = renderApp('/nz');
    await screen.findByRole('button', { name: 'Login' });
    act(() => signInToContinue('/nz/charities?gift=1', 'recurring'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/sso'));
    await signIn(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/nz/charities'));
    expect(router.state.location.search).toBe('?gift=1');
  });
});

describe('the access-denied pages', () => {
  it.each(['/access-denied', '/auth/denied'])('%s explains the 403 and offers a way on', async (path) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Access denied' })).toBeTruthy();
    expect(screen.getByText('403')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/nz');
  });

  it('offers My Account to a signed-in member', async () => {
    renderApp('/access-denied');
    await screen.findByRole('heading', { level: 1, name: 'Access denied' });
    act(() => setSession({ status: 'signedIn', ...DANA }));
    expect((await screen.findByRole('link', { name: 'Go to My Account' })).getAttribute('href')).toBe('/admin/user/dashboard');
  });
});

describe('logging out', () => {
  it('signs out of Amplify and ends the session at /api/account/logout', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    setSessionCookie(false);
    amplify.state.tokens.session = DANA;
    resetSessionForTests();
    const { user } = renderApp('/nz');
    await user.click(await screen.findByRole('button', { name: /Dana Whitfield/ }));
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/account/logout'));
    expect(amplify.signOutHere).toHaveBeenCalled();
    expect(amplify.state.tokens).toEqual({});
    expect(sessionMarker()).toBeUndefined();
  });
});
