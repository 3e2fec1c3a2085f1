import type { Clock } from '@giving/shared/clock';
import type { ReindexRun } from '@giving/shared/contracts/reindex';
import type { BatchEventPublisher, EventPublisher } from '@giving/shared/events';
import { EventModified, PageModified, type EventDocument, type PageDocument } from '@giving/shared/events/fundraising';
import type { FundraisingStore, ListPage, StoredEvent, StoredPage } from './ports';
import { eventStatus, pageStatus, totalsOf } from './views';

export function pageDocument(page: StoredPage, now: Date): PageDocument {
  return {
    id: page.id,
    pageUrl: page.pageUrl,
    eventId: page.eventId,
    eventUrl: page.eventUrl,
    eventTitle: page.eventTitle,
    eventKind: page.eventKind,
    title: page.title,
    story: page.story,
    imageUrl: page.imageUrl,
    country: page.country,
    charity: { id: page.charity.id, name: page.charity.name, charityUrl: page.charity.charityUrl },
    ownerMemberId: page.owner.memberId,
    ownerName: page.owner.name,
    ...(page.workplaceId ? { workplaceId: page.workplaceId } : {}),
    endDate: page.endDate,
    isOnline: page.isOnline && page.eventOnline,
    status: pageStatus(page, now),
    createdOn: page.createdOn,
    version: page.version,
    ...totalsOf(page),
  };
}

export function eventDocument(event: StoredEvent, now: Date): EventDocument {
  return {
    id: event.id,
    eventUrl: event.eventUrl,
    kind: event.kind,
    title: event.title,
    story: event.story,
    imageUrl: event.imageUrl,
    country: event.country,
    charity: { id: event.charity.id, name: event.charity.name, charityUrl: event.charity.charityUrl },
    ownerMemberId: event.owner.memberId,
    ownerName: event.owner.name,
    ...(event.workplaceId ? { workplaceId: event.workplaceId } : {}),
    endDate: event.endDate,
    isOnline: event.isOnline,
    status: eventStatus(event, now),
    createdOn: event.createdOn,
    pagesCount: event.pagesCount,
    version: event.version,
    ...totalsOf(event),
  };
}

/**
 * A stored page or event version, from the table's stream -> PageModified / EventModified, once per version (event id
 * `page-<id>-<version>`: a redelivery, or the stream record of a sort-key fix, is the same event).
 */
export async function publishDocument(events: EventPublisher, item: Record<string, unknown> | undefined, now: Date): Promise<'page' | 'event' | 'skipped'> {
  if (!item || typeof item.id !== 'string' || typeof item.version !== 'number') return 'skipped';
  const change = item.version === 1 ? 'Created' : 'Modified';
  if (item.sk === 'PAGE') {
    const page = item as unknown as StoredPage;
    await events.publish(PageModified, { change, page: pageDocument(page, now) }, { id: `page-${page.id}-${page.version}` });
    return 'page';
  }
  if (item.sk === 'EVENT') {
    const event = item as unknown as StoredEvent;
    await events.publish(EventModified, { change, event: eventDocument(event, now) }, { id: `event-${event.id}-${event.version}` });
    return 'event';
  }
  return 'skipped';
}

/* ReIndexFundraisingEvents / ReIndexFundraisingPages: every stored event or page again, for search. */

type ReindexDeps = { store: Pick<FundraisingStore, 'allEvents' | 'allPages'>; events: BatchEventPublisher; clock: Clock; newId: () => string };

/** How many a read of the back office's list (gsi4 ALL) takes at a time while re-indexing. */
const REINDEX_PAGE = 100;

async function everyOne<T>(list: (options: { cursor?: string; limit?: number }) => Promise<ListPage<T>>): Promise<T[]> {
  const all: T[] = [];
  let cursor: string | undefined;
  do {
    const page = await list({ cursor, limit: REINDEX_PAGE });
    all.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return all;
}

/**
 * POST /fundraising/backOffice/ReIndexFundraisingPages: each stored page's document as PageModified (change Modified,
 * the stored version, the run's `reindexId`; event id `page-<id>-<version>-<reindexId>`), in PutEvents batches of 10.
 * The list is read from an index whose copies are whole items, so each document comes with the version of the state
 * read (an older one at worst, never a newer one): donations' copy of pages, which keeps only a higher version,
 * ignores it, and the page's next change wins everywhere. Its status is worked out now (ended pages say so).
 */
export async function reindexPages(deps: ReindexDeps): Promise<ReindexRun> {
  const reindexId = deps.newId();
  const now = deps.clock.now();
  const items = (await everyOne((options) => deps.store.allPages(options))).map((page) => ({
    id: `page-${page.id}-${page.version}-${reindexId}`,
    data: { change: 'Modified' as const, page: pageDocument(page, now), reindexId },
  }));
  const { events, batches } = await deps.events.publishAll(PageModified, items, { correlationId: reindexId });
  return { reindexId, events, batches };
}

/** POST /fundraising/backOffice/ReIndexFundraisingEvents: the same for events (EventModified, `event-<id>-<version>-<reindexId>`). */
export async function reindexEvents(deps: ReindexDeps): Promise<ReindexRun> {
  const reindexId = deps.newId();
  const now = deps.clock.now();
  const items = (await everyOne((options) => deps.store.allEvents(options))).map((event) => ({
    id: `event-${event.id}-${event.version}-${reindexId}`,
    data: { change: 'Modified' as const, event: eventDocument(event, now), reindexId },
  }));
  const { events, batches } = await deps.events.publishAll(EventModified, items, { correlationId: reindexId });
  return { reindexId, events, batches };
}
