import type { Clock } from '@giving/shared/clock';
import { REFUND_MESSAGES, type Refund, type RefundParts, type RefundRequest } from '@giving/shared/contracts/back-office-payments';
import { COUNTRIES } from '@giving/shared/countries';
import { DomainError, conflict, notFound } from '@giving/shared/errors';
import type { EventPublisher } from '@giving/shared/events';
import { DonationRefunded, PaymentRefunded } from '@giving/shared/events/donations';
import { newId } from '@giving/shared/ids';
import { COUNTRY_TIME_ZONES, localMonth } from '@giving/shared/local-time';
import { formatMoney, money } from '@giving/shared/money';
import { countedDonationOf } from './charity-reports';
import { accountOfPayment } from './payment-gateway';
import { paymentRefundedData, planPaymentRefund, type PaymentRefundSubject, type VoucherTake } from './payment-refunds';
import type { MembershipStore } from './charity-memberships';
import type { CardGateway, CountedDonation, Donation, PaymentRepository, VoucherRepository } from './ports';

/**
 * Refunds (issue 17 item 5): the back office gives a completed donation back, whole or in part. Accepting a refund
 * reserves it against the donation in one DynamoDB transaction conditioned on the donation's refund version, so two
 * administrators refunding at once can never give back more than is left; the refund workflow
 * (workflows/refund.asl.json, started from the stored refund like a payment) then pays the card back at the gateway
 * (keyed by the refund id: never twice), returns a voucher's part to the voucher, records the refund against the
 * donation and the charity's ledger in one transaction, and announces DonationRefunded (matching gives back its match,
 * fundraising its page total, and the donor is e-mailed the receipt as it now stands). A refund the gateway refuses is
 * failed and its reservation released.
 *
 * How a refund splits: a full refund gives back everything left — the donation, the tip and the card fee, to the card
 * and the voucher as each paid. A part refund is part of the charity's donation only (the tip and fee stay), paid back
 * to the card first and then to the voucher: money goes back to the donor's own card before a voucher someone else
 * may have paid for.
 *
 * A gift voucher purchase or a membership fee is refunded through the same request, book and workflow; how much and
 * what it means for the vouchers or the membership is planned in domain/payment-refunds.ts, and it is announced as
 * PaymentRefunded instead (no match, page or receipt follows it).
 */

/**
 * A refund as the donations table keeps it: DONATION#<id> / REFUND#<refund id>, beside its donation; a voucher
 * purchase's or membership fee's under its tracking number the same way (domain/payment-refunds.ts).
 */
export interface StoredRefund extends Refund {
  /** The donation's id, or the voucher purchase's or membership fee's tracking number: what the refund is filed under. */
  donationId: string;
  /** Absent: a donation's refund. */
  subject?: PaymentRefundSubject;
  /** The charity whose ledger it comes off (none for a voucher purchase: that money was never a charity's). */
  charityId?: string;
  country: Donation['country'];
  /** A voucher purchase's refund: what it took off each voucher's balance when it was accepted (put back if it fails). */
  voucherTakes?: VoucherTake[];
  /** A full refund of a membership's latest fee: the membership it ends when it completes. */
  endsMembership?: string;
}

/**
 * What a donation (or a voucher purchase or membership fee's payment) has had reserved by refunds (requested or
 * completed), and what completed refunds gave back.
 */
export interface DonationRefunds {
  /** Bumped by every reservation and release: the condition two refunds at once cannot both pass. */
  version: number;
  held: RefundParts;
  refunded: RefundParts;
  /** Completed refunds. */
  count: number;
}

export const NO_PARTS: RefundParts = { charity: 0, tip: 0, fee: 0, card: 0, voucher: 0 };

export interface RefundBook {
  /**
   * Stores the refund, claims the idempotency key and adds its parts to the donation's reserved ones, in one
   * transaction conditioned on the donation's refund version being `version`: 'changed' when another refund moved it
   * first (nothing written); 'repeat' with the refund this key stored before and that request's fingerprint.
   */
  reserve(
    /** Stored beside its donation (or, with a subject, its payment); a voucher purchase's takes its vouchers' balances too. */
    refund: StoredRefund,
    version: number,
    idempotencyKey: string,
    fingerprint: string,
  ): Promise<{ outcome: 'reserved' } | { outcome: 'changed' } | { outcome: 'repeat'; refund: StoredRefund; fingerprint: string }>;
  get(donationId: string, refundId: string): Promise<StoredRefund | undefined>;
  /** The donation's refunds, newest first. */
  list(donationId: string): Promise<StoredRefund[]>;
  /**
   * Requested -> Completed in one transaction with the donation's (or payment's) refunded parts, the charity's ledger
   * (what it received less refunds, what it is owed) in the month given, the dashboards' figures (`figures`: what comes
   * off the donation's day, gift or page) and the membership it ends; 'already' when it was recorded before.
   */
  complete(refund: StoredRefund, at: Date, month: string, figures?: RefundedFigures): Promise<'completed' | 'already'>;
  /**
   * Requested -> Failed with a message, its reservation released from the donation (or payment) and what it took off
   * vouchers put back; 'already' when it had ended.
   */
  fail(refund: StoredRefund, message: string, at: Date): Promise<'failed' | 'already'>;
}

/**
 * What a completed refund takes off the dashboards' figures: its amount from its donation's day and gift or page (as
 * the donation was counted: `entry.amount` is the refund's part of the donation), and the donation itself from their
 * counts (`donations: 1`) once none of it is left.
 */
export interface RefundedFigures {
  entry: CountedDonation;
  donations: 0 | 1;
  /**
   * What of the charity's donation completed refunds had given back when `donations` was worked out: the record holds
   * only while that is still so (another refund completing at the same moment makes this one read again and retry).
   */
  refundedBefore: number;
}

export interface VoucherRefunds {
  /** Adds the amount back to the voucher this payment redeemed, once per refund id. */
  returnPart(trackingNumber: string, refundId: string, amount: number, at: Date): Promise<'returned' | 'already' | 'none'>;
}

export interface RefundWorkflow {
  /** Starts the refund workflow for this refund (named by its id: starting it again is harmless). */
  start(refund: Pick<StoredRefund, 'refundId' | 'donationId'>): Promise<void>;
}

const sum = (parts: RefundParts) => parts.card + parts.voucher;
const minus = (a: RefundParts, b: RefundParts): RefundParts => ({
  charity: a.charity - b.charity,
  tip: a.tip - b.tip,
  fee: a.fee - b.fee,
  card: a.card - b.card,
  voucher: a.voucher - b.voucher,
});

/** Everything the donor paid, part by part: the donation, the tip and the fee; by card (with the fee) and by voucher. */
export function paidParts(donation: Donation): RefundParts {
  const voucher = donation.voucherAmount?.cents ?? 0;
  const fee = donation.transactionFee?.cents ?? 0;
  return {
    charity: donation.priced.amount.cents,
    tip: donation.priced.tip.cents,
    fee,
    card: donation.priced.total.cents - voucher + fee,
    voucher,
  };
}

/** What is left to refund: what was paid less what refunds (requested or completed) have reserved. */
export function refundableParts(donation: Donation): RefundParts {
  return minus(paidParts(donation), donation.refunds?.held ?? NO_PARTS);
}

const moneyText = (donation: Donation, cents: number) => formatMoney(money(cents, donation.priced.total.currency), COUNTRIES[donation.country].locale);

/** Whether the donation can be refunded here at all: a completed donation paid by card or voucher. */
export function refusalOf(donation: Donation): string | undefined {
  if (donation.paymentType === 'PAYROLL') return REFUND_MESSAGES.payroll;
  const left = refundableParts(donation);
  if (left.card + left.voucher <= 0) return REFUND_MESSAGES.nothingLeft;
  return undefined;
}

/**
 * The parts a refund gives back: everything left (no amount), or `amount` of the charity's donation, card first and
 * then voucher. 409 (naming `amount`) when it is more than is left.
 */
export function planRefund(donation: Donation, amount: number | undefined): { parts: RefundParts; isFull: boolean } {
  const refusal = refusalOf(donation);
  if (refusal) throw conflict(refusal);
  const left = refundableParts(donation);
  if (amount === undefined) return { parts: left, isFull: true };
  if (amount > left.charity) {
    throw new DomainError('Conflict', REFUND_MESSAGES.moreThanLeft(moneyText(donation, left.charity)), [
      { field: 'amount', message: REFUND_MESSAGES.moreThanLeft(moneyText(donation, left.charity)) },
    ]);
  }
  // The card's own part, without the fee it still holds (a part refund never gives the fee back).
  const card = Math.min(amount, Math.max(0, left.card - left.fee));
  const parts = { charity: amount, tip: 0, fee: 0, card, voucher: amount - card };
  // Giving back all that is left of the donation when there is no tip or fee left is the whole refund.
  return { parts, isFull: amount === left.charity && left.tip === 0 && left.fee === 0 };
}

/** Attempts when another refund of the same donation keeps moving its version first. */
const RESERVE_ATTEMPTS = 5;

/** What a refund is planned as, before it is stored. */
type Planned = Pick<StoredRefund, 'donationId' | 'trackingNumber' | 'parts' | 'isFull' | 'subject' | 'charityId' | 'voucherTakes' | 'endsMembership'> & { version: number };

/**
 * POST /donations/backoffice/payments/{trackingNumber}/refunds: reserves the refund of a donation, voucher purchase or
 * membership fee; the workflow starts from the stored item.
 */
export async function requestRefund(
  deps: {
    payments: Pick<PaymentRepository, 'getDonation' | 'get'>;
    refunds: RefundBook;
    clock: Clock;
    vouchers: Pick<VoucherRepository, 'getByCodeHash'>;
    memberships: Pick<MembershipStore, 'get'>;
  },
  trackingNumber: string,
  request: RefundRequest,
  idempotencyKey: string,
  requestedBy: string,
): Promise<{ created: boolean; refund: Refund }> {
  const fingerprint = JSON.stringify([trackingNumber, request.amount ?? 'all', request.reason]);
  for (let attempt = 0; attempt < RESERVE_ATTEMPTS; attempt++) {
    const donation = await deps.payments.getDonation(trackingNumber);
    let planned: Planned;
    let country: Donation['country'];
    if (donation) {
      planned = { ...planRefund(donation, request.amount), donationId: donation.donationId, trackingNumber: donation.trackingNumber, charityId: donation.priced.charity.id, version: donation.refunds?.version ?? 0 };
      country = donation.country;
    } else {
      const payment = await deps.payments.get(trackingNumber);
      if (!payment) throw notFound('That payment');
      planned = { ...(await planPaymentRefund(deps, payment, request.amount)), donationId: payment.trackingNumber, trackingNumber: payment.trackingNumber, version: payment.refunds?.version ?? 0 };
      country = payment.country;
    }
    const now = deps.clock.now();
    const { version, ...plan } = planned;
    const refund: StoredRefund = {
      refundId: newId(now.getTime()),
      ...plan,
      country,
      status: 'Requested',
      currency: COUNTRIES[country].currency,
      total: sum(plan.parts),
      reason: request.reason,
      requestedBy,
      requestedAt: now.toISOString(),
    };
    const result = await deps.refunds.reserve(refund, version, idempotencyKey, fingerprint);
    if (result.outcome === 'reserved') return { created: true, refund: publicRefund(refund) };
    if (result.outcome === 'repeat') {
      if (result.fingerprint !== fingerprint) throw new DomainError('IdempotencyKeyReused');
      return { created: false, refund: publicRefund(result.refund) };
    }
  }
  throw conflict(REFUND_MESSAGES.busy);
}

export function publicRefund(refund: StoredRefund): Refund {
  const { donationId: _d, charityId: _c, country: _country, subject: _s, voucherTakes: _v, endsMembership: _m, ...shown } = refund;
  return shown;
}

/* ------------------------------------------------------------------------------------------------------------
 * The refund workflow's steps (workflows/refund.asl.json). Each is safe to run again.
 * ---------------------------------------------------------------------------------------------------------- */

export interface RefundStep {
  refundId: string;
  donationId: string;
}

async function loadRefund(refunds: Pick<RefundBook, 'get'>, step: RefundStep): Promise<StoredRefund> {
  const refund = await refunds.get(step.donationId, step.refundId);
  if (!refund) throw new Error(`refund ${step.refundId} of ${step.donationId} does not exist`);
  return refund;
}

/** Pays the card's part back at the gateway, keyed by the refund id (a retry never refunds twice). */
export async function refundCard(
  deps: { refunds: Pick<RefundBook, 'get'>; payments: Pick<PaymentRepository, 'get' | 'getDonation'>; gateway: Pick<CardGateway, 'refund'> },
  step: RefundStep,
): Promise<RefundStep> {
  const refund = await loadRefund(deps.refunds, step);
  if (refund.status !== 'Requested' || refund.parts.card <= 0) return step;
  const [payment, donation] = await Promise.all([deps.payments.get(refund.trackingNumber), refund.subject ? undefined : deps.payments.getDonation(refund.donationId)]);
  // The donation's charge, or the voucher purchase's or membership fee's own.
  const chargeId = refund.subject ? payment?.chargeId : donation?.chargeId;
  // A card part with no charge to refund is a broken invariant: retried, then left pending for a person to look at.
  if (!payment || !chargeId) throw new Error(`refund ${refund.refundId}: the payment has no card charge`);
  await deps.gateway.refund({
    account: accountOfPayment(payment),
    idempotencyKey: `refund-${refund.refundId}`,
    chargeId,
    amount: money(refund.parts.card, refund.currency),
  });
  return step;
}

/** Returns the voucher's part to the gift voucher the payment redeemed, once. */
export async function returnToVoucher(deps: { refunds: Pick<RefundBook, 'get'>; vouchers: VoucherRefunds; clock: Clock }, step: RefundStep): Promise<RefundStep> {
  const refund = await loadRefund(deps.refunds, step);
  if (refund.status !== 'Requested' || refund.parts.voucher <= 0) return step;
  await deps.vouchers.returnPart(refund.trackingNumber, refund.refundId, refund.parts.voucher, deps.clock.now());
  return step;
}

/**
 * Records the refund against the donation, the charity's ledger (in the charity's month) and the dashboards' figures
 * (on the donation's own day: a dashboard shows what was given, less what was given back), once.
 */
export async function recordRefund(
  deps: { refunds: Pick<RefundBook, 'get' | 'complete'>; payments: Pick<PaymentRepository, 'getDonation'>; clock: Clock },
  step: RefundStep,
): Promise<RefundStep> {
  const refund = await loadRefund(deps.refunds, step);
  if (refund.status === 'Completed') return step;
  if (refund.status !== 'Requested') throw new Error(`refund ${refund.refundId} is ${refund.status}`);
  const now = deps.clock.now();
  const month = localMonth(now, COUNTRY_TIME_ZONES[refund.country]);
  // A voucher purchase or membership fee: no dashboard counted it as a donation.
  if (refund.subject) {
    await deps.refunds.complete(refund, now, month);
    return step;
  }
  const donation = await deps.payments.getDonation(refund.donationId);
  if (!donation) throw new Error(`refund ${refund.refundId}: donation ${refund.donationId} does not exist`);
  await deps.refunds.complete(refund, now, month, refundedFigures(donation, refund));
  return step;
}

/** What the refund takes off the dashboards' figures (none for a donation they never counted: no charity). */
export function refundedFigures(donation: Donation, refund: Pick<StoredRefund, 'parts' | 'currency'>): RefundedFigures | undefined {
  const counted = countedDonationOf(donation);
  if (!counted || refund.parts.charity <= 0) return undefined;
  const refundedBefore = donation.refunds?.refunded.charity ?? 0;
  const left = donation.priced.amount.cents - refundedBefore - refund.parts.charity;
  return { entry: { ...counted, amount: money(refund.parts.charity, refund.currency) }, donations: left <= 0 ? 1 : 0, refundedBefore };
}

/** Announces the completed refund (event id = refund id, so consumers act on it once). */
export async function emitDonationRefunded(
  deps: { refunds: Pick<RefundBook, 'get'>; payments: Pick<PaymentRepository, 'getDonation' | 'get'>; publisher: EventPublisher },
  step: RefundStep,
): Promise<RefundStep> {
  const refund = await loadRefund(deps.refunds, step);
  if (refund.subject) {
    // A voucher purchase or membership fee: PaymentRefunded (the payer is e-mailed).
    const payment = await deps.payments.get(refund.trackingNumber);
    if (!payment || refund.status !== 'Completed') throw new Error(`refund ${refund.refundId} is not recorded`);
    await deps.publisher.publish(PaymentRefunded, paymentRefundedData(payment, refund), { id: refund.refundId, correlationId: refund.trackingNumber });
    return step;
  }
  const donation = await deps.payments.getDonation(refund.donationId);
  if (!donation || refund.status !== 'Completed') throw new Error(`refund ${refund.refundId} is not recorded`);
  const refunded = donation.refunds?.refunded ?? NO_PARTS;
  await deps.publisher.publish(
    DonationRefunded,
    {
      refundId: refund.refundId,
      donationId: donation.donationId,
      trackingNumber: donation.trackingNumber,
      country: donation.country,
      charityId: donation.priced.charity.id,
      currency: refund.currency,
      donationCents: refund.parts.charity,
      tipCents: refund.parts.tip,
      totalCents: refund.total,
      remainingDonationCents: donation.priced.amount.cents - refunded.charity,
      originalDonationCents: donation.priced.amount.cents,
      ...(donation.priced.page ? { pageId: donation.priced.page.id } : {}),
      ...(donation.memberId ? { donorMemberId: donation.memberId } : {}),
      completedAt: donation.completedAt,
      refundedAt: refund.completedAt ?? refund.requestedAt,
    },
    { id: refund.refundId, correlationId: refund.trackingNumber },
  );
  return step;
}

/** Shown on a refund the gateway would not make (the charge was refunded outside Koha, or is no longer refundable). */
export const REFUND_REFUSED = 'The card gateway refused this refund (the charge may already have been refunded outside Koha). Nothing was given back; its amount can be refunded again.';

/** The gateway refused: the refund fails and what it reserved is left to refund again. */
export async function failRefund(deps: { refunds: Pick<RefundBook, 'get' | 'fail'>; clock: Clock }, step: RefundStep): Promise<RefundStep> {
  const refund = await loadRefund(deps.refunds, step);
  if (refund.status === 'Requested') await deps.refunds.fail(refund, REFUND_REFUSED, deps.clock.now());
  return step;
}
