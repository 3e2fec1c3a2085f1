import { cardText } from '@giving/shared/card-text';
import { REFUND_MESSAGES, type RefundParts } from '@giving/shared/contracts/back-office-payments';
import { COUNTRIES, type CountryCode } from '@giving/shared/countries';
import { DomainError, conflict } from '@giving/shared/errors';
import type { EventData } from '@giving/shared/events';
import type { PaymentRefunded } from '@giving/shared/events/donations';
import { localDateText } from '@giving/shared/local-time';
import { formatMoney, money } from '@giving/shared/money';
import { escapeHtml } from '@giving/shared/printing/printable';
import type { MembershipStore, PricedMembership } from './charity-memberships';
import { whatOf } from './payment-descriptions';
import type { Mailer, Payment, Voucher, VoucherRepository } from './ports';
import type { StoredRefund } from './refunds';
import { chargeAmountOf, transactionFeeOf } from './voucher-steps';

/**
 * Refunds of payments that are not donations (issue 17 item 5): a gift voucher purchase (a donor's voucher, or a
 * workplace's order of them) and a charity membership's fee. domain/refunds.ts plans a donation's; this plans these,
 * and its RefundBook reserves, records and releases all three alike.
 *
 * - **A voucher purchase** gives back what its vouchers have left unspent, to the card. The refund takes that
 *   balance off the vouchers in the same transaction that accepts it (each voucher's update conditioned on its
 *   balance), so nobody can spend what is being refunded, and two refunds can never both take the same balance; a
 *   refund the gateway refuses puts it back. A full refund of vouchers nobody has spent from also gives back the tip
 *   and the card fee (none today: a voucher is bought at its value); once a recipient has spent from them, only the
 *   unspent value can be refunded. The money was never a charity's, so no ledger changes.
 * - **A membership fee** is refunded like a donation's part: what the charity is owed goes down by it. A full refund
 *   of the membership's latest payment also ends the membership at once (cancelled, no renewal); a part refund (a
 *   goodwill refund) leaves it as it is.
 */

/** What a refund of a voucher purchase takes off one of its vouchers' balance (and gives back if it fails). */
export interface VoucherTake {
  codeHash: string;
  cents: number;
}

/**
 * The most vouchers one refund can take from: a DynamoDB transaction holds 100 items, and a refund also writes
 * itself, its request key and its payment. An order has at most 99 vouchers, so a larger one is refunded in two parts.
 */
export const MOST_VOUCHERS_PER_REFUND = 97;

export type PaymentRefundSubject = 'VoucherPurchase' | 'Membership';

export interface PlannedPaymentRefund {
  subject: PaymentRefundSubject;
  parts: RefundParts;
  isFull: boolean;
  voucherTakes?: VoucherTake[];
  /** A full refund of the membership's latest payment: the membership it ends. */
  endsMembership?: string;
  charityId?: string;
}

const NONE: RefundParts = { charity: 0, tip: 0, fee: 0, card: 0, voucher: 0 };

/** Everything the payer paid: its own amount, the tip and the card fee, all by card (these are never paid by voucher). */
export function paidPartsOfPayment(payment: Payment): RefundParts {
  if (!payment.priced) return NONE;
  const fee = transactionFeeOf(payment).cents;
  return { charity: payment.priced.amount.cents, tip: payment.priced.tip.cents, fee, card: chargeAmountOf(payment).cents, voucher: 0 };
}

const held = (payment: Payment) => payment.refunds?.held ?? NONE;
const moneyText = (payment: Payment, cents: number) => formatMoney(money(cents, COUNTRIES[payment.country].currency), COUNTRIES[payment.country].locale);

/** The voucher purchase's vouchers (one, or a workplace order's), as their code hashes. */
export const vouchersOfPurchase = (payment: Payment): string[] =>
  payment.purchasedVouchers?.map((voucher) => voucher.codeHash) ?? (payment.purchasedVoucher ? [payment.purchasedVoucher.codeHash] : []);

/** Whether this payment is one refunded here (not a donation): a completed voucher purchase or membership fee. */
export const isPaymentRefundable = (payment: Payment) => payment.status === 'Completed' && (payment.pageType === 'VOUCHER_PURCHASE' || payment.pageType === 'MEMBERSHIP');

interface Left {
  /** The most a part refund can be: the membership's fee, or the vouchers' unspent value. */
  own: number;
  /** What a full refund gives back: `own`, and the tip and fee when they can still go back. */
  full: RefundParts;
  /** Why nothing can be refunded, if so. */
  refusal?: string;
}

/** What is left to refund of a membership fee: what was paid less what refunds have reserved. */
function membershipLeft(payment: Payment): Left {
  const paid = paidPartsOfPayment(payment);
  const h = held(payment);
  const full = { charity: paid.charity - h.charity, tip: paid.tip - h.tip, fee: paid.fee - h.fee, card: paid.card - h.card, voucher: 0 };
  return { own: full.charity, full, ...(full.card <= 0 ? { refusal: REFUND_MESSAGES.nothingLeft } : {}) };
}

/**
 * What is left to refund of a voucher purchase: the vouchers' unspent balances (as they are now: refunds took theirs
 * off already), and the tip and fee while no recipient has spent from them.
 */
function voucherPurchaseLeft(payment: Payment, vouchers: Pick<Voucher, 'balance'>[]): Left {
  const paid = paidPartsOfPayment(payment);
  const h = held(payment);
  const unspent = vouchers.reduce((sum, voucher) => sum + voucher.balance.cents, 0);
  const spentByRecipients = paid.charity - h.charity - unspent;
  const untouched = spentByRecipients <= 0;
  const tip = untouched ? paid.tip - h.tip : 0;
  const fee = untouched ? paid.fee - h.fee : 0;
  const full = { charity: unspent, tip, fee, card: unspent + tip + fee, voucher: 0 };
  const refusal = full.card > 0 ? undefined : h.charity > 0 && untouched ? REFUND_MESSAGES.nothingLeft : REFUND_MESSAGES.spent;
  return { own: unspent, full, ...(refusal ? { refusal } : {}) };
}

/** What is left to refund of a voucher purchase or membership fee (for the payment's panel); a refusal when none. */
export async function leftToRefund(deps: { vouchers: Pick<VoucherRepository, 'getByCodeHash'> }, payment: Payment): Promise<Left & { vouchers?: Voucher[] }> {
  if (payment.pageType === 'MEMBERSHIP') return membershipLeft(payment);
  const vouchers = await vouchersOf(deps, payment);
  return { ...voucherPurchaseLeft(payment, vouchers), vouchers };
}

async function vouchersOf(deps: { vouchers: Pick<VoucherRepository, 'getByCodeHash'> }, payment: Payment): Promise<Voucher[]> {
  const found = await Promise.all(vouchersOfPurchase(payment).map((codeHash) => deps.vouchers.getByCodeHash(codeHash)));
  return found.filter((voucher): voucher is Voucher => voucher !== undefined);
}

/**
 * Plans a refund of a completed voucher purchase or membership fee: everything left (no amount), or `amount` of its
 * own amount. 409 when it is not one of these, nothing is left, or the amount is more than is left (naming `amount`).
 */
export async function planPaymentRefund(
  deps: { vouchers: Pick<VoucherRepository, 'getByCodeHash'>; memberships: Pick<MembershipStore, 'get'> },
  payment: Payment,
  amount: number | undefined,
): Promise<PlannedPaymentRefund> {
  if (!isPaymentRefundable(payment)) throw conflict(REFUND_MESSAGES.notCompleted);
  const left = await leftToRefund(deps, payment);
  if (left.refusal) throw conflict(left.refusal);
  if (amount !== undefined && amount > left.own) {
    const message = (payment.pageType === 'MEMBERSHIP' ? REFUND_MESSAGES.moreThanFeeLeft : REFUND_MESSAGES.moreThanUnspent)(moneyText(payment, left.own));
    throw new DomainError('Conflict', message, [{ field: 'amount', message }]);
  }
  const parts = amount === undefined ? left.full : { charity: amount, tip: 0, fee: 0, card: amount, voucher: 0 };
  const isFull = amount === undefined || (amount === left.own && left.full.tip === 0 && left.full.fee === 0);

  if (payment.pageType === 'MEMBERSHIP') {
    const priced = payment.priced as PricedMembership;
    const membership = isFull ? await deps.memberships.get(payment.membershipId) : undefined;
    const latest = membership?.lastPayment?.trackingNumber === payment.trackingNumber && membership.cancelledAt === undefined;
    return { subject: 'Membership', parts, isFull, charityId: priced.charity.id, ...(latest ? { endsMembership: payment.membershipId } : {}) };
  }

  // All to the card; taken off the vouchers in their own order, each with a balance, until the refund's value is taken.
  const voucherTakes: VoucherTake[] = [];
  let toTake = parts.charity;
  for (const voucher of left.vouchers ?? []) {
    if (toTake <= 0) break;
    const cents = Math.min(voucher.balance.cents, toTake);
    if (cents > 0) voucherTakes.push({ codeHash: voucher.codeHash, cents });
    toTake -= cents;
  }
  if (voucherTakes.length > MOST_VOUCHERS_PER_REFUND) throw conflict(REFUND_MESSAGES.tooManyVouchers(MOST_VOUCHERS_PER_REFUND));
  return { subject: 'VoucherPurchase', parts, isFull, voucherTakes };
}

/* ---- when it completes: the event, and the payer's e-mail --------------------------------------------------------- */

/** PaymentRefunded's data for a completed refund of a voucher purchase or membership fee. */
export function paymentRefundedData(payment: Payment, refund: StoredRefund): EventData<typeof PaymentRefunded> {
  const charity = payment.priced && 'charity' in payment.priced ? payment.priced.charity : undefined;
  return {
    refundId: refund.refundId,
    trackingNumber: payment.trackingNumber,
    kind: refund.subject ?? (payment.pageType === 'MEMBERSHIP' ? 'Membership' : 'VoucherPurchase'),
    country: payment.country,
    currency: refund.currency,
    what: whatOf(payment),
    totalCents: refund.total,
    ownCents: refund.parts.charity,
    isFull: refund.isFull,
    payer: { name: payment.receiptName || `${payment.donor.firstName} ${payment.donor.lastName}`.trim(), email: payment.donor.email },
    ...(payment.card ? { card: { cardType: payment.card.cardType, last4: payment.card.last4 } } : {}),
    ...(charity ? { charity: { id: charity.id, name: charity.name } } : {}),
    ...(payment.pageType === 'MEMBERSHIP' ? { membershipNumber: payment.membershipNumber } : { voucherCount: payment.quantity }),
    membershipEnded: refund.endsMembership !== undefined,
    paidAt: payment.updatedAt,
    refundedAt: refund.completedAt ?? refund.requestedAt,
  };
}

/**
 * PaymentRefunded -> the payer is told what came back to their card, and what it means for what they bought: the
 * vouchers' balance taken down (or nothing left to spend), or the membership ended or unchanged.
 */
export async function sendPaymentRefundNotice(deps: { mailer: Mailer }, refunded: EventData<typeof PaymentRefunded>): Promise<void> {
  const country = refunded.country as CountryCode;
  const amount = (cents: number) => formatMoney(money(cents, refunded.currency), COUNTRIES[country].locale);
  const card = refunded.card ? ` (${cardText(refunded.card)})` : '';
  const paid = localDateText(refunded.paidAt, country, 'long');
  const what = refunded.what.replace(/^A /, 'a ');
  const vouchers = (refunded.voucherCount ?? 1) > 1 ? 'the gift vouchers' : 'the gift voucher';
  const lines =
    refunded.kind === 'Membership'
      ? [
          `We have refunded ${amount(refunded.totalCents)} of your ${paid} payment for your ${what} of ${refunded.charity?.name ?? 'the charity'} (payment ${refunded.trackingNumber}) to your card${card}.`,
          refunded.membershipEnded
            ? `Your membership${refunded.membershipNumber ? ` (number ${refunded.membershipNumber})` : ''} has ended with this refund, and it will not renew.`
            : 'Your membership is unchanged.',
        ]
      : [
          `We have refunded ${amount(refunded.totalCents)} of your ${paid} purchase of ${what} (payment ${refunded.trackingNumber}) to your card${card}.`,
          refunded.isFull
            ? `What was left unspent on ${vouchers} has been taken off: ${(refunded.voucherCount ?? 1) > 1 ? 'they' : 'it'} can no longer be used to give.`
            : `${amount(refunded.ownCents)} has been taken off the unspent balance of ${vouchers}; the rest can still be used to give.`,
        ];
  const opening = [
    `Dear ${refunded.payer.name},`,
    '',
    ...lines,
    'A card refund usually reaches your account within 5 to 10 working days, depending on your bank.',
    '',
    'If you did not expect this refund, reply to this e-mail and we will look into it.',
  ];
  const text = opening.join('\n');
  const html = opening
    .filter(Boolean)
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('\n');
  await deps.mailer.send({ to: refunded.payer.email, subject: `Your refund from Koha: ${refunded.what}`, text, html });
}
