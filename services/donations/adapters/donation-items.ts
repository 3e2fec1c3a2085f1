import type { Donation } from '../domain/ports';

/**
 * A donation item read back (written by dynamo-payments.ts `donationItem`): the donation without its keys and
 * bookkeeping (the ledger's month), for every reader: the payment look-up, the charity report, the member's history.
 */
export function donationFromItem(item: Record<string, unknown>): Donation {
  const { pk: _pk, sk: _sk, gsi1pk: _g1, gsi1sk: _g2, gsi2pk: _g3, gsi2sk: _g4, gsi3pk: _g5, gsi3sk: _g6, ledgerMonth: _l, ...donation } = item;
  return donation as unknown as Donation;
}
