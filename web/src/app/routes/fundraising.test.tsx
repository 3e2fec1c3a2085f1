import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { aPageSummary, anEventSummary } from '../../features/fundraising/testing';
import { resetSessionForTests } from '../../lib/session';
import { installFetchFake, json, problem } from '../../testing/fetch-fake';
import { runtimeConfig } from '../../testing/fixtures';
import { renderApp } from '../../testing/render';

afterEach(() => resetSessionForTests());

const EVENTS = /^\/api\/fundraising\/events\?/;
const PAGES = /^\/api\/fundraising\/pages\?/;
const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://localhost').searchParams);

function fakePlatform() {
  const fetch = installFetchFake();
  fetch.on('GET', '/config.json', json(200, runtimeConfig));
  return fetch;
}

describe('/{country}/fundraising', () => {
  it('lists events as cards: image, title linking to the event, charity, progress bar with its values, raised of target, donations', async () => {
    const fetch = fakePlatform();
    fetch.on('GET', EVENTS, json(200, { items: [anEventSummary(), anEventSummary({ id: 'e2', eventUrl: 'kai-for-kids', title: 'Kai for kids', kind: 'SinglePage', donationsCount: 1, raisedPercentage: 120, donatedAmount: 1_200_00, targetAmount: 1_000_00 })] }));
    renderApp('/nz/fundraising');

    expect(await screen.findByRole('heading', { level: 1, name: 'Fundraise' })).toBeTruthy();
    const grid = await screen.findByRole('list', { name: 'Fundraising events' });
    const [first, second] = within(grid).getAllByRole('listitem') as HTMLElement[];
    expect(within(first!).getByRole('link', { name: 'Round the Bays 2026' }).getAttribute('href')).toBe('/nz/fundraising/round-the-bays-2026');
    expect(within(first!).getByText('Kiwi Coast Rescue')).toBeTruthy();
    expect(first!.querySelector('img[src="/media/fundraising/bays.jpg"]')).toBeTruthy();
    const bar = within(first!).getByRole('progressbar', { name: 'Raised' });
    expect(bar.getAttribute('aria-valuenow')).toBe('45');
    expect(bar.getAttribute('aria-valuetext')).toBe('45% raised: $450 raised of $1,000');
    expect(within(first!).getByText('$450 raised of $1,000')).toBeTruthy();
    expect(within(first!).getByText('12 donations')).toBeTruthy();
    expect(within(first!).getByText('Event · 2 pages')).toBeTruthy();
    // Past the target: the bar is full, the figure says how far.
    expect(within(second!).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect(within(second!).getByText('120%')).toBeTruthy();
    expect(within(second!).getByText('1 donation')).toBeTruthy();
    expect(queryOf(fetch.callsTo('GET', EVENTS)[0]?.url ?? '')).toEqual({ country: 'nz' });
    expect(document.title).toBe('Fundraise · Koha');
  });

  it('sorts by most raised, and shows fundraisers’ pages, keeping the choices in the address', async () => {
    const fetch = fakePlatform();
    fetch.on('GET', EVENTS, json(200, { items: [anEventSummary()] }));
    fetch.on('GET', PAGES, json(200, { items: [aPageSummary()] }));
    const { user, router } = renderApp('/nz/fundraising');
    await screen.findByRole('link', { name: 'Round the Bays 2026' });

    await user.selectOptions(screen.getByLabelText('Sort by'), 'Most raised');
    await waitFor(() => expect(fetch.callsTo('GET', EVENTS)).toHaveLength(2));
    expect(queryOf(fetch.callsTo('GET', EVENTS)[1]?.url ?? '')).toEqual({ country: 'nz', sort: 'mostRaised' });
    expect(router.state.location.search).toBe('?sort=mostRaised');

    await user.click(screen.getByRole('tab', { name: 'Fundraisers' }));
    const grid = await screen.findByRole('list', { name: 'Fundraisers' });
    expect(within(grid).getByRole('link', { name: 'Aroha runs the bays' }).getAttribute('href')).toBe('/nz/fundraising/round-the-bays-2026/aroha-runs');
    expect(queryOf(fetch.callsTo('GET', PAGES)[0]?.url ?? '')).toEqual({ country: 'nz', sort: 'mostRaised' });
    expect(router.state.location.search).toBe('?show=pages&sort=mostRaised');
  });

  it('loads the next page by its cursor', async () => {
    const fetch = fakePlatform();
    fetch.on('GET', EVENTS, (request) =>
      queryOf(request.url).cursor === 'c2' ? json(200, { items: [anEventSummary({ id: 'e3', title: 'Coast to coast', eventUrl: 'coast' })] }) : json(200, { items: [anEventSummary()], nextCursor: 'c2' }),
    );
    const { user } = renderApp('/nz/fundraising');
    await screen.findByRole('link', { name: 'Round the Bays 2026' });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Coast to coast' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says when there is nothing yet, with a way to start', async () => {
    const fetch = fakePlatform();
    fetch.on('GET', EVENTS, json(200, { items: [] }));
    renderApp('/au/fundraising');
    expect(await screen.findByRole('heading', { name: 'There are no Fundraising Events' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Start fundraising' }).map((link) => link.getAttribute('href'))).toContain('/au/fundraising/create');
  });

  it('says why the list failed, and tries again', async () => {
    const fetch = fakePlatform();
    fetch.sequence('GET', EVENTS, [() => problem(500, { title: 'Something went wrong on our side.', code: 'Internal' }), () => json(200, { items: [anEventSummary()] })]);
    const { user } = renderApp('/nz/fundraising');
    expect(await screen.findByRole('heading', { name: 'We couldn’t load the events' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Round the Bays 2026' })).toBeTruthy();
  });
});
