import type { RefundParts } from '@giving/shared/contracts/back-office-payments';
import type { Donation } from '../domain/ports';

/** The parts of a refund, as the donation item keeps each sum: `<prefix>CharityCents`, `<prefix>TipCents`, … */
export const REFUND_PARTS = ['charity', 'tip', 'fee', 'card', 'voucher'] as const satisfies readonly (keyof RefundParts)[];
export const partAttribute = (prefix: 'held' | 'refunded', part: keyof RefundParts) => `${prefix}${part[0]!.toUpperCase()}${part.slice(1)}Cents`;
const REFUND_ATTRIBUTES = ['refundVersion', 'refundCount', ...REFUND_PARTS.flatMap((part) => [partAttribute('held', part), partAttribute('refunded', part)])];

/**
 * A donation item read back (written by dynamo-payments.ts `donationItem`): the donation without its keys and
 * bookkeeping (the ledger's month), for every reader: the payment look-up, the charity report, the member's history.
 * Refunds' sums (adapters/dynamo-refunds.ts) are kept as flat numbers, so DynamoDB can ADD to them; read back as one.
 */
export function donationFromItem(item: Record<string, unknown>): Donation {
  const { pk: _pk, sk: _sk, gsi1pk: _g1, gsi1sk: _g2, gsi2pk: _g3, gsi2sk: _g4, gsi3pk: _g5, gsi3sk: _g6, ledgerMonth: _l, ...rest } = item;
  const donation: Record<string, unknown> = { ...rest };
  for (const name of REFUND_ATTRIBUTES) delete donation[name];
  if (typeof item.refundVersion === 'number') {
    const parts = (prefix: 'held' | 'refunded') =>
      Object.fromEntries(REFUND_PARTS.map((part) => [part, Number(item[partAttribute(prefix, part)] ?? 0)])) as RefundParts;
    donation.refunds = { version: item.refundVersion, held: parts('held'), refunded: parts('refunded'), count: Number(item.refundCount ?? 0) };
  }
  return donation as unknown as Donation;
}
