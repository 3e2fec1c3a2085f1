import { useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { LIVE_PROGRESS_DONORS, liveProgressSchema, type FundraisingEvent, type LiveProgress, type Page, type Totals } from '@giving/shared/contracts/fundraising';
import { liveChannel } from '@giving/shared/live/channels';
import { useLiveChannel } from '../../lib/live-updates';
import { donorsQueryOptions, type DonorList } from './api/get-donors';
import { eventQueryOptions } from './api/get-event';
import { pageQueryOptions } from './api/get-page';

/**
 * Live progress on an open page or event (issue 13): its channel's messages (liveProgressSchema, posted by the
 * fundraising stream within seconds of a donation) move the totals, percentage and progress bar in the react-query
 * cache, and a page's newest donors join its donor list. While the socket is not open the page's read is fetched
 * again every LIVE_POLL_MS instead. A chunk of its own, loaded after the first screen (the routes' lazyPart).
 */
export const LIVE_POLL_MS = 15_000;

const TOTALS_KEYS = ['currency', 'donatedAmount', 'targetAmount', 'donationsCount', 'raisedPercentage', 'onlineAmount', 'offlineAmount', 'matchedAmount'] as const;
const totalsOf = (message: LiveProgress): Totals => Object.fromEntries(TOTALS_KEYS.map((key) => [key, message[key]])) as Totals;

/** The newest version applied to a cached read (the read's own `version`, or a message's), per query. */
type Applied = { version: number };

/** Parses a channel message; anything else (another kind, another id, not ours) is undefined. */
export function progressFor(raw: unknown, kind: LiveProgress['kind'], id: string): LiveProgress | undefined {
  const parsed = liveProgressSchema.safeParse(raw);
  return parsed.success && parsed.data.kind === kind && parsed.data.id === id ? parsed.data : undefined;
}

/**
 * A page's message into the cache: its totals into the page's read, when newer than what it shows; its newest donors
 * at the top of the donor list when they follow on from it, else the list is read again (more came than a message
 * carries, or the message had none). True when applied.
 */
export function applyPageProgress(queryClient: QueryClient, page: { eventUrl: string; pageUrl: string; id: string }, message: LiveProgress, applied: Applied): boolean {
  const pageKey = pageQueryOptions(page.eventUrl, page.pageUrl).queryKey;
  const cached = queryClient.getQueryData<Page>(pageKey);
  if (message.version <= Math.max(applied.version, cached?.version ?? 0)) return false;
  applied.version = message.version;
  queryClient.setQueryData<Page>(pageKey, (old) => (old ? { ...old, ...totalsOf(message), version: message.version } : old));

  const donorsKey = donorsQueryOptions(page.id).queryKey;
  const donors = queryClient.getQueryData<InfiniteData<DonorList>>(donorsKey);
  if (!donors) return true; // Not shown yet: read when it is.
  const known = new Set(donors.pages.flatMap((list) => list.items.map((donor) => donor.id)));
  const fresh = (message.donors ?? []).filter((donor) => !known.has(donor.id));
  const gap = !message.donors || fresh.length >= LIVE_PROGRESS_DONORS;
  if (gap) {
    void queryClient.invalidateQueries({ queryKey: donorsKey, exact: true });
  } else if (fresh.length > 0) {
    queryClient.setQueryData<InfiniteData<DonorList>>(donorsKey, (old) =>
      old ? { ...old, pages: old.pages.map((list, index) => (index === 0 ? { ...list, items: [...fresh, ...list.items] } : list)) } : old,
    );
  }
  return true;
}

/** An event's message into its read (its totals; its leaderboard moves when the event is read again). */
export function applyEventProgress(queryClient: QueryClient, event: { eventUrl: string }, message: LiveProgress, applied: Applied): boolean {
  const eventKey = eventQueryOptions(event.eventUrl).queryKey;
  const cached = queryClient.getQueryData<FundraisingEvent>(eventKey);
  if (message.version <= Math.max(applied.version, cached?.version ?? 0)) return false;
  applied.version = message.version;
  queryClient.setQueryData<FundraisingEvent>(eventKey, (old) => (old ? { ...old, ...totalsOf(message), version: message.version } : old));
  return true;
}

/** Fetches a page's read again (the fallback while the socket is not open), and its donors when its count moved. */
export async function pollPage(queryClient: QueryClient, page: { eventUrl: string; pageUrl: string; id: string }): Promise<void> {
  const pageKey = pageQueryOptions(page.eventUrl, page.pageUrl).queryKey;
  const before = queryClient.getQueryData<Page>(pageKey)?.donationsCount;
  await queryClient.refetchQueries({ queryKey: pageKey, exact: true });
  const after = queryClient.getQueryData<Page>(pageKey)?.donationsCount;
  if (after !== before) await queryClient.invalidateQueries({ queryKey: donorsQueryOptions(page.id).queryKey, exact: true });
}

/** Keeps an open page's totals and donors moving; renders nothing. */
export function LivePageProgress({ page, eventUrl, pageUrl }: { page: Pick<Page, 'id'>; eventUrl: string; pageUrl: string }) {
  const queryClient = useQueryClient();
  const applied = useRef<Applied>({ version: 0 });
  const target = { eventUrl, pageUrl, id: page.id };
  useLiveChannel(
    liveChannel.page(page.id),
    (raw) => {
      const message = progressFor(raw, 'page', page.id);
      if (message) applyPageProgress(queryClient, target, message, applied.current);
    },
    { poll: () => pollPage(queryClient, target), pollEveryMs: LIVE_POLL_MS },
  );
  return null;
}

/** Keeps an open event's totals moving; renders nothing. */
export function LiveEventProgress({ event }: { event: Pick<FundraisingEvent, 'id' | 'eventUrl'> }) {
  const queryClient = useQueryClient();
  const applied = useRef<Applied>({ version: 0 });
  useLiveChannel(
    liveChannel.event(event.id),
    (raw) => {
      const message = progressFor(raw, 'event', event.id);
      if (message) applyEventProgress(queryClient, event, message, applied.current);
    },
    { poll: () => queryClient.refetchQueries({ queryKey: eventQueryOptions(event.eventUrl).queryKey, exact: true }), pollEveryMs: LIVE_POLL_MS },
  );
  return null;
}
