import * as z from 'zod/mini';
import { defineEvent } from '../events';
import { CURRENCIES } from '../money';

export const DONATIONS_SOURCE = 'giving.donations';

export const DonationCompleted = defineEvent({
  name: 'DonationCompleted',
  source: DONATIONS_SOURCE,
  version: 1,
  schema: z.object({
    donationId: z.string(),
    trackingNumber: z.string(),
    pageType: z.enum(['GIFT', 'CHARITY', 'FUNDRAISE']),
    country: z.string(),
    charity: z.object({ id: z.string(), name: z.string(), charityUrl: z.string() }),
    gift: z.optional(z.object({ id: z.string(), title: z.string(), productUrl: z.string() })),
    quantity: z.number(),
    /** The donation itself: the gift's amount x quantity, without the tip. */
    amount: z.object({ cents: z.number(), currency: z.enum(CURRENCIES) }),
    /** The optional tip to the website. */
    tip: z.object({ cents: z.number(), currency: z.enum(CURRENCIES) }),
    /** amount + tip: what the card was charged. */
    total: z.object({ cents: z.number(), currency: z.enum(CURRENCIES) }),
    paymentType: z.enum(['CARD', 'VOUCHER', 'PAYROLL']),
    isAnonymous: z.boolean(),
    receiptName: z.string(),
    donorEmail: z.optional(z.string()),
    /** The signed-in member who gave (their Cognito sub); absent for a guest. Optional, so older consumers are unaffected. */
    donorMemberId: z.optional(z.string()),
    completedAt: z.string(),
  }),
});
