import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import type { RouteObject } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { resetSessionForTests } from '../lib/session';
import { installFetchFake, json } from '../testing/fetch-fake';
import { aCharity, answerCardSettings } from '../testing/fixtures';
import { GIFTS_SEARCH, ROLES_SEARCH, SITE_SEARCH, aCharityDoc, aGiftDoc, rawAnswer, searchAnswer, searchQueryOf } from '../testing/search-fixtures';
import { renderApp } from '../testing/render';
import { signIn } from './routes/admin/testing';

function platform() {
  const fetch = installFetchFake();
  answerCardSettings(fetch);
  // The charity page's grids search the indexes; by default they find nothing.
  fetch.on('POST', GIFTS_SEARCH, rawAnswer('charitygifts-v2', []));
  fetch.on('POST', ROLES_SEARCH, rawAnswer('volunteeringopportunities-v2', []));
  return fetch;
}

describe('routes', () => {
  it('sends / to /nz', async () => {
    const fetch = platform();
    fetch.on('GET', SITE_SEARCH, searchAnswer([]));
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

  it('lists the country’s charities from the charities index as cards with truncated names and descriptions', async () => {
    const fetch = platform();
    const longName = 'The Exceptionally Long Named Charitable Trust of Aotearoa';
    fetch.on(
      'GET',
      SITE_SEARCH,
      searchAnswer([
        aCharityDoc({ country: 'au', title: longName, slug: 'long-trust', description: 'x'.repeat(120) }),
        aCharityDoc({ id: '2', country: 'au', title: 'Reef Rescue', slug: 'reef-rescue', causes: ['Environment'] }),
      ]),
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
    // The first page, asked as the early start asks for it (lib/early-start.ts).
    expect(fetch.callsTo('GET', SITE_SEARCH).map((call) => call.url)).toEqual(['/api/search?country=au&type=charities&size=24']);
  });

  it('loads more charities from the next offset', async () => {
    const fetch = platform();
    fetch.on('GET', SITE_SEARCH, (request) =>
      searchQueryOf(request.url).from === '24'
        ? searchAnswer([aCharityDoc({ id: 'c25', title: 'Harbour City Food Bank', slug: 'harbour-city-food-bank' })], { total: 25 })
        : searchAnswer(Array.from({ length: 24 }, (_, n) => aCharityDoc({ id: `c${n}`, title: `Charity ${n}`, slug: `charity-${n}` })), { total: 25 }),
    );
    const { user } = renderApp('/nz/charities');
    await screen.findByRole('link', { name: 'Charity 0' });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Harbour City Food Bank' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says so when a country has no charities yet, and why the list failed with a way to try again', async () => {
    const fetch = platform();
    let up = false;
    fetch.on('GET', SITE_SEARCH, () => (up ? searchAnswer([]) : json(503, { title: 'Search is unavailable' })));
    const { user } = renderApp('/nz/charities');
    expect(await screen.findByRole('heading', { name: 'We couldn’t load the charities' })).toBeTruthy();
    up = true;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'There are no charities yet' })).toBeTruthy();
  });

  it('shows a charity with its More Donations cards, from the gifts index', async () => {
    const fetch = platform();
    fetch.on('GET', '/api/accounts/charities/kiwi-kids-trust?country=nz', json(200, aCharity()));
    fetch.on(
      'POST',
      GIFTS_SEARCH,
      rawAnswer('charitygifts-v2', [
        aGiftDoc({ title: 'School lunches for a week', slug: 'kiwi-kids-trust/school-lunches' }),
        aGiftDoc({ id: 'g2', title: 'Where it’s needed most', slug: 'kiwi-kids-trust', gifttype: 'General', giftprice: 0 }),
      ]),
    );
    renderApp('/nz/charity/kiwi-kids-trust');

    expect(await screen.findByRole('heading', { level: 1, name: 'Kiwi Kids Trust' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Kiwi Kids Trust logo' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'kiwikids.example.org' }).getAttribute('href')).toBe('https://kiwikids.example.org/');
    expect(screen.getByText('Wellington')).toBeTruthy();

    const donations = await screen.findByRole('list', { name: 'Donations' });
    const cards = within(donations).getAllByRole('article');
    expect(within(cards[0] as HTMLElement).getByText('$25')).toBeTruthy();
    expect(within(cards[0] as HTMLElement).getByRole('link', { name: 'School lunches for a week' }).getAttribute('href')).toBe('/nz/kiwi-kids-trust/school-lunches');
    // A General gift opens the charity's page (spec 1 §2).
    expect(within(cards[1] as HTMLElement).getByText('Area of greatest need')).toBeTruthy();
    expect(within(cards[1] as HTMLElement).getByRole('link', { name: 'Where it’s needed most' }).getAttribute('href')).toBe('/nz/charity/kiwi-kids-trust');
    const section = screen.getByRole('heading', { level: 2, name: 'More Donations' }).closest('section') as HTMLElement;
    expect(within(section).getByRole('link', { name: 'See more donations >' }).getAttribute('href')).toBe('/nz/donating');
    const [asked] = fetch.callsTo('POST', GIFTS_SEARCH);
    expect(asked?.body).toEqual({ size: 24, query: { bool: { filter: [{ term: { 'charity.id': aCharity().id } }], must_not: [{ term: { gifttype: 'General' } }] } } });
    expect(asked?.headers.get('x-country')).toBe('nz');
    expect(asked?.headers.get('x-host')).toBe(window.location.host);
  });

  it('shows the spec’s empty state when a charity has no donations, with Browse Donations', async () => {
    const fetch = platform();
    fetch.on('GET', '/api/accounts/charities/kiwi-kids-trust?country=nz', json(200, aCharity()));
    renderApp('/nz/charity/kiwi-kids-trust');

    expect(await screen.findByRole('heading', { name: 'There are no Donations' })).toBeTruthy();
    expect(screen.getByText('Checkout the large range of donations you can donate on Koha')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse Donations' }).getAttribute('href')).toBe('/nz/donating');
  });

  it('opened with no completed payment, the thank-you page thanks nobody and offers ways to give', async () => {
    platform();
    renderApp('/nz/thankyou');
    expect(await screen.findByRole('heading', { level: 1, name: 'No donation to confirm' })).toBeTruthy();
    expect(screen.queryByText(/thank you/i)).toBeNull();
    expect(document.title).toBe('Give · Koha');
    expect(screen.getByRole('link', { name: 'Browse charities' }).getAttribute('href')).toBe('/nz/charities');
    expect(screen.getByRole('link', { name: 'Give a gift voucher' }).getAttribute('href')).toBe('/nz/charity/gift-vouchers/new-voucher');
  });

  it('closes the mobile menu when the route changes', async () => {
    const fetch = platform();
    fetch.on('GET', SITE_SEARCH, searchAnswer([aCharityDoc({ title: 'Kiwi Kids Trust', slug: 'kiwi-kids-trust' })]));
    fetch.on('GET', '/api/accounts/charities/kiwi-kids-trust?country=nz', json(200, aCharity()));
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
    platform();
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
