import {
  charityIdParams,
  charityOpportunityParams,
  newCommentSchema,
  opportunityInputSchema,
  opportunityListQuerySchema,
  opportunityParams,
  opportunitySessionParams,
  templateParams,
  toggleOnlineSchema,
  vacancyParams,
} from '@giving/shared/contracts/volunteering';
import { imageUploadSchema } from '@giving/shared/contracts/media';
import { created, noContent, ok } from '@giving/shared/lambda/http';
import { deps, media, roles } from '../adapters';
import { viewerOf } from '../domain/access';
import { listApplicants } from '../domain/applications';
import { uploadOpportunityImage } from '../domain/opportunity-image';
import * as use from '../domain/opportunities';
import { actorOf, namedActorOf, volunteeringRoute } from '../http';

const viewer = async (request: Parameters<typeof actorOf>[0]) => viewerOf(roles(), actorOf(request));
const anonymous = { workplaceIds: new Set<string>() };

/** POST /volunteering/opportunity (201) */
export const create = volunteeringRoute({ body: opportunityInputSchema }, async (request) => created(await use.createOpportunity(deps(), actorOf(request), request.body)));

/** GET /volunteering/opportunity */
export const list = volunteeringRoute({ query: opportunityListQuerySchema }, async (request) => ok(await use.listOpportunities(deps(), await viewer(request), request.query)));

/** GET /volunteering/public/opportunity: the same list for visitors (no exclusive opportunities). */
export const publicList = volunteeringRoute({ query: opportunityListQuerySchema }, async (request) => ok(await use.listOpportunities(deps(), anonymous, request.query)));

/** PATCH /volunteering/opportunity/{opportunityId} */
export const update = volunteeringRoute({ params: opportunityParams, body: opportunityInputSchema }, async (request) =>
  ok(await use.updateOpportunity(deps(), actorOf(request), request.params.opportunityId, request.body)),
);

/** DELETE /volunteering/opportunity/{opportunityId} (204) */
export const remove = volunteeringRoute({ params: opportunityParams }, async (request) => {
  await use.deleteManagedOpportunity(deps(), actorOf(request), request.params.opportunityId);
  return noContent();
});

/** GET /volunteering/opportunity/{opportunityId}/edit */
export const edit = volunteeringRoute({ params: opportunityParams }, async (request) => ok(await use.getOpportunityEdit(deps(), actorOf(request), request.params.opportunityId)));

/** GET /volunteering/charity/{charityUrl}/vacancy/{opportunityUrl} */
export const vacancy = volunteeringRoute({ params: vacancyParams }, async (request) =>
  ok(await use.getVacancy(deps(), await viewer(request), request.params.charityUrl, request.params.opportunityUrl)),
);

/** GET /volunteering/public/charity/{charityUrl}/vacancy/{opportunityUrl} */
export const publicVacancy = volunteeringRoute({ params: vacancyParams }, async (request) =>
  ok(await use.getVacancy(deps(), anonymous, request.params.charityUrl, request.params.opportunityUrl)),
);

/** GET /volunteering/charity/{charityId}/opportunity (the tenant policy checked the caller's charity roles) */
export const byCharity = volunteeringRoute({ params: charityIdParams }, async ({ params }) => ok(await use.listCharityOpportunities(deps(), params.charityId)));

/** PUT /volunteering/charity/{charityId}/opportunity/{opportunityId}/image — the role's image (the tenant policy checked the caller). */
export const uploadImage = volunteeringRoute({ params: charityOpportunityParams, body: imageUploadSchema }, async ({ params, body }) =>
  ok(await uploadOpportunityImage({ ...deps(), media: media() }, params.charityId, params.opportunityId, body)),
);

/** GET /volunteer/opportunity/{opportunityId}/sessionsSummary */
export const sessionsSummary = volunteeringRoute({ params: opportunityParams }, async (request) => ok(await use.getSessionsSummary(deps(), await viewer(request), request.params.opportunityId)));

/** GET /volunteer/opportunity/{opportunityId}/session */
export const sessions = volunteeringRoute({ params: opportunityParams }, async (request) => ok(await use.listSessions(deps(), await viewer(request), request.params.opportunityId)));

/** GET /volunteer/opportunity/{opportunityId}/session/{sessionId} */
export const session = volunteeringRoute({ params: opportunitySessionParams }, async (request) =>
  ok(await use.getSession(deps(), await viewer(request), request.params.opportunityId, request.params.sessionId)),
);

/** GET /volunteer/opportunity/{opportunityId}/applicants */
export const applicants = volunteeringRoute({ params: opportunityParams }, async (request) => ok(await listApplicants(deps(), actorOf(request), request.params.opportunityId)));

/** GET /volunteering/opportunity/{opportunityId}/comment */
export const comments = volunteeringRoute({ params: opportunityParams }, async (request) => ok(await use.listComments(deps(), await viewer(request), request.params.opportunityId)));

/** POST /volunteering/opportunity/{opportunityId}/comment (201) */
export const addComment = volunteeringRoute({ params: opportunityParams, body: newCommentSchema }, async (request) => {
  const who = await viewer(request);
  return created(await use.addComment(deps(), { ...who, actor: await namedActorOf(request) }, request.params.opportunityId, request.body.text));
});

/** GET /volunteering/opportunity/template */
export const templates = volunteeringRoute({}, async () => ok(await use.listTemplates(deps())));

/** GET /volunteering/opportunity/template/{templateId} */
export const template = volunteeringRoute({ params: templateParams }, async ({ params }) => ok(await use.getTemplate(deps(), params.templateId)));

/** PATCH /volunteering/opportunity/{opportunityId}/toggleOnlineStatus */
export const toggleOnline = volunteeringRoute({ params: opportunityParams, body: toggleOnlineSchema }, async (request) =>
  ok(await use.toggleOnlineStatus(deps(), actorOf(request), request.params.opportunityId, request.body?.isOnline)),
);
