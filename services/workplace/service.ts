import { BadgeAwarded, CharityProfilePublished, WorkplaceMembershipChanged, WorkplaceProfilePublished } from '@giving/shared/events/accounts';
import { DonationCompleted, DonationRefunded, PayrollPledgeCancelled, PayrollPledgeCreated } from '@giving/shared/events/donations';
import { MemberErasureRequested, PersonalDataErased, PersonalDataExportRequested, PersonalDataGathered } from '@giving/shared/events/privacy';
import { VolunteerHoursRecorded } from '@giving/shared/events/volunteering';
import { EmployeeRecordsImported, ExternalDonationApproved, PayrollDonationsConfirmed } from '@giving/shared/events/workplace';
import { patternFor } from '@giving/shared/events';
import { defineService, type AuthPolicy, type RouteSpec } from '@giving/shared/manifest';
import type { Permission } from '@giving/shared/permissions';

/**
 * workplace: payroll giving (issue 15). Pay cycles, payroll file structures, its copy of members' payroll pledges and
 * of the workplace's employees, and the payroll batches (files for finance) made from them.
 *
 * Items: adapters/keys.ts. Use cases: domain/pay-cycles.ts (periods: domain/pay-periods.ts), domain/file-structures.ts
 * (catalogue, presets, rendering: domain/payroll-file.ts), domain/batches.ts. Files live in the payroll-files bucket
 * (private; never served by CloudFront).
 *
 * Who may call what: the workplace's pay-cycle permissions for cycles and structures; the pay-cycle or payments
 * permissions for batches and their files (issue 15 item 5). Roles come from workplace's own copy of memberships.
 */
const workplace = (...anyOf: Permission[]): AuthPolicy => ({ kind: 'signedIn', anyOf, tenant: { kind: 'workplace', param: 'workplaceId' } });
const VIEW_CYCLES = workplace('Workplace_ViewPayCycles', 'Workplace_ManagePayCycles');
const MANAGE_CYCLES = workplace('Workplace_ManagePayCycles');
const READ_BATCHES = workplace('Workplace_ViewPayCycles', 'Workplace_ManagePayCycles', 'Workplace_ViewPayments', 'Workplace_ManagePayments');
const EXPORT = workplace('Workplace_ManagePayCycles', 'Workplace_ManagePayments');
const RECONCILE = workplace('Workplace_ManagePayments');
const VIEW_MEMBERS = workplace('Workplace_ViewMembers', 'Workplace_ManageMembers');
const MANAGE_MEMBERS = workplace('Workplace_ManageMembers');
const REPORTS = workplace('Workplace_ViewReports', 'Workplace_ManageReports');
const DASHBOARD = workplace('Workplace_ViewDashboard', 'Workplace_ManageDashboard');
const SIGNED_IN: AuthPolicy = { kind: 'signedIn' };
const VIEW_PAYMENTS = workplace('Workplace_ViewPayments', 'Workplace_ManagePayments');
const BACK_OFFICE_WORKPLACES: AuthPolicy = { kind: 'signedIn', anyOf: ['BackOffice_ViewWorkplaces', 'BackOffice_ManageWorkplaces'] };

type Route = Pick<RouteSpec, 'method' | 'path' | 'auth' | 'summary' | 'timeoutSeconds' | 'memoryMb' | 'response'> & {
  handler: string;
  write?: boolean;
  files?: 'read' | 'readWrite';
  mail?: boolean;
  publishes?: NonNullable<RouteSpec['access']['publishes']>;
};
const route = ({ write, files, mail, publishes, ...spec }: Route): RouteSpec => ({
  ...spec,
  access: { table: write ? 'readWrite' : 'read', ...(files ? { payrollFiles: files } : {}), ...(mail ? { sendsMail: true } : {}), ...(publishes ? { publishes } : {}) },
});

const BASE = '/workplace/{workplaceId}';
const CYCLE = `${BASE}/pay-cycles/{payCycleId}`;
const STRUCTURE = `${BASE}/file-structures/{fileStructureId}`;
const BATCH = `${BASE}/payroll-batches/{batchId}`;

/** Making a batch reads every pledge of the workplace and streams the file through /tmp to S3 (issue 15 item 4). */
const BATCH_JOB = { timeoutSeconds: 300, memoryMb: 512 } as const;

export default defineService({
  service: 'workplace',
  table: { indexes: ['gsi1'], ttlAttribute: 'expiresAt' },
  routes: [
    // Pay cycles (the console's pay-cycles screen).
    route({ method: 'GET', path: `${BASE}/pay-cycles`, response: { status: 200, schema: 'workplace-payroll#payCycleListSchema' }, handler: 'handlers/pay-cycles#list', auth: VIEW_CYCLES, summary: "The workplace's pay cycles, each with its current period and the next ones: {items:[{id, ...}]}." }),
    route({ method: 'POST', path: `${BASE}/pay-cycles`, response: { status: 201, schema: 'workplace-payroll#payCycleSchema' }, handler: 'handlers/pay-cycles#create', auth: MANAGE_CYCLES, write: true, summary: 'Creates a pay cycle (201): frequency, a period end and its pay date, the cut-off, time zone, business units, file structure, finance contacts.' }),
    route({ method: 'GET', path: CYCLE, response: { status: 200 }, handler: 'handlers/pay-cycles#get', auth: VIEW_CYCLES, summary: 'One pay cycle with its next periods (another workplace’s is 404).' }),
    route({ method: 'PUT', path: CYCLE, response: { status: 200, schema: 'workplace-payroll#payCycleSchema' }, handler: 'handlers/pay-cycles#update', auth: MANAGE_CYCLES, write: true, summary: 'Replaces the pay cycle; its next due cut-off moves with it.' }),
    route({ method: 'DELETE', path: CYCLE, response: { status: 204 }, handler: 'handlers/pay-cycles#remove', auth: MANAGE_CYCLES, write: true, summary: 'Deletes a pay cycle that has produced no batch (409 otherwise).' }),
    route({
      method: 'POST',
      path: `${CYCLE}/export`,
      response: { status: 200, schema: 'workplace-payroll#exportAnswerSchema' },
      handler: 'handlers/pay-cycles#exportNow',
      auth: EXPORT,
      write: true,
      files: 'readWrite',
      mail: true,
      ...BATCH_JOB,
      timeoutSeconds: 29,
      summary: "'Export now': the current period's batch, made once ({batchId}); the same batch however often it is asked for.",
    }),
    // Payroll file structures (the console's pay-cycles/integrations screen).
    // The code each charity has in the workplace's payroll (the file's "Charity payroll code" column).
    route({ method: 'GET', path: `${BASE}/charity-payroll-codes`, response: { status: 200, schema: 'workplace-payroll#charityPayrollCodeListSchema' }, handler: 'handlers/charity-codes#list', auth: VIEW_CYCLES, summary: "The code the workplace's payroll knows each charity by: {items:[{charityId, payrollCode, updatedAt}]}." }),
    route({ method: 'PUT', path: `${BASE}/charity-payroll-codes/{charityId}`, response: { status: 200, schema: 'workplace-payroll#charityPayrollCodeListSchema' }, handler: 'handlers/charity-codes#set', auth: MANAGE_CYCLES, write: true, summary: "Sets a charity's payroll code ('' clears it); later batches write it in the file. Answers the workplace's codes." }),
    route({ method: 'GET', path: `${BASE}/file-structures`, response: { status: 200, schema: 'workplace-payroll#fileStructureListSchema' }, handler: 'handlers/file-structures#list', auth: VIEW_CYCLES, summary: "The workplace's payroll file structures (latest version of each)." }),
    route({ method: 'GET', path: `${BASE}/file-structures/presets`, response: { status: 200, schema: 'workplace-payroll#fileStructurePresetsSchema' }, handler: 'handlers/file-structures#presets', auth: VIEW_CYCLES, summary: 'What each payroll system’s preset fills in (KeyPay, PayGlobal, Microkeeper, generic CSV).' }),
    route({ method: 'POST', path: `${BASE}/file-structures/preview`, response: { status: 200, schema: 'workplace-payroll#fileStructurePreviewSchema' }, handler: 'handlers/file-structures#preview', auth: VIEW_CYCLES, summary: 'A structure (saved or not) written over sample lines, as payroll would receive it.' }),
    route({ method: 'POST', path: `${BASE}/file-structures`, response: { status: 201, schema: 'workplace-payroll#fileStructureSchema' }, handler: 'handlers/file-structures#create', auth: MANAGE_CYCLES, write: true, summary: 'Creates a structure at version 1 (201).' }),
    route({ method: 'GET', path: STRUCTURE, response: { status: 200 }, handler: 'handlers/file-structures#get', auth: VIEW_CYCLES, summary: 'One structure, latest version.' }),
    route({ method: 'PUT', path: STRUCTURE, response: { status: 200, schema: 'workplace-payroll#fileStructureSchema' }, handler: 'handlers/file-structures#update', auth: MANAGE_CYCLES, write: true, summary: 'Saves a new version of the structure (earlier batches keep theirs).' }),
    // Payroll batches (the console's payments screen).
    route({ method: 'GET', path: `${BASE}/payroll-batches`, response: { status: 200, schema: 'workplace-payroll#payrollBatchListSchema' }, handler: 'handlers/batches#list', auth: READ_BATCHES, summary: 'Batches, newest period first: {items:[{id, payCycleId, periodEnd, status, lineCount, totalAmount}]}.' }),
    route({ method: 'GET', path: BATCH, response: { status: 200, schema: 'workplace-payroll#payrollBatchSchema' }, handler: 'handlers/batches#get', auth: READ_BATCHES, summary: 'One batch.' }),
    route({ method: 'GET', path: `${BATCH}/file`, handler: 'handlers/batches#file', auth: READ_BATCHES, files: 'read', summary: 'The batch’s file, named by content-disposition.' }),
    // Reconciliation (the console's payments screen): what payroll actually deducted, and confirming the donations.
    route({ method: 'POST', path: `${BATCH}/actuals`, response: { status: 200, schema: 'workplace-payroll#reconciliationSchema' }, handler: 'handlers/reconciliation#upload', auth: RECONCILE, write: true, files: 'readWrite', ...BATCH_JOB, timeoutSeconds: 29, summary: "Reads payroll's actuals (the structure's layout) against the batch: matched, under- and over-deducted, no pledge, not deducted; the batch becomes Reconciled." }),
    route({ method: 'GET', path: `${BATCH}/reconciliation`, response: { status: 200, schema: 'workplace-payroll#reconciliationSchema' }, handler: 'handlers/reconciliation#get', auth: READ_BATCHES, files: 'read', summary: 'The last upload’s reconciliation, each line with what to do.' }),
    route({ method: 'POST', path: `${BATCH}/confirm`, response: { status: 200, schema: 'workplace-payroll#payrollBatchSchema' }, handler: 'handlers/reconciliation#confirm', auth: RECONCILE, write: true, files: 'read', publishes: [PayrollDonationsConfirmed], ...BATCH_JOB, timeoutSeconds: 29, summary: 'Gives what payroll deducted: each pledge’s share becomes a completed payroll donation, once; the batch becomes Confirmed.' }),
    // Eligibility files (the console's eligibility-files screen; the back office's across workplaces).
    route({ method: 'POST', path: `${BASE}/eligibility-files`, response: { status: 201, schema: 'workplace-payroll#eligibilityReportSchema' }, handler: 'handlers/eligibility#upload', auth: MANAGE_MEMBERS, write: true, files: 'readWrite', publishes: [EmployeeRecordsImported], timeoutSeconds: 29, memoryMb: 512, summary: "HR's employees (number, e-mail, employment type, business unit, dates): every row checked; Accepted updates the members' employment records, Rejected changes nothing (201 with the per-row report)." }),
    route({ method: 'GET', path: `${BASE}/eligibility-files`, response: { status: 200, schema: 'workplace-payroll#eligibilityFileListSchema' }, handler: 'handlers/eligibility#list', auth: VIEW_MEMBERS, summary: "The workplace's eligibility files, newest first." }),
    route({ method: 'GET', path: `${BASE}/eligibility-files/{fileId}`, response: { status: 200, schema: 'workplace-payroll#eligibilityReportSchema' }, handler: 'handlers/eligibility#get', auth: VIEW_MEMBERS, files: 'read', summary: 'One file with each row’s errors.' }),
    route({ method: 'GET', path: '/workplace/backoffice/eligibility-files', response: { status: 200, schema: 'workplace-payroll#eligibilityFileListSchema' }, handler: 'handlers/eligibility#listAll', auth: BACK_OFFICE_WORKPLACES, summary: "Every workplace's eligibility files, newest first (the latest 200)." }),
    // The workplace's giving: the donation report and the dashboard's figures (members' donations of every kind).
    route({ method: 'GET', path: `${BASE}/reports/donations`, response: { status: 200, schema: 'workplace-reports#workplaceDonationReportSchema' }, handler: 'handlers/reports#donations', auth: REPORTS, timeoutSeconds: 29, summary: 'Donations by month, charity, business unit and giving type between two months (totals only, never people).' }),
    route({ method: 'GET', path: `${BASE}/reports/donations/csv`, response: { status: 200, contentType: 'text/csv' }, handler: 'handlers/reports#donationsCsv', auth: REPORTS, timeoutSeconds: 29, summary: 'The same as CSV: a row per month, charity, business unit and giving type.' }),
    route({ method: 'GET', path: `${BASE}/reports/badges`, response: { status: 200, schema: 'workplace-reports#badgeReportSchema' }, handler: 'handlers/reports#badgeReports', auth: REPORTS, timeoutSeconds: 29, summary: "Badges the workplace's members earned between two months: by badge, and by business unit with the share of its members who earned one." }),
    route({ method: 'GET', path: `${BASE}/reports/badges/csv`, response: { status: 200, contentType: 'text/csv' }, handler: 'handlers/reports#badgeReportsCsv', auth: REPORTS, timeoutSeconds: 29, summary: 'The same as CSV: a row per business unit and badge, and each unit\'s figures (never people).' }),
    route({ method: 'GET', path: `${BASE}/reports/engagement`, response: { status: 200, schema: 'workplace-reports#engagementReportSchema' }, handler: 'handlers/reports#engagement', auth: REPORTS, timeoutSeconds: 29, summary: 'Participation by business unit between two months: members, donors, volunteers, hours, the share who took part.' }),
    route({ method: 'GET', path: `${BASE}/reports/engagement/csv`, response: { status: 200, contentType: 'text/csv' }, handler: 'handlers/reports#engagementCsv', auth: REPORTS, timeoutSeconds: 29, summary: 'The same as CSV, a row per business unit and one for them all.' }),
    route({ method: 'GET', path: `${BASE}/reports/summary`, response: { status: 200, schema: 'workplace-reports#givingSummarySchema' }, handler: 'handlers/reports#summary', auth: DASHBOARD, summary: "The dashboard's giving figures: this month, this year, by giving type, top charities." }),
    // External donations: a member's gifts made elsewhere (the user area), approved by the workplace for matching.
    route({ method: 'POST', path: '/workplace/me/external-donations', response: { status: 201, schema: 'workplace-payroll#externalDonationSchema' }, handler: 'handlers/external-donations#record', auth: SIGNED_IN, write: true, files: 'readWrite', summary: 'A member records a donation made elsewhere, with its receipt (PDF, JPEG or PNG, 2 MB), for one of their workplaces (201; once per Idempotency-Key).' }),
    route({ method: 'GET', path: '/workplace/me/external-donations', response: { status: 200, schema: 'workplace-payroll#externalDonationListSchema' }, handler: 'handlers/external-donations#mine', auth: SIGNED_IN, summary: "The member's recorded external donations and what their workplaces decided." }),
    route({ method: 'GET', path: '/workplace/me/external-donations/{externalDonationId}/receipt', handler: 'handlers/external-donations#myReceipt', auth: SIGNED_IN, files: 'read', summary: "The receipt the member uploaded with one of their own external donations (another member's is a 404)." }),
    route({ method: 'GET', path: `${BASE}/external-donations`, response: { status: 200, schema: 'workplace-payroll#externalDonationListSchema' }, handler: 'handlers/external-donations#list', auth: VIEW_PAYMENTS, summary: "The workplace's external donations, pending first." }),
    route({ method: 'POST', path: `${BASE}/external-donations/{externalDonationId}/decision`, response: { status: 200, schema: 'workplace-payroll#externalDonationSchema' }, handler: 'handlers/external-donations#decide', auth: RECONCILE, write: true, publishes: [ExternalDonationApproved], summary: 'Approves (for matching, as ExternalDonation) or declines (with a reason) a pending external donation.' }),
    route({ method: 'GET', path: `${BASE}/external-donations/{externalDonationId}/receipt`, handler: 'handlers/external-donations#receipt', auth: VIEW_PAYMENTS, files: 'read', summary: "The donation's receipt as the member uploaded it." }),
    // The finance e-mail's link: a random, expiring token is the only credential (issue 15 item 4: "a short-lived link").
    route({ method: 'GET', path: '/workplace/payroll-files/{token}', handler: 'handlers/batches#fileByLink', auth: { kind: 'public' }, files: 'read', summary: 'The file a finance e-mail links to, while its link lasts (72 hours).' }),
  ],
  subscriptions: [
    { name: 'record-payroll-pledges', pattern: { source: [PayrollPledgeCreated.source], 'detail-type': [PayrollPledgeCreated.name, PayrollPledgeCancelled.name] }, handler: 'handlers/record-copies#payrollPledges', access: { table: 'readWrite' } },
    { name: 'record-workplace-membership', pattern: patternFor(WorkplaceMembershipChanged), handler: 'handlers/record-copies#workplaceMembership', access: { table: 'readWrite' } },
    { name: 'record-workplace-profiles', pattern: patternFor(WorkplaceProfilePublished), handler: 'handlers/record-copies#workplaceProfile', access: { table: 'readWrite' } },
    { name: 'record-member-donations', pattern: patternFor(DonationCompleted), handler: 'handlers/reports#recordDonation', access: { table: 'readWrite' }, batchSize: 10 },
    { name: 'record-member-refunds', pattern: patternFor(DonationRefunded), handler: 'handlers/reports#recordRefund', access: { table: 'readWrite' }, batchSize: 10 },
    { name: 'record-member-badges', pattern: patternFor(BadgeAwarded), handler: 'handlers/reports#recordBadge', access: { table: 'readWrite' }, batchSize: 10 },
    { name: 'record-member-volunteering', pattern: patternFor(VolunteerHoursRecorded), handler: 'handlers/reports#recordVolunteering', access: { table: 'readWrite' }, batchSize: 10 },
    { name: 'record-charity-profiles', pattern: patternFor(CharityProfilePublished), handler: 'handlers/record-copies#charityProfile', access: { table: 'readWrite' } },
    // "Download my data" and "Delete my account" (issue 17 item 7): domain/personal-data.ts. Deduction lines and
    // reconciliations are read from the payroll files; erasing deletes the receipts of the member's external donations.
    { name: 'gather-personal-data', pattern: patternFor(PersonalDataExportRequested), handler: 'handlers/personal-data#gather', access: { table: 'read', personalData: 'write', payrollFiles: 'read', publishes: [PersonalDataGathered.workplace] }, ...BATCH_JOB },
    { name: 'erase-personal-data', pattern: patternFor(MemberErasureRequested), handler: 'handlers/personal-data#erase', access: { table: 'readWrite', payrollFiles: 'readWrite', publishes: [PersonalDataErased.workplace] }, timeoutSeconds: 300 },
  ],
  schedules: [
    {
      name: 'produce-due-payroll-batches',
      expression: 'rate(5 minutes)',
      description:
        "Makes the batch of every pay cycle whose cut-off (in the cycle's own time zone) has come, once per cycle and period, writes its file to S3 and e-mails the finance contacts a link.",
      handler: 'handlers/produce-due-batches',
      access: { table: 'readWrite', payrollFiles: 'readWrite', sendsMail: true },
      ...BATCH_JOB,
    },
  ],
});
