import type { EventPublisher } from '@giving/shared/events';
import { EventModified, PageModified, type EventDocument, type PageDocument } from '@giving/shared/events/fundraising';
import type { StoredEvent, StoredPage } from './ports';
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
