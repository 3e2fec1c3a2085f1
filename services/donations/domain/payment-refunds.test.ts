import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '@giving/shared/clock';
import { REFUND_MESSAGES } from '@giving/shared/contracts/back-office-payments';
import { newId } from '@giving/shared/ids';
import type { OutgoingMail } from '@giving/shared/mail';
import { money } from '@giving/shared/money';
import { testTables } from '../../../tools/local/src/testing/dynamo';
import { dynamoCharityLedger } from '../adapters/dynamo-charity-ledger';
import { dynamoMembershipStore } from '../adapters/dynamo-charity-memberships';
import { dynamoPaymentRepository } from '../adapters/dynamo-payments';
import { dynamoRefundBook } from '../adapters/dynamo-refunds';
import { dynamoVoucherRepository } from '../adapters/dynamo-vouchers';
import donations from '../service';
import { refused } from './test-support';
import { recordMembershipPayment, type MembershipStore, type PricedMembership } from './charity-memberships';
import { MOST_VOUCHERS_PER_REFUND, paymentRefundedData, planPaymentRefund, sendPaymentRefundNotice } from './payment-refunds';
import type { NewPayment, Payment, PaymentRepository, VoucherRepository } from './ports';
import { failRefund, recordRefund, refundCard, requestRefund, type RefundBook } from './refunds';
import { priceVoucherPurchase, voucherCodeBook, voucherFor } from './vouchers';

const codes = voucherCodeBook('test-voucher-code-key-0123456789');
const clock = fixedClock('2026-11-25T01:00:00Z');
const NZD = (cents: number) => money(cents, 'NZD');

describe('refunds of voucher purchases and membership fees (DynamoDB Local)', () => {
  let tables: Awaited<ReturnType<typeof testTables>>;
  let payments: PaymentRepository;
  let vouchers: VoucherRepository;
  let memberships: MembershipStore;
  let book: RefundBook;
  let deps: Parameters<typeof requestRefund>[0];

  beforeAll(async () => {
    tables = await testTables([donations]);
    const table = tables.tableName('donations');
    payments = dynamoPaymentRepository(tables.client, table);
    vouchers = dynamoVoucherRepository(tables.client, table);
    memberships = dynamoMembershipStore(tables.client, table);
    book = dynamoRefundBook(tables.client, table);
    deps = { payments, refunds: book, clock, vouchers, memberships };
  });

  const basePayment = (overrides: Partial<NewPayment>): NewPayment =>
    ({
      idempotencyKey: `key-${newId()}`,
      country: 'nz',
      quantity: 1,
      supportingAmountCents: 0,
      isAnonymous: false,
      receiptName: 'Bo Buyer',
      donor: { firstName: 'Bo', lastName: 'Buyer', email: 'bo@example.com' },
      card: { token: 'tok_abcdefgh12', cardType: 'visa', last4: '4242' },
      createdAt: clock.now().toISOString(),
      ...overrides,
    }) as NewPayment;

  /** A completed $50 voucher purchase and its voucher. */
  async function boughtVoucher(valueCents = 5000) {
    const { trackingNumber } = await payments.createOnce(basePayment({ pageType: 'VOUCHER_PURCHASE', donationAmountCents: valueCents }), 'fp');
    await payments.markProcessing(trackingNumber, priceVoucherPurchase({ country: 'nz', donationAmountCents: valueCents, quantity: 1 }), clock.now());
    const voucher = voucherFor({ trackingNumber, country: 'nz', donor: { email: 'bo@example.com', firstName: 'Bo', lastName: 'Buyer' } }, NZD(valueCents), codes, 0, clock.now());
    expect(await vouchers.completePurchase(voucher, { trackingNumber, chargeId: `ch_${trackingNumber}` })).toBe('created');
    return { trackingNumber, codeHash: voucher.codeHash };
  }

  /** A recipient gives `cents` from the voucher (another payment, in Processing, redeems it). */
  async function spend(codeHash: string, cents: number) {
    const { trackingNumber } = await payments.createOnce(basePayment({ pageType: 'CHARITY', charityId: newId(), donationAmountCents: cents }), 'fp');
    await payments.markProcessing(trackingNumber, priceVoucherPurchase({ country: 'nz', donationAmountCents: cents, quantity: 1 }), clock.now());
    expect((await vouchers.redeem({ codeHash, trackingNumber, amount: NZD(cents), at: clock.now() })).outcome).toBe('redeemed');
  }

  const balanceOf = async (codeHash: string) => (await vouchers.getByCodeHash(codeHash))!.balance.cents;
  const step = (refund: { refundId: string }, trackingNumber: string) => ({ refundId: refund.refundId, donationId: trackingNumber });

  it('gives back an unspent voucher in full: its balance is taken at once, the card is refunded, and nothing reaches a charity ledger', async () => {
    const { trackingNumber, codeHash } = await boughtVoucher();
    const { refund } = await requestRefund(deps, trackingNumber, { reason: 'Bought by mistake' }, `key-${newId()}`, 'Alex Morgan');
    expect(refund).toMatchObject({ status: 'Requested', isFull: true, total: 5000, parts: { charity: 5000, tip: 0, fee: 0, card: 5000, voucher: 0 } });
    // Taken the moment it was accepted: the recipient can no longer spend it while the card is being refunded.
    expect(await balanceOf(codeHash)).toBe(0);
    expect((await refused(requestRefund(deps, trackingNumber, { reason: 'Again' }, `key-${newId()}`, 'Alex Morgan'))).message).toBe(REFUND_MESSAGES.nothingLeft);

    const refunds: { chargeId: string; amount?: { cents: number } }[] = [];
    const gateway = { refund: async (request: { chargeId: string; amount?: { cents: number } }) => void refunds.push(request) };
    await refundCard({ refunds: book, payments, gateway: gateway as never }, step(refund, trackingNumber));
    expect(refunds).toEqual([expect.objectContaining({ chargeId: `ch_${trackingNumber}`, amount: NZD(5000) })]);
    await recordRefund({ refunds: book, payments, clock }, step(refund, trackingNumber));
    await recordRefund({ refunds: book, payments, clock }, step(refund, trackingNumber));
    const payment = (await payments.get(trackingNumber))!;
    expect(payment.refunds).toMatchObject({ count: 1, refunded: { charity: 5000, card: 5000 }, held: { charity: 5000 } });
    expect(await balanceOf(codeHash)).toBe(0);
  });

  it('gives back only what recipients left unspent; two refunds at once never take the same balance', async () => {
    const { trackingNumber, codeHash } = await boughtVoucher();
    await spend(codeHash, 2000);
    const tooMuch = await refused(requestRefund(deps, trackingNumber, { amount: 3001, reason: 'x' }, `key-${newId()}`, 'Alex Morgan'));
    expect(tooMuch).toMatchObject({ code: 'Conflict', message: REFUND_MESSAGES.moreThanUnspent('$30.00'), fieldErrors: [{ field: 'amount' }] });

    const results = await Promise.allSettled(
      [1, 2, 3].map((n) => requestRefund(deps, trackingNumber, { amount: 1200, reason: `Asked ${n}` }, `key-${trackingNumber}-${n}`, 'Alex Morgan')),
    );
    // $30 unspent: two $12 refunds fit, a third does not ($6 left).
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(2);
    expect(await balanceOf(codeHash)).toBe(600);
    // A full refund now is what is left unspent, without the tip or fee (a recipient has spent from it).
    const rest = await requestRefund(deps, trackingNumber, { reason: 'The rest' }, `key-${newId()}`, 'Alex Morgan');
    expect(rest.refund).toMatchObject({ isFull: true, total: 600, parts: { charity: 600, card: 600 } });
    expect((await refused(requestRefund(deps, trackingNumber, { reason: 'More' }, `key-${newId()}`, 'Alex Morgan'))).message).toBe(REFUND_MESSAGES.spent);
  });

  it('puts the balance back on the voucher when the gateway refuses the refund', async () => {
    const { trackingNumber, codeHash } = await boughtVoucher();
    const { refund } = await requestRefund(deps, trackingNumber, { amount: 1500, reason: 'Part' }, `key-${newId()}`, 'Alex Morgan');
    expect(await balanceOf(codeHash)).toBe(3500);
    await failRefund({ refunds: book, clock }, step(refund, trackingNumber));
    await failRefund({ refunds: book, clock }, step(refund, trackingNumber));
    expect(await balanceOf(codeHash)).toBe(5000);
    expect((await payments.get(trackingNumber))!.refunds?.held.charity).toBe(0);
    expect((await book.get(trackingNumber, refund.refundId))?.status).toBe('Failed');
  });

  it(`takes from at most ${MOST_VOUCHERS_PER_REFUND} vouchers in one refund (one transaction): a larger order is refunded in parts`, async () => {
    const hashes = Array.from({ length: 99 }, (_, n) => `hash-${n}`);
    const order = {
      trackingNumber: newId(),
      status: 'Completed',
      pageType: 'VOUCHER_PURCHASE',
      country: 'nz',
      quantity: 99,
      donationAmountCents: 1000,
      workplace: { id: 'w1', name: 'Tasman Engineering' },
      priced: priceVoucherPurchase({ country: 'nz', donationAmountCents: 1000, quantity: 99 }),
      purchasedVouchers: hashes.map((codeHash) => ({ voucherId: codeHash, codeHash })),
    } as unknown as Payment;
    // The order's vouchers as they stand: none spent.
    const unspent = { getByCodeHash: async (codeHash: string) => ({ codeHash, balance: NZD(1000) }) as never };
    const planDeps = { vouchers: unspent, memberships };
    expect((await refused(planPaymentRefund(planDeps, order, undefined))).message).toBe(REFUND_MESSAGES.tooManyVouchers(MOST_VOUCHERS_PER_REFUND));
    const part = await planPaymentRefund(planDeps, order, 97 * 1000);
    expect(part.voucherTakes).toHaveLength(97);
    expect(part).toMatchObject({ isFull: false, parts: { charity: 97_000, card: 97_000 } });
  });

  /** A completed membership payment of `feeCents` (a yearly plan), and its membership. */
  async function paidMembership(feeCents = 4000) {
    const charity = { id: newId(), name: 'Kiwi Coast Rescue', charityUrl: 'kiwi-coast-rescue', logoImageUrl: '' };
    const membershipId = newId();
    const planId = newId();
    const { trackingNumber } = await payments.createOnce(
      basePayment({ pageType: 'MEMBERSHIP', planId, charityId: charity.id, membershipId, membershipNumber: 'KCR-000042', donationAmountCents: feeCents, receiptName: 'Mere Member' }),
      'fp',
    );
    const priced: PricedMembership = { amount: NZD(feeCents), tip: NZD(0), total: NZD(feeCents), charity, membership: { planId, name: 'Supporter', period: 'Yearly' } };
    await payments.markProcessing(trackingNumber, priced as never, clock.now());
    const payment = (await payments.get(trackingNumber)) as Payment & { pageType: 'MEMBERSHIP' };
    await recordMembershipPayment({ store: memberships, clock }, payment, `ch_${trackingNumber}`);
    return { trackingNumber, membershipId, charityId: charity.id };
  }

  it('refunds a membership fee in full: the charity is owed less and the membership ends; a part refund leaves it', async () => {
    const part = await paidMembership();
    const { refund: goodwill } = await requestRefund(deps, part.trackingNumber, { amount: 1000, reason: 'Goodwill' }, `key-${newId()}`, 'Alex Morgan');
    await recordRefund({ refunds: book, payments, clock }, step(goodwill, part.trackingNumber));
    expect((await memberships.get(part.membershipId))?.cancelledAt).toBeUndefined();
    const tooMuch = await refused(requestRefund(deps, part.trackingNumber, { amount: 3001, reason: 'x' }, `key-${newId()}`, 'Alex Morgan'));
    expect(tooMuch.message).toBe(REFUND_MESSAGES.moreThanFeeLeft('$30.00'));

    const full = await paidMembership();
    const { refund } = await requestRefund(deps, full.trackingNumber, { reason: 'Joined by mistake' }, `key-${newId()}`, 'Alex Morgan');
    expect(refund).toMatchObject({ isFull: true, total: 4000, parts: { charity: 4000, card: 4000 } });
    await recordRefund({ refunds: book, payments, clock }, step(refund, full.trackingNumber));
    await recordRefund({ refunds: book, payments, clock }, step(refund, full.trackingNumber));
    const ended = (await memberships.get(full.membershipId))!;
    expect(ended).toMatchObject({ cancelledAt: clock.now().toISOString(), autoRenew: false });
    const ledger = await dynamoCharityLedger(tables.client, tables.tableName('donations')).get(full.charityId, 5);
    expect(ledger).toMatchObject({ receivedCents: 4000, refundedCents: 4000, owedCents: 0 });
    // The renewal job's index no longer holds it.
    const item = await tables.client.send(new GetCommand({ TableName: tables.tableName('donations'), Key: { pk: `MEMBERSHIP#${full.membershipId}`, sk: 'MEMBERSHIP' } }));
    expect(item.Item?.gsi2pk).toBeUndefined();

    // The member is told what came back and that the membership has ended.
    const sent: OutgoingMail[] = [];
    const completed = (await book.get(full.trackingNumber, refund.refundId))!;
    await sendPaymentRefundNotice({ mailer: { send: async (mail) => void sent.push(mail) } }, paymentRefundedData((await payments.get(full.trackingNumber))!, completed));
    expect(sent[0]).toMatchObject({ to: 'bo@example.com', subject: 'Your refund from Koha: Supporter membership' });
    expect(sent[0]!.text).toContain('We have refunded $40.00 of your');
    expect(sent[0]!.text).toContain('payment for your Supporter membership of Kiwi Coast Rescue');
    expect(sent[0]!.text).toContain('Your membership (number KCR-000042) has ended with this refund, and it will not renew.');
  });
});
