import { describe, expect, it } from 'vitest';
import { fixedClock } from '@giving/shared/clock';
import type { BatchEventPublisher } from '@giving/shared/events';
import { EventModified, PageModified } from '@giving/shared/events/fundraising';
import { reindexEvents, reindexPages } from './documents';
import type { ListPage, StoredEvent, StoredPage } from './ports';

const content = {
  eventUrl: 'coast-to-coast',
  country: 'nz' as const,
  charity: { id: 'C1', name: 'Kiwi Coast Rescue', charityUrl: 'kiwi-coast-rescue', logoImageUrl: '' },
  title: 'Coast to coast',
  story: 'We run.',
  imageUrl: '',
  targetAmount: 100_000,
  endDate: '2026-12-01',
  isOnline: true,
  owner: { memberId: 'm1', name: 'Aroha Ngata' },
  createdOn: '2026-11-01T00:00:00.000Z',
  currency: 'NZD' as const,
  onlineAmount: 2500,
  offlineAmount: 0,
  matchedAmount: 0,
  donationsCount: 1,
};
const anEvent = (id: string, version: number): StoredEvent => ({ ...content, id, kind: 'MultiPage', pagesCount: 1, version });
const aPage = (id: string, version: number): StoredPage => ({ ...content, id, pageUrl: `page-${id}`, eventId: 'E1', eventTitle: 'Coast to coast', eventKind: 'MultiPage', eventOnline: true, version });

/** A store whose back-office lists come in pages of two, as the index's cursor pages do. */
function pagedStore(events: StoredEvent[], pages: StoredPage[]) {
  const paged = <T>(all: T[]) => async ({ cursor }: { cursor?: string; limit?: number }): Promise<ListPage<T>> => {
    const start = Number(cursor ?? 0);
    const next = start + 2;
    return { items: all.slice(start, next), ...(next < all.length ? { nextCursor: String(next) } : {}) };
  };
  return { allEvents: paged(events), allPages: paged(pages) };
}

const capture = () => {
  const calls: { name: string; items: { data: unknown; id?: string }[]; correlationId?: string }[] = [];
  const events: BatchEventPublisher = {
    publishAll: async (definition, items, options) => {
      calls.push({ name: definition.name, items: items.map((item) => ({ ...item, data: definition.schema.parse(item.data) })), correlationId: options?.correlationId });
      return { events: items.length, batches: Math.ceil(items.length / 10) };
    },
  };
  return { calls, events };
};

describe('reindexPages / reindexEvents', () => {
  it('re-emits every page, across the list’s pages, as Modified at its stored version with the run’s reindexId', async () => {
    const { calls, events } = capture();
    const pages = [aPage('P1', 1), aPage('P2', 7), { ...aPage('P3', 3), isOnline: false }];
    const run = await reindexPages({ store: pagedStore([], pages), events, clock: fixedClock('2026-12-05T00:00:00Z'), newId: () => 'RUN1' });
    expect(run).toEqual({ reindexId: 'RUN1', events: 3, batches: 1 });
    expect(calls[0]?.name).toBe(PageModified.name);
    expect(calls[0]?.correlationId).toBe('RUN1');
    expect(calls[0]?.items.map((item) => item.id)).toEqual(['page-P1-1-RUN1', 'page-P2-7-RUN1', 'page-P3-3-RUN1']);
    // Version 1 is re-emitted as Modified too; the status is worked out at the run (ended after its end date).
    expect(calls[0]?.items[0]?.data).toEqual({ change: 'Modified', reindexId: 'RUN1', page: expect.objectContaining({ id: 'P1', version: 1, status: 'Ended' }) });
    expect(calls[0]?.items[2]?.data).toMatchObject({ page: { id: 'P3', isOnline: false } });
  });

  it('does the same for events', async () => {
    const { calls, events } = capture();
    const run = await reindexEvents({ store: pagedStore([anEvent('E1', 4), anEvent('E2', 2)], []), events, clock: fixedClock('2026-11-05T00:00:00Z'), newId: () => 'RUN2' });
    expect(run).toEqual({ reindexId: 'RUN2', events: 2, batches: 1 });
    expect(calls[0]?.name).toBe(EventModified.name);
    expect(calls[0]?.items).toEqual([
      { id: 'event-E1-4-RUN2', data: { change: 'Modified', reindexId: 'RUN2', event: expect.objectContaining({ id: 'E1', version: 4, pagesCount: 1 }) } },
      { id: 'event-E2-2-RUN2', data: { change: 'Modified', reindexId: 'RUN2', event: expect.objectContaining({ id: 'E2', version: 2 }) } },
    ]);
  });
});
