import type { RefundParts } from '@giving/shared/contracts/back-office-payments';
import type { Donation } from '../domain/ports';
import type { DonationRefunds } from '../domain/refunds';

/** The parts of a refund, as the donation item keeps each sum: `<prefix>CharityCents`, `<prefix>TipCents`, … */
export const REFUND_PARTS = ['charity', 'tip', 'fee', 'card', 'voucher'] as const satisfies readonly (keyof RefundParts)[];
export const partAttribute = (prefix: 'held' | 'refunded', part: keyof RefundParts) => `${prefix}${part[0]!.toUpperCase()}${part.slice(1)}Cents`;
const REFUND_ATTRIBUTES = ['refundVersion', 'refundCount', ...REFUND_PARTS.flatMap((part) => [partAttribute('held', part), partAttribute('refunded', part)])];

/**
 * What refunds reserved and gave back, as an item (a donation's, or a voucher purchase's or membership fee's payment)
 * keeps them: flat numbers DynamoDB can ADD to (adapters/dynamo-refunds.ts), read back as one; absent: never refunded.
 * `rest` loses those attributes.
 */
export function takeRefunds(item: Record<string, unknown>, rest: Record<string, unknown>): DonationRefunds | undefined {
  for (const name of REFUND_ATTRIBUTES) delete rest[name];
  if (typeof item.refundVersion !== 'number') return undefined;
  const parts = (prefix: 'held' | 'refunded') => Object.fromEntries(REFUND_PARTS.map((part) => [part, Number(item[partAttribute(prefix, part)] ?? 0)])) as RefundParts;
  return { version: item.refundVersion, held: parts('held'), refunded: parts('refunded'), count: Number(item.refundCount ?? 0) };
}

/**
 * A donation item read back (written by dynamo-payments.ts `donationItem`): the donation without its keys and
 * bookkeeping (the ledger's month), for every reader: the payment look-up, the charity report, the member's history.
 */
export function donationFromItem(item: Record<string, unknown>): Donation {
  const { pk: _pk, sk: _sk, gsi1pk: _g1, gsi1sk: _g2, gsi2pk: _g3, gsi2sk: _g4, gsi3pk: _g5, gsi3sk: _g6, ledgerMonth: _l, ...rest } = item;
  const donation: Record<string, unknown> = { ...rest };
  const refunds = takeRefunds(item, donation);
  if (refunds) donation.refunds = refunds;
  return donation as unknown as Donation;
}
