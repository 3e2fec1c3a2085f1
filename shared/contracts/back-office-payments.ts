import * as z from 'zod/mini';
import { CURRENCIES } from '../money';
import { MESSAGES } from './messages';
import { PAYMENT_STATUSES } from './donations-public';
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
 * - POST /donations/backoffice/payments/{trackingNumber}/refunds          refunds it, whole or part (issue 17 item 5;
 *     BackOffice_ManagePayments, Idempotency-Key): 202 + the refund, which the refund workflow then carries out;
 *     a retry with the same key answers the same refund (200); 409 when it is more than is left to refund.
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
export const PAYMENT_KINDS = ['Gift', 'General donation', 'Fundraising page', 'Gift voucher', 'Workplace vouchers', 'Monthly charge', 'Membership'] as const;
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

/**
 * What one refund gave back, each part in cents: `charity` is the payment's own amount (the charity's donation, a
 * membership's fee, or a voucher purchase's unspent voucher value), then the tip and the card fee; by card and by
 * voucher (a donation's gift voucher part).
 */
export const refundPartsSchema = z.object({ charity: z.int(), tip: z.int(), fee: z.int(), card: z.int(), voucher: z.int() });
export type RefundParts = z.infer<typeof refundPartsSchema>;

export const REFUND_STATUSES = ['Requested', 'Completed', 'Failed'] as const;

export const refundSchema = z.object({
  refundId: z.string(),
  trackingNumber: z.string(),
  /** Requested: the refund workflow is giving the money back; Completed: it has; Failed: the gateway refused (message). */
  status: z.enum(REFUND_STATUSES),
  /** Everything that was left (the donation, the tip and the fee), or part of the donation. */
  isFull: z.boolean(),
  currency: z.enum(CURRENCIES),
  parts: refundPartsSchema,
  /** What went back to the donor in all: card + voucher. */
  total: z.int(),
  reason: z.string(),
  requestedBy: z.string(),
  requestedAt: z.string(),
  completedAt: z.optional(z.string()),
  message: z.optional(z.string()),
});
export type Refund = z.infer<typeof refundSchema>;

/**
 * A refund: everything left (no amount), or `amount` cents of the payment's own amount: the charity's donation (card
 * first, then voucher), a membership's fee, or a voucher purchase's unspent voucher value.
 */
export const refundRequestSchema = z.object({
  amount: z.optional(z.int({ error: MESSAGES.invalidAmount }).check(z.gte(1, MESSAGES.invalidAmount), z.lte(100_000_000_00, MESSAGES.invalidAmount))),
  reason: z.string({ error: MESSAGES.requiredField }).check(z.trim(), z.minLength(1, MESSAGES.requiredField), z.maxLength(500, MESSAGES.tooLong(500))),
});
export type RefundRequest = z.infer<typeof refundRequestSchema>;
export const refundAnswerSchema = z.object({ refund: refundSchema });

/** The 409s of a refund the payment cannot take. */
export const REFUND_MESSAGES = {
  notCompleted: 'Only a completed payment can be refunded.',
  payroll: 'A payroll donation is given back through the workplace’s payroll, not refunded here.',
  nothingLeft: 'This payment has been refunded in full: there is nothing left to refund.',
  moreThanLeft: (left: string) => `The refund is more than is left of the donation to refund (${left}).`,
  moreThanFeeLeft: (left: string) => `The refund is more than is left of the membership fee to refund (${left}).`,
  moreThanUnspent: (left: string) => `The refund is more than the vouchers have left unspent (${left}).`,
  spent: 'Nothing is left unspent on the gift vouchers of this purchase: there is nothing to refund.',
  tooManyVouchers: (most: number) => `One refund can take from at most ${most} vouchers: refund part of this order first, then the rest.`,
  busy: 'Another refund of this payment was being recorded at that moment. Nothing was refunded: look at the payment again and retry.',
} as const;

export const backOfficePaymentDetailSchema = z.object({
  ...backOfficePaymentSummarySchema.shape,
  amounts: z.object({
    /** The whole donation: a gift's price x quantity (the charity's part, without the tip). */
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
  /** When the payment's own record says each thing happened (accepted, priced, finished), then each refund's workflow. */
  history: z.array(paymentHistoryEntrySchema),
  /** Its refunds, newest first. */
  refunds: z.array(refundSchema),
  /**
   * What is left to refund: `donation`, of the payment's own amount (a part refund's most: the charity's donation, the
   * membership's fee, or the vouchers' unspent value), and in all (a full refund); absent: it cannot be refunded here.
   */
  refundable: z.optional(z.object({ donation: moneySchema, total: moneySchema })),
});
export type BackOfficePaymentDetail = z.infer<typeof backOfficePaymentDetailSchema>;
