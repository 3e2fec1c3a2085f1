import {
  countryQuerySchema,
  eventPageUrlParams,
  fundraisingListQuerySchema,
  pageIdParams,
  pageInputSchema,
  pageUpdateSchema,
  toggleOnlineSchema,
} from '@giving/shared/contracts/fundraising';
import * as z from 'zod/mini';
import { created, ok } from '@giving/shared/lambda/http';
import { deps } from '../adapters';
import { pageOr404, requireManager } from '../domain/access';
import * as use from '../domain/events';
import { donorView } from '../domain/views';
import { actorOf, fundraisingRoute } from '../http';

/** GET /fundraising/events/{eventUrl}/pages/{pageUrl} */
export const get = fundraisingRoute({ params: eventPageUrlParams }, async ({ params }) => ok(await use.getPage(deps(), params.eventUrl, params.pageUrl)));

/** GET /fundraising/pages */
export const list = fundraisingRoute({ query: fundraisingListQuerySchema }, async ({ query }) => ok(await use.listPages(deps(), query)));

/** GET /fundraising/recent */
export const recent = fundraisingRoute({ query: countryQuerySchema }, async ({ query }) => ok(await use.recentFundraisers(deps(), query.country)));

const donorsQuery = z.object({ cursor: z.optional(z.string().check(z.maxLength(600))) });

/** GET /fundraising/pages/{pageId}/donors */
export const donors = fundraisingRoute({ params: pageIdParams, query: donorsQuery }, async ({ params, query }) => {
  await pageOr404(deps(), params.pageId);
  const found = await deps().store.donors(params.pageId, { ...(query.cursor ? { cursor: query.cursor } : {}) });
  return ok({
    items: found.items.map(donorView),
    ...(found.nextCursor ? { nextCursor: found.nextCursor } : {}),
  });
});

/** POST /fundraising/pages (201) */
export const create = fundraisingRoute({ body: pageInputSchema }, async (request) => created(await use.createPage(deps(), await actorOf(request), request.body)));

/** GET /fundraising/pages/{pageId}/edit */
export const edit = fundraisingRoute({ params: pageIdParams }, async (request) => ok(await use.getPageForUpdate(deps(), await actorOf(request), request.params.pageId)));

/** PATCH /fundraising/pages/{pageId} */
export const update = fundraisingRoute({ params: pageIdParams, body: pageUpdateSchema }, async (request) =>
  ok(await use.updatePage(deps(), await actorOf(request), request.params.pageId, request.body)),
);

/** PATCH /fundraising/pages/{pageId}/toggleOnlineStatus */
export const toggleOnline = fundraisingRoute({ params: pageIdParams, body: toggleOnlineSchema }, async (request) => {
  const actor = await actorOf(request);
  return ok(await use.togglePage(deps(), request.params.pageId, request.body?.isOnline, async (page) => void (await requireManager(deps(), 'page', page.id, actor))));
});
