import type { Clock } from '@giving/shared/clock';
import {
  VOUCHER_EXPIRED,
  VOUCHER_NEEDS_CARD,
  VOUCHER_NOT_FOUND,
  VOUCHER_BALANCE_CHANGED,
  VOUCHER_USED_UP,
  VOUCHER_WRONG_COUNTRY,
} from '@giving/shared/contracts/voucher-codes';
import type { EventPublisher } from '@giving/shared/events';
import { VoucherPurchased } from '@giving/shared/events/donations';
import { money, type Money } from '@giving/shared/money';
import { accountOfPayment, transactionFeeOn } from './payment-gateway';
import type { CardGateway, Payment, PaymentRepository, VoucherRepository } from './ports';
import { isExpired, voucherFor, voucherPurchasedData, type VoucherCodeBook } from './vouchers';
import { emitWorkplaceVouchersPurchased, isWorkplaceOrder, recordWorkplaceVoucherOrder } from './workplace-vouchers';

/**
 * The payment workflow's gift-voucher steps and its compensation (workflows/payment.asl.json). Each is safe to run
 * again: a redemption is keyed by the tracking number, its reversal and the refund happen once.
 */

/** Shown when a charge had to be refunded because the donation could not be recorded. */
export const RECORDING_FAILED_REFUNDED =
  'We could not complete your donation, so we have refunded your card and returned anything taken from your gift voucher. Please try again.';

/** Redemptions that lost a race with another one on the same voucher are retried with the new balance this often. */
const REDEEM_ATTEMPTS = 10;
/** A short random pause between those attempts, so racing redemptions do not collide again in step. */
const pauseBeforeRetry = () => new Promise((resolve) => setTimeout(resolve, 10 + Math.random() * 40));

export type RedeemOutcome =
  | { trackingNumber: string; outcome: 'redeemed'; chargeAttempts: 0; voucherCents: number; cardCents: number }
  | { trackingNumber: string; outcome: 'refused'; message: string };

async function load(payments: PaymentRepository, trackingNumber: string): Promise<Payment> {
  const payment = await payments.get(trackingNumber);
  if (!payment) throw new Error(`payment ${trackingNumber} does not exist`);
  return payment;
}

/** The part of the total the card pays: all of it, less what a voucher paid. */
export function cardAmountOf(payment: Pick<Payment, 'priced' | 'redemption'>): Money {
  if (!payment.priced) throw new Error('payment was not validated');
  const total = payment.priced.total;
  return money(total.cents - (payment.redemption?.amount.cents ?? 0), total.currency);
}

/** The transaction fee the donor covers: on the card's part, at the rates the payment was made with (0 when the card pays nothing). */
export function transactionFeeOf(payment: Pick<Payment, 'priced' | 'redemption' | 'transactionFees'>): Money {
  return transactionFeeOn(cardAmountOf(payment), payment.transactionFees);
}

/** What the card is charged: its part of the total plus the transaction fee. */
export function chargeAmountOf(payment: Pick<Payment, 'priced' | 'redemption' | 'transactionFees'>): Money {
  const card = cardAmountOf(payment);
  return money(card.cents + transactionFeeOn(card, payment.transactionFees).cents, card.currency);
}

/**
 * Takes min(balance, total) off the payment's voucher before any charge. Main course: read the voucher, refuse it
 * when unknown, expired, used up, of another currency, or short of the total with no card to pay the rest; otherwise
 * redeem by a conditional transaction (balance >= amount, not expired) that also records the redemption under the
 * tracking number, so a retry never redeems twice and concurrent redemptions never take a balance below zero. A
 * redemption that lost a race reads the new balance and tries again.
 */
export async function redeemVoucher(
  deps: { payments: PaymentRepository; vouchers: VoucherRepository; clock: Clock },
  { trackingNumber }: { trackingNumber: string },
): Promise<RedeemOutcome> {
  const payment = await load(deps.payments, trackingNumber);
  if (!payment.voucher) throw new Error(`payment ${trackingNumber} has no voucher`);
  if (!payment.priced) throw new Error(`payment ${trackingNumber} was not validated`);
  const total = payment.priced.total;
  const redeemed = (voucherCents: number): RedeemOutcome => ({
    trackingNumber,
    outcome: 'redeemed',
    chargeAttempts: 0,
    voucherCents,
    cardCents: total.cents - voucherCents,
  });
  const refused = (message: string): RedeemOutcome => ({ trackingNumber, outcome: 'refused', message });
  if (payment.redemption) return redeemed(payment.redemption.amount.cents);

  for (let attempt = 0; attempt < REDEEM_ATTEMPTS; attempt++) {
    const now = deps.clock.now();
    const voucher = await deps.vouchers.getByCodeHash(payment.voucher.codeHash);
    if (!voucher) return refused(VOUCHER_NOT_FOUND);
    if (voucher.balance.currency !== total.currency) return refused(VOUCHER_WRONG_COUNTRY);
    if (isExpired(voucher, now)) return refused(VOUCHER_EXPIRED);
    if (voucher.balance.cents === 0) return refused(VOUCHER_USED_UP);
    let amount = Math.min(voucher.balance.cents, total.cents);
    if (amount < total.cents && !payment.card) return refused(VOUCHER_NEEDS_CARD);
    // The card pays exactly the part (and fee) the donor was shown: the voucher gives the rest, or nothing is taken.
    const planned = payment.voucher.cardCents === undefined ? undefined : total.cents - payment.voucher.cardCents;
    if (planned !== undefined && (amount < planned || planned <= 0)) return refused(VOUCHER_BALANCE_CHANGED);
    if (planned !== undefined) amount = planned;
    const result = await deps.vouchers.redeem({ codeHash: voucher.codeHash, trackingNumber, amount: money(amount, total.currency), at: now });
    if (result.outcome === 'redeemed') return redeemed(amount);
    if (result.outcome === 'repeat') return redeemed(result.redemption.amount.cents);
    if (result.outcome === 'paymentEnded') throw new Error(`payment ${trackingNumber} ended while its voucher was being redeemed`);
    await pauseBeforeRetry();
  }
  throw new Error(`voucher of payment ${trackingNumber} kept changing; redemption not taken`);
}

/** Gives back what the payment took from its voucher (after a decline or any failure after the redemption); once. */
export async function releaseVoucher(deps: { vouchers: VoucherRepository; clock: Clock }, { trackingNumber }: { trackingNumber: string }): Promise<void> {
  await deps.vouchers.reverse(trackingNumber, deps.clock.now());
}

/**
 * Compensation for a charge whose donation could not be recorded. Main course: mark the payment as compensating (it
 * can then never complete), refund the charge at the gateway (keyed by the tracking number, so never twice), and hand
 * on the donor's message; the workflow then releases any voucher and fails the payment. When the donation turns out to
 * have been recorded after all, nothing is refunded and the workflow carries on as completed.
 */
export async function refundCharge(
  deps: { payments: PaymentRepository; gateway: CardGateway; clock: Clock },
  input: { trackingNumber: string; chargeId?: string },
): Promise<{ trackingNumber: string; outcome: 'recorded' } | { trackingNumber: string; outcome: 'refunded'; message: string }> {
  const { trackingNumber } = input;
  if ((await deps.payments.markCompensating(trackingNumber, deps.clock.now())) === 'completed') return { trackingNumber, outcome: 'recorded' };
  const account = accountOfPayment(await load(deps.payments, trackingNumber));
  const chargeId =
    input.chargeId ?? (await deps.gateway.findCharge({ account, idempotencyKey: trackingNumber }).then((found) => (found?.outcome === 'approved' ? found.chargeId : undefined)));
  if (chargeId) await deps.gateway.refund({ account, idempotencyKey: `refund-${trackingNumber}`, chargeId });
  return { trackingNumber, outcome: 'refunded', message: RECORDING_FAILED_REFUNDED };
}

/**
 * A charged voucher purchase: creates its voucher and completes the payment in one transaction. The code is derived
 * from the voucher's id; on the (rare) clash with another voucher's code, the next derivation is used.
 */
export async function recordVoucherPurchase(
  deps: { payments: PaymentRepository; vouchers: VoucherRepository; codes: VoucherCodeBook; clock: Clock },
  payment: Payment,
  chargeId: string,
): Promise<void> {
  if (payment.pageType !== 'VOUCHER_PURCHASE') throw new Error(`payment ${payment.trackingNumber} is not a voucher purchase`);
  if (!payment.priced) throw new Error(`payment ${payment.trackingNumber} was not validated`);
  if (isWorkplaceOrder(payment)) return recordWorkplaceVoucherOrder(deps, payment, chargeId);
  const boughtAt = deps.clock.now();
  const value = money(payment.donationAmountCents, payment.priced.amount.currency);
  for (let variant = 0; variant < 10; variant++) {
    const voucher = voucherFor(payment, value, deps.codes, variant, boughtAt);
    const result = await deps.vouchers.completePurchase(voucher, { trackingNumber: payment.trackingNumber, chargeId });
    if (result === 'created') return;
    if (result === 'ended') {
      if ((await load(deps.payments, payment.trackingNumber)).status === 'Completed') return; // an earlier attempt did it
      throw new Error(`payment ${payment.trackingNumber} is not Processing; voucher not created`);
    }
  }
  throw new Error(`no free voucher code for ${payment.trackingNumber}`);
}

/** Publishes VoucherPurchased (event id = tracking number, so the code e-mail goes once). */
export async function emitVoucherPurchased(
  deps: { payments: PaymentRepository; vouchers: VoucherRepository; publisher: EventPublisher },
  payment: Payment,
): Promise<void> {
  if (isWorkplaceOrder(payment)) return emitWorkplaceVouchersPurchased(deps, payment);
  const codeHash = payment.purchasedVoucher?.codeHash;
  const voucher = codeHash ? await deps.vouchers.getByCodeHash(codeHash) : undefined;
  if (!voucher) throw new Error(`voucher of purchase ${payment.trackingNumber} does not exist`);
  await deps.publisher.publish(VoucherPurchased, voucherPurchasedData(voucher, payment.trackingNumber), {
    id: payment.trackingNumber,
    correlationId: payment.trackingNumber,
  });
}
