import { campaignInputSchema, campaignRestrictionsSchema, pageCampaignsQuerySchema, pageParams, productParams, workplaceCampaignParams, workplaceParams } from '@giving/shared/contracts/matching';
import { created, ok } from '@giving/shared/lambda/http';
import { deps } from '../adapters';
import * as use from '../domain/campaigns';
import { matchingRoute } from '../http';

/** The workplace console's campaigns: the manifest's tenant policy has checked the caller's roles in {workplaceId}. */

/** POST /matching/workplace/{workplaceId}/campaigns */
export const create = matchingRoute({ params: workplaceParams, body: campaignInputSchema }, async ({ params, body }) =>
  created(await use.createCampaign(deps(), params.workplaceId, body)),
);

/** GET /matching/workplace/{workplaceId}/campaigns */
export const list = matchingRoute({ params: workplaceParams }, async ({ params }) => ok(await use.listCampaigns(deps(), params.workplaceId)));

/** GET /matching/workplace/{workplaceId}/campaigns/{campaignId} */
export const get = matchingRoute({ params: workplaceCampaignParams }, async ({ params }) => ok(await use.getCampaign(deps(), params.workplaceId, params.campaignId)));

/** PUT /matching/workplace/{workplaceId}/campaigns/{campaignId} */
export const update = matchingRoute({ params: workplaceCampaignParams, body: campaignInputSchema }, async ({ params, body }) =>
  ok(await use.updateCampaign(deps(), params.workplaceId, params.campaignId, body)),
);

/** GET /matching/workplace/{workplaceId}/campaigns/{campaignId}/restrictions */
export const getRestrictions = matchingRoute({ params: workplaceCampaignParams }, async ({ params }) =>
  ok(await use.getRestrictions(deps(), params.workplaceId, params.campaignId)),
);

/** PUT /matching/workplace/{workplaceId}/campaigns/{campaignId}/restrictions */
export const updateRestrictions = matchingRoute({ params: workplaceCampaignParams, body: campaignRestrictionsSchema }, async ({ params, body }) =>
  ok(await use.updateRestrictions(deps(), params.workplaceId, params.campaignId, body)),
);

/** GET /matching/campaigns/page/{pageId}?eventId= — public: a fundraising page's active campaigns (its own and its event's). */
export const forPage = matchingRoute({ params: pageParams, query: pageCampaignsQuerySchema }, async ({ params, query }) =>
  ok(await use.campaignsForPage(deps(), params.pageId, query.eventId), { 'cache-control': 'public, max-age=60' }),
);

/** GET /matching/campaigns/product/{productId} — public: a gift's active campaigns, as donors see them. */
export const forProduct = matchingRoute({ params: productParams }, async ({ params }) =>
  ok(await use.campaignsForProduct(deps(), params.productId), { 'cache-control': 'public, max-age=60' }),
);
