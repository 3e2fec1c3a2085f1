import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { aCard } from '../../features/volunteering/testing';
import { resetSessionForTests, setSession } from '../../lib/session';
import { installFetchFake, json } from '../../testing/fetch-fake';
import { runtimeConfig } from '../../testing/fixtures';
import { renderApp } from '../../testing/render';

afterEach(() => resetSessionForTests());

const PUBLIC_LIST = /^\/api\/volunteering\/public\/opportunity\?/;
const MEMBER_LIST = /^\/api\/volunteering\/opportunity\?/;
const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://localhost').searchParams);

function fakePlatform() {
  const fetch = installFetchFake();
  fetch.on('GET', '/config.json', json(200, runtimeConfig));
  return fetch;
}

describe('/{country}/volunteering', () => {
  it('shows a spinner, then live roles as cards: image, title linking to the role page, charity, schedule label, location', async () => {
    const fetch = fakePlatform();
    let answer: (response: Response) => void = () => undefined;
    fetch.on('GET', PUBLIC_LIST, () => new Promise<Response>((resolve) => (answer = resolve)));
    renderApp('/nz/volunteering');

    expect(await screen.findByText('Loading volunteering roles')).toBeTruthy();
    answer(
      json(200, {
        items: [aCard(), aCard({ id: 'o2', title: 'Phone buddy', opportunityUrl: 'phone-buddy', isRemote: true, locationLabel: 'Remote', scheduleType: 'RecurringSchedule', scheduleLabel: 'Recurring', fee: { amount: { cents: 1500, currency: 'NZD' }, feeType: 'PerPerson' } })],
        total: 2,
      }),
    );

    const grid = await screen.findByRole('list', { name: 'Volunteering roles' });
    const cards = within(grid).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const first = cards[0] as HTMLElement;
    expect(within(first).getByRole('link', { name: 'Beach clean-up crew' }).getAttribute('href')).toBe('/nz/charity/kiwi-coast-rescue/volunteering/beach-clean-up');
    expect(within(first).getByText('Kiwi Coast Rescue')).toBeTruthy();
    expect(within(first).getByText('Multiple')).toBeTruthy();
    expect(within(first).getByText('Te Aro')).toBeTruthy();
    expect(first.querySelector('img[src="/media/volunteering/beach.jpg"]')).toBeTruthy();
    const second = cards[1] as HTMLElement;
    expect(within(second).getByText('Recurring')).toBeTruthy();
    expect(within(second).getAllByText('Remote').length).toBeGreaterThan(0);
    expect(within(second).getByText('$15.00 per person')).toBeTruthy();
    expect(screen.getByText('2 roles')).toBeTruthy();
    expect(queryOf(fetch.callsTo('GET', PUBLIC_LIST)[0]?.url ?? '')).toEqual({ country: 'nz', limit: '24' });
    expect(document.title).toBe('Volunteer · Koha');
  });

  it('signed-in members read the member list (which includes their workplace’s exclusive roles)', async () => {
    setSession({ status: 'signedIn', memberId: 'm1', email: 'aroha@example.co.nz', name: 'Aroha Ngata' });
    const fetch = fakePlatform();
    fetch.on('GET', MEMBER_LIST, json(200, { items: [aCard({ isExclusive: true })], total: 1 }));
    renderApp('/nz/volunteering');
    expect(await screen.findByRole('link', { name: 'Beach clean-up crew' })).toBeTruthy();
    expect(screen.getByText('1 role')).toBeTruthy();
    expect(fetch.callsTo('GET', PUBLIC_LIST)).toHaveLength(0);
  });

  it('signed-in members see "Recommended for you" above the list, each role with its reasons', async () => {
    setSession({ status: 'signedIn', memberId: 'm1', email: 'aroha@example.co.nz', name: 'Aroha Ngata' });
    const fetch = fakePlatform();
    fetch.on('GET', MEMBER_LIST, json(200, { items: [aCard()], total: 1 }));
    fetch.on(
      'GET',
      '/api/volunteering/recommendRoles?country=nz',
      json(200, { modelVersion: 'default', items: [{ opportunity: aCard({ id: 'o9', title: 'Phone buddy', opportunityUrl: 'phone-buddy' }), score: 0.8, reasons: ['Matches your skills: Gardening'] }] }),
    );
    renderApp('/nz/volunteering');
    const section = await screen.findByRole('region', { name: 'Recommended for you' });
    expect(within(section).getByRole('link', { name: 'Phone buddy' })).toBeTruthy();
    expect(within(section).getByText('Because matches your skills: Gardening')).toBeTruthy();
    expect(within(await screen.findByRole('list', { name: 'Volunteering roles' })).getByRole('link', { name: 'Beach clean-up crew' })).toBeTruthy();
  });

  it('filters by remote, location, date and skills, keeping them in the address', async () => {
    const fetch = fakePlatform();
    fetch.on('GET', PUBLIC_LIST, json(200, { items: [aCard()], total: 1 }));
    const { user, router } = renderApp('/nz/volunteering');
    await screen.findByRole('link', { name: 'Beach clean-up crew' });
    const form = screen.getByRole('form', { name: 'Filter volunteering roles' });

    await user.selectOptions(within(form).getByLabelText('Remote'), 'In person only');
    await user.type(within(form).getByLabelText('Location'), 'Te Aro');
    await user.selectOptions(within(form).getByLabelText('Date'), 'On or after');
    await user.type(within(form).getByLabelText('On date'), '2030-3-1');
    await user.click(within(form).getByText('Skills', { selector: 'summary' }));
    await user.click(within(form).getByLabelText('Gardening'));
    await user.click(within(form).getByLabelText('Driving'));
    await user.click(within(form).getByRole('button', { name: 'Apply filters' }));

    await waitFor(() => expect(fetch.callsTo('GET', PUBLIC_LIST)).toHaveLength(2));
    expect(queryOf(fetch.callsTo('GET', PUBLIC_LIST)[1]?.url ?? '')).toEqual({
      country: 'nz',
      isRemote: 'false',
      location: 'Te Aro',
      dateFilter: 'on-or-after',
      date: '2030-03-01',
      skills: 'Driving,Gardening',
      limit: '24',
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
    fetch.on('GET', PUBLIC_LIST, json(200, { items: [aCard()], total: 1 }));
    const { user } = renderApp('/nz/volunteering');
    await screen.findByRole('link', { name: 'Beach clean-up crew' });
    await user.selectOptions(screen.getByLabelText('Date'), 'On or before');
    await user.type(screen.getByLabelText('On date'), '2030-02-30');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));

    expect(await screen.findByText('Invalid Date!')).toBeTruthy();
    expect((screen.getByLabelText('On date') as HTMLInputElement).value).toBe('');
    expect(fetch.callsTo('GET', PUBLIC_LIST)).toHaveLength(1);
  });

  it('pages with Load more', async () => {
    const fetch = fakePlatform();
    fetch.on('GET', PUBLIC_LIST, (request) =>
      queryOf(request.url).cursor === 'page-2'
        ? json(200, { items: [aCard({ id: 'o2', title: 'Tree planting', opportunityUrl: 'tree-planting' })], total: 2 })
        : json(200, { items: [aCard()], total: 2, nextCursor: 'page-2' }),
    );
    const { user } = renderApp('/nz/volunteering');
    await screen.findByRole('link', { name: 'Beach clean-up crew' });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Tree planting' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says so when there are no roles, and when the filters match none', async () => {
    const fetch = fakePlatform();
    fetch.on('GET', PUBLIC_LIST, json(200, { items: [], total: 0 }));
    const first = renderApp('/nz/volunteering');
    expect(await screen.findByRole('heading', { name: 'There are no Volunteering Roles' })).toBeTruthy();
    first.unmount();
    renderApp('/nz/volunteering?isRemote=true');
    expect(await screen.findByRole('heading', { name: 'No roles match these filters' })).toBeTruthy();
  });

  it('shows the catalogue’s message when the list fails, with a way to try again', async () => {
    const fetch = fakePlatform();
    fetch.sequence('GET', PUBLIC_LIST, [() => new Response('Bad gateway', { status: 502 }), () => json(200, { items: [aCard()], total: 1 })]);
    const { user } = renderApp('/nz/volunteering');
    expect(await screen.findByText('An unexpected server error occurred.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Beach clean-up crew' })).toBeTruthy();
  });
});
