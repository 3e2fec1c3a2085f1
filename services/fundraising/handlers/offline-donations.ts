import { charityFundraisingParams, charityOfflineDonationParams, offlineDonationInputSchema, offlineDonationQuerySchema, pageIdParams } from '@giving/shared/contracts/fundraising';
import { created, ok } from '@giving/shared/lambda/http';
import { deps, depsWithMail } from '../adapters';
import * as use from '../domain/offline-donations';
import { actorOf, fundraisingRoute } from '../http';

/** GET /fundraising/pages/{pageId}/offline-donations */
export const forPage = fundraisingRoute({ params: pageIdParams }, async (request) => ok(await use.offlineDonationsOfPage(deps(), await actorOf(request), request.params.pageId)));

/** POST /fundraising/pages/{pageId}/offline-donations (201) */
export const enter = fundraisingRoute({ params: pageIdParams, body: offlineDonationInputSchema }, async (request) =>
  created(await use.enterOfflineDonation(deps(), await actorOf(request), request.params.pageId, request.body)),
);

/** GET /fundraising/charity/{charityId}/offline-donations (the tenant policy checked the caller) */
export const forCharity = fundraisingRoute({ params: charityFundraisingParams, query: offlineDonationQuerySchema }, async ({ params, query }) =>
  ok(await use.offlineDonationsOfCharity(deps(), params.charityId, query.status)),
);

/** POST /fundraising/charity/{charityId}/offline-donations/{offlineDonationId}/confirm */
export const confirm = fundraisingRoute({ params: charityOfflineDonationParams }, async ({ params }) => ok(await use.confirmOfflineDonation(depsWithMail(), params.charityId, params.offlineDonationId)));
