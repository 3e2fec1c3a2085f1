import * as z from 'zod/mini';
import { moneySchema } from './common';

/**
 * The workplace's giving reports (issue 15 item 11), as the workplace service answers them
 * (services/workplace/domain/giving-reports.ts): totals only, never people. Months are 'YYYY-MM' in the workplace's
 * country; money is integer cents in the workplace's currency.
 */

/** How a donation was paid, as the reports cut it (card, gift voucher, payroll). */
export const REPORT_GIVING_TYPES = ['CreditCard', 'Voucher', 'PayrollGiving'] as const;
export type ReportGivingType = (typeof REPORT_GIVING_TYPES)[number];

/** Amount given, how many donations and how many people gave them. */
export const givingFiguresSchema = z.object({ amount: moneySchema, donations: z.int(), donors: z.int() });
export type GivingFigures = z.infer<typeof givingFiguresSchema>;

const charityFiguresSchema = z.object({ charityId: z.string(), name: z.string(), ...givingFiguresSchema.shape });
const givingTypeFiguresSchema = z.object({ givingType: z.enum(REPORT_GIVING_TYPES), name: z.string(), ...givingFiguresSchema.shape });

/** GET /workplace/{workplaceId}/reports/donations?from=YYYY-MM&to=YYYY-MM — every month listed, largest lines first. */
export const workplaceDonationReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  totals: givingFiguresSchema,
  byMonth: z.array(z.object({ month: z.string(), ...givingFiguresSchema.shape })),
  byCharity: z.array(charityFiguresSchema),
  /** businessUnitId '' is the members in no business unit. */
  byBusinessUnit: z.array(z.object({ businessUnitId: z.string(), name: z.string(), ...givingFiguresSchema.shape })),
  byGivingType: z.array(givingTypeFiguresSchema),
});
export type WorkplaceDonationReport = z.infer<typeof workplaceDonationReportSchema>;

const engagementFiguresShape = {
  /** Members in the unit now. */
  members: z.int(),
  donors: z.int(),
  /** Members who led or went volunteering. */
  volunteers: z.int(),
  /** Everyone they took volunteering, teams included. */
  peopleVolunteering: z.int(),
  hours: z.number(),
  /** Members who gave or volunteered, as a whole percentage of the members. */
  participation: z.int(),
};

/** GET /workplace/{workplaceId}/reports/engagement?from=YYYY-MM&to=YYYY-MM — a row per business unit, by name. */
export const engagementReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(z.object({ businessUnitId: z.string(), name: z.string(), ...engagementFiguresShape })),
  totals: z.object(engagementFiguresShape),
});
export type EngagementReport = z.infer<typeof engagementReportSchema>;

const badgeUnitFiguresShape = {
  /** Members in the unit now. */
  members: z.int(),
  /** Members who earned at least one badge between the months (in the unit they were in then). */
  earners: z.int(),
  /** Badges earned between the months. */
  awarded: z.int(),
  /** Earners as a whole percentage of the members. */
  participation: z.int(),
  /** Badges earned, by badge id. */
  byBadge: z.record(z.string(), z.int()),
};

/** GET /workplace/{workplaceId}/reports/badges?from=YYYY-MM&to=YYYY-MM — badges earned, by badge and by business unit. */
export const badgeReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** The badges earned between the months, fewest donations first. */
  badges: z.array(z.object({ badgeId: z.string(), name: z.string(), icon: z.string(), donationCount: z.int(), awarded: z.int() })),
  byBusinessUnit: z.array(z.object({ businessUnitId: z.string(), name: z.string(), ...badgeUnitFiguresShape })),
  totals: z.object(badgeUnitFiguresShape),
});
export type BadgeReport = z.infer<typeof badgeReportSchema>;

/**
 * GET /workplace/{workplaceId}/reports/summary — the dashboard's giving figures: this month beside last month (day by
 * day too), this year so far, and what waits for the caller (issue 17 item 6).
 */
export const givingSummarySchema = z.object({
  /** This month, 'YYYY-MM', in the workplace's country. */
  month: z.string(),
  thisMonth: givingFiguresSchema,
  /** The month before, for comparison. */
  lastMonth: z.object({ month: z.string(), ...givingFiguresSchema.shape }),
  /** The amount given on each day, in cents ([0] is the 1st): this month's to today, last month's whole. */
  byDay: z.object({ thisMonth: z.array(z.int()), lastMonth: z.array(z.int()) }),
  thisYear: givingFiguresSchema,
  byGivingType: z.array(givingTypeFiguresSchema),
  /** The year's five largest. */
  topCharities: z.array(charityFiguresSchema),
  /** This month's five largest. */
  topCharitiesThisMonth: z.array(charityFiguresSchema),
  /**
   * What waits for the workplace's admins, each only for a caller who may open its screen: external donations to
   * approve or decline (payments), payroll batches waiting for payroll's figures and ones reconciled but not confirmed.
   */
  waiting: z.object({
    externalDonations: z.optional(z.int()),
    payrollBatchesToReconcile: z.optional(z.int()),
    payrollBatchesToConfirm: z.optional(z.int()),
  }),
});
export type GivingSummary = z.infer<typeof givingSummarySchema>;
