import * as z from 'zod/mini';
import { countryCodeSchema, moneySchema } from './common';
import { PAYMENT_TYPES } from './donations-public';
import { pathParameters } from './path-parameters';

/**
 * A signed-in member's own giving: saved cards, monthly giving (upcoming) and completed donations (history).
 * The card appears only as its type, last 4 digits and expiry (spec §3 "Saved card item": only the last 4 digits shown).
 */

export const savedCardSchema = z.object({
  cardId: z.string(),
  cardType: z.string(),
  last4: z.string(),
  expiryMonth: z.number(),
  expiryYear: z.number(),
});
export type SavedCardView = z.infer<typeof savedCardSchema>;

/** GET /donations/me/saved-cards */
export const savedCardListSchema = z.object({ items: z.array(savedCardSchema) });
export type SavedCardList = z.infer<typeof savedCardListSchema>;

/** DELETE /donations/me/saved-cards/{cardId} */
export const savedCardParams = pathParameters('cardId');

/** Why a saved card that pays for a monthly donation cannot be removed (409). */
export const SAVED_CARD_IN_USE_MESSAGE = 'This card pays for a monthly donation. Cancel the monthly donation first, then remove the card.';

export const RECURRING_STATUSES = ['Active', 'Stopped', 'Cancelled'] as const;
export type RecurringStatus = (typeof RECURRING_STATUSES)[number];

const charityRef = z.object({ id: z.string(), name: z.string(), charityUrl: z.string() });
const giftRef = z.object({ id: z.string(), title: z.string(), productUrl: z.string() });
const cardRef = z.object({ cardType: z.string(), last4: z.string() });

/** A monthly donation as the member sees it under upcoming donations. */
export const recurringDonationSchema = z.object({
  scheduleId: z.string(),
  frequency: z.literal('Monthly'),
  status: z.enum(RECURRING_STATUSES),
  pageType: z.enum(['GIFT', 'CHARITY', 'FUNDRAISE']),
  country: countryCodeSchema,
  charity: charityRef,
  /** Absent for a general donation to the charity. */
  gift: z.optional(giftRef),
  /** A monthly donation through a fundraising page. */
  page: z.optional(z.object({ title: z.string(), pageUrl: z.string(), eventUrl: z.string() })),
  quantity: z.number(),
  /** Per item. */
  amount: moneySchema,
  tip: moneySchema,
  /** What each month's charge is: amount x quantity + tip. */
  total: moneySchema,
  /** When the card is next charged (YYYY-MM-DD, in the donor's country), and the day of the month it recurs on. */
  nextChargeOn: z.string(),
  dayOfMonth: z.number(),
  /** Declined attempts this month (0 normally): the next charge is then a retry (1, 3 and 7 days after the due date). */
  failedAttempts: z.number(),
  card: cardRef,
  createdAt: z.string(),
});
export type RecurringDonationView = z.infer<typeof recurringDonationSchema>;

/** GET /donations/me/recurring-donations — the member's active monthly donations, next charge first. */
export const recurringDonationListSchema = z.object({ items: z.array(recurringDonationSchema) });
export type RecurringDonationList = z.infer<typeof recurringDonationListSchema>;

/** DELETE /donations/me/recurring-donations/{scheduleId} */
export const recurringDonationParams = pathParameters('scheduleId');

/** A completed donation in the member's history. */
export const donationHistoryItemSchema = z.object({
  donationId: z.string(),
  trackingNumber: z.string(),
  completedAt: z.string(),
  pageType: z.string(),
  country: countryCodeSchema,
  charity: charityRef,
  gift: z.optional(giftRef),
  quantity: z.number(),
  amount: moneySchema,
  tip: moneySchema,
  total: moneySchema,
  /**
   * The card transaction fee the donor covered, on top of total (0 when the card paid nothing or no fee applied).
   * The server always sends it; optional only so clients built before it still read the list.
   */
  transactionFee: z.optional(moneySchema),
  paymentType: z.enum(PAYMENT_TYPES),
  /** Absent when no card paid (a voucher covering the total). */
  card: z.optional(cardRef),
  /** True for a monthly donation's charge. */
  isRecurring: z.boolean(),
});
export type DonationHistoryItem = z.infer<typeof donationHistoryItemSchema>;

/** GET /donations/me/donations — newest first, a page at a time; pass nextCursor back as ?cursor= for the next page. */
export const donationHistoryPageSchema = z.object({ items: z.array(donationHistoryItemSchema), nextCursor: z.optional(z.string()) });
export type DonationHistoryPage = z.infer<typeof donationHistoryPageSchema>;

export const DONATION_HISTORY_PAGE_SIZE = 20;
export const donationHistoryQuery = z.object({
  cursor: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{1,800}$/, 'Invalid cursor.'))),
  limit: z.optional(z.string().check(z.regex(/^([1-9]|[1-4]\d|50)$/, 'Use a page size from 1 to 50.'))),
});

/* ------------------------------------------------------------------------------------------------------------
 * Receipts and annual tax statements (PDF files; the calls below answer application/pdf).
 * ---------------------------------------------------------------------------------------------------------- */

/** GET /donations/me/donations/{donationId}/receipt — the member's own donation's receipt. */
export const memberReceiptParams = pathParameters('donationId');

/** GET /donations/receipts/{donationId}?token= — the receipt an e-mail links to, for a guest too. */
export const receiptLinkParams = memberReceiptParams;
export const receiptLinkQuery = z.object({ token: z.string({ error: 'Required Field!' }).check(z.regex(/^[A-Za-z0-9_-]{16,64}$/, 'Invalid receipt link.')) });

/** A tax year the member gave in, in one country (NZ 1 April–31 March, AU 1 July–30 June). */
export const taxYearSchema = z.object({
  country: countryCodeSchema,
  /** The calendar year it ends in: 2027 is NZ's 1 April 2026–31 March 2027, AU's 1 July 2026–30 June 2027. */
  taxYear: z.int(),
  /** "2027 tax year" (NZ), "2026–27 financial year" (AU). */
  name: z.string(),
  /** "1 April 2026 to 31 March 2027". */
  period: z.string(),
  donationCount: z.int(),
  /** What the charities received (never tips or fees). */
  total: moneySchema,
});
export type TaxYearSummary = z.infer<typeof taxYearSchema>;

/** GET /donations/me/tax-statements — the tax years the member gave in, newest first. */
export const taxYearListSchema = z.object({ items: z.array(taxYearSchema) });
export type TaxYearList = z.infer<typeof taxYearListSchema>;

/** GET /donations/me/tax-statements/{country}/{taxYear} — that year's statement. */
export const taxStatementParams = pathParameters('country', 'taxYear');
