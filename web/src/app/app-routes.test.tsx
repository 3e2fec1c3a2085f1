import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import type { RouteObject } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { resetSessionForTests } from '../lib/session';
import { installFetchFake, json } from '../testing/fetch-fake';
import { aCharity, aGift, answerCardSettings } from '../testing/fixtures';
import { renderApp } from '../testing/render';
import { signIn } from './routes/admin/testing';

function platform() {
  const fetch = installFetchFake();
  answerCardSettings(fetch);
  return fetch;
}

describe('routes', () => {
  it('sends / to /nz', async () => {
    const fetch = platform();
    fetch.on('GET', '/api/accounts/charities?country=nz', json(200, { items: [] }));
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/nz'));
  });

  it('shows a not-found page for an unknown country and an unknown path', async () => {
    platform();
    renderApp('/xx');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Koha' }).getAttribute('href')).toBe('/nz');
  });

  it('shows a not-found page for an unknown path inside a country', async () => {
    platform();
    renderApp('/au/this/is/not/a/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse charities' }).getAttribute('href')).toBe('/au/charities');
  });

  it('lists the country’s charities as cards with truncated names and descriptions', async () => {
    const fetch = platform();
    const longName = 'The Exceptionally Long Named Charitable Trust of Aotearoa';
    fetch.on(
      'GET',
      '/api/accounts/charities?country=au',
      json(200, {
        items: [
          aCharity({ country: 'au', name: longName, charityUrl: 'long-trust', description: 'x'.repeat(120) }),
          aCharity({ id: '2', country: 'au', name: 'Reef Rescue', charityUrl: 'reef-rescue', causes: ['Environment'] }),
        ],
      }),
    );
    renderApp('/au');

    const list = await screen.findByRole('list', { name: 'Charities' });
    const cards = within(list).getAllByRole('article');
    expect(cards).toHaveLength(2);
    const longLink = within(cards[0] as HTMLElement).getByRole('link');
    expect(longLink.textContent?.length).toBeLessThanOrEqual(50);
    expect(longLink.textContent).toBe('The Exceptionally Long Named Charitable Trust of…');
    expect(longLink.getAttribute('href')).toBe('/au/charity/long-trust');
    expect(within(cards[0] as HTMLElement).getByText(/^x+…$/).textContent).toHaveLength(80);
    expect(within(cards[1] as HTMLElement).getByRole('link', { name: 'Reef Rescue' })).toBeTruthy();
    expect(within(cards[1] as HTMLElement).getByText('Environment')).toBeTruthy();
  });

  it('says so when a country has no charities yet', async () => {
    const fetch = platform();
    fetch.on('GET', '/api/accounts/charities?country=nz', json(200, { items: [] }));
    renderApp('/nz/charities');
    expect(await screen.findByRole('heading', { name: 'There are no charities yet' })).toBeTruthy();
  });

  it('shows a charity with its More Donations cards', async () => {
    const fetch = platform();
    fetch.on('GET', '/api/accounts/charities/kiwi-kids-trust?country=nz', json(200, aCharity()));
    fetch.on(
      'GET',
      '/api/donations/charities/kiwi-kids-trust/gifts',
      json(200, {
        items: [
          aGift(),
          aGift({ id: 'g2', title: 'Where it’s needed most', productUrl: 'general', price: { cents: 0, currency: 'NZD' } }),
        ],
      }),
    );
    renderApp('/nz/charity/kiwi-kids-trust');

    expect(await screen.findByRole('heading', { level: 1, name: 'Kiwi Kids Trust' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Kiwi Kids Trust logo' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'kiwikids.example.org' }).getAttribute('href')).toBe('https://kiwikids.example.org/');
    expect(screen.getByText('Wellington')).toBeTruthy();

    const donations = await screen.findByRole('list', { name: 'Donations' });
    const cards = within(donations).getAllByRole('article');
    expect(within(cards[0] as HTMLElement).getByText('$25')).toBeTruthy();
    expect(within(cards[0] as HTMLElement).getByRole('link', { name: 'School lunches for a week' }).getAttribute('href')).toBe(
      '/nz/kiwi-kids-trust/school-lunches',
    );
    expect(within(cards[1] as HTMLElement).getByText('Area of greatest need')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /See more donations/ })).toBeNull();
  });

  it('shows the spec’s empty state when a charity has no donations', async () => {
    const fetch = platform();
    fetch.on('GET', '/api/accounts/charities/kiwi-kids-trust?country=nz', json(200, aCharity()));
    fetch.on('GET', '/api/donations/charities/kiwi-kids-trust/gifts', json(200, { items: [] }));
    renderApp('/nz/charity/kiwi-kids-trust');

    expect(await screen.findByRole('heading', { name: 'There are no Donations' })).toBeTruthy();
    expect(screen.getByText('Checkout the large range of donations you can donate on Koha')).toBeTruthy();
  });

  it('opened with no completed payment, the thank-you page thanks nobody and offers ways to give', async () => {
    const fetch = platform();
    fetch.on('GET', '/api/accounts/charities?country=nz', json(200, { items: [] }));
    renderApp('/nz/thankyou');
    expect(await screen.findByRole('heading', { level: 1, name: 'No donation to confirm' })).toBeTruthy();
    expect(screen.queryByText(/thank you/i)).toBeNull();
    expect(document.title).toBe('Give · Koha');
    expect(screen.getByRole('link', { name: 'Browse charities' }).getAttribute('href')).toBe('/nz/charities');
    expect(screen.getByRole('link', { name: 'Give a gift voucher' }).getAttribute('href')).toBe('/nz/charity/gift-vouchers/new-voucher');
  });

  it('closes the mobile menu when the route changes', async () => {
    const fetch = platform();
    fetch.on('GET', '/api/accounts/charities?country=nz', json(200, { items: [aCharity()] }));
    fetch.on('GET', '/api/accounts/charities/kiwi-kids-trust?country=nz', json(200, aCharity()));
    fetch.on('GET', '/api/donations/charities/kiwi-kids-trust/gifts', json(200, { items: [] }));
    const { user } = renderApp('/nz');

    const menu = await screen.findByRole('button', { name: 'Menu' });
    await user.click(menu);
    expect(menu.getAttribute('aria-expanded')).toBe('true');

    await user.click(await screen.findByRole('link', { name: 'Kiwi Kids Trust' }));
    await screen.findByRole('heading', { level: 1, name: 'Kiwi Kids Trust' });
    expect(screen.getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded')).toBe('false');
  });
});

describe('the consoles’ routes (/admin/...)', () => {
  // Unmount before the session resets, so nothing renders outside act().
  afterEach(() => {
    cleanup();
    resetSessionForTests();
  });

  const paths = (routes: readonly RouteObject[]): string[] => routes.flatMap((route) => [route.path ?? '', ...paths(route.children ?? [])]);

  it('are not in the table a public page starts with, and join it on the first visit to /admin', async () => {
    const fetch = platform();
    fetch.on('GET', '/api/accounts/charities?country=nz', json(200, { items: [] }));
    signIn();
    const { router } = renderApp('/nz/thankyou');
    await screen.findByRole('heading', { level: 1, name: 'No donation to confirm' });
    expect(paths(router.routes).filter((path) => path.startsWith('/admin'))).toEqual([]);

    await act(() => router.navigate('/admin/user'));

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/user/dashboard'));
    expect(paths(router.routes)).toContain('/admin/charity/:charityId');
  });

  it.each([
    ['/admin/backoffice', '/admin/backoffice/dashboard'],
    ['/ADMIN/cms', '/admin/cms/menu-links'],
  ])('answers %s when the app starts there (to %s)', async (from, to) => {
    platform();
    signIn();
    const { router } = renderApp(from);
    await waitFor(() => expect(router.state.location.pathname).toBe(to));
  });

  it('answers under a country too (spec §2: routes are prefixed by a country), and the console’s links keep it', async () => {
    const fetch = platform();
    signIn();
    fetch.on('GET', '/api/accounts/me/permissions', json(200, { permissions: ['User_ViewDonations'] }));
    const { router } = renderApp('/nz/admin/user');
    await waitFor(() => expect(router.state.location.pathname).toBe('/nz/admin/user/dashboard'));
    const upcoming = await screen.findByRole('link', { name: 'Upcoming Donations' });
    expect(upcoming.getAttribute('href')).toBe('/nz/admin/user/donations/upcoming');
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/nz/admin/user/dashboard');
  });

  it('shows not-found for a console under an unknown country', async () => {
    platform();
    signIn();
    renderApp('/zz/admin/user/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });

  it('leaves /admin alone a not-found page, as before', async () => {
    platform();
    renderApp('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });
});
