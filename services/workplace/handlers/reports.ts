import * as z from 'zod/mini';
import { workplaceParams } from '@giving/shared/contracts/workplace-payroll';
import { DonationCompleted, DonationRefunded } from '@giving/shared/events/donations';
import { VolunteerHoursRecorded } from '@giving/shared/events/volunteering';
import { csvFile, ok } from '@giving/shared/lambda/http';
import { queueConsumer } from '@giving/shared/lambda/queue';
import { BadgeAwarded } from '@giving/shared/events/accounts';
import { satisfies } from '@giving/shared/permissions';
import { badges, deps, employees, giving, roles, volunteering, workplaces } from '../adapters';
import { badgeReport, badgeReportCsv, recordMemberBadge } from '../domain/badge-reports';
import { donationReport, donationReportCsv, engagementReport, engagementReportCsv, givingSummary, recordMemberDonation, recordMemberRefund, recordMemberVolunteering } from '../domain/giving-reports';
import { workplaceRoute } from '../http';

const rangeSchema = z.object({ from: z.string({ error: 'Use a month such as 2026-01.' }), to: z.string({ error: 'Use a month such as 2026-12.' }) });

/** GET /workplace/{workplaceId}/reports/donations?from=YYYY-MM&to=YYYY-MM */
export const donations = workplaceRoute({ params: workplaceParams, query: rangeSchema }, async ({ params, query }) => ok(await donationReport(deps(), params.workplaceId, query)));

/** GET /workplace/{workplaceId}/reports/donations/csv?from=YYYY-MM&to=YYYY-MM */
export const donationsCsv = workplaceRoute({ params: workplaceParams, query: rangeSchema }, async ({ params, query }) => {
  const { fileName, text } = await donationReportCsv(deps(), params.workplaceId, query);
  return csvFile(fileName, text);
});

/**
 * GET /workplace/{workplaceId}/reports/summary — the dashboard's giving figures, with the waiting work the caller may
 * open: external donations (the payments permissions, as their screen) and payroll batches (pay cycles or payments).
 */
export const summary = workplaceRoute({ params: workplaceParams }, async ({ params, permissions }) =>
  ok(
    await givingSummary(deps(), params.workplaceId, deps().clock.now(), {
      externalDonations: satisfies(permissions, { anyOf: ['Workplace_ViewPayments', 'Workplace_ManagePayments'] }),
      payrollBatches: satisfies(permissions, { anyOf: ['Workplace_ViewPayCycles', 'Workplace_ManagePayCycles', 'Workplace_ViewPayments', 'Workplace_ManagePayments'] }),
    }),
  ),
);

/** DonationCompleted from a workplace member -> the workplace's giving (each workplace they belong to). */
export const recordDonation = queueConsumer({ events: [DonationCompleted] }, async ({ data }) => {
  await recordMemberDonation({ giving: giving(), roles: roles(), employees: employees() }, data);
});

/** DonationRefunded -> the member's donation counts for what is left of it in their workplaces' giving. */
export const recordRefund = queueConsumer({ events: [DonationRefunded] }, async ({ data }) => {
  await recordMemberRefund({ giving: giving(), roles: roles() }, data);
});

/** GET /workplace/{workplaceId}/reports/engagement?from=YYYY-MM&to=YYYY-MM */
export const engagement = workplaceRoute({ params: workplaceParams, query: rangeSchema }, async ({ params, query }) => ok(await engagementReport(deps(), params.workplaceId, query)));

/** GET /workplace/{workplaceId}/reports/engagement/csv?from=YYYY-MM&to=YYYY-MM */
export const engagementCsv = workplaceRoute({ params: workplaceParams, query: rangeSchema }, async ({ params, query }) => {
  const { fileName, text } = await engagementReportCsv(deps(), params.workplaceId, query);
  return csvFile(fileName, text);
});

/** VolunteerHoursRecorded from a workplace member -> the workplace's engagement. */
export const recordVolunteering = queueConsumer({ events: [VolunteerHoursRecorded] }, async ({ data }) => {
  await recordMemberVolunteering({ volunteering: volunteering(), roles: roles(), employees: employees() }, data);
});

/** GET /workplace/{workplaceId}/reports/badges?from=YYYY-MM&to=YYYY-MM */
export const badgeReports = workplaceRoute({ params: workplaceParams, query: rangeSchema }, async ({ params, query }) => ok(await badgeReport(deps(), params.workplaceId, query)));

/** GET /workplace/{workplaceId}/reports/badges/csv?from=YYYY-MM&to=YYYY-MM */
export const badgeReportsCsv = workplaceRoute({ params: workplaceParams, query: rangeSchema }, async ({ params, query }) => {
  const { fileName, text } = await badgeReportCsv(deps(), params.workplaceId, query);
  return csvFile(fileName, text);
});

/** BadgeAwarded -> the member's badge, in each workplace they belong to. */
export const recordBadge = queueConsumer({ events: [BadgeAwarded] }, async ({ data }) => {
  await recordMemberBadge({ badges: badges(), roles: roles(), employees: employees(), workplaces: workplaces() }, data);
});
