import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetSessionForTests, setSession } from '../../../lib/session';
import { installFetchFake, json, problem, type FetchFake } from '../../../testing/fetch-fake';
import { renderWithRouter } from '../../../testing/render';
import { SITE_SEARCH, anOpportunityDoc, searchAnswer } from '../../../testing/search-fixtures';
import { aCard } from '../testing';
import { OpportunityList } from './opportunity-list';

/** The "Recommended for you" section above /{country}/volunteering's list (GET /volunteering/recommendRoles). */
const RECOMMEND = '/api/volunteering/recommendRoles?country=nz';

const recommended = (n: number) => ({
  modelVersion: 'default',
  items: Array.from({ length: n }, (_, i) => ({
    opportunity: aCard({ id: `01JREC${String(i).padStart(20, '0')}`, title: `Suggested role ${i + 1}`, opportunityUrl: `suggested-${i + 1}` }),
    score: 0.9 - i / 10,
    reasons: i === 0 ? ['Matches your skills: Gardening', 'Popular: 3 people have applied'] : ['Close to you'],
  })),
});

const signIn = () => setSession({ status: 'signedIn', memberId: 'm1', email: 'aroha@example.co.nz', name: 'Aroha Ngata' });
const render = () => renderWithRouter(<OpportunityList country="nz" />, { path: '/nz/volunteering' });
const list = async () => screen.findByRole('list', { name: 'Volunteering roles' });

/** The list below comes from the volunteering index, for members and visitors alike. */
function memberWith(fetch: FetchFake) {
  fetch.on('GET', SITE_SEARCH, searchAnswer([anOpportunityDoc({ title: 'Beach clean-up crew' })]));
  return fetch;
}

beforeEach(() => resetSessionForTests());
afterEach(() => act(() => resetSessionForTests()));

describe('Recommended for you', () => {
  it('shows up to 4 recommended roles above the list, as cards with their reasons', async () => {
    signIn();
    const fetch = memberWith(installFetchFake());
    fetch.on('GET', RECOMMEND, json(200, recommended(6)));
    render();

    const section = await screen.findByRole('region', { name: 'Recommended for you' });
    const cards = within(within(section).getByRole('list', { name: 'Recommended roles' })).getAllByRole('listitem');
    expect(cards).toHaveLength(4);
    const first = cards[0] as HTMLElement;
    expect(within(first).getByRole('link', { name: 'Suggested role 1' }).getAttribute('href')).toBe('/nz/charity/kiwi-coast-rescue/volunteering/suggested-1');
    expect(within(first).getByText('Because matches your skills: Gardening; popular: 3 people have applied')).toBeTruthy();
    expect(within(cards[3] as HTMLElement).getByText('Because close to you')).toBeTruthy();
    expect(within(await list()).getByRole('link', { name: 'Beach clean-up crew' })).toBeTruthy();
    // The section comes first on the page.
    expect(section.compareDocumentPosition(await list()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(fetch.callsTo('GET', RECOMMEND)).toHaveLength(1);
  });

  it('is hidden when the recommender has nothing for the member', async () => {
    signIn();
    const fetch = memberWith(installFetchFake());
    fetch.on('GET', RECOMMEND, json(200, { modelVersion: 'default', items: [] }));
    render();
    await list();
    await waitFor(() => expect(fetch.callsTo('GET', RECOMMEND)).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Recommended for you' })).toBeNull();
  });

  it('stays quiet when the call fails: the list still shows', async () => {
    signIn();
    const fetch = memberWith(installFetchFake());
    fetch.on('GET', RECOMMEND, problem(500, { title: 'Internal Server Error' }));
    render();
    expect(within(await list()).getByRole('link', { name: 'Beach clean-up crew' })).toBeTruthy();
    await waitFor(() => expect(fetch.callsTo('GET', RECOMMEND)).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Recommended for you' })).toBeNull();
    expect(screen.queryByText(/unexpected server error/i)).toBeNull();
  });

  it('is not asked for by visitors', async () => {
    setSession({ status: 'signedOut' });
    const fetch = installFetchFake();
    fetch.on('GET', SITE_SEARCH, searchAnswer([anOpportunityDoc({ title: 'Beach clean-up crew' })]));
    render();
    await list();
    expect(fetch.callsTo('GET', /recommendRoles/)).toHaveLength(0);
    expect(screen.queryByRole('region', { name: 'Recommended for you' })).toBeNull();
  });
});
