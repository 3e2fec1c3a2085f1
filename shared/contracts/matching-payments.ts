import * as z from 'zod/mini';
import { CURRENCIES } from '../money';
import { MESSAGES } from './messages';
import { campaignDateSchema } from './matching';
import { pathParameters, requiredIdSchema } from './path-parameters';

/**
 * Matching payments (issue 16 item 7): what each workplace owes for its campaigns' matches, month by month, and the
 * payments Koha records against it. A period is a calendar month (YYYY-MM) in the campaign's country, by when the
 * match was made. Every bonus is owed, whichever way it was paid out: a Donation match goes to the charity with its
 * next remittance, a Voucher match was issued to the member as a gift voucher. Money is integer cents.
 *
 * Calls:
 * - GET  /matching/workplace/{workplaceId}/payments                      (Workplace_ViewPayments | _ManagePayments)
 *        -> MatchingPaymentList for the workplace, newest period first.
 * - GET  /matching/workplace/{workplaceId}/campaigns/{campaignId}/report/pdf?period=YYYY-MM   the invoice, a PDF
 * - GET  /matching/workplace/{workplaceId}/campaigns/{campaignId}/report/csv?period=YYYY-MM   its lines, CSV
 *        (without period: the whole campaign so far). Same permissions; the back office may read them too.
 * - GET  /matching/backoffice/payments?status=owed|paid|all               (BackOffice_ViewPayments | _ManagePayments)
 *        -> MatchingPaymentList across workplaces (each row names its workplace).
 * - POST /matching/backoffice/payments  RecordMatchingPayment, Idempotency-Key (BackOffice_ManagePayments)
 *        -> 201 MatchingPaymentRecord; 409 when it is more than is owed for the period; 404 for no such period.
 */

export const PERIOD_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
export const periodSchema = z.string({ error: 'Choose a month.' }).check(z.regex(PERIOD_PATTERN, 'Choose a month.'));
export const matchingReportQuerySchema = z.object({ period: z.optional(periodSchema) });
export const MATCHING_PAYMENT_STATUSES = ['owed', 'paid', 'all'] as const;
export const backOfficeMatchingPaymentsQuerySchema = z.object({ status: z.optional(z.enum(MATCHING_PAYMENT_STATUSES, { error: MESSAGES.invalidInput })) });
export const matchingReportParams = pathParameters('workplaceId', 'campaignId');

const moneyFields = {
  currency: z.enum(CURRENCIES),
  /** What the campaign matched in the period, in cents. */
  matchedAmount: z.int(),
  donationsMatched: z.int(),
  /** What Koha has recorded as received for the period. */
  paidAmount: z.int(),
  /** matchedAmount - paidAmount. */
  owedAmount: z.int(),
};

export const matchingPaymentRecordSchema = z.object({
  paymentId: z.string(),
  amount: z.int(),
  currency: z.enum(CURRENCIES),
  /** The day the money arrived (YYYY-MM-DD). */
  receivedOn: z.string(),
  /** The workplace's payment reference or the bank statement's text. */
  reference: z.string(),
  recordedAt: z.string(),
  /** The back-office user's name. */
  recordedBy: z.string(),
});
export type MatchingPaymentRecord = z.infer<typeof matchingPaymentRecordSchema>;

/** One campaign's month: what was matched, paid and is still owed, with the payments recorded against it. */
export const matchingPeriodSchema = z.object({
  workplace: z.object({ id: z.string(), name: z.string() }),
  campaignId: z.string(),
  campaignName: z.string(),
  period: z.string(),
  ...moneyFields,
  /** Of matchedAmount, what went to charities (Donation matches) and to members as gift vouchers (Voucher matches). */
  byMatchType: z.object({ Donation: z.int(), Voucher: z.int() }),
  payments: z.array(matchingPaymentRecordSchema),
});
export type MatchingPeriod = z.infer<typeof matchingPeriodSchema>;

export const matchingPaymentListSchema = z.object({
  items: z.array(matchingPeriodSchema),
  /** Sums of the items, one per currency. */
  totals: z.array(z.object(moneyFields)),
});
export type MatchingPaymentList = z.infer<typeof matchingPaymentListSchema>;

/** What the back office records when a workplace's payment arrives. */
export const recordMatchingPaymentSchema = z.object({
  workplaceId: requiredIdSchema,
  campaignId: requiredIdSchema,
  period: periodSchema,
  amount: z.int({ error: MESSAGES.invalidAmount }).check(z.gte(1, MESSAGES.invalidAmount), z.lte(100_000_000_00, MESSAGES.invalidAmount)),
  receivedOn: campaignDateSchema,
  reference: z.string({ error: MESSAGES.requiredField }).check(z.trim(), z.minLength(1, MESSAGES.requiredField), z.maxLength(100, MESSAGES.tooLong(100))),
});
export type RecordMatchingPayment = z.infer<typeof recordMatchingPaymentSchema>;

/** The 409's words when a payment would take the period below nothing owed. */
export const MORE_THAN_OWED = 'The payment is more than is owed for this month.';
