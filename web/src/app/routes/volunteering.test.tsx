import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aCard } from '../../features/volunteering/testing';
import { earlyRoute } from '../../lib/early-start';
import { resetSessionForTests, setSession } from '../../lib/session';
import { installFetchFake, json, problem } from '../../testing/fetch-fake';
import { runtimeConfig } from '../../testing/fixtures';
import { renderApp } from '../../testing/render';
import { SITE_SEARCH, anOpportunityDoc, searchAnswer, searchQueryOf as queryOf } from '../../testing/search-fixtures';

afterEach(() => {
  resetSessionForTests();
  vi.unstubAllGlobals();
});

function fakePlatform() {
  const fetch = installFetchFake();
  fetch.on('GET', '/config.json', json(200, runtimeConfig));
  return fetch;
}

const remoteRole = () =>
  anOpportunityDoc({
    id: 'o2',
    title: 'Remote grant writer',
    slug: 'harbour-city-food-bank/remote-grant-writer',
    isremote: true,
    scheduleType: 'RecurringSchedule',
    sessions: [{ requiredpeople: 3, startTime: '2030-03-03T05:00:00.000Z' }],
    charities: [{ id: 'c2', name: 'Harbour City Food Bank', image: '/media/charities/hcfb/logo.png', slug: 'harbour-city-food-bank' }],
  });

/** Stands in for the browser's geolocation: the visitor allows it (at Whangārei) or refuses. */
function stubGeolocation(allow: boolean) {
  const getCurrentPosition = vi.fn((found: PositionCallback, refused?: PositionErrorCallback | null) => {
    if (allow) found({ coords: { latitude: -35.72517, longitude: 174.32371 } } as GeolocationPosition);
    else refused?.({ code: 1, message: 'User denied Geolocation' } as GeolocationPositionError);
  });
  vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
  return getCurrentPosition;
}

describe('/{country}/volunteering, from the volunteering index', () => {
  it('shows a spinner, then live roles as cards: image, title linking to the role page, charity, schedule label, location', async () => {
    const fetch = fakePlatform();
    let answer: (response: Response) => void = () => undefined;
    fetch.on('GET', SITE_SEARCH, () => new Promise<Response>((resolve) => (answer = resolve)));
    renderApp('/nz/volunteering');

    expect(await screen.findByText('Loading volunteering roles')).toBeTruthy();
    answer(searchAnswer([anOpportunityDoc(), remoteRole()]));

    const grid = await screen.findByRole('list', { name: 'Volunteering roles' });
    const cards = within(grid).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const first = cards[0] as HTMLElement;
    expect(within(first).getByRole('link', { name: 'Kiwi crèche chick weigh-in' }).getAttribute('href')).toBe('/nz/charity/kiwi-coast-rescue/volunteering/kiwi-creche-chick-weigh-in');
    expect(within(first).getByText('Kiwi Coast Rescue')).toBeTruthy();
    expect(within(first).getByText('Multiple')).toBeTruthy();
    expect(within(first).getByText('Ngunguru')).toBeTruthy();
    expect(first.querySelector('img[src="/media/volunteering/weigh-in.jpg"]')).toBeTruthy();
    const second = cards[1] as HTMLElement;
    expect(within(second).getByText('Recurring')).toBeTruthy();
    expect(within(second).getAllByText('Remote').length).toBeGreaterThan(0);
    expect(within(second).getByRole('link', { name: 'Remote grant writer' }).getAttribute('href')).toBe('/nz/charity/harbour-city-food-bank/volunteering/remote-grant-writer');
    expect(screen.getByText('2 roles')).toBeTruthy();
    // Soonest first by default; the first page is the one the early start asks for with the HTML.
    const [asked] = fetch.callsTo('GET', SITE_SEARCH);
    expect(queryOf(asked?.url ?? '')).toEqual({ country: 'nz', type: 'volunteeringopportunities', size: '24', sort: 'soonest' });
    expect(earlyRoute('/nz/volunteering')?.data.map((read) => read.url)).toContain(asked?.url);
    expect(document.title).toBe('Volunteer · Koha');
  });

  it('signed-in members see "Recommended for you" above the list, each role with its reasons', async () => {
    setSession({ status: 'signedIn', memberId: 'm1', email: 'aroha@example.co.nz', name: 'Aroha Ngata' });
    const fetch = fakePlatform();
    fetch.on('GET', SITE_SEARCH, searchAnswer([anOpportunityDoc()]));
    fetch.on(
      'GET',
      '/api/volunteering/recommendRoles?country=nz',
      json(200, { modelVersion: 'default', items: [{ opportunity: aCard({ id: 'o9', title: 'Phone buddy', opportunityUrl: 'phone-buddy' }), score: 0.8, reasons: ['Matches your skills: Gardening'] }] }),
    );
    renderApp('/nz/volunteering');
    const section = await screen.findByRole('region', { name: 'Recommended for you' });
    expect(within(section).getByRole('link', { name: 'Phone buddy' })).toBeTruthy();
    expect(within(section).getByText('Because matches your skills: Gardening')).toBeTruthy();
    expect(within(await screen.findByRole('list', { name: 'Volunteering roles' })).getByRole('link', { name: 'Kiwi crèche chick weigh-in' })).toBeTruthy();
    expect(screen.getByText('1 role')).toBeTruthy();
  });

  it('filters by remote, location, date and skills, keeping them in the address', async () => {
    const fetch = fakePlatform();
    fetch.on('GET', SITE_SEARCH, searchAnswer([anOpportunityDoc()]));
    const { user, router } = renderApp('/nz/volunteering');
    await screen.findByRole('link', { name: 'Kiwi crèche chick weigh-in' });
    const form = screen.getByRole('form', { name: 'Filter volunteering roles' });

    await user.selectOptions(within(form).getByLabelText('Remote'), 'In person only');
    await user.type(within(form).getByLabelText('Location'), 'Te Aro');
    await user.selectOptions(within(form).getByLabelText('Date'), 'On or after');
    await user.type(within(form).getByLabelText('On date'), '2030-3-1');
    await user.click(within(form).getByText('Skills', { selector: 'summary' }));
    await user.click(within(form).getByLabelText('Gardening'));
    await user.click(within(form).getByLabelText('Driving'));
    await user.click(within(form).getByRole('button', { name: 'Apply filters' }));

    await waitFor(() => expect(fetch.callsTo('GET', SITE_SEARCH)).toHaveLength(2));
    // The place is searched as words: the index has no place-name filter.
    expect(queryOf(fetch.callsTo('GET', SITE_SEARCH)[1]?.url ?? '')).toEqual({
      q: 'Te Aro',
      country: 'nz',
      type: 'volunteeringopportunities',
      size: '24',
      sort: 'soonest',
      isRemote: 'false',
      dateFilter: 'on-or-after',
      date: '2030-03-01',
      skills: 'Driving,Gardening',
    });
    expect(router.state.location.search).toBe('?isRemote=false&location=Te+Aro&dateFilter=on-or-after&date=2030-03-01&skills=Driving&skills=Gardening');

    // Past and coming need no date.
    await user.selectOptions(screen.getByLabelText('Date'), 'Past');
    expect(screen.queryByLabelText('On date')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(queryOf(fetch.calls.at(-1)?.url ?? '')).toMatchObject({ dateFilter: 'past' }));
    expect(queryOf(fetch.calls.at(-1)?.url ?? '').date).toBeUndefined();

    // Newest first instead of the soonest next meeting; the choice is kept in the address too.
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Newest first');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(queryOf(fetch.calls.at(-1)?.url ?? '')).toMatchObject({ sort: 'newest' }));
    expect(router.state.location.search).toContain('sort=newest');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect((screen.getByLabelText('Sort by') as HTMLSelectElement).value).toBe('soonest');
  });

  it('a date that is not year-month-day or not real shows Invalid Date! and clears the value, without searching', async () => {
    const fetch = fakePlatform();
    fetch.on('GET', SITE_SEARCH, searchAnswer([anOpportunityDoc()]));
    const { user } = renderApp('/nz/volunteering');
    await screen.findByRole('link', { name: 'Kiwi crèche chick weigh-in' });
    await user.selectOptions(screen.getByLabelText('Date'), 'On or before');
    await user.type(screen.getByLabelText('On date'), '2030-02-30');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));

    expect(await screen.findByText('Invalid Date!')).toBeTruthy();
    expect((screen.getByLabelText('On date') as HTMLInputElement).value).toBe('');
    expect(fetch.callsTo('GET', SITE_SEARCH)).toHaveLength(1);
  });

  it('sorts the nearest roles first from where the visitor is, once they allow it', async () => {
    const asked = stubGeolocation(true);
    const fetch = fakePlatform();
    fetch.on('GET', SITE_SEARCH, searchAnswer([anOpportunityDoc()]));
    renderApp('/nz/volunteering?sort=nearest');
    await screen.findByRole('link', { name: 'Kiwi crèche chick weigh-in' });
    expect(asked).toHaveBeenCalledOnce();
    // Asked only once the position is known, rounded to about a kilometre.
    expect(fetch.callsTo('GET', SITE_SEARCH).map((call) => queryOf(call.url))).toEqual([
      { country: 'nz', type: 'volunteeringopportunities', size: '24', sort: 'nearest', lat: '-35.73', lon: '174.32' },
    ]);
  });

  it('keeps the soonest first, and says why, when the visitor does not share where they are', async () => {
    stubGeolocation(false);
    const fetch = fakePlatform();
    fetch.on('GET', SITE_SEARCH, searchAnswer([anOpportunityDoc()]));
    renderApp('/nz/volunteering?sort=nearest');
    await screen.findByRole('link', { name: 'Kiwi crèche chick weigh-in' });
    expect(screen.getByText(/We couldn’t tell where you are/)).toBeTruthy();
    expect(queryOf(fetch.callsTo('GET', SITE_SEARCH)[0]?.url ?? '')).toMatchObject({ sort: 'soonest' });
    expect(queryOf(fetch.callsTo('GET', SITE_SEARCH)[0]?.url ?? '').lat).toBeUndefined();
  });

  it('pages with Load more, from the next offset', async () => {
    const fetch = fakePlatform();
    fetch.on('GET', SITE_SEARCH, (request) =>
      queryOf(request.url).from === '24'
        ? searchAnswer([anOpportunityDoc({ id: 'o25', title: 'Tree planting', slug: 'kiwi-coast-rescue/tree-planting' })], { total: 25 })
        : searchAnswer(Array.from({ length: 24 }, (_, n) => anOpportunityDoc({ id: `o${n}`, title: `Role ${n}` })), { total: 25 }),
    );
    const { user } = renderApp('/nz/volunteering');
    await screen.findByRole('link', { name: 'Role 0' });
    expect(screen.getByText('25 roles')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Tree planting' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says so when there are no roles, and when the filters match none', async () => {
    const fetch = fakePlatform();
    fetch.on('GET', SITE_SEARCH, searchAnswer([]));
    const first = renderApp('/nz/volunteering');
    expect(await screen.findByRole('heading', { name: 'There are no Volunteering Roles' })).toBeTruthy();
    first.unmount();
    renderApp('/nz/volunteering?isRemote=true');
    expect(await screen.findByRole('heading', { name: 'No roles match these filters' })).toBeTruthy();
  });

  it('shows why the list failed (the search’s own message for a bad sort), with a way to try again', async () => {
    const fetch = fakePlatform();
    fetch.sequence('GET', SITE_SEARCH, [
      () => problem(400, { title: 'Invalid request', code: 'ValidationFailed', detail: 'Sort Option: sorting option soonest not found' }),
      () => searchAnswer([anOpportunityDoc()]),
    ]);
    const { user } = renderApp('/nz/volunteering');
    expect(await screen.findByText('Sort Option: sorting option soonest not found')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Kiwi crèche chick weigh-in' })).toBeTruthy();
  });
});
