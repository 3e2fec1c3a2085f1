import * as z from 'zod/mini';
import { defineEvent } from '../events';
import { CURRENCIES } from '../money';

export const WORKPLACE_SOURCE = 'giving.workplace';

const money = z.object({ cents: z.number(), currency: z.enum(CURRENCIES) });

/**
 * A workplace confirmed a reconciled payroll batch: what payroll deducted is given, pledge by pledge (issue 15 item 6).
 * Donations records each as a completed PAYROLL donation, once (its id is derived from the batch and the pledge), and
 * announces it as DonationCompleted: the donor's history, the charity's reports and remittance, the site's stats and
 * matching follow from there. A batch's donations travel in several events (at most 25 each); event id =
 * `<batch id>-<part>`.
 */
export const PayrollDonationsConfirmed = defineEvent({
  name: 'PayrollDonationsConfirmed',
  source: WORKPLACE_SOURCE,
  version: 1,
  schema: z.object({
    batchId: z.string(),
    workplace: z.object({ id: z.string(), name: z.string() }),
    periodEnd: z.string(),
    payDate: z.string(),
    confirmedAt: z.string(),
    donations: z.array(
      z.object({
        donationId: z.string(),
        pledgeId: z.string(),
        memberId: z.string(),
        donorEmail: z.string(),
        donorName: z.string(),
        pageType: z.enum(['GIFT', 'CHARITY', 'FUNDRAISE']),
        country: z.enum(['nz', 'au']),
        charity: z.object({ id: z.string(), name: z.string(), charityUrl: z.string() }),
        gift: z.optional(z.object({ id: z.string(), title: z.string(), productUrl: z.string() })),
        page: z.optional(z.object({ id: z.string(), title: z.string(), pageUrl: z.string(), eventUrl: z.string() })),
        quantity: z.number(),
        isAnonymous: z.boolean(),
        /** What reaches the charity: the pledge's part of what payroll deducted. */
        amount: money,
      }),
    ),
  }),
});
