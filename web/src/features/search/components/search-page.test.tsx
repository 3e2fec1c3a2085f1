import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { anAdminMenu, signedInAs } from '../../auth/testing';
import { earlyRoute } from '../../../lib/early-start';
import { resetSessionForTests, setSession } from '../../../lib/session';
import { installFetchFake, json, problem } from '../../../testing/fetch-fake';
import { renderApp } from '../../../testing/render';
import { SITE_SEARCH, aCharityDoc, aGiftDoc, aPageDoc, anEventDoc, anOpportunityDoc, searchAnswer, searchQueryOf } from '../../../testing/search-fixtures';

afterEach(() => resetSessionForTests());

const TYPES = { charities: 1, charitygift: 2, volunteeringopportunities: 1, fundraisingevent: 1, fundraisingpage: 1 };
const everyType = () => [
  anEventDoc(),
  aPageDoc(),
  aGiftDoc(),
  { type: 'stories', id: 's1', title: 'A kiwi story', image: '', slug: 'a-kiwi-story', description: '' },
  anOpportunityDoc(),
  aCharityDoc(),
  aGiftDoc({ id: 'g2', title: 'Where it is needed most', gifttype: 'General', giftprice: 0, slug: 'kiwi-coast-rescue' }),
];

function fakePlatform() {
  const fetch = installFetchFake();
  fetch.on('GET', '/config.json', json(200, {}));
  return fetch;
}

const results = () => screen.findByRole('list', { name: 'Search results' });
const asked = (fetch: ReturnType<typeof fakePlatform>) => fetch.callsTo('GET', SITE_SEARCH).map((call) => searchQueryOf(call.url));

describe('/{country}/search?q= (spec 1 §2)', () => {
  it('shows the words in the page’s box, how many match, a typed card per result (none for another type) and the tabs’ counts', async () => {
    const fetch = fakePlatform();
    fetch.on('GET', SITE_SEARCH, searchAnswer(everyType(), { total: 6, types: TYPES }));
    renderApp('/nz/search?q=kiwii%20chik');

    const list = await results();
    expect((screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement).value).toBe('kiwii chik');
    expect(screen.getByText('6 results for “kiwii chik”')).toBeTruthy();
    const links = within(list).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Kiwi Coast Walk 2027', '/nz/fundraising/kiwi-coast-walk-2027'],
      ['Dana walks for kiwi', '/nz/fundraising/kiwi-coast-walk-2027/dana-walks-for-kiwi'],
      ['Feed a kiwi chick for a week', '/nz/kiwi-coast-rescue/feed-a-kiwi-chick'],
      ['Kiwi crèche chick weigh-in', '/nz/charity/kiwi-coast-rescue/volunteering/kiwi-creche-chick-weigh-in'],
      ['Kiwi Coast Rescue', '/nz/charity/kiwi-coast-rescue'],
      ['Where it is needed most', '/nz/charity/kiwi-coast-rescue'],
    ]);
    expect(list.children).toHaveLength(6); // no empty place for the other type
    expect(screen.queryByText('A kiwi story')).toBeNull();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['All (6)', 'Charities (1)', 'Donations (2)', 'Volunteering (1)', 'Fundraising events (1)', 'Fundraisers (1)']);
    expect(screen.getByRole('tab', { name: 'All (6)' }).getAttribute('aria-selected')).toBe('true');
    // One read: the one the early start makes with the HTML.
    expect(fetch.callsTo('GET', SITE_SEARCH).map((call) => call.url)).toEqual(['/api/search?q=kiwii+chik&country=nz&size=24']);
    expect(earlyRoute('/nz/search', '?q=kiwii%20chik')?.data.map((read) => read.url)).toContain('/api/search?q=kiwii+chik&country=nz&size=24');
    expect(document.title).toBe('kiwii chik · Search · Koha');
  });

  it('narrows to a type with its tab and sorts by the type’s own orders, in the address, and Back goes back', async () => {
    const fetch = fakePlatform();
    fetch.on('GET', SITE_SEARCH, (request) => searchAnswer(searchQueryOf(request.url).type === 'charitygift' ? [aGiftDoc()] : everyType(), { total: 6, types: TYPES }));
    const { user, router } = renderApp('/nz/search?q=kiwi');
    await results();
    expect(screen.getByLabelText('Sort by').querySelectorAll('option')).toHaveLength(2);

    await user.click(screen.getByRole('tab', { name: 'Donations (2)' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=kiwi&type=charitygift'));
    await waitFor(() => expect(screen.getByRole('list', { name: 'Search results' }).children).toHaveLength(1));
    const sorts = [...screen.getByLabelText('Sort by').querySelectorAll('option')].map((option) => option.textContent);
    expect(sorts).toEqual(['Best match', 'Newest first', 'Price: low to high', 'Price: high to low']);
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Price: low to high');
    await waitFor(() => expect(router.state.location.search).toBe('?q=kiwi&type=charitygift&sort=priceLow'));
    await waitFor(() => expect(asked(fetch).at(-1)).toEqual({ q: 'kiwi', country: 'nz', type: 'charitygift', size: '24', sort: 'priceLow' }));

    await act(() => router.navigate(-1));
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?q=kiwi');
    await waitFor(() => expect(screen.getByRole('tab', { name: 'All (6)' }).getAttribute('aria-selected')).toBe('true'));
  });

  it('pages through the results: Previous, 3 offset pages and Next, each page its offset', async () => {
    const fetch = fakePlatform();
    fetch.on('GET', SITE_SEARCH, (request) => {
      const from = Number(searchQueryOf(request.url).from ?? 0);
      return searchAnswer([aGiftDoc({ id: `g${from}`, title: `Gift from ${from}` })], { total: 130, types: { charitygift: 130 } });
    });
    const { user, router } = renderApp('/nz/search?q=gift');
    await screen.findByRole('link', { name: 'Gift from 0' });
    const pages = () => within(screen.getByRole('navigation', { name: 'Search results pages' })).getAllByRole('listitem').map((item) => item.textContent);
    expect(pages()).toEqual(['Previous', '1', '2', '3', 'Next']);

    await user.click(screen.getByRole('link', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'Gift from 24' })).toBeTruthy();
    expect(router.state.location.search).toBe('?q=gift&page=2');
    await user.click(screen.getByRole('link', { name: 'Page 3' }));
    expect(await screen.findByRole('link', { name: 'Gift from 48' })).toBeTruthy();
    expect(pages()).toEqual(['Previous', '2', '3', '4', 'Next']);
    await user.click(screen.getByRole('link', { name: 'Page 4' }));
    await screen.findByRole('link', { name: 'Gift from 72' });
    await user.click(screen.getByRole('link', { name: 'Next' }));
    await screen.findByRole('link', { name: 'Gift from 96' });
    await user.click(screen.getByRole('link', { name: 'Next' }));
    // Page 6 of 6 (130 results, 24 a page): the last three, and no Next.
    expect(await screen.findByRole('link', { name: 'Gift from 120' })).toBeTruthy();
    expect(pages()).toEqual(['Previous', '4', '5', '6', 'Next']);
    expect(screen.queryByRole('link', { name: 'Next' })).toBeNull();
  });

  it('says so when nothing matches, with a helpful line and a way on', async () => {
    const fetch = fakePlatform();
    fetch.on('GET', SITE_SEARCH, searchAnswer([], { total: 0, types: {} }));
    renderApp('/nz/search?q=zzzz');
    expect(await screen.findByRole('heading', { name: 'No results for “zzzz”' })).toBeTruthy();
    expect(screen.getByText('Check the spelling, or try fewer or more general words. You can also browse the charities.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse charities' }).getAttribute('href')).toBe('/nz/charities');
  });

  it('says why a search failed, never a blank page, and tries again', async () => {
    const fetch = fakePlatform();
    let up = false;
    fetch.on('GET', SITE_SEARCH, () => (up ? searchAnswer([aGiftDoc()], { types: { charitygift: 1 } }) : problem(503, { title: 'Search is unavailable', detail: 'Search is unavailable. Please try again in a moment.', code: 'Unavailable' })));
    const { user } = renderApp('/nz/search?q=kiwi');
    expect(await screen.findByRole('heading', { name: 'We couldn’t search just now' })).toBeTruthy();
    expect(screen.getByText('Search is unavailable. Please try again in a moment.')).toBeTruthy();
    up = true;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Feed a kiwi chick for a week' })).toBeTruthy();
  });

  it('asks what to look for when there are no words, without searching; a new search from its box goes in the address', async () => {
    const fetch = fakePlatform();
    fetch.on('GET', SITE_SEARCH, searchAnswer([aCharityDoc()], { types: { charities: 1 } }));
    const { user, router } = renderApp('/nz/search?q=%20%20');
    expect(await screen.findByRole('heading', { name: 'What are you looking for?' })).toBeTruthy();
    expect(fetch.callsTo('GET', SITE_SEARCH)).toHaveLength(0);
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'kiwi coast{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?q=kiwi+coast'));
    expect(await screen.findByRole('link', { name: 'Kiwi Coast Rescue' })).toBeTruthy();
  });

  it('tags what a workplace’s preferred charity partners offer, for the member who may see its charities', async () => {
    const fetch = fakePlatform();
    fetch.on('GET', '/api/accounts/me', json(200, anAdminMenu('workplaceAdmin')));
    fetch.on('GET', '/api/accounts/workplace/wp-tasman/charities', json(200, { items: [{ charityId: aGiftDoc().charity.id, name: 'Kiwi Coast Rescue', charityUrl: 'kiwi-coast-rescue', logoImageUrl: '', addedAt: '2026-01-01T00:00:00Z' }] }));
    fetch.on('GET', SITE_SEARCH, searchAnswer([aGiftDoc(), aGiftDoc({ id: 'g9', title: 'Fill a family food parcel', charity: { id: 'other', name: 'Harbour City Food Bank', image: '', slug: 'harbour-city-food-bank' }, slug: 'harbour-city-food-bank/family-food-parcel' })]));
    setSession(signedInAs('Grace Liu'));
    renderApp('/nz/search?q=food');
    const list = await results();
    const [kiwi, food] = within(list).getAllByRole('article') as HTMLElement[];
    expect(await within(kiwi!).findByText('Preferred charity partner')).toBeTruthy();
    expect(within(food!).queryByText('Preferred charity partner')).toBeNull();
  });

  it('asks no partner list for a member whose role may not read it (an employee), and shows no tag', async () => {
    const fetch = fakePlatform();
    fetch.on('GET', '/api/accounts/me', json(200, anAdminMenu('workplaceMember')));
    fetch.on('GET', SITE_SEARCH, searchAnswer([aGiftDoc()]));
    setSession(signedInAs('Wiremu Parata'));
    renderApp('/nz/search?q=kiwi');
    await results();
    await waitFor(() => expect(fetch.callsTo('GET', '/api/accounts/me').length).toBeGreaterThan(0));
    expect(fetch.calls.filter((call) => call.url.includes('/api/accounts/workplace/'))).toEqual([]);
    expect(screen.queryByText('Preferred charity partner')).toBeNull();
  });
});
