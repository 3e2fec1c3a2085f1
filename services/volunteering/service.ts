import { CharityMembershipChanged, CharityProfilePublished, MemberNamesChanged, WorkplaceMembershipChanged } from '@giving/shared/events/accounts';
import { REINDEX_EVENTS, VolunteerApplied, VolunteerHoursRecorded, VolunteeringOpportunityChanged } from '@giving/shared/events/volunteering';
import { MemberErasureRequested, PersonalDataErased, PersonalDataExportRequested, PersonalDataGathered } from '@giving/shared/events/privacy';
import { patternFor } from '@giving/shared/events';
import { defineService, type AuthPolicy, type RouteSpec } from '@giving/shared/manifest';
import type { Permission } from '@giving/shared/permissions';

/**
 * volunteering: opportunities and their sessions, applications (individual and team), team invitations, feedback,
 * completion (hours -> VolunteerHoursRecorded), sign-ups (new applications -> VolunteerApplied, for the ticker),
 * comments, templates, the recommender, search re-indexing, reports and the back office's moderation. Item layout: adapters/keys.ts. Use cases: domain/opportunities.ts, domain/applications.ts
 * (the lifecycle table is domain/lifecycle.ts), domain/members.ts, domain/operations.ts.
 *
 * Who may call what (spec 2 §6; docs/DECISIONS.md "Volunteering routes"):
 * - Every call the spec names answers 401 to anonymous callers. Visitors read the public list and vacancy page
 *   through the /volunteering/public/* twins, which never show exclusive opportunities (the configuration's
 *   catalogues are constants of shared/contracts/volunteering.ts, so visitors' filters need no call).
 * - Member calls need a signed-in member; object-level rules (own application, invited member, the opportunity's
 *   charity's volunteering staff) are checked in the use cases, from volunteering's copy of charity roles.
 * - Charity console calls with {charityId} in the path are tenant policies (Charity_Volunteering*).
 * - The workplace console's report ({workplaceId}) is a tenant policy (Workplace_ViewReports), from volunteering's copy
 *   of workplace memberships.
 * - The back office's calls (spec 2 §7 "Volunteering back office") answer 401 to anyone who is not an authorised
 *   back-office user (spec 1 §6), signed in or not.
 * - Operations (ReIndex*, modelTraining) are back-office work (BackOffice_ManageVacancies, 403 otherwise);
 *   recommendRoles is any signed-in member's.
 */
const SIGNED_IN: AuthPolicy = { kind: 'signedIn' };
const PUBLIC: AuthPolicy = { kind: 'public' };
const charity = (...anyOf: Permission[]): AuthPolicy => ({ kind: 'signedIn', anyOf, tenant: { kind: 'charity', param: 'charityId' } });
const backOffice = (...anyOf: Permission[]): AuthPolicy => ({ kind: 'signedIn', anyOf, deniedAs: 'Unauthorized' });
const operations: AuthPolicy = { kind: 'signedIn', anyOf: ['BackOffice_ManageVacancies'] };
const workplace = (...anyOf: Permission[]): AuthPolicy => ({ kind: 'signedIn', anyOf, tenant: { kind: 'workplace', param: 'workplaceId' } });

type Route = Pick<RouteSpec, 'method' | 'path' | 'auth' | 'summary' | 'timeoutSeconds' | 'response'> & { handler: string; write?: boolean; mail?: boolean; media?: boolean; publishes?: RouteSpec['access']['publishes'] };
const route = ({ write, mail, media, publishes, ...spec }: Route): RouteSpec => ({
  ...spec,
  access: { table: write ? 'readWrite' : 'read', ...(mail ? { sendsMail: true } : {}), ...(media ? { media: 'readWrite' } : {}), ...(publishes ? { publishes } : {}) },
});
const reindex = (name: string, handler: string, what: string): RouteSpec =>
  route({
    method: 'POST',
    path: `/volunteering/${name}` as `/${string}`,
    handler: `handlers/operations#${handler}`,
    response: { status: 200, schema: 'volunteering#reindexResultSchema' },
    auth: operations,
    publishes: REINDEX_EVENTS,
    // HTTP API waits 30 s: a catalogue larger than that re-emits in 29 s needs the job moved to a queue (see DECISIONS).
    timeoutSeconds: 29,
    summary: `Re-emits ${what} for search, one event per document in PutEvents batches of 10; answers the counts.`,
  });

export default defineService({
  service: 'volunteering',
  table: { indexes: ['gsi1', 'gsi2', 'gsi3'], ttlAttribute: 'expiresAt', stream: 'NEW_IMAGE' },
  routes: [
    // The member side (spec 2 §7 "Volunteering (member side)").
    route({ method: 'GET', path: '/volunteer/volunteer/configuration', response: { status: 200 }, handler: 'handlers/members#configuration', auth: SIGNED_IN, summary: 'The enumerations and catalogues (statuses, types, skills, categories, SDGs, date filters) the forms and filters use.' }),
    route({ method: 'GET', path: '/volunteer/member/me', response: { status: 200 }, handler: 'handlers/members#me', auth: SIGNED_IN, summary: "The signed-in volunteer: workplaces (and whether they may volunteer there), applications, hours, skills." }),
    route({ method: 'POST', path: '/volunteer/volunteer/me/externalFeedback', response: { status: 201 }, handler: 'handlers/members#recordExternalFeedback', auth: SIGNED_IN, write: true, summary: 'Records volunteering done outside the platform (201 + the record).' }),
    route({ method: 'GET', path: '/volunteer/volunteer/me/externalFeedback/{externalFeedbackId}', response: { status: 200 }, handler: 'handlers/members#getExternalFeedback', auth: SIGNED_IN, summary: "One of the member's external feedback records (another member's is 404)." }),
    route({ method: 'GET', path: '/volunteer/workplace/byCharity/{charityId}', response: { status: 200 }, handler: 'handlers/members#workplacesByCharity', auth: charity('Charity_VolunteeringView'), summary: "Workplaces whose members volunteered with the charity: volunteers, applications, hours." }),
    route({ method: 'POST', path: '/volunteer/session/{sessionId}/individualApply', response: { status: 201 }, handler: 'handlers/applications#individualApply', auth: SIGNED_IN, write: true, summary: 'Applies for a session (201): takes one place atomically; 409 when full, ended or already applied; optional Idempotency-Key.' }),
    route({ method: 'POST', path: '/volunteer/session/{sessionId}/teamApply', response: { status: 201 }, handler: 'handlers/applications#teamApply', auth: SIGNED_IN, write: true, mail: true, summary: 'Applies as a team (201): the leader plus each invited member take places in one transaction; members are e-mailed.' }),
    route({ method: 'GET', path: '/volunteer/application/me', response: { status: 200 }, handler: 'handlers/applications#mine', auth: SIGNED_IN, summary: "The member's applications, team invitations to answer, and feedback they still owe." }),
    route({ method: 'DELETE', path: '/volunteer/application/{applicationId}', response: { status: 204 }, handler: 'handlers/applications#remove', auth: SIGNED_IN, write: true, summary: 'Deletes an application before acceptance (its places go back) or once Retracted/Declined (204).' }),
    route({ method: 'GET', path: '/volunteer/application/{applicationId}/edit', response: { status: 200 }, handler: 'handlers/applications#edit', auth: SIGNED_IN, summary: "The applicant's own application, for its edit form." }),
    route({ method: 'GET', path: '/volunteer/application/team/{applicationId}/team', response: { status: 200 }, handler: 'handlers/teams#team', auth: SIGNED_IN, summary: 'The team: leader, members and their answers, places held, fee due.' }),
    route({ method: 'PATCH', path: '/volunteer/application/{applicationId}/cancel', response: { status: 200 }, handler: 'handlers/applications#cancel', auth: SIGNED_IN, write: true, summary: 'The applicant withdraws (Retracted); the places go back atomically; 409 from any other status.' }),
    route({ method: 'PATCH', path: '/volunteer/application/individual/{applicationId}', response: { status: 200 }, handler: 'handlers/applications#editIndividual', auth: SIGNED_IN, write: true, summary: "Changes an individual application's message (Applied or Accepted)." }),
    route({ method: 'PATCH', path: '/volunteer/application/team/{applicationId}', response: { status: 200 }, handler: 'handlers/applications#editTeam', auth: SIGNED_IN, write: true, summary: "Changes a team application's name or message (Applied or Accepted)." }),
    route({ method: 'GET', path: '/volunteer/application/team/{applicationId}', response: { status: 200 }, handler: 'handlers/teams#teamApplication', auth: SIGNED_IN, summary: 'A team application (its leader, members and the charity see it).' }),
    route({ method: 'GET', path: '/volunteer/session/{sessionId}/application', response: { status: 200 }, handler: 'handlers/applications#sessionApplication', auth: SIGNED_IN, summary: "The caller's application for the session (404 when none)." }),
    route({ method: 'GET', path: '/volunteering/charity/{charityId}/volunteer/application/{applicationId}', response: { status: 200 }, handler: 'handlers/charity-applications#get', auth: charity('Charity_VolunteeringView'), summary: 'One of the charity’s applications (another charity’s is 404).' }),
    route({ method: 'POST', path: '/volunteer/application/{applicationId}/contact', response: { status: 204 }, handler: 'handlers/applications#contact', auth: SIGNED_IN, mail: true, summary: "E-mails the opportunity's contact with the applicant's message and address (204)." }),
    route({ method: 'POST', path: '/volunteer/application/{applicationId}/volunteerFeedback', response: { status: 201 }, handler: 'handlers/feedback#volunteer', auth: SIGNED_IN, write: true, summary: "The applicant's feedback on a completed application (Completed -> UserFeedbackGiven, CharityFeedbackGiven -> BothFeedbacksGiven)." }),
    route({ method: 'GET', path: '/volunteer/application/{applicationId}/feedbackQuestions', response: { status: 200 }, handler: 'handlers/feedback#questions', auth: SIGNED_IN, summary: 'The questions each side answers when giving feedback.' }),
    route({ method: 'POST', path: '/volunteer/application/{applicationId}/charityFeedback', response: { status: 201 }, handler: 'handlers/feedback#charity', auth: SIGNED_IN, write: true, summary: "The charity's feedback on the volunteer (its Charity_VolunteeringManage staff; Completed -> CharityFeedbackGiven, UserFeedbackGiven -> BothFeedbacksGiven)." }),
    route({ method: 'GET', path: '/volunteer/application/{applicationId}/charityFeedback', response: { status: 200 }, handler: 'handlers/feedback#getCharity', auth: SIGNED_IN, summary: "The charity's feedback (the applicant and the charity see it; 404 until given)." }),
    route({ method: 'POST', path: '/volunteer/application/team/{applicationId}/invite', response: { status: 200 }, handler: 'handlers/teams#invite', auth: SIGNED_IN, write: true, mail: true, summary: 'The leader invites more members by e-mail; each takes a place atomically (409 when the session has too few).' }),
    route({ method: 'PATCH', path: '/volunteer/application/team/{applicationId}/me/response', response: { status: 200 }, handler: 'handlers/teams#respond', auth: SIGNED_IN, write: true, summary: 'An invited member answers Going or NotGoing (NotGoing gives the place back; Going again retakes one).' }),
    route({ method: 'PATCH', path: '/volunteer/application/team/{applicationId}/reInvite', response: { status: 200 }, handler: 'handlers/teams#reInvite', auth: SIGNED_IN, write: true, mail: true, summary: 'The leader e-mails members again; a NotGoing member is asked again (AwaitingResponse) and retakes a place.' }),
    route({ method: 'POST', path: '/volunteer/application/{applicationId}/complete', response: { status: 200 }, handler: 'handlers/applications#complete', auth: SIGNED_IN, write: true, summary: 'The applicant completes an Accepted application once its session started; its hours are added to the site stats.' }),
    route({ method: 'POST', path: '/volunteering/charity/{charityId}/volunteer/application/{applicationId}/complete', response: { status: 200 }, handler: 'handlers/charity-applications#complete', auth: charity('Charity_VolunteeringManage'), write: true, summary: 'The charity completes an Accepted application (as the applicant can).' }),
    route({ method: 'GET', path: '/volunteering/charity/{charityId}/dashboard', response: { status: 200, schema: 'dashboards#charityVolunteeringDashboardSchema' }, handler: 'handlers/charity-applications#dashboard', auth: charity('Charity_VolunteeringView'), summary: "The charity dashboard's volunteering: volunteers and hours completed this month and last, applications to review and feedback to give." }),
    route({ method: 'GET', path: '/volunteer/GetVolunteerFeed', response: { status: 200 }, handler: 'handlers/members#feed', auth: SIGNED_IN, summary: 'The newest volunteering sign-ups in a country (?country=nz): charity, role, when; never who.' }),
    // The charity console's moves the spec names no paths for.
    route({ method: 'GET', path: '/volunteering/charity/{charityId}/volunteer/application', response: { status: 200 }, handler: 'handlers/charity-applications#list', auth: charity('Charity_VolunteeringView'), summary: "Every application to the charity's opportunities, newest first (?status=)." }),
    route({ method: 'PATCH', path: '/volunteering/charity/{charityId}/volunteer/application/{applicationId}/accept', response: { status: 200 }, handler: 'handlers/charity-applications#accept', auth: charity('Charity_VolunteeringManage'), write: true, summary: 'Accepts an Applied application (409 from any other status).' }),
    route({ method: 'PATCH', path: '/volunteering/charity/{charityId}/volunteer/application/{applicationId}/decline', response: { status: 200 }, handler: 'handlers/charity-applications#decline', auth: charity('Charity_VolunteeringManage'), write: true, summary: 'Declines an Applied or Accepted application with an optional reason; its places go back.' }),
    // The workplace console's volunteering report (spec 1 §2 workplace admin, reports/volunteering).
    route({ method: 'GET', path: '/volunteering/workplace/{workplaceId}/report', response: { status: 200 }, handler: 'handlers/members#workplaceReport', auth: workplace('Workplace_ViewReports'), summary: "Applications by the workplace's members (?from=&to= session days), newest first, for its volunteering report." }),

    // Opportunities (spec 2 §7 "Volunteering opportunities").
    route({ method: 'POST', path: '/volunteering/opportunity', response: { status: 201 }, handler: 'handlers/opportunities#create', auth: SIGNED_IN, write: true, summary: "A charity's new opportunity with its sessions (201; Proposed until the back office approves; the charity's Charity_VolunteeringManage)." }),
    route({ method: 'GET', path: '/volunteering/opportunity', response: { status: 200 }, handler: 'handlers/opportunities#list', auth: SIGNED_IN, summary: 'Live, online opportunities the member may see (exclusive ones for their workplace), filtered: remote, location, dates, skills.' }),
    route({ method: 'PATCH', path: '/volunteering/opportunity/{opportunityId}', response: { status: 200 }, handler: 'handlers/opportunities#update', auth: SIGNED_IN, write: true, summary: 'The whole edit form again: content and sessions (capacity never below places taken).' }),
    route({ method: 'DELETE', path: '/volunteering/opportunity/{opportunityId}', response: { status: 204 }, handler: 'handlers/opportunities#remove', auth: SIGNED_IN, write: true, summary: 'Deletes an opportunity nobody holds a place in (204; 409 otherwise).' }),
    route({ method: 'GET', path: '/volunteering/opportunity/{opportunityId}/edit', response: { status: 200 }, handler: 'handlers/opportunities#edit', auth: SIGNED_IN, summary: "The edit form's data (its charity's volunteering staff)." }),
    route({ method: 'GET', path: '/volunteering/charity/{charityUrl}/vacancy/{opportunityUrl}', response: { status: 200 }, handler: 'handlers/opportunities#vacancy', auth: SIGNED_IN, summary: 'The vacancy page: the opportunity with its sessions, places left, schedule and location labels.' }),
    route({ method: 'GET', path: '/volunteering/charity/{charityId}/opportunity', response: { status: 200 }, handler: 'handlers/opportunities#byCharity', auth: charity('Charity_VolunteeringView'), summary: "Every opportunity of the charity, whatever its status (the console's volunteer roles)." }),
    route({ method: 'PUT', path: '/volunteering/charity/{charityId}/opportunity/{opportunityId}/image', response: { status: 200 }, handler: 'handlers/opportunities#uploadImage', auth: charity('Charity_VolunteeringManage'), write: true, media: true, summary: "Uploads a role's image (PNG, JPEG, WebP or GIF up to 1 MB) to the media bucket and makes it the role's imageUrl (another charity's role is 404)." }),
    route({ method: 'GET', path: '/volunteer/opportunity/{opportunityId}/sessionsSummary', response: { status: 200 }, handler: 'handlers/opportunities#sessionsSummary', auth: SIGNED_IN, summary: 'Sessions at a glance: count, upcoming, places required/taken/left, next session, labels.' }),
    route({ method: 'GET', path: '/volunteer/opportunity/{opportunityId}/session', response: { status: 200 }, handler: 'handlers/opportunities#sessions', auth: SIGNED_IN, summary: 'The sessions with their capacity now.' }),
    route({ method: 'GET', path: '/volunteer/opportunity/{opportunityId}/applicants', response: { status: 200 }, handler: 'handlers/opportunities#applicants', auth: SIGNED_IN, summary: "Who applied (the opportunity's charity's volunteering staff; 403 for others)." }),
    route({ method: 'GET', path: '/volunteer/opportunity/{opportunityId}/session/{sessionId}', response: { status: 200 }, handler: 'handlers/opportunities#session', auth: SIGNED_IN, summary: 'One session with its capacity now.' }),
    route({ method: 'GET', path: '/volunteering/opportunity/{opportunityId}/comment', response: { status: 200 }, handler: 'handlers/opportunities#comments', auth: SIGNED_IN, summary: 'Comments on an opportunity, newest first.' }),
    route({ method: 'POST', path: '/volunteering/opportunity/{opportunityId}/comment', response: { status: 201 }, handler: 'handlers/opportunities#addComment', auth: SIGNED_IN, write: true, summary: 'Adds a comment (201).' }),
    route({ method: 'GET', path: '/volunteering/opportunity/template', response: { status: 200 }, handler: 'handlers/opportunities#templates', auth: SIGNED_IN, summary: 'Opportunity templates, with how many each category has.' }),
    route({ method: 'GET', path: '/volunteering/opportunity/template/{templateId}', response: { status: 200 }, handler: 'handlers/opportunities#template', auth: SIGNED_IN, summary: 'One template.' }),
    route({ method: 'PATCH', path: '/volunteering/opportunity/{opportunityId}/toggleOnlineStatus', response: { status: 200 }, handler: 'handlers/opportunities#toggleOnline', auth: SIGNED_IN, write: true, summary: 'Takes an opportunity on- or offline (isOnline sets it; an empty body flips it).' }),
    route({ method: 'GET', path: '/volunteering/recommendRoles', response: { status: 200 }, handler: 'handlers/operations#recommendRoles', auth: SIGNED_IN, summary: "Roles recommended for the member by the trained model (?country=nz), each with the reasons." }),
    // The public twins of the reads visitors need (no exclusive opportunities).
    route({ method: 'GET', path: '/volunteering/public/opportunity', response: { status: 200 }, handler: 'handlers/opportunities#publicList', auth: PUBLIC, summary: 'The public volunteering list for visitors: the same filters, never exclusive opportunities.' }),
    route({ method: 'GET', path: '/volunteering/public/charity/{charityUrl}/vacancy/{opportunityUrl}', response: { status: 200 }, handler: 'handlers/opportunities#publicVacancy', auth: PUBLIC, summary: 'The public vacancy page (404 for exclusive, offline or unapproved opportunities).' }),

    // Operations (spec 2 §7 "Volunteering operations").
    reindex('ReIndexVolunteeringOpportunity', 'reindexOpportunities', 'every opportunity (index volunteeringopportunities-v2)'),
    reindex('ReIndexUserVolunteerApplication', 'reindexUserApplications', "every application, as its member's document"),
    reindex('ReIndexCharityVolunteerApplication', 'reindexCharityApplications', "every application, as its charity's document"),
    reindex('ReIndexVolunteerApplicationInvitation', 'reindexInvitations', 'every team invitation'),
    reindex('ReIndexVolunteeringOpportunityCatalogues', 'reindexCatalogues', 'the skill and category catalogues'),
    route({ method: 'POST', path: '/volunteering/modelTraining', handler: 'handlers/operations#train', auth: operations, write: true, timeoutSeconds: 29, summary: 'Trains the recommender on every application and keeps it; answers the model file (content-disposition names it).' }),

    // The back office (spec 2 §7 "Volunteering back office"): 401 for callers who are not authorised back-office users.
    route({ method: 'GET', path: '/volunteering/backOffice/dashboard', response: { status: 200, schema: 'volunteering#volunteeringBackOfficeDashboardSchema' }, handler: 'handlers/back-office#dashboard', auth: backOffice('BackOffice_ViewDashboard'), summary: "How many roles wait for approval (the back office's dashboard)." }),
    route({ method: 'GET', path: '/volunteering/backOffice/opportunity', response: { status: 200 }, handler: 'handlers/back-office#list', auth: backOffice('BackOffice_ViewVacancies'), summary: 'The moderation list by content status (?contentStatus=Proposed|Live|Denied, ?q=, ?cursor=).' }),
    route({ method: 'PATCH', path: '/volunteering/backOffice/opportunity/{opportunityId}', response: { status: 204 }, handler: 'handlers/back-office#update', auth: backOffice('BackOffice_ManageVacancies'), write: true, summary: 'Approves (Live), denies (with a reason) or edits an opportunity (204).' }),
    route({ method: 'DELETE', path: '/volunteering/backOffice/opportunity/{opportunityId}', response: { status: 204 }, handler: 'handlers/back-office#remove', auth: backOffice('BackOffice_ManageVacancies'), write: true, summary: 'Deletes an opportunity nobody holds a place in (204).' }),
    route({ method: 'GET', path: '/volunteering/backOffice/opportunity/{opportunityId}/edit', response: { status: 200 }, handler: 'handlers/back-office#edit', auth: backOffice('BackOffice_ViewVacancies'), summary: 'Any opportunity, for editing.' }),
    route({ method: 'GET', path: '/volunteering/backOffice/charity/{charityUrl}/vacancy/{opportunityUrl}', response: { status: 200 }, handler: 'handlers/back-office#vacancy', auth: backOffice('BackOffice_ViewVacancies'), summary: 'Any vacancy page, whatever its status.' }),
    route({ method: 'GET', path: '/volunteering/backOffice/volunteer/opportunity/{opportunityId}/sessionsSummary', response: { status: 200 }, handler: 'handlers/back-office#sessionsSummary', auth: backOffice('BackOffice_ViewVacancies'), summary: 'Sessions at a glance.' }),
    route({ method: 'GET', path: '/volunteering/backOffice/volunteer/opportunity/{opportunityId}/session', response: { status: 200 }, handler: 'handlers/back-office#sessions', auth: backOffice('BackOffice_ViewVacancies'), summary: 'The sessions with their capacity.' }),
    route({ method: 'GET', path: '/volunteering/backOffice/volunteer/opportunity/{opportunityId}/session/{sessionId}', response: { status: 200 }, handler: 'handlers/back-office#session', auth: backOffice('BackOffice_ViewVacancies'), summary: 'One session.' }),
    route({ method: 'GET', path: '/volunteering/backOffice/volunteer/opportunity/{opportunityId}/applicants', response: { status: 200 }, handler: 'handlers/back-office#applicants', auth: backOffice('BackOffice_ViewVacancies'), summary: 'Who applied.' }),
    route({ method: 'GET', path: '/volunteering/backOffice/opportunity/{opportunityId}/comment', response: { status: 200 }, handler: 'handlers/back-office#comments', auth: backOffice('BackOffice_ViewVacancies'), summary: 'The comments.' }),
    route({ method: 'PATCH', path: '/volunteering/backOffice/{opportunityId}/toggleOnlineStatus', response: { status: 204 }, handler: 'handlers/back-office#toggleOnline', auth: backOffice('BackOffice_ManageVacancies'), write: true, summary: 'Takes any opportunity on- or offline (204).' }),
    route({ method: 'POST', path: '/volunteering/backOffice/bulkUpdateOpportunitySdgs', response: { status: 204 }, handler: 'handlers/back-office#bulkUpdateSdgs', auth: backOffice('BackOffice_ManageVacancies'), write: true, summary: "Replaces listed opportunities' SDGs (204; 400 naming any unknown opportunity, nothing written)." }),
    route({ method: 'GET', path: '/volunteering/backOffice/report', response: { status: 200 }, handler: 'handlers/back-office#report', auth: backOffice('BackOffice_ViewReports'), summary: 'Every application, or one charity’s (?charityId=&from=&to= session days), newest first, for the platform’s volunteering report.' }),
  ],
  streams: [
    {
      // Storage-first: a stored Completed application is published even if the request that completed it crashed.
      name: 'publish-volunteer-hours',
      filter: { eventName: ['MODIFY'], dynamodb: { NewImage: { sk: { S: ['APP'] }, status: { S: ['Completed'] } } } },
      handler: 'handlers/publish-hours',
      batchSize: 25,
      access: { publishes: [VolunteerHoursRecorded] },
    },
    {
      // Storage-first too: every stored application is a sign-up for the header's ticker (no names), once per application.
      name: 'publish-volunteer-sign-ups',
      filter: { eventName: ['INSERT'], dynamodb: { NewImage: { sk: { S: ['APP'] } } } },
      handler: 'handlers/publish-sign-ups',
      batchSize: 25,
      access: { publishes: [VolunteerApplied] },
    },
    {
      // Storage-first: every stored state of an opportunity (created, edited, moderated, taken on- or offline, pictured)
      // and its deletion is published for search. Keys, not the image: a REMOVE record has no new image.
      name: 'publish-opportunities',
      filter: { eventName: ['INSERT', 'MODIFY', 'REMOVE'], dynamodb: { Keys: { pk: { S: [{ prefix: 'OPP#' }] }, sk: { S: ['OPP'] } } } },
      handler: 'handlers/publish-opportunity',
      batchSize: 25,
      access: { publishes: [VolunteeringOpportunityChanged] },
    },
    {
      // A denied role reaches its charity by e-mail once the denial is stored (once per denial).
      name: 'notify-denied-opportunities',
      filter: { eventName: ['MODIFY'], dynamodb: { NewImage: { sk: { S: ['OPP'] }, contentStatus: { S: ['Denied'] } } } },
      handler: 'handlers/notify-denied-opportunity',
      batchSize: 10,
      access: { table: 'readWrite', sendsMail: true },
    },
  ],
  subscriptions: [
    { name: 'record-charity-profile', pattern: patternFor(CharityProfilePublished), handler: 'handlers/record-copies#charityProfile', access: { table: 'readWrite' } },
    { name: 'record-charity-membership', pattern: patternFor(CharityMembershipChanged), handler: 'handlers/record-copies#charityMembership', access: { table: 'readWrite' } },
    { name: 'record-workplace-membership', pattern: patternFor(WorkplaceMembershipChanged), handler: 'handlers/record-copies#workplaceMembership', access: { table: 'readWrite' } },
    { name: 'record-member-names', pattern: patternFor(MemberNamesChanged), handler: 'handlers/record-copies#memberNamesChanged', access: { table: 'readWrite' } },
    // A member's own data (issue 17 item 7): their part of "Download my data", and "Delete my account". Up to 5
    // minutes: no index finds comments or charity feedback by who wrote them, so they scan the table. Erasing
    // publishes nothing more itself: hours kept without the member were published when completed (publish-hours
    // skips an erased application), and search indexes no application.
    { name: 'gather-personal-data', pattern: patternFor(PersonalDataExportRequested), handler: 'handlers/personal-data#gather', access: { table: 'read', personalData: 'write', publishes: [PersonalDataGathered.volunteering] }, timeoutSeconds: 300 },
    { name: 'erase-personal-data', pattern: patternFor(MemberErasureRequested), handler: 'handlers/personal-data#erase', access: { table: 'readWrite', publishes: [PersonalDataErased.volunteering] }, timeoutSeconds: 300 },
  ],
});
