import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import type { RouteObject } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { resetSessionForTests, setSession } from '../../../lib/session';
import { installFetchFake, json } from '../../../testing/fetch-fake';
import { aCharity } from '../../../testing/fixtures';
import { adminRoutes } from './index';
import { CHARITY_ID, anAdminMenu, menuLabels, permissionsUrl, renderConsole, renderWithRoutes, sideNav, signIn } from './testing';

// Unmount before the session resets, so nothing renders outside act().
afterEach(() => {
  cleanup();
  resetSessionForTests();
});

const charityMenu = anAdminMenu({
  associations: [{ type: 'charity', charityId: CHARITY_ID, charityName: 'Kiwi Kids Trust' }],
  charityAssociations: [{ charityId: CHARITY_ID, charityName: 'Kiwi Kids Trust', roles: ['Charity.Member'] }],
});

function charityData(fetch: ReturnType<typeof installFetchFake>) {
  fetch.on('GET', `/api/accounts/charity/${CHARITY_ID}/settings`, json(200, { profile: aCharity({ id: CHARITY_ID }) }));
  fetch.on('GET', `/api/accounts/charity/${CHARITY_ID}/members`, json(200, { items: [] }));
  fetch.on('GET', `/api/accounts/charity/${CHARITY_ID}/invitations`, json(200, { items: [] }));
}

describe('admin routes', () => {
  it.each([
    ['/admin/charity/C1', '/admin/charity/C1/dashboard'],
    ['/admin/workplace/W1', '/admin/workplace/W1/dashboard'],
    ['/admin/user', '/admin/user/dashboard'],
    ['/admin/backoffice', '/admin/backoffice/dashboard'],
    ['/admin/cms', '/admin/cms/menu-links'],
  ])('sends %s to %s', async (from, to) => {
    installFetchFake();
    signIn();
    const { router } = renderWithRoutes(from);
    await waitFor(() => expect(router.state.location.pathname).toBe(to));
  });

  it('frames a console with its title and a side nav of the screens the member may see', async () => {
    const fetch = installFetchFake();
    charityData(fetch);
    renderConsole(`/admin/charity/${CHARITY_ID}/dashboard`, {
      fetch,
      menu: charityMenu,
      tenant: { charityId: CHARITY_ID },
      permissions: ['Charity_DashboardView', 'Charity_MemberView'],
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Kiwi Kids Trust' })).toBeTruthy();
    await waitFor(() => expect(menuLabels('Charity admin')).toEqual(['Dashboard', 'Members', 'Invited Members', 'Settings', 'Help']));
    expect(within(sideNav('Charity admin')).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
    expect(within(sideNav('Charity admin')).getByRole('link', { name: 'Members' }).getAttribute('href')).toBe(`/admin/charity/${CHARITY_ID}/members`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Dashboard' })).toBeTruthy();
    // The site's frame stays around the console.
    expect(screen.getByRole('link', { name: 'Koha' })).toBeTruthy();
  });

  it('hides menu items the member lacks and answers their pages with a 403', async () => {
    const fetch = installFetchFake();
    charityData(fetch);
    renderConsole(`/admin/charity/${CHARITY_ID}/members`, { fetch, menu: charityMenu, tenant: { charityId: CHARITY_ID }, permissions: ['Charity_DashboardView'] });

    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeTruthy();
    expect(menuLabels('Charity admin')).toEqual(['Dashboard', 'Settings', 'Help']);
    expect(fetch.callsTo('GET', `/api/accounts/charity/${CHARITY_ID}/members`)).toHaveLength(0);
  });

  it('asks for the permissions in the console’s own tenant and titles an unassociated charity from its settings', async () => {
    const fetch = installFetchFake();
    charityData(fetch);
    fetch.on('GET', `/api/accounts/charity/${CHARITY_ID}/settings`, json(200, { profile: aCharity({ id: CHARITY_ID, name: 'Reef Rescue' }) }));
    renderConsole(`/admin/charity/${CHARITY_ID}/help`, { fetch, tenant: { charityId: CHARITY_ID }, permissions: [] });

    expect(await screen.findByRole('heading', { level: 2, name: 'Help' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Reef Rescue' })).toBeTruthy();
    expect(fetch.callsTo('GET', permissionsUrl({ charityId: CHARITY_ID })).length).toBeGreaterThan(0);
    expect(menuLabels('Charity admin')).toEqual(['Help']);
  });

  it('shows a 403 on every screen when the allowed list fails to load', async () => {
    const fetch = installFetchFake();
    signIn();
    fetch.on('GET', '/api/accounts/me', json(200, anAdminMenu()));
    fetch.on('GET', permissionsUrl(), json(500, { type: 'about:blank', title: 'Something went wrong on our side. Please try again.', status: 500, code: 'Internal' }));
    renderWithRoutes('/admin/user/help');
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Help' })).toBeNull();
  });

  it('moves from one console to another', async () => {
    const fetch = installFetchFake();
    charityData(fetch);
    fetch.on('GET', permissionsUrl(), json(200, { permissions: [] }));
    const { router } = renderConsole(`/admin/charity/${CHARITY_ID}/help`, { fetch, menu: charityMenu, tenant: { charityId: CHARITY_ID }, permissions: [] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Kiwi Kids Trust' })).toBeTruthy();

    await act(() => router.navigate('/admin/user/help'));
    expect(await screen.findByRole('heading', { level: 1, name: 'My Account' })).toBeTruthy();
    await act(() => router.navigate(`/admin/charity/${CHARITY_ID}/help`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Kiwi Kids Trust' })).toBeTruthy();
  });

  it('has no route for a screen that is not registered', async () => {
    const fetch = installFetchFake();
    renderConsole('/admin/backoffice/transactions', { fetch, permissions: ['BackOffice_ViewDashboard', 'BackOffice_ViewPayments', 'BackOffice_ViewTransactions'] });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(menuLabels('Back Office')).toEqual(['Dashboard', 'Payments', 'Matching Payments']);
  });

  it('asks signed-out visitors to log in instead of showing the console', async () => {
    const fetch = installFetchFake();
    setSession({ status: 'signedOut' });
    renderWithRoutes('/admin/backoffice/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Please log in' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Back Office' })).toBeNull();
    expect(fetch.callsTo('GET', /\/api\/accounts\/backoffice\//)).toHaveLength(0);
  });

  it('opens the side nav as a drawer and closes it on route change', async () => {
    const fetch = installFetchFake();
    fetch.on('GET', '/api/accounts/me/profile', json(200, { id: 'm', email: 'aroha@example.co.nz', firstName: 'Aroha', lastName: 'Ngata', adminRoles: [], createdAt: '2025-01-01T00:00:00Z' }));
    const { user } = renderConsole('/admin/user/help', { fetch, permissions: ['User_ViewBadges'] });
    const toggle = await screen.findByRole('button', { name: 'My Account Menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');

    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(menuLabels('My Account')).toEqual(['Dashboard', 'Badges', 'External Donations', 'Memberships', 'Settings', 'Your data', 'Help']));

    await user.click(within(sideNav('My Account')).getByRole('link', { name: 'Settings' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Settings' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'My Account Menu' }).getAttribute('aria-expanded')).toBe('false');
  });
});

describe('adminRoutes()', () => {
  const flatten = (routes: RouteObject[]): RouteObject[] => routes.flatMap((route) => [route, ...flatten(route.children ?? [])]);

  it('code-splits every console and screen, and never shares a lazy object between routes or calls', () => {
    const first = adminRoutes();
    const second = adminRoutes();
    const consoles = ['/admin/charity/:charityId', '/admin/workplace/:workplaceId', '/admin/user', '/admin/backoffice', '/admin/cms'];
    // Each console at its own address and under a country (spec §2); then the charity and workplace consoles'
    // addresses without an id, and not-found for anything else under /admin, at both.
    const others = ['/admin/charity', '/admin/workplace', '/admin/*'];
    expect(first.map((route) => route.path)).toEqual([...consoles, ...consoles.map((path) => `/:country${path}`), ...others, ...others.map((path) => `/:country${path}`)]);

    const routes = flatten(first);
    const lazyRoutes = routes.filter((route) => route.lazy);
    for (const route of routes.filter((r) => !r.index)) {
      expect(route.lazy, route.path).toBeDefined();
      expect(route.Component ?? route.element, route.path).toBeUndefined();
    }
    const lazies = [...lazyRoutes, ...flatten(second).filter((route) => route.lazy)].map((route) => route.lazy);
    expect(new Set(lazies).size).toBe(lazies.length);
  });
});
