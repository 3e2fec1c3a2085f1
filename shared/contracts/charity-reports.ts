import * as z from 'zod/mini';
import { idSchema } from './accounts';
import { moneySchema } from './common';
import { MAX_DONATION_CENTS, PAYMENT_TYPES } from './donations-public';
import { MESSAGES } from './messages';

/**
 * The charity's side of donations: the donation report (/admin/charity/{id}/reports/donation-reports) and remittance
 * (/admin/charity/{id}/remittance), and the payouts the back office records. Amounts are the charity's: the tip
 * belongs to the platform and is never in them.
 */
export const REPORT_PAGE_SIZE = 50;
/** Donations in one CSV file at most; a longer range is refused on `query.from` (choose a shorter range). */
export const MAX_CSV_ROWS = 20_000;
export const CSV_TOO_LONG_MESSAGE = `More than ${MAX_CSV_ROWS.toLocaleString('en-NZ')} donations: choose a shorter date range.`;
/** The donor's name and receipt name a charity sees for an anonymous donation. */
export const ANONYMOUS_DONOR = 'Anonymous';
/** The report's `giftId` filter value for donations to the charity itself, not to a gift. */
export const GENERAL_DONATION = 'general';
export const GENERAL_DONATION_LABEL = 'General donation';
export const DATE_RANGE_MESSAGE = 'The end date must not be before the start date.';

function isRealDate(text: string): boolean {
  const [year, month, day] = text.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Spec §5: year-month-day (4, 1 or 2, 1 or 2 digits) and a real date; kept as 'YYYY-MM-DD'. */
export const dateTextSchema = z.pipe(
  z.string({ error: MESSAGES.invalidDate }).check(z.regex(/^\d{4}-\d{1,2}-\d{1,2}$/, MESSAGES.invalidDate), z.refine(isRealDate, MESSAGES.invalidDate)),
  z.transform((text: string) => {
    const [year, month, day] = text.split('-');
    return `${year}-${month?.padStart(2, '0')}-${day?.padStart(2, '0')}`;
  }),
);

const reportFilterFields = {
  /** First and last day, inclusive, in the charity's country's time zone. */
  from: z.optional(dateTextSchema),
  to: z.optional(dateTextSchema),
  /** A gift id, or 'general' for general donations to the charity. */
  giftId: z.optional(z.union([z.literal(GENERAL_DONATION), idSchema])),
  paymentType: z.optional(z.enum(PAYMENT_TYPES, { error: MESSAGES.invalidInput })),
};

const fromNotAfterTo = z.superRefine((query: { from?: string; to?: string }, ctx) => {
  if (query.from && query.to && query.from > query.to) ctx.addIssue({ code: 'custom', message: DATE_RANGE_MESSAGE, path: ['to'], input: query.to });
});

/** GET /donations/charity/{charityId}/donations — a page of the report (newest first); totals come with the first page. */
export const donationReportQuery = z.object({ ...reportFilterFields, cursor: z.optional(z.string().check(z.maxLength(500))) }).check(fromNotAfterTo);
export type DonationReportQuery = z.infer<typeof donationReportQuery>;

/** GET /donations/charity/{charityId}/donations/csv — the same filters, every matching donation as text/csv. */
export const donationReportCsvQuery = z.object(reportFilterFields).check(fromNotAfterTo);
export type DonationReportFilter = z.infer<typeof donationReportCsvQuery>;

export const donationReportRowSchema = z.object({
  donationId: z.string(),
  trackingNumber: z.string(),
  completedAt: z.string(),
  /** 'Anonymous' when the donor gave anonymously. */
  donorName: z.string(),
  /** 'Anonymous' too, for an anonymous donation: the receipt name would name the donor. */
  receiptName: z.string(),
  isAnonymous: z.boolean(),
  /** Absent for a general donation to the charity. */
  gift: z.optional(z.object({ id: z.string(), title: z.string() })),
  quantity: z.int(),
  /** What the charity receives (gift price x quantity, or the amount given); never the tip. */
  amount: moneySchema,
  paymentType: z.enum(PAYMENT_TYPES),
});
export type DonationReportRow = z.infer<typeof donationReportRowSchema>;

export const donationReportTotalsSchema = z.object({ count: z.int(), amount: moneySchema });
export type DonationReportTotals = z.infer<typeof donationReportTotalsSchema>;

export const donationReportPageSchema = z.object({
  items: z.array(donationReportRowSchema),
  nextCursor: z.optional(z.string()),
  /** Every donation the filters match (not just this page); on the first page only. */
  totals: z.optional(donationReportTotalsSchema),
});
export type DonationReportPage = z.infer<typeof donationReportPageSchema>;

export const remittanceMonthSchema = z.object({
  /** 'YYYY-MM', in the charity's country's time zone. */
  month: z.string(),
  donationCount: z.int(),
  received: moneySchema,
  /** Given back to donors in the month (the back office's refunds): no longer the charity's. */
  refunded: moneySchema,
  paid: moneySchema,
  /** Still owed at the end of the month: everything received up to it less refunds and everything paid up to it. */
  balance: moneySchema,
});
export type RemittanceMonth = z.infer<typeof remittanceMonthSchema>;

export const payoutSchema = z.object({
  payoutId: z.string(),
  amount: moneySchema,
  reference: z.string(),
  /** The day the money was paid, 'YYYY-MM-DD'. */
  paidAt: z.string(),
  recordedAt: z.string(),
  recordedBy: z.string(),
});
export type Payout = z.infer<typeof payoutSchema>;

/** GET /donations/charity/{charityId}/remittance — owed and paid, per month (newest first), and the payouts. */
export const remittanceSchema = z.object({
  owed: moneySchema,
  received: moneySchema,
  refunded: moneySchema,
  paid: moneySchema,
  months: z.array(remittanceMonthSchema),
  payouts: z.array(payoutSchema),
});
export type Remittance = z.infer<typeof remittanceSchema>;

export const PAYOUT_MORE_THAN_OWED_MESSAGE = 'This is more than the charity is owed.';
export const PAYOUT_IN_FUTURE_MESSAGE = 'The payment date cannot be in the future.';
export const MAX_PAYOUT_REFERENCE_LENGTH = 100;

/** POST /donations/backoffice/charities/{charityId}/payouts (Idempotency-Key): money paid to the charity. */
export const newPayoutSchema = z.object({
  /** Cents, in the charity's currency. */
  amount: z.int({ error: MESSAGES.invalidAmount }).check(z.gte(1, MESSAGES.invalidAmount), z.lte(MAX_DONATION_CENTS * 100, MESSAGES.invalidAmount)),
  reference: z.pipe(
    z.pipe(z.string({ error: MESSAGES.requiredField }), z.transform((s) => s.trim())),
    z.string().check(z.minLength(1, MESSAGES.requiredField), z.maxLength(MAX_PAYOUT_REFERENCE_LENGTH, MESSAGES.tooLong(MAX_PAYOUT_REFERENCE_LENGTH))),
  ),
  paidAt: dateTextSchema,
});
export type NewPayout = z.infer<typeof newPayoutSchema>;
