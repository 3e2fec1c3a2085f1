import type {
  BackOfficePaymentDetail,
  BackOfficePaymentList,
  BackOfficePaymentSummary,
  BackOfficePaymentsQuery,
  PaymentHistoryEntry,
} from '@giving/shared/contracts/back-office-payments';
import { BACK_OFFICE_PAYMENTS_PAGE } from '@giving/shared/contracts/back-office-payments';
import { notFound } from '@giving/shared/errors';
import { money } from '@giving/shared/money';
import { currencyOf, kindOf, whatOf } from './payment-descriptions';
import { transactionFeeOn } from './payment-gateway';
import { isPaymentRefundable, leftToRefund } from './payment-refunds';
import type { Payment, PaymentRepository, VoucherRepository } from './ports';
import { publicRefund, refundableParts, refusalOf, type RefundBook } from './refunds';
import { cardAmountOf } from './voucher-steps';

/**
 * The back office's payments (issue 17 item 4): every payment, newest first, found by its tracking number or its
 * donor's e-mail, narrowed by status and charity, each with what happened to it in the payment workflow.
 */
export interface PaymentSearch {
  /** One page of payments, newest first, matching every filter given (all optional), from the cursor on. */
  search(filter: { email?: string; status?: Payment['status']; charityId?: string }, limit: number, cursor?: string): Promise<{ items: Payment[]; nextCursor?: string }>;
  get(trackingNumber: string): Promise<Payment | undefined>;
}

/** The payment workflow's own record of an execution: its events, oldest first (Step Functions' execution history). */
export interface WorkflowHistory {
  of(trackingNumber: string): Promise<PaymentHistoryEntry[]>;
}

const TRACKING_NUMBER = /^[0-9A-HJKMNP-TV-Z]{26}$/i;

/** What the donor paid in all: the priced total (a voucher's part too) and the card fee; before pricing, what they asked to pay. */
function totalOf(payment: Payment): number {
  if (!payment.priced) {
    const asked = payment.donationAmountCents * payment.quantity + payment.supportingAmountCents;
    return asked + transactionFeeOn(money(asked, currencyOf(payment)), payment.transactionFees).cents;
  }
  return payment.priced.total.cents + transactionFeeOn(cardAmountOf(payment), payment.transactionFees).cents;
}

export function summaryOf(payment: Payment): BackOfficePaymentSummary {
  const priced = payment.priced && 'charity' in payment.priced ? payment.priced : undefined;
  return {
    trackingNumber: payment.trackingNumber,
    createdAt: payment.createdAt,
    updatedAt: payment.updatedAt,
    status: payment.status,
    kind: kindOf(payment),
    what: whatOf(payment),
    ...(priced ? { charity: { id: priced.charity.id, name: priced.charity.name } } : {}),
    donor: { name: `${payment.donor.firstName} ${payment.donor.lastName}`.trim(), email: payment.donor.email },
    ...(payment.memberId ? { memberId: payment.memberId } : {}),
    total: { cents: totalOf(payment), currency: currencyOf(payment) },
    paymentType: payment.voucher ? 'VOUCHER' : 'CARD',
    country: payment.country,
  };
}

/** GET /donations/backoffice/payments: a tracking number finds that payment; an e-mail its donor's; the rest narrow. */
export async function searchPayments(deps: { payments: PaymentSearch }, query: BackOfficePaymentsQuery): Promise<BackOfficePaymentList> {
  const q = query.q?.trim() ?? '';
  if (TRACKING_NUMBER.test(q)) {
    const payment = await deps.payments.get(q.toUpperCase());
    const fits = payment && (!query.status || payment.status === query.status) && (!query.charityId || summaryOf(payment).charity?.id === query.charityId);
    return { items: fits ? [summaryOf(payment)] : [] };
  }
  const filter = {
    ...(q.includes('@') ? { email: q.toLowerCase() } : {}),
    ...(query.status ? { status: query.status } : {}),
    ...(query.charityId ? { charityId: query.charityId } : {}),
  };
  // Text that is neither a tracking number nor an e-mail address finds nothing rather than everything.
  if (q && !filter.email) return { items: [] };
  const page = await deps.payments.search(filter, BACK_OFFICE_PAYMENTS_PAGE, query.cursor);
  return { items: page.items.map(summaryOf), ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) };
}

/**
 * GET /donations/backoffice/payments/{trackingNumber}: the payment, its amounts and its history through the workflow;
 * its refunds (each with its own workflow's history) and what is left to refund.
 */
export async function paymentDetail(
  deps: {
    payments: PaymentSearch;
    workflow: WorkflowHistory;
    donations: Pick<PaymentRepository, 'getDonation'>;
    refunds: Pick<RefundBook, 'list'>;
    refundWorkflow: WorkflowHistory;
    vouchers: Pick<VoucherRepository, 'getByCodeHash'>;
  },
  trackingNumber: string,
): Promise<BackOfficePaymentDetail> {
  const payment = await deps.payments.get(trackingNumber);
  if (!payment) throw notFound('That payment');
  const currency = currencyOf(payment);
  const priced = payment.priced;
  const voucher = payment.redemption?.amount.cents ?? 0;
  const fee = priced ? transactionFeeOn(cardAmountOf(payment), payment.transactionFees).cents : 0;
  const completed = payment.status === 'Completed';
  // A voucher purchase or membership fee is refunded from its payment (domain/payment-refunds.ts), a donation from its donation.
  const ofPayment = isPaymentRefundable(payment);
  const [workflow, donation, refunds, paymentLeft] = await Promise.all([
    deps.workflow.of(payment.trackingNumber),
    completed && !ofPayment ? deps.donations.getDonation(payment.trackingNumber) : Promise.resolve(undefined),
    completed ? deps.refunds.list(payment.trackingNumber) : Promise.resolve([]),
    ofPayment ? leftToRefund(deps, payment) : Promise.resolve(undefined),
  ]);
  // Oldest refund's steps first, after the payment's own.
  const refundSteps = (await Promise.all([...refunds].reverse().map((refund) => deps.refundWorkflow.of(refund.refundId)))).flat();
  const accepted: PaymentHistoryEntry = { at: payment.createdAt, step: 'Payment accepted', outcome: 'Initiated' };
  const donationLeft = donation && !refusalOf(donation) ? refundableParts(donation) : undefined;
  const left = donationLeft
    ? { own: donationLeft.charity, all: donationLeft.card + donationLeft.voucher }
    : paymentLeft && !paymentLeft.refusal
      ? { own: paymentLeft.own, all: paymentLeft.full.card }
      : undefined;
  return {
    ...summaryOf(payment),
    amounts: {
      donation: { cents: priced ? priced.amount.cents : payment.donationAmountCents * payment.quantity, currency },
      quantity: payment.quantity,
      tip: { cents: priced ? priced.tip.cents : payment.supportingAmountCents, currency },
      fee: { cents: fee, currency },
      voucher: { cents: voucher, currency },
    },
    ...(payment.card ? { card: { cardType: payment.card.cardType, last4: payment.card.last4 } } : {}),
    ...(payment.chargeId ? { chargeId: payment.chargeId } : {}),
    messages: payment.messages,
    isRecurring: payment.isRecurring === true || payment.recurringCharge !== undefined,
    history: [accepted, ...workflow, ...refundSteps],
    refunds: refunds.map(publicRefund),
    ...(left ? { refundable: { donation: { cents: left.own, currency }, total: { cents: left.all, currency } } } : {}),
  };
}
