import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFetchFake, type FetchFake } from '../../../testing/fetch-fake';
import { renderWithRouter } from '../../../testing/render';
import { ROLES_SEARCH, anOpportunityDoc, rawAnswer } from '../../../testing/search-fixtures';
import { CharityRoles } from './charity-roles';

let fetch: FetchFake;
const CHARITY_ID = '01J0000000000000000000CHAR';
/** Lets the timers up to `ms` from now run, and what they start settle. */
const pass = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers();
  fetch = installFetchFake();
});
afterEach(() => vi.useRealTimers());

describe('More Volunteering Roles: the charity grid’s search (spec 1 §4, spec 2 §4 and §9)', () => {
  it('searches by the charity’s id, then repeats the same search once, 1.5 seconds later', async () => {
    // The first search finds nothing yet (the role was published a moment ago); the repeat finds it.
    fetch.sequence('POST', ROLES_SEARCH, [() => rawAnswer('volunteeringopportunities-v2', []), () => rawAnswer('volunteeringopportunities-v2', [anOpportunityDoc()])]);
    renderWithRouter(<CharityRoles charityId={CHARITY_ID} country="nz" />, { path: '/nz/charity/kiwi-coast-rescue' });
    await pass(0);
    expect(fetch.callsTo('POST', ROLES_SEARCH)).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'There are no Volunteering Roles' })).toBeTruthy();

    await pass(1499);
    expect(fetch.callsTo('POST', ROLES_SEARCH)).toHaveLength(1);
    await pass(1);
    expect(fetch.callsTo('POST', ROLES_SEARCH)).toHaveLength(2);
    const [first, second] = fetch.callsTo('POST', ROLES_SEARCH);
    expect(second?.body).toEqual(first?.body);
    expect(second?.headers.get('x-country')).toBe('nz');
    await vi.waitFor(() => expect(within(screen.getByRole('list', { name: 'Volunteering roles' })).getByRole('link', { name: 'Kiwi crèche chick weigh-in' })).toBeTruthy());

    await pass(10_000);
    expect(fetch.callsTo('POST', ROLES_SEARCH)).toHaveLength(2);
  });

  it('keeps the cards on screen while the repeat runs, and shows a spinner only the first time', async () => {
    let answer: (response: Response) => void = () => undefined;
    fetch.sequence('POST', ROLES_SEARCH, [() => rawAnswer('volunteeringopportunities-v2', [anOpportunityDoc()]), () => new Promise<Response>((resolve) => (answer = resolve))]);
    renderWithRouter(<CharityRoles charityId={CHARITY_ID} country="nz" />, { path: '/nz/charity/kiwi-coast-rescue' });
    expect(screen.getByRole('status').textContent).toContain('Loading volunteering roles');
    await pass(0);
    await pass(1500);
    expect(fetch.callsTo('POST', ROLES_SEARCH)).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Kiwi crèche chick weigh-in' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    answer(rawAnswer('volunteeringopportunities-v2', [anOpportunityDoc()]).clone());
  });

  it('leaves out a document that breaks the contract, and shows the rest', async () => {
    const broken = { ...anOpportunityDoc({ id: 'broken', title: 'Broken role' }), sessions: 'soon' } as unknown as ReturnType<typeof anOpportunityDoc>;
    fetch.on('POST', ROLES_SEARCH, rawAnswer('volunteeringopportunities-v2', [broken, anOpportunityDoc()]));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderWithRouter(<CharityRoles charityId={CHARITY_ID} country="nz" />, { path: '/nz/charity/kiwi-coast-rescue' });
    await pass(0);
    expect(within(screen.getByRole('list', { name: 'Volunteering roles' })).getAllByRole('article')).toHaveLength(1);
    expect(screen.queryByText('Broken role')).toBeNull();
    expect(warn).toHaveBeenCalledWith('search: a volunteeringopportunities result does not match the contract and is not shown');
    warn.mockRestore();
  });
});
