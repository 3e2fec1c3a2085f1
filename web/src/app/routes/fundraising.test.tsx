import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { earlyRoute } from '../../lib/early-start';
import { resetSessionForTests } from '../../lib/session';
import { installFetchFake, json, problem } from '../../testing/fetch-fake';
import { runtimeConfig } from '../../testing/fixtures';
import { renderApp } from '../../testing/render';
import { SITE_SEARCH, aPageDoc, anEventDoc, searchAnswer, searchQueryOf as queryOf } from '../../testing/search-fixtures';

afterEach(() => resetSessionForTests());

function fakePlatform() {
  const fetch = installFetchFake();
  fetch.on('GET', '/config.json', json(200, runtimeConfig));
  return fetch;
}

describe('/{country}/fundraising, from the fundraising indexes', () => {
  it('lists events as cards: image, title linking to the event, charity, progress bar with its values, raised of target, donations', async () => {
    const fetch = fakePlatform();
    fetch.on(
      'GET',
      SITE_SEARCH,
      searchAnswer([anEventDoc(), anEventDoc({ id: 'e2', slug: 'kai-for-kids', title: 'Kai for kids', donationscount: 1, raisedpercentage: 120, donatedamount: 1_200_00, targetamount: 1_000_00, enddate: '2020-01-01T00:00:00.000Z' })]),
    );
    renderApp('/nz/fundraising');

    expect(await screen.findByRole('heading', { level: 1, name: 'Fundraise' })).toBeTruthy();
    const grid = await screen.findByRole('list', { name: 'Fundraising events' });
    const [first, second] = within(grid).getAllByRole('listitem') as HTMLElement[];
    expect(within(first!).getByRole('link', { name: 'Kiwi Coast Walk 2027' }).getAttribute('href')).toBe('/nz/fundraising/kiwi-coast-walk-2027');
    expect(within(first!).getByText('Kiwi Coast Rescue')).toBeTruthy();
    expect(first!.querySelector('img[src="/media/fundraising/walk.jpg"]')).toBeTruthy();
    const bar = within(first!).getByRole('progressbar', { name: 'Raised' });
    expect(bar.getAttribute('aria-valuenow')).toBe('45');
    expect(bar.getAttribute('aria-valuetext')).toBe('45% raised: $450 raised of $1,000');
    expect(within(first!).getByText('$450 raised of $1,000')).toBeTruthy();
    expect(within(first!).getByText('12 donations')).toBeTruthy();
    expect(within(first!).getByText('Event')).toBeTruthy();
    expect(within(first!).queryByText('Ended')).toBeNull();
    // Past the target: the bar is full, the figure says how far; past its end date it says Ended.
    expect(within(second!).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect(within(second!).getByText('120%')).toBeTruthy();
    expect(within(second!).getByText('1 donation')).toBeTruthy();
    expect(within(second!).getByText('Ended')).toBeTruthy();
    // Newest first, as the early start asks for the first page.
    const [asked] = fetch.callsTo('GET', SITE_SEARCH);
    expect(queryOf(asked?.url ?? '')).toEqual({ country: 'nz', type: 'fundraisingevent', size: '24', sort: 'newest' });
    expect(earlyRoute('/nz/fundraising')?.data.map((read) => read.url)).toContain(asked?.url);
    expect(document.title).toBe('Fundraise · Koha');
  });

  it('sorts by most raised, and shows fundraisers’ pages, keeping the choices in the address', async () => {
    const fetch = fakePlatform();
    fetch.on('GET', SITE_SEARCH, (request) => searchAnswer([queryOf(request.url).type === 'fundraisingpage' ? aPageDoc() : anEventDoc()]));
    const { user, router } = renderApp('/nz/fundraising');
    await screen.findByRole('link', { name: 'Kiwi Coast Walk 2027' });

    await user.selectOptions(screen.getByLabelText('Sort by'), 'Most raised');
    await waitFor(() => expect(fetch.callsTo('GET', SITE_SEARCH)).toHaveLength(2));
    expect(queryOf(fetch.callsTo('GET', SITE_SEARCH)[1]?.url ?? '')).toEqual({ country: 'nz', type: 'fundraisingevent', size: '24', sort: 'mostRaised' });
    expect(router.state.location.search).toBe('?sort=mostRaised');

    await user.click(screen.getByRole('tab', { name: 'Fundraisers' }));
    const grid = await screen.findByRole('list', { name: 'Fundraisers' });
    // A page within its event: the event's slug, then the page's part of its own slug.
    expect(within(grid).getByRole('link', { name: 'Dana walks for kiwi' }).getAttribute('href')).toBe('/nz/fundraising/kiwi-coast-walk-2027/dana-walks-for-kiwi');
    expect(queryOf(fetch.callsTo('GET', SITE_SEARCH)[2]?.url ?? '')).toEqual({ country: 'nz', type: 'fundraisingpage', size: '24', sort: 'mostRaised' });
    expect(router.state.location.search).toBe('?show=pages&sort=mostRaised');
  });

  it('loads the next page from the next offset', async () => {
    const fetch = fakePlatform();
    fetch.on('GET', SITE_SEARCH, (request) =>
      queryOf(request.url).from === '24'
        ? searchAnswer([anEventDoc({ id: 'e25', title: 'Coast to coast', slug: 'coast' })], { total: 25 })
        : searchAnswer(Array.from({ length: 24 }, (_, n) => anEventDoc({ id: `e${n}`, title: `Event ${n}`, slug: `event-${n}` })), { total: 25 }),
    );
    const { user } = renderApp('/nz/fundraising');
    await screen.findByRole('link', { name: 'Event 0' });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Coast to coast' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says when there is nothing yet, with a way to start', async () => {
    const fetch = fakePlatform();
    fetch.on('GET', SITE_SEARCH, searchAnswer([]));
    renderApp('/au/fundraising');
    expect(await screen.findByRole('heading', { name: 'There are no Fundraising Events' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Start fundraising' }).map((link) => link.getAttribute('href'))).toContain('/au/fundraising/create');
  });

  it('says why the list failed, and tries again', async () => {
    const fetch = fakePlatform();
    let up = false;
    fetch.on('GET', SITE_SEARCH, () => (up ? searchAnswer([anEventDoc()]) : problem(500, { title: 'Something went wrong on our side.', code: 'Internal' })));
    const { user } = renderApp('/nz/fundraising');
    expect(await screen.findByRole('heading', { name: 'We couldn’t load the events' })).toBeTruthy();
    up = true;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Kiwi Coast Walk 2027' })).toBeTruthy();
  });
});
