import { APPLICATION_STATUSES, charityApplicationParams, charityIdParams, completeApplicationSchema, declineApplicationSchema } from '@giving/shared/contracts/volunteering';
import { MESSAGES } from '@giving/shared/contracts/messages';
import { ok } from '@giving/shared/lambda/http';
import * as z from 'zod/mini';
import { deps } from '../adapters';
import * as use from '../domain/applications';
import { charityVolunteeringDashboard } from '../domain/dashboard';
import { actorOf, volunteeringRoute } from '../http';

/** The charity console's applications; the manifest's tenant policy has checked the caller's roles in {charityId}. */

/** GET /volunteering/charity/{charityId}/volunteer/application?status= */
export const list = volunteeringRoute(
  { params: charityIdParams, query: z.object({ status: z.optional(z.enum(APPLICATION_STATUSES, { error: MESSAGES.invalidInput })) }) },
  async (request) => ok(await use.listCharityApplications(deps(), actorOf(request), request.params.charityId, request.query.status)),
);

/** GET /volunteering/charity/{charityId}/volunteer/application/{applicationId} */
export const get = volunteeringRoute({ params: charityApplicationParams }, async (request) =>
  ok(await use.getCharityApplication(deps(), actorOf(request), request.params.charityId, request.params.applicationId)),
);

/** PATCH .../accept */
export const accept = volunteeringRoute({ params: charityApplicationParams }, async (request) =>
  ok(await use.acceptApplication(deps(), actorOf(request), request.params.charityId, request.params.applicationId)),
);

/** PATCH .../decline */
export const decline = volunteeringRoute({ params: charityApplicationParams, body: declineApplicationSchema }, async (request) =>
  ok(await use.declineApplication(deps(), actorOf(request), request.params.charityId, request.params.applicationId, request.body?.reason)),
);

/** POST /volunteering/charity/{charityId}/volunteer/application/{applicationId}/complete */
export const complete = volunteeringRoute({ params: charityApplicationParams, body: completeApplicationSchema }, async (request) =>
  ok(await use.completeApplication(deps(), actorOf(request), request.params.applicationId, { charityId: request.params.charityId }, request.body?.hoursPerPerson)),
);

/** GET /volunteering/charity/{charityId}/dashboard — volunteers and hours this month and last, and what waits for the charity. */
export const dashboard = volunteeringRoute({ params: charityIdParams }, async (request) => ok(await charityVolunteeringDashboard(deps(), request.params.charityId, deps().clock.now())));
