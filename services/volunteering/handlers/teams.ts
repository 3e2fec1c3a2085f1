import { applicationParams, inviteTeamMembersSchema, reInviteSchema, teamResponseSchema } from '@giving/shared/contracts/volunteering';
import { logger } from '@giving/shared/lambda/logger';
import { ok } from '@giving/shared/lambda/http';
import { deps, depsWithMail } from '../adapters';
import * as use from '../domain/applications';
import { actorOf, volunteeringRoute } from '../http';


/** GET /volunteer/application/team/{applicationId}/team */
export const team = volunteeringRoute({ params: applicationParams }, async (request) => ok(await use.getTeam(deps(), actorOf(request), request.params.applicationId)));

/** GET /volunteer/application/team/{applicationId} */
export const teamApplication = volunteeringRoute({ params: applicationParams }, async (request) => ok(await use.getTeamApplication(deps(), actorOf(request), request.params.applicationId)));

/** POST /volunteer/application/team/{applicationId}/invite */
export const invite = volunteeringRoute({ params: applicationParams, body: inviteTeamMembersSchema }, async (request) =>
  ok(await use.inviteMembers({ ...depsWithMail(), log: logger }, actorOf(request), request.params.applicationId, request.body.members)),
);

/** PATCH /volunteer/application/team/{applicationId}/me/response */
export const respond = volunteeringRoute({ params: applicationParams, body: teamResponseSchema }, async (request) =>
  ok(await use.respondToInvitation(deps(), actorOf(request), request.params.applicationId, request.body.responseStatus)),
);

/** PATCH /volunteer/application/team/{applicationId}/reInvite */
export const reInvite = volunteeringRoute({ params: applicationParams, body: reInviteSchema }, async (request) =>
  ok(await use.reInviteMembers({ ...depsWithMail(), log: logger }, actorOf(request), request.params.applicationId, request.body.emails)),
);
