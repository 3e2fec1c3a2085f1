import {
  addressQuerySchema,
  countryQuerySchema,
  eventIdParams,
  eventInputSchema,
  eventUpdateSchema,
  eventUrlParams,
  fundraisingListQuerySchema,
  singlePageEventInputSchema,
  toggleOnlineSchema,
} from '@giving/shared/contracts/fundraising';
import { created, ok } from '@giving/shared/lambda/http';
import { deps } from '../adapters';
import { requireManager } from '../domain/access';
import * as use from '../domain/events';
import { actorOf, fundraisingRoute } from '../http';

/** GET /fundraising/events */
export const list = fundraisingRoute({ query: fundraisingListQuerySchema }, async ({ query }) => ok(await use.listEvents(deps(), query)));

/** GET /fundraising/events/{eventUrl} */
export const get = fundraisingRoute({ params: eventUrlParams }, async ({ params }) => ok(await use.getEvent(deps(), params.eventUrl)));

/** GET /fundraising/charities */
export const charities = fundraisingRoute({ query: countryQuerySchema }, async ({ query }) => ok({ items: await deps().store.charitiesOf(query.country) }));

/** GET /fundraising/address */
export const address = fundraisingRoute({ query: addressQuerySchema }, async ({ query }) => ok(await use.addressAvailability(deps(), query)));

/** POST /fundraising/events (201) */
export const create = fundraisingRoute({ body: eventInputSchema }, async (request) => created(await use.createEvent(deps(), await actorOf(request), request.body)));

/** POST /fundraising/events/single-page (201) */
export const createSinglePage = fundraisingRoute({ body: singlePageEventInputSchema }, async (request) =>
  created(await use.createSinglePageEvent(deps(), await actorOf(request), request.body)),
);

/** GET /fundraising/events/{eventId}/edit */
export const edit = fundraisingRoute({ params: eventIdParams }, async (request) => ok(await use.getEventForUpdate(deps(), await actorOf(request), request.params.eventId)));

/** PATCH /fundraising/events/{eventId} */
export const update = fundraisingRoute({ params: eventIdParams, body: eventUpdateSchema }, async (request) =>
  ok(await use.updateEvent(deps(), await actorOf(request), request.params.eventId, request.body)),
);

/** PATCH /fundraising/events/{eventId}/toggleOnlineStatus */
export const toggleOnline = fundraisingRoute({ params: eventIdParams, body: toggleOnlineSchema }, async (request) => {
  const actor = await actorOf(request);
  return ok(await use.toggleEvent(deps(), request.params.eventId, request.body?.isOnline, async (event) => void (await requireManager(deps(), 'event', event.id, actor))));
});

/** GET /fundraising/events/{eventId}/pages */
export const pages = fundraisingRoute({ params: eventIdParams }, async (request) => ok(await use.pagesOfEvent(deps(), await actorOf(request), request.params.eventId)));
