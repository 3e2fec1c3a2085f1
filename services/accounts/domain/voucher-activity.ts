import { createHash } from 'node:crypto';
import type { RecentVoucher } from '@giving/shared/contracts/accounts';
import { isCountryCode, type CountryCode } from '@giving/shared/countries';
import type { EventData } from '@giving/shared/events';
import type { VoucherPurchased } from '@giving/shared/events/donations';
import { RECENT_ACTIVITY_DAYS } from './donation-activity';

/** A gift voucher purchase in the ticker of its country, until it expires like the donations beside it. */
export interface VoucherPurchaseRecord {
  country: CountryCode;
  recent: RecentVoucher;
  /** Epoch seconds. */
  expiresAt: number;
}

export interface VoucherActivityStore {
  /** Puts the ticker item SITE#<cc>/RECENT#<createdOn>#<id>: the same purchase again writes the same item. */
  recordVoucherPurchase(record: VoucherPurchaseRecord): Promise<void>;
}

/**
 * The ticker's id for a voucher: opaque and fixed per voucher (a redelivery writes the same item), never the voucher's
 * id, which is also the payment's tracking number.
 */
export const tickerIdOf = (voucherId: string) => `voucher-${createHash('sha256').update(`ticker:${voucherId}`).digest('hex').slice(0, 20)}`;

/**
 * VoucherPurchased -> a gift voucher purchase in the header's ticker (spec 1 §1, §3 "Voucher: voucherBalance,
 * createdOn"): its value and when, never the buyer, the recipient or the code. One older than the ticker keeps items
 * for is not written.
 */
export async function recordVoucherPurchase(
  deps: { activity: VoucherActivityStore; clock: { now(): Date } },
  event: EventData<typeof VoucherPurchased>,
): Promise<'recorded' | 'tooOld' | 'sameOrder'> {
  // A workplace's order for its staff is one purchase on the ticker, not one per person.
  if (event.order && event.order.position > 1) return 'sameOrder';
  if (!isCountryCode(event.country)) throw new Error(`VoucherPurchased ${event.voucherId} has unknown country ${event.country}`);
  const createdOn = new Date(event.purchasedAt);
  if (Number.isNaN(createdOn.getTime())) throw new Error(`VoucherPurchased ${event.voucherId} has invalid purchasedAt ${event.purchasedAt}`);
  const expiresAt = Math.floor(createdOn.getTime() / 1000) + RECENT_ACTIVITY_DAYS * 24 * 60 * 60;
  if (expiresAt <= Math.floor(deps.clock.now().getTime() / 1000)) return 'tooOld';
  await deps.activity.recordVoucherPurchase({
    country: event.country,
    recent: { kind: 'voucher', id: tickerIdOf(event.voucherId), voucherBalance: { cents: event.value.cents, currency: event.value.currency }, createdOn: createdOn.toISOString() },
    expiresAt,
  });
  return 'recorded';
}
