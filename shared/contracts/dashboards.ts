import * as z from 'zod/mini';
import { CURRENCIES } from '../money';
import { moneySchema } from './common';

/**
 * The consoles' dashboards (issue 17 item 6): what an administrator opens them for. Each service answers its own part
 * (`GET .../dashboard`), gated like the screen that shows the detail; the SPA puts the parts together. Months are
 * 'YYYY-MM' in the country the figures belong to (a charity's, a currency's); money is integer cents.
 *
 * - GET /donations/charity/{charityId}/dashboard   (Charity_ReportView)       -> CharityDonationsDashboard
 * - GET /donations/backoffice/dashboard            (BackOffice_ViewDashboard) -> PlatformDonationsDashboard
 * - GET /volunteering/charity/{charityId}/dashboard (Charity_VolunteeringView) -> CharityVolunteeringDashboard
 * - GET /workplace/{workplaceId}/reports/summary    (Workplace_ViewDashboard)  -> GivingSummary (workplace-reports.ts)
 */

/** A month's donations in one currency: how many, how much, and how much on each day. */
export const monthDonationsSchema = z.object({
  month: z.string(),
  donations: z.int(),
  amount: moneySchema,
  /** The amount given on each day of the month, in cents: [0] is the 1st. This month's ends today. */
  byDay: z.array(z.int()),
});
export type MonthDonations = z.infer<typeof monthDonationsSchema>;

/** This month beside last month, in one currency. */
export const currencyDonationsSchema = z.object({
  currency: z.enum(CURRENCIES),
  thisMonth: monthDonationsSchema,
  lastMonth: monthDonationsSchema,
});
export type CurrencyDonations = z.infer<typeof currencyDonationsSchema>;

const topFiguresShape = { donations: z.int(), amount: moneySchema };

/** The charity's donations this month and last (a line per currency given in; its own currency always), and this month's top gifts and pages. */
export const charityDonationsDashboardSchema = z.object({
  donations: z.array(currencyDonationsSchema),
  /** This month's five gifts ("dollar handles") given the most, largest first. */
  topGifts: z.array(z.object({ giftId: z.string(), title: z.string(), ...topFiguresShape })),
  /** This month's five fundraising pages that raised the most for the charity, largest first. */
  topPages: z.array(z.object({ pageId: z.string(), title: z.string(), ownerName: z.string(), eventUrl: z.string(), pageUrl: z.string(), ...topFiguresShape })),
  /** Its paying members (issue 17 item 3): those New, Current or In grace today, and how many joined this month. */
  memberships: z.optional(z.object({ current: z.int(), joinedThisMonth: z.int() })),
});
export type CharityDonationsDashboard = z.infer<typeof charityDonationsDashboardSchema>;

/** The platform's donations this month and last, a line per currency (each in its country's months). */
export const platformDonationsDashboardSchema = z.object({
  donations: z.array(currencyDonationsSchema),
});
export type PlatformDonationsDashboard = z.infer<typeof platformDonationsDashboardSchema>;

/** A month's completed volunteering with the charity. */
export const volunteeringMonthSchema = z.object({
  month: z.string(),
  /** Everyone who went (a team counts each member). */
  volunteers: z.int(),
  hours: z.number(),
});

export const charityVolunteeringDashboardSchema = z.object({
  thisMonth: volunteeringMonthSchema,
  lastMonth: volunteeringMonthSchema,
  /** Applications waiting for the charity to accept or decline them (Applied). */
  applicationsToReview: z.int(),
  /** Completed volunteering the charity has not given its feedback on yet. */
  feedbackToGive: z.int(),
});
export type CharityVolunteeringDashboard = z.infer<typeof charityVolunteeringDashboardSchema>;
