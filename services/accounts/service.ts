import { BadgeAwarded, CharityMembershipChanged, CharityProfilePublished, MemberNamesChanged, WorkplaceMembershipChanged, WorkplaceProfilePublished } from '@giving/shared/events/accounts';
import { EmployeeRecordsImported } from '@giving/shared/events/workplace';
import { DonationCompleted, VoucherPurchased } from '@giving/shared/events/donations';
import { VolunteerApplied, VolunteerHoursRecorded } from '@giving/shared/events/volunteering';
import { patternFor } from '@giving/shared/events';
import { ALL_PERSONAL_DATA_ERASED, ALL_PERSONAL_DATA_GATHERED, MemberErasureRequested, PersonalDataErased, PersonalDataExportRequested, PersonalDataGathered } from '@giving/shared/events/privacy';
import { defineService, type AuthPolicy, type RouteSpec } from '@giving/shared/manifest';
import type { Permission } from '@giving/shared/permissions';

/**
 * accounts: members, charities, workplaces (business units), associations and roles, invitations, permissions,
 * site config and features, menu links, badges, site stats and the ticker, content approval, e-mail templates,
 * security settings. Item layout: adapters/keys.ts.
 */
const PUBLIC: AuthPolicy = { kind: 'public' };
const SIGNED_IN: AuthPolicy = { kind: 'signedIn' };
const charity = (...anyOf: Permission[]): AuthPolicy => ({ kind: 'signedIn', anyOf, tenant: { kind: 'charity', param: 'charityId' } });
const workplace = (...anyOf: Permission[]): AuthPolicy => ({ kind: 'signedIn', anyOf, tenant: { kind: 'workplace', param: 'workplaceId' } });
const backOffice = (...anyOf: Permission[]): AuthPolicy => ({ kind: 'signedIn', anyOf });

type Route = Pick<RouteSpec, 'method' | 'path' | 'auth' | 'summary' | 'timeoutSeconds' | 'response'> & {
  handler: string;
  write?: boolean;
  mail?: boolean;
  groups?: boolean;
  publishes?: RouteSpec['access']['publishes'];
};
const route = ({ write, mail, groups, publishes, ...spec }: Route): RouteSpec => ({
  ...spec,
  handler: spec.handler,
  access: { table: write ? 'readWrite' : 'read', ...(mail ? { sendsMail: true } : {}), ...(groups ? { userPoolGroups: true } : {}), ...(publishes ? { publishes } : {}) },
});

export default defineService({
  service: 'accounts',
  table: { indexes: ['gsi1', 'gsi2', 'gsi3'], ttlAttribute: 'expiresAt', stream: 'NEW_IMAGE' },
  routes: [
    // Public site data.
    route({ method: 'GET', path: '/accounts/charities', response: { status: 200, schema: 'accounts-public#charityListSchema' }, handler: 'handlers/list-charities', auth: PUBLIC, summary: 'Charities listed in a country (?country=nz), by name.' }),
    route({ method: 'GET', path: '/accounts/charities/{charityUrl}', response: { status: 200, schema: 'accounts-public#charityProfileSchema' }, handler: 'handlers/get-charity', auth: PUBLIC, summary: 'Public charity profile for the charity page.' }),
    route({ method: 'GET', path: '/accounts/site', response: { status: 200, schema: 'accounts-public#siteConfigSchema' }, handler: 'handlers/site#getSiteConfig', auth: PUBLIC, summary: 'Site config for a country: showGratuity, currency, site feed, features, single sign-in address.' }),
    route({ method: 'GET', path: '/accounts/site/stats', response: { status: 200, schema: 'accounts#siteStatsSchema' }, handler: 'handlers/site-activity#getSiteStats', auth: PUBLIC, summary: "The header's site-wide stats: overall donations, active users, volunteered hours." }),
    route({ method: 'GET', path: '/accounts/site/recent', response: { status: 200, schema: 'accounts#recentActivityListSchema' }, handler: 'handlers/site-activity#getRecentActivity', auth: PUBLIC, summary: "The ticker's recent donations, volunteering sign-ups and gift voucher purchases." }),
    route({ method: 'GET', path: '/accounts/site/menu-links', response: { status: 200, schema: 'accounts-public#menuLinkListSchema' }, handler: 'handlers/site#getMenuLinks', auth: PUBLIC, summary: "The site's navigation links (name, path)." }),
    route({ method: 'PUT', path: '/accounts/site/menu-links', response: { status: 200 }, handler: 'handlers/site#putMenuLinks', auth: backOffice('BackOffice_ManageMenuLinks'), write: true, summary: 'Content admins (CMS) replace the navigation links of a country.' }),
    route({ method: 'GET', path: '/account/logout', handler: 'handlers/logout', auth: PUBLIC, summary: 'Ends the browser session (clears the session and return cookies) and goes to the site root.', response: { status: 302 } }),
    // Issue 17 item 8: for integrators. The file is written at build time (npm run openapi); the function reads nothing.
    {
      method: 'GET',
      path: '/openapi.json',
      handler: 'handlers/openapi',
      auth: PUBLIC,
      summary: "This API's OpenAPI 3.1 document: every route, who may call it, what it accepts and its errors (cached 5 minutes).",
      access: {},
      response: { status: 200 },
    },

    // The signed-in member.
    route({ method: 'GET', path: '/accounts/me', response: { status: 200, schema: 'accounts#adminMenuSchema' }, handler: 'handlers/me#getAdminMenu', auth: SIGNED_IN, write: true, summary: 'Admin menu data: primary account, associations, admin and corporate roles (creates the member record on first sign-in).' }),
    route({ method: 'GET', path: '/accounts/me/permissions', response: { status: 200, schema: 'accounts#permissionListSchema' }, handler: 'handlers/me#getPermissions', auth: SIGNED_IN, summary: 'The permissions routine: the allowed list for the site, optionally in one charity or workplace.' }),
    route({ method: 'GET', path: '/accounts/me/profile', response: { status: 200, schema: 'accounts#memberProfileSchema' }, handler: 'handlers/me#getProfile', auth: SIGNED_IN, summary: "The member's own profile." }),
    route({ method: 'PUT', path: '/accounts/me/profile', response: { status: 200 }, handler: 'handlers/me#updateProfile', auth: SIGNED_IN, write: true, summary: "Updates the member's names." }),
    route({ method: 'GET', path: '/accounts/me/dashboard', response: { status: 200, schema: 'accounts#userDashboardSchema' }, handler: 'handlers/me#getDashboard', auth: SIGNED_IN, summary: 'The user dashboard: profile, badges, completed donations, pending invitations.' }),
    route({ method: 'GET', path: '/accounts/me/badges', response: { status: 200, schema: 'accounts#memberBadgeListSchema' }, handler: 'handlers/me#getBadges', auth: SIGNED_IN, summary: "The member's badges." }),
    route({ method: 'GET', path: '/accounts/me/invitations', response: { status: 200, schema: 'accounts#invitationListSchema' }, handler: 'handlers/invitations#listMine', auth: SIGNED_IN, summary: "Pending invitations addressed to the member's e-mail." }),
    // A member's own data (issue 17 item 7).
    route({ method: 'POST', path: '/accounts/me/data-exports', response: { status: 202, schema: 'personal-data#dataExportAnswerSchema' }, handler: 'handlers/personal-data#requestExport', auth: SIGNED_IN, write: true, publishes: [PersonalDataExportRequested], summary: '"Download my data": starts gathering everything the platform holds about the member (one export at a time; 409 while one is being prepared); they are e-mailed when it is ready.' }),
    route({ method: 'GET', path: '/accounts/me/data-exports', response: { status: 200, schema: 'personal-data#dataExportListSchema' }, handler: 'handlers/personal-data#listExports', auth: SIGNED_IN, summary: "The member's data exports, newest first: Preparing (parts gathered of all), Ready (until when), Expired." }),
    {
      method: 'GET',
      path: '/accounts/me/data-exports/{exportId}/download',
      handler: 'handlers/personal-data#downloadExport',
      auth: SIGNED_IN,
      summary: "The member's ready export as a .zip (data.json, a CSV per data set, README.txt); over 4 MB, a 303 to a 5-minute signed address. 409 while preparing, 404 once expired.",
      access: { table: 'read', personalData: 'read' },
      response: { status: 200 },
    },
    {
      method: 'POST',
      path: '/accounts/me/deletion',
      handler: 'handlers/personal-data#requestDeletion',
      auth: SIGNED_IN,
      summary: '"Delete my account", confirmed with the sign-in e-mail: deletes the sign-in at once and asks every service to erase the member\'s data (financial records stay without their identity). 409 while they are the only administrator of a charity or workplace.',
      access: { table: 'readWrite', sendsMail: true, deletesUsers: true, publishes: [MemberErasureRequested] },
      response: { status: 202, schema: 'personal-data#accountDeletionAnswerSchema' },
    },
    route({ method: 'POST', path: '/accounts/invitations/{invitationId}/accept', response: { status: 200 }, handler: 'handlers/invitations#accept', auth: SIGNED_IN, write: true, summary: 'Accepts an invitation addressed to the signed-in e-mail; adds the association.' }),

    // Charity admin console (object-level: permissions in the charity named by the path).
    route({ method: 'GET', path: '/accounts/charity/{charityId}/members', response: { status: 200, schema: 'accounts#charityMemberListSchema' }, handler: 'handlers/charity-console#listMembers', auth: charity('Charity_MemberView'), summary: "The charity's members and their roles." }),
    route({ method: 'DELETE', path: '/accounts/charity/{charityId}/members/{memberId}', response: { status: 204 }, handler: 'handlers/charity-console#removeMember', auth: charity('Charity_MemberManage'), write: true, summary: 'Removes a member from the charity (never the last admin).' }),
    route({ method: 'GET', path: '/accounts/charity/{charityId}/invitations', response: { status: 200, schema: 'accounts#invitationListSchema' }, handler: 'handlers/invitations#listForCharity', auth: charity('Charity_MemberView'), summary: "The charity's pending invitations." }),
    route({ method: 'POST', path: '/accounts/charity/{charityId}/invitations', response: { status: 201 }, handler: 'handlers/invitations#inviteToCharity', auth: charity('Charity_MemberManage'), write: true, mail: true, summary: 'Invites a person by e-mail (one pending invitation per address); e-mails them.' }),
    route({ method: 'DELETE', path: '/accounts/charity/{charityId}/invitations/{invitationId}', response: { status: 204 }, handler: 'handlers/invitations#revokeForCharity', auth: charity('Charity_MemberManage'), write: true, summary: 'Revokes a pending invitation.' }),
    route({ method: 'GET', path: '/accounts/charity/{charityId}/settings', response: { status: 200, schema: 'accounts#charitySettingsSchema' }, handler: 'handlers/charity-console#getSettings', auth: charity('Charity_DashboardView'), summary: "The charity's profile and any change waiting for approval." }),
    route({ method: 'PUT', path: '/accounts/charity/{charityId}/settings', response: { status: 200 }, handler: 'handlers/charity-console#updateSettings', auth: charity('Charity_DashboardManage'), write: true, summary: 'Proposes profile changes; they go live when the back office approves them.' }),

    // Workplace admin console.
    route({ method: 'GET', path: '/accounts/workplace/{workplaceId}/settings', response: { status: 200, schema: 'accounts#workplaceSchema' }, handler: 'handlers/workplace-console#getSettings', auth: workplace('Workplace_ViewSettings', 'Workplace_ViewDashboard'), summary: 'The workplace and its business units.' }),
    route({ method: 'PUT', path: '/accounts/workplace/{workplaceId}/settings', response: { status: 200 }, handler: 'handlers/workplace-console#updateSettings', auth: workplace('Workplace_ManageSettings'), write: true, summary: 'Renames the workplace and edits its business units.' }),
    route({ method: 'GET', path: '/accounts/workplace/{workplaceId}/members', response: { status: 200, schema: 'accounts#workplaceMemberListSchema' }, handler: 'handlers/workplace-console#listMembers', auth: workplace('Workplace_ViewMembers'), summary: "The workplace's members, roles, employment type and business unit." }),
    route({ method: 'PATCH', path: '/accounts/workplace/{workplaceId}/members/{memberId}', response: { status: 200 }, handler: 'handlers/workplace-console#updateMember', auth: workplace('Workplace_ManageMembers'), write: true, summary: "Changes a member's corporate roles, employment type or business unit." }),
    route({ method: 'DELETE', path: '/accounts/workplace/{workplaceId}/members/{memberId}', response: { status: 204 }, handler: 'handlers/workplace-console#removeMember', auth: workplace('Workplace_ManageMembers'), write: true, summary: 'Removes a member from the workplace (never the last admin).' }),
    route({ method: 'GET', path: '/accounts/workplace/{workplaceId}/invitations', response: { status: 200, schema: 'accounts#invitationListSchema' }, handler: 'handlers/invitations#listForWorkplace', auth: workplace('Workplace_ViewMembers'), summary: "The workplace's pending invitations." }),
    route({ method: 'POST', path: '/accounts/workplace/{workplaceId}/invitations', response: { status: 201 }, handler: 'handlers/invitations#inviteToWorkplace', auth: workplace('Workplace_ManageMembers'), write: true, mail: true, summary: 'Invites a person by e-mail to a corporate role; e-mails them.' }),
    route({ method: 'DELETE', path: '/accounts/workplace/{workplaceId}/invitations/{invitationId}', response: { status: 204 }, handler: 'handlers/invitations#revokeForWorkplace', auth: workplace('Workplace_ManageMembers'), write: true, summary: 'Revokes a pending invitation.' }),
    route({ method: 'GET', path: '/accounts/workplace/{workplaceId}/charities', response: { status: 200, schema: 'accounts#workplaceCharityListSchema' }, handler: 'handlers/workplace-console#listCharities', auth: workplace('Workplace_ViewCharities'), summary: 'Charities the workplace supports.' }),
    route({ method: 'PUT', path: '/accounts/workplace/{workplaceId}/charities/{charityId}', response: { status: 200 }, handler: 'handlers/workplace-console#addCharity', auth: workplace('Workplace_ManageCharities'), write: true, summary: 'Adds a supported charity (idempotent).' }),
    route({ method: 'DELETE', path: '/accounts/workplace/{workplaceId}/charities/{charityId}', response: { status: 204 }, handler: 'handlers/workplace-console#removeCharity', auth: workplace('Workplace_ManageCharities'), write: true, summary: 'Removes a supported charity.' }),

    // Back office.
    route({ method: 'GET', path: '/accounts/backoffice/dashboard', response: { status: 200, schema: 'accounts#backOfficeDashboardSchema' }, handler: 'handlers/back-office#getDashboard', auth: backOffice('BackOffice_ViewDashboard'), summary: 'Counts of charities, members, admins, workplaces and content waiting for approval.' }),
    route({ method: 'GET', path: '/accounts/backoffice/charities', response: { status: 200 }, handler: 'handlers/back-office#listCharities', auth: backOffice('BackOffice_ViewCharities'), summary: 'Every charity, searchable by name.' }),
    route({ method: 'POST', path: '/accounts/backoffice/charities', response: { status: 201 }, handler: 'handlers/back-office#createCharity', auth: backOffice('BackOffice_ManageCharities'), write: true, summary: 'Lists a new charity (its URL must be free).' }),
    route({
      method: 'POST',
      path: '/accounts/backoffice/ReIndexCharities',
      response: { status: 200 },
      handler: 'handlers/reindex-charities#reindexCharities',
      auth: backOffice('BackOffice_ManageCharities'),
      publishes: [CharityProfilePublished],
      // HTTP API waits 30 s: a directory too large to re-emit in 29 s needs the run moved to a queue.
      timeoutSeconds: 29,
      summary: "Re-emits CharityProfilePublished for every charity's stored profile (search builds its charities index from them), with the version last published and the run's reindexId, in PutEvents batches of 10; answers {reindexId, events, batches}.",
    }),
    route({ method: 'GET', path: '/accounts/backoffice/members', response: { status: 200, schema: 'accounts#memberListSchema' }, handler: 'handlers/back-office#listMembers', auth: backOffice('BackOffice_ViewMembers'), summary: 'Every member, searchable by name or e-mail.' }),
    route({ method: 'GET', path: '/accounts/backoffice/members/{memberId}/audit', response: { status: 200, schema: 'personal-data#auditTrailSchema' }, handler: 'handlers/personal-data#auditTrail', auth: backOffice('BackOffice_ViewMembers'), summary: "Who changed what on a member's records, newest first, 50 at a time (?cursor=): roles, names, memberships, data requests, deletion." }),
    route({ method: 'GET', path: '/accounts/backoffice/admins', response: { status: 200, schema: 'accounts#memberListSchema' }, handler: 'handlers/back-office#listAdmins', auth: backOffice('BackOffice_ViewAdmins'), summary: 'Members holding the Administrator role.' }),
    route({ method: 'PUT', path: '/accounts/backoffice/admins/{memberId}', response: { status: 200 }, handler: 'handlers/back-office#grantAdmin', auth: backOffice('BackOffice_ManageAdmins'), write: true, groups: true, summary: 'Grants the Administrator role (user pool group and member record).' }),
    route({ method: 'DELETE', path: '/accounts/backoffice/admins/{memberId}', response: { status: 200 }, handler: 'handlers/back-office#revokeAdmin', auth: backOffice('BackOffice_ManageAdmins'), write: true, groups: true, summary: 'Revokes the Administrator role (never your own).' }),
    route({ method: 'GET', path: '/accounts/backoffice/workplaces', response: { status: 200 }, handler: 'handlers/back-office#listWorkplaces', auth: backOffice('BackOffice_ViewWorkplaces'), summary: 'Every workplace.' }),
    route({ method: 'POST', path: '/accounts/backoffice/workplaces', response: { status: 201 }, handler: 'handlers/back-office#createWorkplace', auth: backOffice('BackOffice_ManageWorkplaces'), write: true, summary: 'Creates a workplace.' }),
    route({ method: 'GET', path: '/accounts/backoffice/content', response: { status: 200, schema: 'accounts#contentListSchema' }, handler: 'handlers/content-approval#listContent', auth: backOffice('BackOffice_ManageContent'), summary: 'Content by status (Proposed first).' }),
    route({ method: 'POST', path: '/accounts/backoffice/content/{contentId}/approve', response: { status: 200 }, handler: 'handlers/content-approval#approve', auth: backOffice('BackOffice_ManageContent'), write: true, summary: 'Approves proposed content; it goes live.' }),
    route({ method: 'POST', path: '/accounts/backoffice/content/{contentId}/deny', response: { status: 200 }, handler: 'handlers/content-approval#deny', auth: backOffice('BackOffice_ManageContent'), write: true, summary: 'Denies proposed content with a reason.' }),
    route({ method: 'GET', path: '/accounts/backoffice/email-templates', response: { status: 200, schema: 'accounts#emailTemplateListSchema' }, handler: 'handlers/back-office-content#listEmailTemplates', auth: backOffice('BackOffice_ManageContent'), summary: 'The e-mail templates the platform sends.' }),
    route({ method: 'PUT', path: '/accounts/backoffice/email-templates/{templateName}', response: { status: 200 }, handler: 'handlers/back-office-content#updateEmailTemplate', auth: backOffice('BackOffice_ManageContent'), write: true, summary: "Edits a template's subject and body." }),
    route({ method: 'GET', path: '/accounts/backoffice/badges', response: { status: 200, schema: 'accounts#badgeListSchema' }, handler: 'handlers/back-office-content#listBadges', auth: backOffice('BackOffice_ManageContent'), summary: 'Badge definitions.' }),
    route({ method: 'POST', path: '/accounts/backoffice/badges', response: { status: 201 }, handler: 'handlers/back-office-content#createBadge', auth: backOffice('BackOffice_ManageContent'), write: true, summary: 'Defines a badge awarded at a number of completed donations.' }),
    route({ method: 'DELETE', path: '/accounts/backoffice/badges/{badgeId}', response: { status: 204 }, handler: 'handlers/back-office-content#deleteBadge', auth: backOffice('BackOffice_ManageContent'), write: true, summary: 'Retires a badge definition (awarded badges stay).' }),
    route({ method: 'GET', path: '/accounts/backoffice/security', response: { status: 200, schema: 'accounts#securitySettingsSchema' }, handler: 'handlers/back-office-content#getSecurity', auth: backOffice('BackOffice_ViewAdmins'), summary: 'Security settings (MFA for administrators, session length).' }),
    route({ method: 'PUT', path: '/accounts/backoffice/security', response: { status: 200 }, handler: 'handlers/back-office-content#updateSecurity', auth: backOffice('BackOffice_ManageAdmins'), write: true, groups: true, summary: "Changes the security settings and applies MFA for administrators to the user pool." }),
  ],
  streams: [
    {
      // Storage-first: whatever writes a charity's profile (back office, approved proposal, seed), its stored state is
      // published, even if the writer never got to publish it itself. Search lists charities from it too.
      name: 'publish-charity-profiles',
      filter: { eventName: ['INSERT', 'MODIFY'], dynamodb: { NewImage: { pk: { S: [{ prefix: 'CHARITY#' }] }, sk: { S: ['PROFILE'] } } } },
      handler: 'handlers/publish-charity-profile',
      batchSize: 25,
      // Writes the version each publication carried (CHARITY#<id> / PUBLISHEDVERSION), which ReIndexCharities re-emits with.
      access: { table: 'readWrite', publishes: [CharityProfilePublished] },
    },
    {
      // Charity and workplace memberships (joined, roles changed, removed), so donations checks its charity console
      // routes and gates payment methods and payroll against its own copy of the roles. Keys, not the image: a REMOVE
      // record has no new image.
      name: 'publish-memberships',
      filter: {
        eventName: ['INSERT', 'MODIFY', 'REMOVE'],
        dynamodb: { Keys: { pk: { S: [{ prefix: 'CHARITY#' }, { prefix: 'WORKPLACE#' }] }, sk: { S: [{ prefix: 'MEMBER#' }] } } },
      },
      handler: 'handlers/publish-membership',
      batchSize: 25,
      access: { publishes: [CharityMembershipChanged, WorkplaceMembershipChanged] },
    },
    {
      // Workplaces (name, country, business units), so the workplace service checks eligibility files' units itself.
      name: 'publish-workplace-profiles',
      filter: { eventName: ['INSERT', 'MODIFY'], dynamodb: { NewImage: { pk: { S: [{ prefix: 'WORKPLACE#' }] }, sk: { S: ['PROFILE'] } } } },
      handler: 'handlers/publish-workplace-profile',
      batchSize: 25,
      access: { publishes: [WorkplaceProfilePublished] },
    },
    {
      // Members' names, so other services name people as accounts does (ID tokens may carry no names).
      name: 'publish-member-names',
      filter: { eventName: ['INSERT', 'MODIFY'], dynamodb: { NewImage: { pk: { S: [{ prefix: 'MEMBER#' }] }, sk: { S: ['PROFILE'] } } } },
      handler: 'handlers/publish-member-names',
      batchSize: 25,
      access: { publishes: [MemberNamesChanged] },
    },
    {
      // A member's badge, when first awarded, so workplace reports its members' badges (issue 15 item 11).
      name: 'publish-awarded-badges',
      filter: { eventName: ['INSERT'], dynamodb: { Keys: { pk: { S: [{ prefix: 'MEMBER#' }] }, sk: { S: [{ prefix: 'BADGE#' }] } } } },
      handler: 'handlers/publish-badge-awarded',
      batchSize: 25,
      access: { publishes: [BadgeAwarded] },
    },
    {
      // A denial reaches the charity by e-mail once it is stored (storage-first: the decision never waits on mail).
      name: 'notify-denied-content',
      filter: { eventName: ['MODIFY'], dynamodb: { NewImage: { pk: { S: [{ prefix: 'CONTENT#' }] }, status: { S: ['Denied'] } } } },
      handler: 'handlers/notify-denied-content',
      batchSize: 10,
      access: { table: 'readWrite', sendsMail: true },
    },
  ],
  subscriptions: [
    // A member's own data (issue 17 item 7): accounts' own part, and putting every service's answers together.
    { name: 'gather-personal-data', pattern: patternFor(PersonalDataExportRequested), handler: 'handlers/personal-data#gather', access: { table: 'read', personalData: 'write', publishes: [PersonalDataGathered.accounts] } },
    { name: 'erase-personal-data', pattern: patternFor(MemberErasureRequested), handler: 'handlers/personal-data#erase', access: { table: 'readWrite', publishes: [PersonalDataErased.accounts] } },
    {
      name: 'assemble-personal-data',
      pattern: { source: ALL_PERSONAL_DATA_GATHERED.map((event) => event.source), 'detail-type': ['PersonalDataGathered'] },
      handler: 'handlers/personal-data#assemble',
      access: { table: 'readWrite', personalData: 'readWrite', sendsMail: true },
      timeoutSeconds: 60,
      memoryMb: 512,
    },
    {
      name: 'record-erasures',
      pattern: { source: ALL_PERSONAL_DATA_ERASED.map((event) => event.source), 'detail-type': ['PersonalDataErased'] },
      handler: 'handlers/personal-data#recordErased',
      access: { table: 'readWrite' },
    },
    {
      name: 'record-donation-activity',
      pattern: patternFor(DonationCompleted),
      handler: 'handlers/record-donation-activity',
      access: { table: 'readWrite', sendsMail: true },
      batchSize: 10,
    },
    {
      // Completed volunteering raises the country's volunteered hours in the header's stats, once per application.
      name: 'record-volunteer-hours',
      pattern: patternFor(VolunteerHoursRecorded),
      handler: 'handlers/record-volunteer-hours',
      access: { table: 'readWrite' },
      batchSize: 10,
    },
    {
      // HR's accepted eligibility files (workplace service) set the members' employment records (issue 15).
      name: 'apply-employee-records',
      pattern: patternFor(EmployeeRecordsImported),
      handler: 'handlers/apply-employee-records',
      access: { table: 'readWrite' },
      batchSize: 5,
    },
    {
      // Gift voucher purchases join the ticker too (spec 1 §1, §3 "Voucher"), once per voucher, never naming anyone.
      name: 'record-voucher-purchase',
      pattern: patternFor(VoucherPurchased),
      handler: 'handlers/record-voucher-purchase',
      access: { table: 'readWrite' },
      batchSize: 10,
    },
    {
      // Volunteering sign-ups join the donations in the header's ticker (spec 1 §1), once per application.
      name: 'record-volunteer-sign-up',
      pattern: patternFor(VolunteerApplied),
      handler: 'handlers/record-volunteer-sign-up',
      access: { table: 'readWrite' },
      batchSize: 10,
    },
  ],
});
