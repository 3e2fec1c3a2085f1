import { PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '@giving/shared/clock';
import type { DomainError } from '@giving/shared/errors';
import { REFUND_MESSAGES } from '@giving/shared/contracts/back-office-payments';
import { newId } from '@giving/shared/ids';
import { documentLines } from '@giving/shared/printing/printable';
import { testTables } from '../../../tools/local/src/testing/dynamo';
import { dynamoCharityLedger } from '../adapters/dynamo-charity-ledger';
import { donationItem, dynamoPaymentRepository } from '../adapters/dynamo-payments';
import { dynamoRefundBook } from '../adapters/dynamo-refunds';
import { dynamoMembershipStore } from '../adapters/dynamo-charity-memberships';
import { dynamoVoucherRepository } from '../adapters/dynamo-vouchers';
import donations from '../service';
import { refused } from './test-support';
import type { Donation, PaymentRepository, VoucherRepository } from './ports';
import type { MembershipStore } from './charity-memberships';
import { receiptAmounts, receiptDocument } from './receipts';
import { planRefund, recordRefund, requestRefund, type RefundBook } from './refunds';

const NZD = (cents: number) => ({ cents, currency: 'NZD' as const });

/** $40 to Kiwi Coast Rescue and a $5 tip: $30 from a gift voucher, $15 by card plus a 68c fee. */
function aDonation(overrides: Partial<Donation> = {}): Donation {
  const donationId = newId();
  return {
    donationId,
    trackingNumber: donationId,
    pageType: 'CHARITY',
    country: 'nz',
    priced: { amount: NZD(4000), tip: NZD(500), total: NZD(4500), charity: { id: newId(), name: 'Kiwi Coast Rescue', charityUrl: 'kiwi-coast-rescue', logoImageUrl: '' } },
    quantity: 1,
    isAnonymous: false,
    receiptName: 'Aroha Ngata',
    donorEmail: 'aroha@example.com',
    donorName: 'Aroha Ngata',
    paymentType: 'VOUCHER',
    card: { cardType: 'visa', last4: '4242' },
    chargeId: 'ch_1',
    voucherAmount: NZD(3000),
    transactionFee: NZD(68),
    completedAt: '2026-11-20T01:00:00.000Z',
    ...overrides,
  };
}

describe('planning a refund', () => {
  it('a full refund gives back everything the donor paid, to the card (with the fee) and to the voucher', () => {
    expect(planRefund(aDonation(), undefined)).toEqual({ isFull: true, parts: { charity: 4000, tip: 500, fee: 68, card: 1568, voucher: 3000 } });
  });

  it('a part refund is part of the donation only, paid back to the card first and then the voucher; never the tip or fee', () => {
    expect(planRefund(aDonation(), 1000).parts).toEqual({ charity: 1000, tip: 0, fee: 0, card: 1000, voucher: 0 });
    expect(planRefund(aDonation(), 2000).parts).toEqual({ charity: 2000, tip: 0, fee: 0, card: 1500, voucher: 500 });
  });

  it('refuses more than is left of the donation, naming the amount and what is left', () => {
    const donation = aDonation({ refunds: { version: 1, held: { charity: 3000, tip: 0, fee: 0, card: 1500, voucher: 1500 }, refunded: { charity: 0, tip: 0, fee: 0, card: 0, voucher: 0 }, count: 0 } });
    let error: unknown;
    try {
      planRefund(donation, 1001);
    } catch (caught) {
      error = caught;
    }
    expect(error).toMatchObject({ code: 'Conflict', message: REFUND_MESSAGES.moreThanLeft('$10.00'), fieldErrors: [{ field: 'amount' }] });
    expect(planRefund(donation, 1000).parts).toEqual({ charity: 1000, tip: 0, fee: 0, card: 0, voucher: 1000 });
  });

  it('refuses a payroll donation and one refunded in full', () => {
    expect(() => planRefund(aDonation({ paymentType: 'PAYROLL' }), undefined)).toThrow(REFUND_MESSAGES.payroll);
    const all = { charity: 4000, tip: 500, fee: 68, card: 1568, voucher: 3000 };
    expect(() => planRefund(aDonation({ refunds: { version: 1, held: all, refunded: all, count: 1 } }), undefined)).toThrow(REFUND_MESSAGES.nothingLeft);
  });
});

describe('refunds against DynamoDB', () => {
  let client: DynamoDBDocumentClient;
  let tableName: string;
  let payments: PaymentRepository;
  let book: RefundBook;
  let vouchers: VoucherRepository;
  let memberships: MembershipStore;
  const clock = fixedClock('2026-11-25T01:00:00Z');
  const stored = async (donation: Donation) => {
    await client.send(new PutCommand({ TableName: tableName, Item: donationItem(donation) }));
    return donation;
  };

  beforeAll(async () => {
    const tables = await testTables([donations]);
    client = tables.client;
    tableName = tables.tableName('donations');
    payments = dynamoPaymentRepository(client, tableName);
    book = dynamoRefundBook(client, tableName);
    vouchers = dynamoVoucherRepository(client, tableName);
    memberships = dynamoMembershipStore(client, tableName);
  });

  it('two administrators refunding at once never give back more than is left: one is reserved, the other refused', async () => {
    const donation = await stored(aDonation());
    const results = await Promise.allSettled(
      [1, 2, 3, 4].map((n) => requestRefund({ payments, refunds: book, clock, vouchers, memberships }, donation.trackingNumber, { amount: 1500, reason: `Asked twice ${n}` }, `key-${donation.donationId}-${n}`, 'Alex Morgan')),
    );
    const reserved = results.filter((result) => result.status === 'fulfilled');
    // $40 left: two $15 refunds fit, a third and fourth do not ($10 left).
    expect(reserved).toHaveLength(2);
    for (const result of results) if (result.status === 'rejected') expect((result.reason as DomainError).code).toBe('Conflict');
    const after = await payments.getDonation(donation.donationId);
    expect(after?.refunds?.held.charity).toBe(3000);
    expect((after?.refunds?.held.card ?? 0) + (after?.refunds?.held.voucher ?? 0)).toBe(3000);
    // Card first: the first takes the card's $15, the second the voucher's.
    expect(after?.refunds?.held).toMatchObject({ card: 1500, voucher: 1500, tip: 0, fee: 0 });
  });

  it('the same key is the same refund (200), another request with it 422; a completed refund is on the receipt and the ledger', async () => {
    const donation = await stored(aDonation());
    const deps = { payments, refunds: book, clock, vouchers, memberships };
    const first = await requestRefund(deps, donation.trackingNumber, { amount: 1000, reason: 'Gave twice by mistake' }, `key-${donation.donationId}`, 'Alex Morgan');
    const again = await requestRefund(deps, donation.trackingNumber, { amount: 1000, reason: 'Gave twice by mistake' }, `key-${donation.donationId}`, 'Alex Morgan');
    expect(first.created).toBe(true);
    expect(again).toEqual({ created: false, refund: first.refund });
    expect((await refused(requestRefund(deps, donation.trackingNumber, { amount: 999, reason: 'Another' }, `key-${donation.donationId}`, 'Alex Morgan'))).code).toBe('IdempotencyKeyReused');

    await recordRefund({ refunds: book, payments, clock }, { refundId: first.refund.refundId, donationId: donation.donationId });
    await recordRefund({ refunds: book, payments, clock }, { refundId: first.refund.refundId, donationId: donation.donationId });
    const after = (await payments.getDonation(donation.donationId))!;
    expect(after.refunds).toMatchObject({ count: 1, refunded: { charity: 1000, card: 1000, voucher: 0 } });
    const ledger = await dynamoCharityLedger(client, tableName).get(donation.priced.charity.id, 5);
    expect(ledger).toMatchObject({ refundedCents: 1000, owedCents: -1000 });
    expect(ledger.months).toEqual([expect.objectContaining({ month: '2026-11', refundedCents: 1000 })]);

    // The receipt that replaces the first: what the charity kept ($30, all of it now paid by the voucher).
    expect(receiptAmounts(after)).toMatchObject({ donation: NZD(3000), ownDonation: NZD(0), paid: NZD(3568) });
    const text = documentLines(receiptDocument(after, { name: 'Kiwi Coast Rescue', taxApproved: true }, [], await book.list(donation.donationId)).blocks).join('\n');
    expect(text).toContain(`Receipt number: ${donation.trackingNumber}-2`);
    expect(text).toContain(`This receipt replaces receipt ${donation.trackingNumber} and states what Kiwi Coast Rescue kept: $30.00.`);
    expect(text).toContain('Refunded to your card: $10.00');
    expect(text).toContain('Total after refunds: $35.68');
  });
});
