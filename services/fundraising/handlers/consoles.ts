import {
  backOfficeListQuerySchema,
  charityEventParams,
  charityFundraisingParams,
  charityPageParams,
  eventIdParams,
  eventUpdateSchema,
  pageIdParams,
  pageUpdateSchema,
  toggleOnlineSchema,
} from '@giving/shared/contracts/fundraising';
import { DomainError } from '@giving/shared/errors';
import { ok } from '@giving/shared/lambda/http';
import { deps } from '../adapters';
import * as use from '../domain/events';
import type { StoredEvent, StoredPage } from '../domain/ports';
import { eventSummary, pageSummary } from '../domain/views';
import { fundraisingRoute } from '../http';

/* The charity console (tenant routes: the manifest's policy checked the caller's roles in {charityId}). */

/** GET /fundraising/charity/{charityId}/events */
export const charityEvents = fundraisingRoute({ params: charityFundraisingParams }, async ({ params }) => {
  const now = new Date();
  return ok({ items: (await deps().store.eventsOfCharity(params.charityId)).map((event) => eventSummary(event, now)) });
});

/** GET /fundraising/charity/{charityId}/pages */
export const charityPages = fundraisingRoute({ params: charityFundraisingParams }, async ({ params }) => {
  const now = new Date();
  return ok({ items: (await deps().store.pagesOfCharity(params.charityId)).map((page) => pageSummary(page, now)) });
});

const ofCharity = (charityId: string, what: string) => async (item: StoredEvent | StoredPage) => {
  if (item.charity.id !== charityId) throw new DomainError('NotFound', `${what} was not found.`);
};

/** PATCH /fundraising/charity/{charityId}/events/{eventId}/toggleOnlineStatus (another charity's is 404) */
export const charityToggleEvent = fundraisingRoute({ params: charityEventParams, body: toggleOnlineSchema }, async ({ params, body }) =>
  ok(await use.toggleEvent(deps(), params.eventId, body?.isOnline, ofCharity(params.charityId, 'Event'))),
);

/** PATCH /fundraising/charity/{charityId}/pages/{pageId}/toggleOnlineStatus (another charity's is 404) */
export const charityTogglePage = fundraisingRoute({ params: charityPageParams, body: toggleOnlineSchema }, async ({ params, body }) =>
  ok(await use.togglePage(deps(), params.pageId, body?.isOnline, ofCharity(params.charityId, 'Page'))),
);

/* The back office (BackOffice_ViewFundraising / BackOffice_ManageFundraising, by the manifest's policy). */

const matches = (query: { country?: string; q?: string }) => (item: StoredEvent | StoredPage) =>
  (query.country === undefined || item.country === query.country) &&
  (!query.q || `${item.title} ${item.charity.name} ${item.owner.name} ${item.eventUrl}`.toLowerCase().includes(query.q.toLowerCase()));

/** GET /fundraising/backOffice/events: newest first, 50 at a time, filtered by country and text. */
export const allEvents = fundraisingRoute({ query: backOfficeListQuerySchema }, async ({ query }) => {
  const found = await deps().store.allEvents({ ...(query.cursor ? { cursor: query.cursor } : {}) });
  const now = new Date();
  return ok({ items: found.items.filter(matches(query)).map((event) => eventSummary(event, now)), ...(found.nextCursor ? { nextCursor: found.nextCursor } : {}) });
});

/** GET /fundraising/backOffice/pages */
export const allPages = fundraisingRoute({ query: backOfficeListQuerySchema }, async ({ query }) => {
  const found = await deps().store.allPages({ ...(query.cursor ? { cursor: query.cursor } : {}) });
  const now = new Date();
  return ok({ items: found.items.filter(matches(query)).map((page) => pageSummary(page, now)), ...(found.nextCursor ? { nextCursor: found.nextCursor } : {}) });
});

/** PATCH /fundraising/backOffice/events/{eventId} */
export const editEvent = fundraisingRoute({ params: eventIdParams, body: eventUpdateSchema }, async ({ params, body }) => ok(await use.updateEvent(deps(), 'backOffice', params.eventId, body)));

/** PATCH /fundraising/backOffice/pages/{pageId} */
export const editPage = fundraisingRoute({ params: pageIdParams, body: pageUpdateSchema }, async ({ params, body }) => ok(await use.updatePage(deps(), 'backOffice', params.pageId, body)));

/** PATCH /fundraising/backOffice/events/{eventId}/toggleOnlineStatus */
export const toggleAnyEvent = fundraisingRoute({ params: eventIdParams, body: toggleOnlineSchema }, async ({ params, body }) => ok(await use.toggleEvent(deps(), params.eventId, body?.isOnline)));

/** PATCH /fundraising/backOffice/pages/{pageId}/toggleOnlineStatus */
export const toggleAnyPage = fundraisingRoute({ params: pageIdParams, body: toggleOnlineSchema }, async ({ params, body }) => ok(await use.togglePage(deps(), params.pageId, body?.isOnline)));
