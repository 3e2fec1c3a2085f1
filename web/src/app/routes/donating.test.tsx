import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { earlyRoute } from '../../lib/early-start';
import { installFetchFake, json, problem } from '../../testing/fetch-fake';
import { aCharity } from '../../testing/fixtures';
import { renderApp } from '../../testing/render';
import { SITE_SEARCH, aGiftDoc, searchAnswer, searchQueryOf } from '../../testing/search-fixtures';

function fakePlatform() {
  const fetch = installFetchFake();
  fetch.on('GET', '/config.json', json(200, {}));
  // The cause filter offers the causes the country's charities name.
  fetch.on(
    'GET',
    '/api/accounts/charities?country=nz',
    json(200, { items: [aCharity({ causes: ['Conservation', 'Native wildlife'] }), aCharity({ id: 'c2', charityUrl: 'harbour-city-food-bank', causes: ['Hunger relief', 'Conservation'] })] }),
  );
  return fetch;
}

const asked = (fetch: ReturnType<typeof fakePlatform>) => fetch.callsTo('GET', SITE_SEARCH).map((call) => searchQueryOf(call.url));

describe('/{country}/donating (spec 1 §2)', () => {
  it('lists the country’s gifts from the gifts index as preview cards: price or Area of greatest need, title, description, link', async () => {
    const fetch = fakePlatform();
    fetch.on('GET', SITE_SEARCH, searchAnswer([aGiftDoc(), aGiftDoc({ id: 'g2', title: 'Where it is needed most', gifttype: 'General', giftprice: 0, slug: 'kiwi-coast-rescue' })]));
    renderApp('/nz/donating');

    expect(await screen.findByRole('heading', { level: 1, name: 'Donate' })).toBeTruthy();
    const grid = await screen.findByRole('list', { name: 'Donations' });
    const [gift, general] = within(grid).getAllByRole('article') as HTMLElement[];
    expect(within(gift!).getByText('$25')).toBeTruthy();
    expect(within(gift!).getByRole('link', { name: 'Feed a kiwi chick for a week' }).getAttribute('href')).toBe('/nz/kiwi-coast-rescue/feed-a-kiwi-chick');
    expect(gift!.querySelector('img')?.getAttribute('height')).toBe('380');
    expect(within(general!).getByText('Area of greatest need')).toBeTruthy();
    expect(within(general!).getByRole('link', { name: 'Where it is needed most' }).getAttribute('href')).toBe('/nz/charity/kiwi-coast-rescue');
    expect(screen.getByText('2 donations')).toBeTruthy();
    // The causes, once each, A to Z.
    await waitFor(() => expect([...screen.getByLabelText('Cause').querySelectorAll('option')].map((option) => option.textContent)).toEqual(['All causes', 'Conservation', 'Hunger relief', 'Native wildlife']));
    // The first page, as the early start asks for it.
    expect(fetch.callsTo('GET', SITE_SEARCH).map((call) => call.url)).toEqual(['/api/search?country=nz&type=charitygift&size=24']);
    expect(earlyRoute('/nz/donating')?.data.map((read) => read.url)).toEqual(expect.arrayContaining(['/api/search?country=nz&type=charitygift&size=24', '/api/accounts/charities?country=nz']));
    expect(document.title).toBe('Donate · Koha');
  });

  it('filters by cause and price and sorts, keeping the choices in the address', async () => {
    const fetch = fakePlatform();
    fetch.on('GET', SITE_SEARCH, searchAnswer([aGiftDoc()]));
    const { user, router } = renderApp('/nz/donating');
    await screen.findByRole('link', { name: 'Feed a kiwi chick for a week' });
    await waitFor(() => expect(screen.getByLabelText('Cause').querySelectorAll('option').length).toBeGreaterThan(1));

    await user.selectOptions(screen.getByLabelText('Cause'), 'Conservation');
    await waitFor(() => expect(asked(fetch).at(-1)).toEqual({ country: 'nz', type: 'charitygift', size: '24', cause: 'Conservation' }));
    await user.selectOptions(screen.getByLabelText('Price'), '$25 to $50');
    await waitFor(() => expect(asked(fetch).at(-1)).toEqual({ country: 'nz', type: 'charitygift', size: '24', cause: 'Conservation', minPrice: '2500', maxPrice: '4999' }));
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Price: high to low');
    await waitFor(() => expect(asked(fetch).at(-1)).toMatchObject({ sort: 'priceHigh', cause: 'Conservation', minPrice: '2500' }));
    expect(router.state.location.search).toBe('?cause=Conservation&price=25-50&sort=priceHigh');

    // The general donation is its own price choice: a price of 0.
    await user.selectOptions(screen.getByLabelText('Price'), 'Area of greatest need');
    await waitFor(() => expect(asked(fetch).at(-1)).toMatchObject({ minPrice: '0', maxPrice: '0' }));
    await user.selectOptions(screen.getByLabelText('Price'), '$100 or more');
    await waitFor(() => expect(asked(fetch).at(-1)).toMatchObject({ minPrice: '10000' }));
    expect(asked(fetch).at(-1)?.maxPrice).toBeUndefined();
  });

  it('pages with Previous, 3 offset pages and Next', async () => {
    const fetch = fakePlatform();
    fetch.on('GET', SITE_SEARCH, (request) => searchAnswer([aGiftDoc({ id: `g${searchQueryOf(request.url).from ?? 0}`, title: `Gift from ${searchQueryOf(request.url).from ?? 0}` })], { total: 100 }));
    const { user } = renderApp('/nz/donating?cause=Conservation');
    await screen.findByRole('link', { name: 'Gift from 0' });
    const nav = screen.getByRole('navigation', { name: 'Donations pages' });
    expect(within(nav).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Previous', '1', '2', '3', 'Next']);
    await user.click(within(nav).getByRole('link', { name: 'Page 3' }));
    expect(await screen.findByRole('link', { name: 'Gift from 48' })).toBeTruthy();
    expect(asked(fetch).at(-1)).toMatchObject({ cause: 'Conservation', from: '48' });
  });

  it('says so when there are no gifts, and when the filters match none (with a way to clear them)', async () => {
    const fetch = fakePlatform();
    fetch.on('GET', SITE_SEARCH, searchAnswer([]));
    const first = renderApp('/nz/donating');
    expect(await screen.findByRole('heading', { name: 'There are no Donations' })).toBeTruthy();
    first.unmount();
    const { user, router } = renderApp('/nz/donating?cause=Conservation&price=under-25');
    expect(await screen.findByRole('heading', { name: 'No donations match these filters' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('says why the list failed, and tries again', async () => {
    const fetch = fakePlatform();
    let up = false;
    fetch.on('GET', SITE_SEARCH, () => (up ? searchAnswer([aGiftDoc()]) : problem(503, { title: 'Search is unavailable', code: 'Unavailable' })));
    const { user } = renderApp('/nz/donating');
    expect(await screen.findByRole('heading', { name: 'We couldn’t load the donations' })).toBeTruthy();
    up = true;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Feed a kiwi chick for a week' })).toBeTruthy();
  });
});
