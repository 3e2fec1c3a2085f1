import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Donor, LiveProgress } from '@giving/shared/contracts/fundraising';
import { installFetchFake, json } from '../../testing/fetch-fake';
import { runtimeConfig } from '../../testing/fixtures';
import { createTestQueryClient, renderApp } from '../../testing/render';
import { pageQueryOptions, usePage } from './api/get-page';
import { LIVE_POLL_MS, LivePageProgress } from './live-progress';
import { EVENT_ID, PAGE_ID, aPage, anEvent } from './testing';

/** A WebSocket the test plays: it opens, delivers and drops when told. */
class FakeSocket {
  static made: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  open() {
    act(() => this.onopen?.());
  }
  deliver(message: unknown) {
    act(() => this.onmessage?.({ data: JSON.stringify(message) }));
  }
  drop() {
    act(() => {
      this.onerror?.();
      this.onclose?.();
    });
  }
  close() {}
}

const PAGE_URL = '/api/fundraising/events/round-the-bays-2026/pages/aroha-runs';
const DONORS = `/api/fundraising/pages/${PAGE_ID}/donors`;
const donor = (id: string, amount: number, name = `Donor ${id}`): Donor => ({ id, name, amount, currency: 'NZD', donatedOn: '2026-02-03T01:00:00.000Z', kind: 'Offline' });
const FIRST_DONORS = [donor('d1', 5_000, 'Anonymous'), donor('d2', 2_000, 'Mere Tapsell')];

const progress = (overrides: Partial<LiveProgress> = {}): LiveProgress => ({
  kind: 'page',
  id: PAGE_ID,
  version: 8,
  currency: 'NZD',
  donatedAmount: 60_000,
  targetAmount: 100_000,
  donationsCount: 13,
  raisedPercentage: 60,
  onlineAmount: 45_000,
  offlineAmount: 15_000,
  matchedAmount: 0,
  ...overrides,
});

function fakePlatform() {
  const fetch = installFetchFake();
  fetch.on('GET', '/config.json', json(200, runtimeConfig));
  fetch.on('GET', PAGE_URL, json(200, aPage({ version: 7 })));
  fetch.on('GET', DONORS, json(200, { items: FIRST_DONORS }));
  fetch.on('GET', `/api/fundraising/pages/${PAGE_ID}/comments`, json(200, { items: [] }));
  return fetch;
}

const totalsRegion = () => screen.getByRole('region', { name: 'Totals' });
const donorNames = async () => within(await screen.findByRole('list', { name: 'Donors' })).getAllByRole('listitem').map((item) => item.textContent ?? '');

describe('live progress on a fundraising page', () => {
  it('subscribes to page:<id> after the first screen and moves the totals, percentage, progress bar and donors without a reload', async () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    FakeSocket.made = [];
    const fetch = fakePlatform();
    renderApp('/nz/fundraising/round-the-bays-2026/aroha-runs');
    expect(await within(await screen.findByRole('region', { name: 'Totals' })).findByText('$450')).toBeTruthy();
    await waitFor(() => expect(FakeSocket.made).toHaveLength(1));
    const socket = FakeSocket.made[0]!;
    expect(socket.url).toBe(`ws://localhost:3000/live?channel=${encodeURIComponent(`page:${PAGE_ID}`)}`);
    socket.open();
    expect(await donorNames()).toHaveLength(2);
    const pageReads = fetch.callsTo('GET', PAGE_URL).length;

    // A new confirmed gift: the totals move and the new donor joins the top of the list, from the message alone.
    socket.deliver(progress({ donors: [donor('d3', 15_000, 'Hemi Walker'), ...FIRST_DONORS] }));
    await waitFor(() => expect(within(totalsRegion()).getByText('$600')).toBeTruthy());
    expect(within(totalsRegion()).getByText('60%')).toBeTruthy();
    expect(within(totalsRegion()).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('60');
    expect(within(totalsRegion()).getByText(/13 donations/)).toBeTruthy();
    const names = await donorNames();
    expect(names).toHaveLength(3);
    expect(names[0]).toContain('Hemi Walker');
    expect(fetch.callsTo('GET', DONORS)).toHaveLength(1);

    // An older version (a late message) and another page's message change nothing; the read was not fetched again.
    socket.deliver(progress({ version: 6, donatedAmount: 1_000, raisedPercentage: 1 }));
    socket.deliver(progress({ id: EVENT_ID, version: 99, donatedAmount: 2_000 }));
    socket.deliver({ something: 'else' });
    expect(within(totalsRegion()).getByText('$600')).toBeTruthy();
    expect(fetch.callsTo('GET', PAGE_URL)).toHaveLength(pageReads);

    // More new donors than a message carries: the donor list is read again.
    fetch.on('GET', DONORS, json(200, { items: [donor('d9', 100), donor('d8', 100), donor('d7', 100), donor('d6', 100), donor('d5', 100), donor('d4', 100), donor('d3', 15_000, 'Hemi Walker'), ...FIRST_DONORS] }));
    socket.deliver(progress({ version: 14, donatedAmount: 60_600, donationsCount: 19, donors: [donor('d9', 100), donor('d8', 100), donor('d7', 100), donor('d6', 100), donor('d5', 100)] }));
    await waitFor(() => expect(fetch.callsTo('GET', DONORS)).toHaveLength(2));
    await waitFor(async () => expect(await donorNames()).toHaveLength(9));
    expect(within(totalsRegion()).getByText('$606')).toBeTruthy();
  });

  it('a dropped or refused socket leaves the page as it was read', async () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    FakeSocket.made = [];
    fakePlatform();
    renderApp('/nz/fundraising/round-the-bays-2026/aroha-runs');
    await waitFor(() => expect(FakeSocket.made).toHaveLength(1));
    FakeSocket.made[0]!.drop();
    expect(within(totalsRegion()).getByText('$450')).toBeTruthy();
  });
});

describe('live progress on a fundraising event', () => {
  it('subscribes to event:<id> and moves the event totals', async () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    FakeSocket.made = [];
    const fetch = installFetchFake();
    fetch.on('GET', '/config.json', json(200, runtimeConfig));
    fetch.on('GET', '/api/fundraising/events/round-the-bays-2026', json(200, anEvent({ version: 3 })));
    renderApp('/nz/fundraising/round-the-bays-2026');
    expect(await within(await screen.findByRole('region', { name: 'Totals' })).findByText('$450')).toBeTruthy();
    await waitFor(() => expect(FakeSocket.made).toHaveLength(1));
    const socket = FakeSocket.made[0]!;
    expect(socket.url).toBe(`ws://localhost:3000/live?channel=${encodeURIComponent(`event:${EVENT_ID}`)}`);
    socket.open();
    socket.deliver(progress({ kind: 'page', id: EVENT_ID, version: 9, donatedAmount: 1 }));
    socket.deliver(progress({ kind: 'event', id: EVENT_ID, version: 4, donatedAmount: 70_000, raisedPercentage: 70 }));
    await waitFor(() => expect(within(totalsRegion()).getByText('$700')).toBeTruthy());
    expect(within(totalsRegion()).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('70');
  });
});

describe('the polling fallback', () => {
  it("reads the page again every 15 s while the socket is not open (and its donors when the count moved), and stops once it opens", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    vi.stubGlobal('WebSocket', FakeSocket);
    FakeSocket.made = [];
    const fetch = installFetchFake();
    const read = (donatedAmount: number) => () => json(200, aPage({ version: donatedAmount === 45_000 ? 7 : 8, donatedAmount, raisedPercentage: donatedAmount / 1000, donationsCount: donatedAmount === 45_000 ? 12 : 13 }));
    fetch.sequence('GET', PAGE_URL, [read(45_000), read(50_000)]);
    fetch.on('GET', DONORS, json(200, { items: FIRST_DONORS }));
    const queryClient = createTestQueryClient();
    const key = pageQueryOptions('round-the-bays-2026', 'aroha-runs').queryKey;
    function Page() {
      usePage('round-the-bays-2026', 'aroha-runs');
      return <LivePageProgress page={{ id: PAGE_ID }} eventUrl="round-the-bays-2026" pageUrl="aroha-runs" />;
    }
    render(
      <QueryClientProvider client={queryClient}>
        <Page />
      </QueryClientProvider>,
    );
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(fetch.callsTo('GET', PAGE_URL)).toHaveLength(1);
    expect(FakeSocket.made).toHaveLength(1); // Connecting: not open, so polling.

    await act(() => vi.advanceTimersByTimeAsync(LIVE_POLL_MS - 1));
    expect(fetch.callsTo('GET', PAGE_URL)).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(fetch.callsTo('GET', PAGE_URL)).toHaveLength(2);
    await vi.waitFor(() => expect(queryClient.getQueryData<{ donatedAmount: number }>(key)?.donatedAmount).toBe(50_000));

    // The socket opens: no more polling; a message older than the read's version is ignored.
    FakeSocket.made[0]!.open();
    await act(() => vi.advanceTimersByTimeAsync(LIVE_POLL_MS * 3));
    expect(fetch.callsTo('GET', PAGE_URL)).toHaveLength(2);
    FakeSocket.made[0]!.deliver(progress({ version: 8, donatedAmount: 1 }));
    expect(queryClient.getQueryData<{ donatedAmount: number }>(key)?.donatedAmount).toBe(50_000);

    // It drops: polling comes back (and the socket is tried again after 1-2 s).
    FakeSocket.made[0]!.drop();
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(FakeSocket.made).toHaveLength(2);
    await act(() => vi.advanceTimersByTimeAsync(LIVE_POLL_MS));
    expect(fetch.callsTo('GET', PAGE_URL)).toHaveLength(3);
  });
});
