import * as z from 'zod/mini';
import { CURRENCIES } from '../money';
import { MESSAGES } from './messages';
import { PAYMENT_STATUSES } from './donations';
import { idSchema, pathParameters } from './path-parameters';

/**
 * The back office's payments (issue 17 item 4): every payment made on Koha — gifts, general donations, fundraising
 * pages, gift vouchers (a donor's or a workplace's order), monthly charges — newest first, searchable, each with its
 * history through the payment workflow. Money is integer cents.
 *
 * - GET /donations/backoffice/payments?q=&status=&charityId=&cursor=   (BackOffice_ViewPayments | _ManagePayments)
 *     q: a tracking number (that payment), or a donor's e-mail address (their payments); status and charityId narrow
 *     the list. 25 a page; nextCursor while there are more.
 * - GET /donations/backoffice/payments/{trackingNumber}                  the payment and its history (404: none)
 */
export const BACK_OFFICE_PAYMENTS_PAGE = 25;

export const backOfficePaymentsQuerySchema = z.object({
  q: z.optional(z.string().check(z.trim(), z.maxLength(254, MESSAGES.tooLong(254)))),
  status: z.optional(z.enum(PAYMENT_STATUSES, { error: MESSAGES.invalidInput })),
  charityId: z.optional(idSchema),
  cursor: z.optional(z.string().check(z.maxLength(500, MESSAGES.invalidInput))),
});
export type BackOfficePaymentsQuery = z.infer<typeof backOfficePaymentsQuerySchema>;
export const backOfficePaymentParams = pathParameters('trackingNumber');

/** What the payment was for, in words the back office uses. */
export const PAYMENT_KINDS = ['Gift', 'General donation', 'Fundraising page', 'Gift voucher', 'Workplace vouchers', 'Monthly charge'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

const moneySchema = z.object({ cents: z.int(), currency: z.enum(CURRENCIES) });

export const backOfficePaymentSummarySchema = z.object({
  trackingNumber: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  kind: z.enum(PAYMENT_KINDS),
  /** The gift, the page or the voucher, as the donor saw it ('Feed a kiwi chick for a week', 'A $50.00 gift voucher'). */
  what: z.string(),
  charity: z.optional(z.object({ id: z.string(), name: z.string() })),
  donor: z.object({ name: z.string(), email: z.string() }),
  /** Signed in when they gave (a member's id), else a guest. */
  memberId: z.optional(z.string()),
  /** What the donor paid in all (donation x quantity + tip + the card fee); before pricing, what they asked to pay. */
  total: moneySchema,
  paymentType: z.enum(['CARD', 'VOUCHER']),
  country: z.enum(['nz', 'au']),
});
export type BackOfficePaymentSummary = z.infer<typeof backOfficePaymentSummarySchema>;

export const backOfficePaymentListSchema = z.object({ items: z.array(backOfficePaymentSummarySchema), nextCursor: z.optional(z.string()) });
export type BackOfficePaymentList = z.infer<typeof backOfficePaymentListSchema>;

/** One step of the payment workflow as it ran: a state entered or left, a retry, a failure. */
export const paymentHistoryEntrySchema = z.object({
  at: z.string(),
  /** 'Validate payment', 'Charge card', … or the workflow itself ('Payment workflow'). */
  step: z.string(),
  /** 'Started', 'Succeeded', 'Failed', 'Retried', 'Timed out'. */
  outcome: z.string(),
  /** A failure's error name (never a card number or a stack). */
  detail: z.optional(z.string()),
});
export type PaymentHistoryEntry = z.infer<typeof paymentHistoryEntrySchema>;

export const backOfficePaymentDetailSchema = z.object({
  ...backOfficePaymentSummarySchema.shape,
  amounts: z.object({
    donation: moneySchema,
    quantity: z.int(),
    tip: moneySchema,
    fee: moneySchema,
    /** What a gift voucher paid (0: none). */
    voucher: moneySchema,
  }),
  card: z.optional(z.object({ cardType: z.string(), last4: z.string() })),
  chargeId: z.optional(z.string()),
  /** The donor-facing messages of a failed payment. */
  messages: z.array(z.string()),
  isRecurring: z.boolean(),
  /** When the payment's own record says each thing happened (accepted, priced, finished). */
  history: z.array(paymentHistoryEntrySchema),
});
export type BackOfficePaymentDetail = z.infer<typeof backOfficePaymentDetailSchema>;
