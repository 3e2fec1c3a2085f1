import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFetchFake, problem, type FetchFake } from '../../../testing/fetch-fake';
import { renderWithRouter } from '../../../testing/render';
import { GIFTS_SEARCH, aGiftDoc, rawAnswer } from '../../../testing/search-fixtures';
import { CharityGifts } from './charity-gifts';

let fetch: FetchFake;
const CHARITY_ID = '01J0000000000000000000CHAR';
const pass = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers();
  fetch = installFetchFake();
});
afterEach(() => vi.useRealTimers());

describe('More Donations: the charity grid’s search (spec 1 §4, spec 2 §4 and §9)', () => {
  it('searches charitygifts-v2 by the charity’s id (24 at most), then the same search again after 1.5 seconds', async () => {
    fetch.on('POST', GIFTS_SEARCH, rawAnswer('charitygifts-v2', [aGiftDoc()]));
    renderWithRouter(<CharityGifts charityId={CHARITY_ID} country="au" />, { path: '/au/charity/kiwi-coast-rescue' });
    await pass(0);
    const [first] = fetch.callsTo('POST', GIFTS_SEARCH);
    expect(first?.body).toEqual({ size: 24, query: { bool: { filter: [{ term: { 'charity.id': CHARITY_ID } }], must_not: [{ term: { gifttype: 'General' } }] } } });
    expect(first?.headers.get('x-country')).toBe('au');
    expect(first?.headers.get('x-host')).toBe(window.location.host);
    expect(within(screen.getByRole('list', { name: 'Donations' })).getByRole('link', { name: 'Feed a kiwi chick for a week' }).getAttribute('href')).toBe('/au/kiwi-coast-rescue/feed-a-kiwi-chick');

    await pass(1499);
    expect(fetch.callsTo('POST', GIFTS_SEARCH)).toHaveLength(1);
    await pass(1);
    expect(fetch.callsTo('POST', GIFTS_SEARCH)).toHaveLength(2);
    expect(fetch.callsTo('POST', GIFTS_SEARCH)[1]?.body).toEqual(first?.body);
    await pass(10_000);
    expect(fetch.callsTo('POST', GIFTS_SEARCH)).toHaveLength(2);
  });

  it('shows the spec’s empty state, See more donations and Browse Donations', async () => {
    fetch.on('POST', GIFTS_SEARCH, rawAnswer('charitygifts-v2', []));
    renderWithRouter(<CharityGifts charityId={CHARITY_ID} country="nz" />, { path: '/nz/charity/kiwi-coast-rescue' });
    await pass(0);
    expect(screen.getByRole('heading', { name: 'There are no Donations' })).toBeTruthy();
    expect(screen.getByText('Checkout the large range of donations you can donate on Koha')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse Donations' }).getAttribute('href')).toBe('/nz/donating');
    expect(screen.getByRole('link', { name: 'See more donations >' }).getAttribute('href')).toBe('/nz/donating');
  });

  it('says why the search failed, with a way to try again', async () => {
    fetch.sequence('POST', GIFTS_SEARCH, [() => problem(400, { title: 'Invalid request', code: 'ValidationFailed', detail: 'This query is not supported: script' }), () => rawAnswer('charitygifts-v2', [aGiftDoc()])]);
    renderWithRouter(<CharityGifts charityId={CHARITY_ID} country="nz" />, { path: '/nz/charity/kiwi-coast-rescue' });
    await pass(0);
    expect(screen.getByRole('heading', { name: 'We couldn’t load the donations' })).toBeTruthy();
    expect(screen.getByText('This query is not supported: script')).toBeTruthy();
  });
});
