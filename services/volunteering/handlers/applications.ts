import {
  applicationParams,
  completeApplicationSchema,
  contactCharitySchema,
  editIndividualApplicationSchema,
  editTeamApplicationSchema,
  individualApplySchema,
  sessionParams,
  teamApplySchema,
} from '@giving/shared/contracts/volunteering';
import { logger } from '@giving/shared/lambda/logger';
import { created, noContent, ok } from '@giving/shared/lambda/http';
import { deps, depsWithMail } from '../adapters';
import * as use from '../domain/applications';
import { actorOf, namedActorOf, volunteeringRoute } from '../http';


/** POST /volunteer/session/{sessionId}/individualApply (201); the same Idempotency-Key again answers the same application. */
export const individualApply = volunteeringRoute({ params: sessionParams, body: individualApplySchema, idempotencyKey: 'optional' }, async (request) =>
  created(await use.apply(deps(), await namedActorOf(request), request.params.sessionId, { kind: 'Individual', message: request.body?.message }, request.idempotencyKey)),
);

/** POST /volunteer/session/{sessionId}/teamApply (201) */
export const teamApply = volunteeringRoute({ params: sessionParams, body: teamApplySchema, idempotencyKey: 'optional' }, async (request) =>
  created(await use.apply({ ...depsWithMail(), log: logger }, await namedActorOf(request), request.params.sessionId, { kind: 'Team', ...request.body }, request.idempotencyKey)),
);

/** GET /volunteer/application/me */
export const mine = volunteeringRoute({}, async (request) => ok(await use.myApplications(deps(), actorOf(request))));

/** DELETE /volunteer/application/{applicationId} (204) */
export const remove = volunteeringRoute({ params: applicationParams }, async (request) => {
  await use.deleteApplication(deps(), actorOf(request), request.params.applicationId);
  return noContent();
});

/** GET /volunteer/application/{applicationId}/edit */
export const edit = volunteeringRoute({ params: applicationParams }, async (request) => ok(await use.getApplicationEdit(deps(), actorOf(request), request.params.applicationId)));

/** PATCH /volunteer/application/{applicationId}/cancel */
export const cancel = volunteeringRoute({ params: applicationParams }, async (request) => ok(await use.cancelApplication(deps(), actorOf(request), request.params.applicationId)));

/** PATCH /volunteer/application/individual/{applicationId} */
export const editIndividual = volunteeringRoute({ params: applicationParams, body: editIndividualApplicationSchema }, async (request) =>
  ok(await use.editApplication(deps(), actorOf(request), request.params.applicationId, 'Individual', request.body)),
);

/** PATCH /volunteer/application/team/{applicationId} */
export const editTeam = volunteeringRoute({ params: applicationParams, body: editTeamApplicationSchema }, async (request) =>
  ok(await use.editApplication(deps(), actorOf(request), request.params.applicationId, 'Team', request.body)),
);

/** GET /volunteer/session/{sessionId}/application */
export const sessionApplication = volunteeringRoute({ params: sessionParams }, async (request) => ok(await use.getMySessionApplication(deps(), actorOf(request), request.params.sessionId)));

/** POST /volunteer/application/{applicationId}/contact (204) */
export const contact = volunteeringRoute({ params: applicationParams, body: contactCharitySchema }, async (request) => {
  await use.contactCharity({ ...depsWithMail(), log: logger }, actorOf(request), request.params.applicationId, request.body.message);
  return noContent();
});

/** POST /volunteer/application/{applicationId}/complete */
export const complete = volunteeringRoute({ params: applicationParams, body: completeApplicationSchema }, async (request) =>
  ok(await use.completeApplication(deps(), actorOf(request), request.params.applicationId, 'applicant', request.body?.hoursPerPerson)),
);
