import type { Clock } from '@giving/shared/clock';
import { MESSAGES } from '@giving/shared/contracts/messages';
import type { EventData, EventPublisher } from '@giving/shared/events';
import { DonationCompleted } from '@giving/shared/events/donations';
import { DEFAULT_FAILURE_MESSAGE, priceCharityDonation, priceFundraiseDonation, pricePayment } from './payments';
import type { CardGateway, CharityDirectory, ChargeResult, Donation, FundraisingPageDirectory, GiftCatalog, Payment, PaymentRepository, PaymentWorkflow, VoucherRepository } from './ports';
import { accountOfPayment } from './payment-gateway';
import { CARD_TESTING_MESSAGE, attemptOf, blockOf, recordDeclinedAttempt, type CardTestingLedger } from './card-testing';
import { RECORDING_FAILED_REFUNDED, cardAmountOf, chargeAmountOf, emitVoucherPurchased, recordVoucherPurchase, transactionFeeOf } from './voucher-steps';
import { priceVoucherPurchase, type VoucherCodeBook } from './vouchers';
import { emitMembershipPaid, priceMembership, recordMembershipPayment, type MembershipStore } from './charity-memberships';

/** The steps of the payment workflow (workflows/payment.asl.json). Each is safe to run again. */

export const GATEWAY_UNREACHABLE_MESSAGE = MESSAGES.gatewayUnreachable;

export type StepState = { trackingNumber: string; chargeAttempts?: number };
export type ValidateOutcome =
  /** paymentType is there for a gift voucher payment only: the workflow redeems the voucher before any charge. */
  | { trackingNumber: string; outcome: 'valid'; chargeAttempts: number; paymentType?: 'VOUCHER' }
  | { trackingNumber: string; outcome: 'alreadyCompleted' }
  | { trackingNumber: string; outcome: 'invalid'; message: string };
export type ChargeOutcome = { trackingNumber: string; chargeAttempts: number } & (ChargeResult | { outcome: 'notCharged' });

async function load(payments: PaymentRepository, trackingNumber: string): Promise<Payment> {
  const payment = await payments.get(trackingNumber);
  if (!payment) throw new Error(`payment ${trackingNumber} does not exist`);
  return payment;
}

/** Checks the payment can be charged, prices it from the gift's (or charity's) current state and marks it Processing. */
export async function validatePayment(
  deps: {
    payments: PaymentRepository;
    gifts: GiftCatalog;
    charities: Pick<CharityDirectory, 'getById'>;
    pages?: Pick<FundraisingPageDirectory, 'get'>;
    memberships?: MembershipStore;
    clock: Clock;
  },
  { trackingNumber }: StepState,
): Promise<ValidateOutcome> {
  const payment = await load(deps.payments, trackingNumber);
  if (payment.status === 'Completed') return { trackingNumber, outcome: 'alreadyCompleted' };
  if (payment.status === 'Failed') return { trackingNumber, outcome: 'invalid', message: payment.messages[0] ?? DEFAULT_FAILURE_MESSAGE };
  const priced =
    payment.pageType === 'GIFT'
      ? pricePayment(payment, await deps.gifts.getById(payment.giftId), { agreedAmount: payment.recurringCharge !== undefined })
      : payment.pageType === 'CHARITY'
        ? priceCharityDonation(payment, await deps.charities.getById(payment.charityId))
        : payment.pageType === 'FUNDRAISE'
          ? await priceFundraise(deps, payment)
          : payment.pageType === 'MEMBERSHIP'
            ? await priceMembershipPayment(deps, payment)
            : { ok: true as const, priced: priceVoucherPurchase(payment) };
  if (!priced.ok) return { trackingNumber, outcome: 'invalid', message: priced.message };
  if (!(await deps.payments.markProcessing(trackingNumber, priced.priced, deps.clock.now()))) {
    return validatePayment(deps, { trackingNumber }); // it ended meanwhile: report how
  }
  return { trackingNumber, outcome: 'valid', chargeAttempts: 0, ...(payment.voucher ? { paymentType: 'VOUCHER' as const } : {}) };
}

async function priceMembershipPayment(deps: { charities: Pick<CharityDirectory, 'getById'>; memberships?: MembershipStore }, payment: Payment & { pageType: 'MEMBERSHIP' }) {
  if (!deps.memberships) throw new Error('pricing a membership needs the membership store');
  return priceMembership({ store: deps.memberships, charities: deps.charities }, payment);
}

async function priceFundraise(deps: { charities: Pick<CharityDirectory, 'getById'>; pages?: Pick<FundraisingPageDirectory, 'get'>; clock: Clock }, payment: Payment & { pageType: 'FUNDRAISE' }) {
  if (!deps.pages) throw new Error('pricing a fundraising donation needs the fundraising pages');
  const page = await deps.pages.get(payment.pageId);
  return priceFundraiseDonation(payment, page, page ? await deps.charities.getById(page.charityId) : undefined, deps.clock.now());
}

/**
 * Charges the card token for the server-priced total (less any voucher part) plus the transaction fee, keyed by the
 * tracking number, in the payment's country's merchant account. An attempt from a blocked address, e-mail or card
 * (card-testing limits, read from the table) is declined here without reaching the gateway; a decline by the gateway
 * is counted against them.
 */
export async function chargeCard(
  deps: { payments: PaymentRepository; gateway: CardGateway; cardTesting: CardTestingLedger; clock: Clock; cardTestingLimitScale?: number },
  { trackingNumber, chargeAttempts = 0 }: StepState,
): Promise<ChargeOutcome> {
  const payment = await load(deps.payments, trackingNumber);
  if (!payment.priced) throw new Error(`payment ${trackingNumber} was not validated`);
  if (!payment.card) throw new Error(`payment ${trackingNumber} has no card to charge`);
  const account = accountOfPayment(payment);
  const attempt = attemptOf(payment, account);
  const blocks = () => deps.cardTesting.activeBlocks(deps.clock.now(), { consistent: true });
  if (attempt && (await blockOf({ blocks, gateway: deps.gateway, clock: deps.clock }, attempt))) {
    return { trackingNumber, chargeAttempts, outcome: 'declined', message: CARD_TESTING_MESSAGE, retryable: false };
  }
  const result = await deps.gateway.charge({
    account,
    idempotencyKey: trackingNumber,
    token: payment.card.token,
    // A saved card is charged as its gateway customer's payment method.
    ...(payment.card.customerId ? { customerId: payment.card.customerId } : {}),
    // The total, less what a gift voucher already paid, plus the transaction fee on that part.
    amount: chargeAmountOf(payment),
    description: chargeDescriptionOf(payment),
  });
  if (attempt && result.outcome === 'declined') {
    await recordDeclinedAttempt({ ledger: deps.cardTesting, clock: deps.clock, limitScale: deps.cardTestingLimitScale }, trackingNumber, attempt, result.cardFingerprint);
  }
  return { trackingNumber, chargeAttempts: chargeAttempts + 1, ...result };
}

/** After a lost or failed charge reply: asks the gateway what became of this key, never charging again here. */
export async function reconcileCharge(
  deps: { payments: PaymentRepository; gateway: CardGateway },
  { trackingNumber, chargeAttempts = 0 }: StepState,
): Promise<ChargeOutcome> {
  const attempts = chargeAttempts + 1; // the charge attempt whose reply was lost
  const payment = await load(deps.payments, trackingNumber);
  const found = await deps.gateway.findCharge({ account: accountOfPayment(payment), idempotencyKey: trackingNumber });
  if (!found) return { trackingNumber, chargeAttempts: attempts, outcome: 'notCharged' };
  return { trackingNumber, chargeAttempts: attempts, ...found };
}

function chargeDescriptionOf(payment: Payment): string {
  const priced = payment.priced;
  if (!priced || 'voucherPurchase' in priced) return payment.quantity > 1 ? `Koha gift vouchers x${payment.quantity}` : 'Koha gift voucher';
  if ('membership' in priced) return `${priced.membership.name} membership of ${priced.charity.name}`;
  if (priced.page) return `Donation to ${priced.charity.name} through "${priced.page.title}"`;
  return priced.gift ? `${priced.gift.title} x${payment.quantity} for ${priced.charity.name}` : `General donation to ${priced.charity.name}`;
}

/** The donation a completed payment records; `chargeId` is absent when a gift voucher paid it all. */
export function donationFrom(payment: Payment, chargeId: string | undefined, completedAt: Date): Donation {
  if (!payment.priced || 'voucherPurchase' in payment.priced || 'membership' in payment.priced || payment.pageType === 'VOUCHER_PURCHASE' || payment.pageType === 'MEMBERSHIP') {
    throw new Error(`payment ${payment.trackingNumber} is not a validated donation`);
  }
  const fee = chargeId ? transactionFeeOf(payment) : undefined;
  return {
    donationId: payment.trackingNumber,
    trackingNumber: payment.trackingNumber,
    pageType: payment.pageType,
    country: payment.country,
    priced: payment.priced,
    quantity: payment.quantity,
    message: payment.message,
    isAnonymous: payment.isAnonymous,
    receiptName: payment.receiptName,
    donorEmail: payment.donor.email,
    donorName: [payment.donor.firstName, payment.donor.lastName].filter(Boolean).join(' '),
    ...(payment.memberId ? { memberId: payment.memberId } : {}),
    paymentType: payment.voucher ? 'VOUCHER' : 'CARD',
    ...(chargeId && payment.card ? { card: { cardType: payment.card.cardType, last4: payment.card.last4 }, chargeId } : {}),
    ...(payment.redemption ? { voucherAmount: payment.redemption.amount } : {}),
    // Kept beside the donation, never in it: the charity is owed the amount, the website the tip, the fee neither.
    ...(fee && fee.cents > 0 ? { transactionFee: fee } : {}),
    ...(payment.isRecurring || payment.recurringCharge ? { isRecurring: true } : {}),
    ...(payment.pageType === 'FUNDRAISE' ? { isMessageAnonymous: payment.isMessageAnonymous, ...(payment.donorMessage ? { donorMessage: payment.donorMessage } : {}) } : {}),
    completedAt: completedAt.toISOString(),
  };
}

type VoucherDeps = { vouchers?: VoucherRepository; codes?: VoucherCodeBook; memberships?: MembershipStore };

/**
 * Records the donation and completes the payment in one transaction (no chargeId when a gift voucher paid it all);
 * for a voucher purchase, creates the voucher instead.
 */
export async function recordDonation(
  deps: { payments: PaymentRepository; clock: Clock } & VoucherDeps,
  { trackingNumber, chargeId }: { trackingNumber: string; chargeId?: string },
): Promise<{ trackingNumber: string }> {
  const payment = await load(deps.payments, trackingNumber);
  if (payment.status === 'Completed') return { trackingNumber };
  if (payment.pageType === 'VOUCHER_PURCHASE') {
    if (!deps.vouchers || !deps.codes || !chargeId) throw new Error(`voucher purchase ${trackingNumber} cannot be recorded here`);
    await recordVoucherPurchase({ ...deps, vouchers: deps.vouchers, codes: deps.codes }, payment, chargeId);
  } else if (payment.pageType === 'MEMBERSHIP') {
    if (!deps.memberships || !chargeId) throw new Error(`membership payment ${trackingNumber} cannot be recorded here`);
    await recordMembershipPayment({ store: deps.memberships, clock: deps.clock }, payment, chargeId);
  } else {
    await deps.payments.complete(donationFrom(payment, chargeId, deps.clock.now()));
  }
  return { trackingNumber };
}

/** What DonationCompleted says of a recorded donation (card, voucher or payroll). */
export function donationCompletedData(donation: Donation): EventData<typeof DonationCompleted> {
  return {
    donationId: donation.donationId,
    trackingNumber: donation.trackingNumber,
    pageType: donation.pageType,
    country: donation.country,
    charity: { id: donation.priced.charity.id, name: donation.priced.charity.name, charityUrl: donation.priced.charity.charityUrl },
    ...(donation.priced.gift ? { gift: donation.priced.gift } : {}),
    quantity: donation.quantity,
    amount: donation.priced.amount,
    tip: donation.priced.tip,
    total: donation.priced.total,
    paymentType: donation.paymentType,
    isAnonymous: donation.isAnonymous,
    receiptName: donation.receiptName,
    donorEmail: donation.donorEmail,
    ...(donation.memberId ? { donorMemberId: donation.memberId } : {}),
    ...(donation.voucherAmount ? { voucherAmount: donation.voucherAmount } : {}),
    ...(donation.transactionFee ? { transactionFee: donation.transactionFee } : {}),
    ...(donation.priced.page
      ? {
          page: {
            id: donation.priced.page.id,
            title: donation.priced.page.title,
            pageUrl: donation.priced.page.pageUrl,
            eventUrl: donation.priced.page.eventUrl,
            ...(donation.priced.page.eventId ? { eventId: donation.priced.page.eventId } : {}),
          },
          isMessageAnonymous: donation.isMessageAnonymous ?? false,
          ...(donation.donorMessage ? { donorMessage: donation.donorMessage } : {}),
          donorName: donation.donorName,
        }
      : {}),
    ...(donation.isRecurring ? { isRecurring: true } : {}),
    completedAt: donation.completedAt,
  };
}

/** Publishes DonationCompleted; the tracking number is the event id, so consumers drop a repeat. */
export async function emitDonationCompleted(
  deps: { payments: PaymentRepository; publisher: EventPublisher; vouchers?: VoucherRepository; memberships?: MembershipStore },
  { trackingNumber }: { trackingNumber: string },
): Promise<{ trackingNumber: string }> {
  const donation = await deps.payments.getDonation(trackingNumber);
  if (!donation) {
    const paid = await deps.payments.get(trackingNumber);
    // A membership's fee records a membership, not a donation: it announces MembershipPaid.
    if (paid?.pageType === 'MEMBERSHIP' && deps.memberships) {
      await emitMembershipPaid({ store: deps.memberships, publisher: deps.publisher }, paid);
      return { trackingNumber };
    }
    // A voucher purchase records a voucher, not a donation: it announces VoucherPurchased instead.
    const payment = await deps.payments.get(trackingNumber);
    if (payment?.pageType !== 'VOUCHER_PURCHASE' || !deps.vouchers) throw new Error(`donation ${trackingNumber} does not exist`);
    await emitVoucherPurchased({ ...deps, vouchers: deps.vouchers }, payment);
    return { trackingNumber };
  }
  await deps.publisher.publish(DonationCompleted, donationCompletedData(donation), { id: donation.donationId, correlationId: trackingNumber });
  return { trackingNumber };
}

/** Ends the payment as Failed with the message the donor will see. */
export async function failPayment(
  deps: { payments: PaymentRepository; clock: Clock },
  input: { trackingNumber: string; outcome?: string; message?: string },
): Promise<{ trackingNumber: string }> {
  const message = input.message ?? (input.outcome === 'notCharged' ? GATEWAY_UNREACHABLE_MESSAGE : DEFAULT_FAILURE_MESSAGE);
  await deps.payments.fail(input.trackingNumber, [message], deps.clock.now());
  return { trackingNumber: input.trackingNumber };
}

/** How long a payment may sit unfinished before the reconciliation job looks at it (longer than the workflow's timeout). */
export const STUCK_AFTER_MS = 20 * 60 * 1000;

/**
 * The scheduled safety net. Main course: find payments left unfinished (a workflow that never started, or one that
 * ended without an answer from the gateway), restart the first kind and settle the second from the gateway's record.
 * A payment whose compensation did not finish is refunded and failed; a failed one gives its voucher redemption back;
 * one a gift voucher paid in full completes without a charge.
 */
export async function reconcileStuckPayments(
  deps: {
    payments: PaymentRepository;
    gateway: CardGateway;
    workflow: PaymentWorkflow;
    publisher: EventPublisher;
    clock: Clock;
    /** What the workflow does after a completed payment (a member's saved card and monthly schedule). */
    followUp?: (trackingNumber: string) => Promise<unknown>;
  } & VoucherDeps,
  limit = 100,
): Promise<{ restarted: number; completed: number; failed: number }> {
  const counts = { restarted: 0, completed: 0, failed: 0 };
  const now = deps.clock.now();
  const releaseVoucher = (trackingNumber: string) => (deps.vouchers ? deps.vouchers.reverse(trackingNumber, now) : undefined);
  for (const payment of await deps.payments.listStuck(new Date(now.getTime() - STUCK_AFTER_MS), limit)) {
    if (payment.status === 'Initiated') {
      await deps.workflow.start(payment.trackingNumber);
      counts.restarted++;
      continue;
    }
    if (!payment.priced) continue;
    const account = accountOfPayment(payment);
    const found = await deps.gateway.findCharge({ account, idempotencyKey: payment.trackingNumber });
    if (payment.compensating) {
      if (found?.outcome === 'approved') await deps.gateway.refund({ account, idempotencyKey: `refund-${payment.trackingNumber}`, chargeId: found.chargeId });
      await releaseVoucher(payment.trackingNumber);
      await deps.payments.fail(payment.trackingNumber, [RECORDING_FAILED_REFUNDED], now);
      counts.failed++;
    } else if (found?.outcome === 'approved' || (payment.redemption && cardAmountOf(payment).cents === 0)) {
      const chargeId = found?.outcome === 'approved' ? found.chargeId : undefined;
      await recordDonation(deps, { trackingNumber: payment.trackingNumber, ...(chargeId ? { chargeId } : {}) });
      await emitDonationCompleted(deps, { trackingNumber: payment.trackingNumber });
      await deps.followUp?.(payment.trackingNumber);
      counts.completed++;
    } else {
      await releaseVoucher(payment.trackingNumber);
      await deps.payments.fail(payment.trackingNumber, [found?.message ?? GATEWAY_UNREACHABLE_MESSAGE], now);
      counts.failed++;
    }
  }
  return counts;
}
