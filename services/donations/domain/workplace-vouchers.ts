import type { Clock } from '@giving/shared/clock';
import type { WorkplaceVoucher, WorkplaceVoucherList, WorkplaceVoucherPurchaseRequest, WorkplaceVoucherTotals } from '@giving/shared/contracts/vouchers';
import { COUNTRIES } from '@giving/shared/countries';
import { DomainError } from '@giving/shared/errors';
import type { EventPublisher } from '@giving/shared/events';
import { VoucherPurchased } from '@giving/shared/events/donations';
import { money, type Currency } from '@giving/shared/money';
import { donorFromSignIn, fingerprintOf, type SignedInMember } from './payments';
import type { MembershipDirectory, NewPayment, Payment, PaymentRepository, Voucher, VoucherRepository } from './ports';
import { expiryOf, isExpired, summaryOf, voucherPurchasedData, type VoucherCodeBook } from './vouchers';

/**
 * A workplace buys gift vouchers for its people (issue 15 item 9, by its payments admins): one card payment for value x
 * people, then one voucher per person, each with its own code e-mailed to them; the workplace's console lists every
 * voucher with what is left on it. The vouchers and the payment's completion are one transaction, so vouchers exist
 * exactly when the card was charged, however often a step is retried.
 */

/** The voucher id of the order's voucher at `position` (from 1): the order's tracking number and a two-digit place. */
export const orderVoucherId = (trackingNumber: string, position: number) => `${trackingNumber}-${String(position).padStart(2, '0')}`;

type OrderDeps = { payments: PaymentRepository; memberships: Pick<MembershipDirectory, 'workplacesOf'>; clock: Clock };

/**
 * Stores the order as a voucher purchase payment (the buyer is the signed-in admin, the workplace by the name in their
 * membership) and claims the idempotency key, as any payment does; the payment workflow charges the card and then
 * creates the vouchers. Same key and request: same answer.
 */
export async function createWorkplaceVoucherOrder(
  deps: OrderDeps,
  workplaceId: string,
  request: WorkplaceVoucherPurchaseRequest,
  buyer: SignedInMember,
  idempotencyKey: string,
): Promise<{ trackingNumber: string }> {
  // The route's guard checked the payments permission in this workplace. Only its own admins buy for it (support
  // staff act in any workplace, but do not pay for one): the membership also names it.
  const membership = (await deps.memberships.workplacesOf(buyer.memberId)).find((m) => m.workplaceId === workplaceId);
  if (!membership) throw new DomainError('Forbidden');
  const donor = donorFromSignIn(buyer);
  const recipients = request.recipients.map(({ email, name }) => ({ email, ...(name ? { name } : {}) }));
  const payment: NewPayment = {
    idempotencyKey,
    pageType: 'VOUCHER_PURCHASE',
    workplace: { id: workplaceId, name: membership.workplaceName },
    recipients,
    country: request.country,
    donationAmountCents: request.voucherValue,
    quantity: recipients.length,
    supportingAmountCents: 0,
    message: request.message?.trim() || undefined,
    isAnonymous: false,
    receiptName: membership.workplaceName,
    donor,
    memberId: buyer.memberId,
    card: { token: request.card.token, cardType: request.card.cardType, last4: request.card.last4 },
    createdAt: deps.clock.now().toISOString(),
  };
  const fingerprint = fingerprintOf({ workplaceVoucherOrder: request, workplaceId, memberId: buyer.memberId });
  const result = await deps.payments.createOnce(payment, fingerprint);
  if (!result.created && result.fingerprint !== fingerprint) throw new DomainError('IdempotencyKeyReused');
  return { trackingNumber: result.trackingNumber };
}

type OrderPayment = Payment & { pageType: 'VOUCHER_PURCHASE'; workplace: { id: string; name: string }; recipients: { email: string; name?: string }[] };

export const isWorkplaceOrder = (payment: Payment): payment is OrderPayment =>
  payment.pageType === 'VOUCHER_PURCHASE' && payment.workplace !== undefined && Array.isArray(payment.recipients);

function orderVoucher(payment: OrderPayment, position: number, codes: VoucherCodeBook, variant: number, boughtAt: Date): Voucher {
  const voucherId = orderVoucherId(payment.trackingNumber, position);
  const code = codes.codeFor(voucherId, variant);
  const value = money(payment.donationAmountCents, COUNTRIES[payment.country].currency);
  const recipient = payment.recipients[position - 1] as { email: string; name?: string };
  return {
    voucherId,
    codeHash: codes.hash(code),
    codeVariant: variant,
    codeLast2: code.slice(-2),
    country: payment.country,
    value,
    balance: value,
    expiresAt: expiryOf(boughtAt).toISOString(),
    createdAt: boughtAt.toISOString(),
    buyer: { email: payment.donor.email, firstName: payment.donor.firstName, lastName: payment.donor.lastName, ...(payment.memberId ? { memberId: payment.memberId } : {}) },
    recipient,
    ...(payment.message ? { message: payment.message } : {}),
    workplace: { id: payment.workplace.id, name: payment.workplace.name, orderNumber: payment.trackingNumber },
  };
}

/**
 * A charged workplace order: creates its vouchers and completes the payment in one transaction. A code another voucher
 * already has moves that voucher on to its next derivation; a retry after success finds the payment Completed.
 */
export async function recordWorkplaceVoucherOrder(
  deps: { payments: PaymentRepository; vouchers: VoucherRepository; codes: VoucherCodeBook; clock: Clock },
  payment: OrderPayment,
  chargeId: string,
): Promise<void> {
  const boughtAt = deps.clock.now();
  const variants = payment.recipients.map(() => 0);
  for (let attempt = 0; attempt < 10; attempt++) {
    const vouchers = variants.map((variant, index) => orderVoucher(payment, index + 1, deps.codes, variant, boughtAt));
    const result = await deps.vouchers.completeOrder(vouchers, { trackingNumber: payment.trackingNumber, chargeId });
    if (result.outcome === 'created') return;
    if (result.outcome === 'ended') {
      if ((await deps.payments.get(payment.trackingNumber))?.status === 'Completed') return; // an earlier attempt did it
      throw new Error(`payment ${payment.trackingNumber} is not Processing; vouchers not created`);
    }
    for (const position of result.positions) variants[position] = (variants[position] as number) + 1;
  }
  throw new Error(`no free voucher codes for order ${payment.trackingNumber}`);
}

/** Publishes VoucherPurchased for each of the order's vouchers (event id = voucher id, so each code is e-mailed once). */
export async function emitWorkplaceVouchersPurchased(
  deps: { vouchers: VoucherRepository; publisher: EventPublisher },
  payment: OrderPayment,
): Promise<void> {
  const made = payment.purchasedVouchers ?? [];
  if (made.length !== payment.recipients.length) throw new Error(`order ${payment.trackingNumber} has ${made.length} of its ${payment.recipients.length} vouchers`);
  const currency = COUNTRIES[payment.country].currency;
  const total = money(payment.donationAmountCents * made.length, currency);
  const publishOne = async ({ codeHash }: { codeHash: string }, index: number) => {
    const voucher = await deps.vouchers.getByCodeHash(codeHash);
    if (!voucher) throw new Error(`voucher ${index + 1} of order ${payment.trackingNumber} does not exist`);
    await deps.publisher.publish(
      VoucherPurchased,
      { ...voucherPurchasedData(voucher, payment.trackingNumber), order: { workplaceId: payment.workplace.id, workplaceName: payment.workplace.name, size: made.length, position: index + 1, total } },
      { id: voucher.voucherId, correlationId: payment.trackingNumber },
    );
  };
  // Ten at a time: an order is at most 99 vouchers.
  for (let start = 0; start < made.length; start += 10) {
    await Promise.all(made.slice(start, start + 10).map((item, offset) => publishOne(item, start + offset)));
  }
}

export const WORKPLACE_VOUCHER_PAGE_SIZE = 50;

function listed(voucher: Voucher, now: Date): WorkplaceVoucher {
  return {
    ...summaryOf(voucher, now),
    recipientEmail: voucher.recipient?.email ?? '',
    orderNumber: voucher.workplace?.orderNumber ?? voucher.voucherId,
    buyerName: [voucher.buyer.firstName, voucher.buyer.lastName].filter(Boolean).join(' '),
  };
}

/** Totals per currency: what the vouchers were worth, what was given with them, what is left, and what expired unused. */
export function voucherTotals(vouchers: readonly Pick<Voucher, 'value' | 'balance' | 'expiresAt'>[], now: Date): WorkplaceVoucherTotals[] {
  const byCurrency = new Map<Currency, { count: number; value: number; given: number; remaining: number; expired: number }>();
  for (const voucher of vouchers) {
    const currency = voucher.value.currency;
    const sums = byCurrency.get(currency) ?? { count: 0, value: 0, given: 0, remaining: 0, expired: 0 };
    sums.count += 1;
    sums.value += voucher.value.cents;
    sums.given += voucher.value.cents - voucher.balance.cents;
    if (isExpired(voucher, now)) sums.expired += voucher.balance.cents;
    else sums.remaining += voucher.balance.cents;
    byCurrency.set(currency, sums);
  }
  return [...byCurrency.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, sums]) => ({
      currency,
      count: sums.count,
      value: money(sums.value, currency),
      given: money(sums.given, currency),
      remaining: money(sums.remaining, currency),
      expired: money(sums.expired, currency),
    }));
}

/** GET /donations/workplace/{workplaceId}/vouchers: the workplace's vouchers, newest first, with totals over all of them. */
export async function listWorkplaceVouchers(
  deps: { vouchers: VoucherRepository; clock: Clock },
  workplaceId: string,
  query: { cursor?: string },
): Promise<WorkplaceVoucherList> {
  const now = deps.clock.now();
  const [page, balances] = await Promise.all([
    deps.vouchers.listByWorkplace(workplaceId, query, WORKPLACE_VOUCHER_PAGE_SIZE),
    deps.vouchers.balancesOfWorkplace(workplaceId),
  ]);
  return {
    items: page.items.map((voucher) => listed(voucher, now)),
    ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
    totals: voucherTotals(balances, now),
  };
}
