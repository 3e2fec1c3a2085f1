import {
  backOfficeOpportunityQuerySchema,
  backOfficeOpportunityUpdateSchema,
  backOfficeVolunteeringReportQuerySchema,
  bulkUpdateSdgsSchema,
  opportunityParams,
  opportunitySessionParams,
  toggleOnlineSchema,
  vacancyParams,
} from '@giving/shared/contracts/volunteering';
import { notFound } from '@giving/shared/errors';
import { noContent, ok } from '@giving/shared/lambda/http';
import { deps } from '../adapters';
import { listApplicants } from '../domain/applications';
import * as use from '../domain/opportunities';
import { backOfficeReport } from '../domain/reports';
import { volunteeringRoute } from '../http';

/** The back office's volunteering calls; the manifest's policy refused (401) anyone who is not an authorised back-office user. */

const noViewer = { workplaceIds: new Set<string>() };

/** GET /volunteering/backOffice/opportunity?contentStatus=&q=&cursor= */
export const list = volunteeringRoute({ query: backOfficeOpportunityQuerySchema }, async ({ query }) => ok(await use.listForBackOffice(deps(), query)));

/** GET /volunteering/backOffice/dashboard — roles waiting for approval (the back office's dashboard adds them to its count). */
export const dashboard = volunteeringRoute({}, async () => ok(await use.backOfficeDashboard(deps())));

/** PATCH /volunteering/backOffice/opportunity/{opportunityId} (204) */
export const update = volunteeringRoute({ params: opportunityParams, body: backOfficeOpportunityUpdateSchema }, async ({ params, body }) => {
  await use.updateByBackOffice(deps(), params.opportunityId, body);
  return noContent();
});

/** DELETE /volunteering/backOffice/opportunity/{opportunityId} (204) */
export const remove = volunteeringRoute({ params: opportunityParams }, async ({ params }) => {
  const opportunity = await deps().opportunities.get(params.opportunityId);
  if (!opportunity) throw notFound('Opportunity');
  await use.deleteOpportunity(deps(), opportunity);
  return noContent();
});

/** GET /volunteering/backOffice/opportunity/{opportunityId}/edit */
export const edit = volunteeringRoute({ params: opportunityParams }, async ({ params }) => ok(await use.getOpportunityEditForBackOffice(deps(), params.opportunityId)));

/** GET /volunteering/backOffice/charity/{charityUrl}/vacancy/{opportunityUrl} */
export const vacancy = volunteeringRoute({ params: vacancyParams }, async ({ params }) => ok(await use.getVacancy(deps(), noViewer, params.charityUrl, params.opportunityUrl, true)));

/** GET /volunteering/backOffice/volunteer/opportunity/{opportunityId}/sessionsSummary */
export const sessionsSummary = volunteeringRoute({ params: opportunityParams }, async ({ params }) => ok(await use.getSessionsSummary(deps(), 'backOffice', params.opportunityId)));

/** GET /volunteering/backOffice/volunteer/opportunity/{opportunityId}/session */
export const sessions = volunteeringRoute({ params: opportunityParams }, async ({ params }) => ok(await use.listSessions(deps(), 'backOffice', params.opportunityId)));

/** GET /volunteering/backOffice/volunteer/opportunity/{opportunityId}/session/{sessionId} */
export const session = volunteeringRoute({ params: opportunitySessionParams }, async ({ params }) => ok(await use.getSession(deps(), 'backOffice', params.opportunityId, params.sessionId)));

/** GET /volunteering/backOffice/volunteer/opportunity/{opportunityId}/applicants */
export const applicants = volunteeringRoute({ params: opportunityParams }, async ({ params }) => ok(await listApplicants(deps(), 'backOffice', params.opportunityId)));

/** GET /volunteering/backOffice/opportunity/{opportunityId}/comment */
export const comments = volunteeringRoute({ params: opportunityParams }, async ({ params }) => ok(await use.listComments(deps(), 'backOffice', params.opportunityId)));

/** PATCH /volunteering/backOffice/{opportunityId}/toggleOnlineStatus (204) */
export const toggleOnline = volunteeringRoute({ params: opportunityParams, body: toggleOnlineSchema }, async ({ params, body }) => {
  const opportunity = await deps().opportunities.get(params.opportunityId);
  if (!opportunity) throw notFound('Opportunity');
  await use.setOnline(deps(), opportunity, body?.isOnline);
  return noContent();
});

/** POST /volunteering/backOffice/bulkUpdateOpportunitySdgs (204) */
export const bulkUpdateSdgs = volunteeringRoute({ body: bulkUpdateSdgsSchema }, async ({ body }) => {
  await use.bulkUpdateSdgs(deps(), body);
  return noContent();
});

/** GET /volunteering/backOffice/report?charityId=&from=&to= — the applications the platform-wide volunteering report counts. */
export const report = volunteeringRoute({ query: backOfficeVolunteeringReportQuerySchema }, async ({ query }) => ok(await backOfficeReport(deps(), query)));
