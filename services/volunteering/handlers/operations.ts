import { countryCodeSchema } from '@giving/shared/contracts/common';
import { ok } from '@giving/shared/lambda/http';
import * as z from 'zod/mini';
import { batchEvents, deps } from '../adapters';
import * as use from '../domain/operations';
import { actorOf, volunteeringRoute } from '../http';

const reindexDeps = () => ({ ...deps(), events: batchEvents() });

/** POST /volunteering/ReIndex*: one event per document, in batches; answers the counts. */
export const reindexOpportunities = volunteeringRoute({}, async () => ok(await use.reindexOpportunities(reindexDeps())));
export const reindexUserApplications = volunteeringRoute({}, async () => ok(await use.reindexUserApplications(reindexDeps())));
export const reindexCharityApplications = volunteeringRoute({}, async () => ok(await use.reindexCharityApplications(reindexDeps())));
export const reindexInvitations = volunteeringRoute({}, async () => ok(await use.reindexInvitations(reindexDeps())));
export const reindexCatalogues = volunteeringRoute({}, async () => ok(await use.reindexCatalogues(reindexDeps())));

/** POST /volunteering/modelTraining: the model as a file, its name in content-disposition. */
export const train = volunteeringRoute({}, async () => {
  const { model, fileName } = await use.trainModel(deps());
  return {
    status: 200,
    text: JSON.stringify(model, null, 2),
    headers: { 'content-type': 'application/octet-stream', 'content-disposition': `attachment; filename="${fileName}"` },
  };
});

/** GET /volunteering/recommendRoles?country= */
export const recommendRoles = volunteeringRoute({ query: z.object({ country: z.optional(countryCodeSchema) }) }, async (request) =>
  ok(await use.recommendRoles(deps(), actorOf(request), request.query.country ?? 'nz')),
);
