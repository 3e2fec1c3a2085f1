import { countryCodeSchema } from '@giving/shared/contracts/common';
import {
  charityIdParams,
  externalFeedbackInputSchema,
  externalFeedbackParams,
  workplaceIdParams,
  workplaceVolunteeringReportQuerySchema,
} from '@giving/shared/contracts/volunteering';
import { created, ok } from '@giving/shared/lambda/http';
import * as z from 'zod/mini';
import { deps } from '../adapters';
import * as use from '../domain/members';
import { workplaceReport as reportOf } from '../domain/reports';
import { actorOf, namedActorOf, volunteeringRoute } from '../http';

const countryQuery = z.object({ country: z.optional(countryCodeSchema) });

/** GET /volunteer/volunteer/configuration */
export const configuration = volunteeringRoute({}, async () => ok(use.configuration()));

/** GET /volunteer/member/me */
export const me = volunteeringRoute({}, async (request) => ok(await use.memberMe(deps(), await namedActorOf(request))));

/** POST /volunteer/volunteer/me/externalFeedback (201) */
export const recordExternalFeedback = volunteeringRoute({ body: externalFeedbackInputSchema }, async (request) =>
  created(await use.recordExternalFeedback(deps(), actorOf(request), request.body)),
);

/** GET /volunteer/volunteer/me/externalFeedback/{externalFeedbackId} */
export const getExternalFeedback = volunteeringRoute({ params: externalFeedbackParams }, async (request) =>
  ok(await use.getExternalFeedback(deps(), actorOf(request), request.params.externalFeedbackId)),
);

/** GET /volunteer/workplace/byCharity/{charityId} (the tenant policy checked the caller's charity roles) */
export const workplacesByCharity = volunteeringRoute({ params: charityIdParams }, async ({ params }) => ok(await use.workplacesByCharity(deps(), params.charityId)));

/** GET /volunteer/GetVolunteerFeed?country= */
export const feed = volunteeringRoute({ query: countryQuery }, async ({ query }) => ok(await use.volunteerFeed(deps(), query.country ?? 'nz')));

/** GET /volunteering/workplace/{workplaceId}/report?from=&to= — the tenant policy checked Workplace_ViewReports in {workplaceId}. */
export const workplaceReport = volunteeringRoute({ params: workplaceIdParams, query: workplaceVolunteeringReportQuerySchema }, async ({ params, query }) =>
  ok(await reportOf(deps(), params.workplaceId, query)),
);
