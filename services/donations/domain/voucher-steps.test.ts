import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '@giving/shared/clock';
import { VOUCHER_BALANCE_CHANGED, VOUCHER_EXPIRED, VOUCHER_NEEDS_CARD, VOUCHER_NOT_FOUND, VOUCHER_USED_UP, VOUCHER_WRONG_COUNTRY } from '@giving/shared/contracts/voucher-codes';
import type { EventPublisher } from '@giving/shared/events';
import { newId } from '@giving/shared/ids';
import { money } from '@giving/shared/money';
import { testTables } from '../../../tools/local/src/testing/dynamo';
import donations from '../service';
import { dynamoCharityDirectory } from '../adapters/dynamo-charities';
import { dynamoGiftCatalog } from '../adapters/dynamo-gifts';
import { dynamoCardTestingLedger } from '../adapters/dynamo-card-testing';
import type { CardTestingDeps } from './card-testing';
import { dynamoPaymentRepository } from '../adapters/dynamo-payments';
import { dynamoVoucherRepository } from '../adapters/dynamo-vouchers';
import { chargeCard, emitDonationCompleted, reconcileStuckPayments, recordDonation, STUCK_AFTER_MS, validatePayment } from './payment-steps';
import { createPayment } from './payments';
import type { Payment } from './ports';
import { aGift, aRequest, feeFor, gatewaySettings, recordingWorkflow, scriptedGateway } from './test-support';
import { RECORDING_FAILED_REFUNDED, redeemVoucher, refundCharge, releaseVoucher } from './voucher-steps';
import { createVoucherPurchase, voucherCodeBook } from './vouchers';

const codes = voucherCodeBook('test-voucher-code-key-0123456789');
const clock = fixedClock('2026-11-21T09:00:00Z');
let payments: ReturnType<typeof dynamoPaymentRepository>;
let vouchers: ReturnType<typeof dynamoVoucherRepository>;
let gifts: ReturnType<typeof dynamoGiftCatalog>;
let cardTestingLedger: ReturnType<typeof dynamoCardTestingLedger>;
let cardTesting: CardTestingDeps;
let charities: ReturnType<typeof dynamoCharityDirectory>;

beforeAll(async () => {
  const tables = await testTables([donations]);
  const table = tables.tableName('donations');
  payments = dynamoPaymentRepository(tables.client, table);
  vouchers = dynamoVoucherRepository(tables.client, table);
  gifts = dynamoGiftCatalog(tables.client, table);
  cardTestingLedger = dynamoCardTestingLedger(tables.client, table);
  cardTesting = { blocks: () => cardTestingLedger.activeBlocks(clock.now(), { consistent: true }), gateway: scriptedGateway({}), clock };
  charities = dynamoCharityDirectory(tables.client, table);
});

function capturingPublisher(): EventPublisher & { published: { name: string; id?: string; data: unknown }[] } {
  const published: { name: string; id?: string; data: unknown }[] = [];
  return {
    published,
    async publish(definition, data, options) {
      published.push({ name: definition.name, id: options?.id, data: definition.schema.parse(data) });
      return { metadata: { id: options?.id ?? 'x', name: definition.name, version: 1, source: definition.source, occurredAt: '' }, data };
    },
  };
}

/** A bought voucher: its purchase runs through validate, the (approved) charge and record, as the workflow runs it. */
async function boughtVoucher(valueCents: number, options: { country?: 'nz' | 'au'; at?: Date } = {}) {
  const at = fixedClock(options.at ?? clock.now());
  const { trackingNumber } = await createVoucherPurchase(
    { payments, clock: at },
    {
      country: options.country ?? 'nz',
      voucherValue: valueCents,
      card: { token: 'tok_test12345678', cardType: 'visa', last4: '4242' },
      buyer: { firstName: 'Aroha', lastName: 'Ngata', email: `aroha.${newId()}@example.com` },
    },
    `key-${newId()}`,
  );
  await validatePayment({ payments, gifts, charities, clock: at }, { trackingNumber });
  await recordDonation({ payments, clock: at, vouchers, codes }, { trackingNumber, chargeId: `ch_${trackingNumber}` });
  const code = codes.codeFor(trackingNumber, 0);
  return { trackingNumber, code, voucher: async () => (await vouchers.getByCodeHash(codes.hash(code)))! };
}

/** A gift payment paid with this voucher code (and a card unless `card: false`), validated as the workflow does. */
async function voucherPayment(code: string, options: { priceCents?: number; quantity?: number; tip?: 0 | 200 | 500; card?: boolean } = {}) {
  const gift = aGift({ price: { cents: options.priceCents ?? 2500, currency: 'NZD' } });
  await gifts.put(gift);
  const amounts = { country: 'nz' as const, donationAmount: options.priceCents ?? 2500, quantity: options.quantity ?? 1, supportingAmount: options.tip ?? 0 };
  // The fee the checkout shows: on what the voucher's balance leaves for the card.
  const balance = (await vouchers.getByCodeHash(codes.hash(code)))?.balance.cents ?? 0;
  const request = aRequest(gift.id, {
    ...amounts,
    paymentType: 'VOUCHER',
    voucher: { code },
    transactionFeeCents: feeFor(amounts, balance),
    ...(options.card === false ? { card: undefined } : {}),
  });
  const { trackingNumber } = await createPayment({ payments, charities, gifts, cardTesting, gatewaySettings, clock, codes, vouchers }, request, `key-${newId()}`);
  expect(await validatePayment({ payments, gifts, charities, clock }, { trackingNumber })).toEqual({
    trackingNumber,
    outcome: 'valid',
    chargeAttempts: 0,
    paymentType: 'VOUCHER',
  });
  return trackingNumber;
}

const redeem = (trackingNumber: string, at = clock) => redeemVoucher({ payments, vouchers, clock: at }, { trackingNumber });

describe('buying a voucher through the payment steps', () => {
  it('prices the purchase at its value, creates the voucher with the charge, and announces VoucherPurchased without the code', async () => {
    const { trackingNumber, code, voucher } = await boughtVoucher(5000);
    expect(await payments.get(trackingNumber)).toMatchObject({
      status: 'Completed',
      chargeId: `ch_${trackingNumber}`,
      priced: { total: { cents: 5000, currency: 'NZD' }, tip: { cents: 0, currency: 'NZD' } },
    });
    expect(await voucher()).toMatchObject({
      voucherId: trackingNumber,
      value: { cents: 5000, currency: 'NZD' },
      balance: { cents: 5000, currency: 'NZD' },
      codeLast2: code.slice(-2),
      expiresAt: '2027-11-21T09:00:00.000Z',
    });
    // A retried step changes nothing.
    await recordDonation({ payments, clock, vouchers, codes }, { trackingNumber, chargeId: `ch_${trackingNumber}` });

    const publisher = capturingPublisher();
    await emitDonationCompleted({ payments, publisher, vouchers }, { trackingNumber });
    expect(publisher.published).toEqual([
      expect.objectContaining({ name: 'VoucherPurchased', id: trackingNumber, data: expect.objectContaining({ voucherId: trackingNumber, codeVariant: 0 }) }),
    ]);
    expect(JSON.stringify(publisher.published)).not.toContain(code);
    expect(JSON.stringify(await payments.get(trackingNumber))).not.toContain(code);
  });

  it('charges the card the voucher’s value only: a voucher purchase carries no transaction fee (the platform absorbs it)', async () => {
    const gateway = scriptedGateway({});
    const { trackingNumber } = await createVoucherPurchase(
      { payments, clock },
      { country: 'nz', voucherValue: 2000, card: { token: 'tok_test12345678', cardType: 'visa', last4: '4242' }, buyer: { firstName: 'A', lastName: 'B', email: 'a@example.com' } },
      `key-${newId()}`,
    );
    await validatePayment({ payments, gifts, charities, clock }, { trackingNumber });
    let charged: { amount: unknown; description: string } | undefined;
    await chargeCard({ payments, gateway: { ...gateway, charge: async (request) => ((charged = request), gateway.charge(request)) } , cardTesting: cardTestingLedger, clock }, { trackingNumber });
    expect(charged).toMatchObject({ amount: { cents: 2000, currency: 'NZD' }, description: 'Koha gift voucher' });
  });
});

describe('redeeming a voucher in the payment workflow', () => {
  it('covering the total: takes it off the balance, needs no card, records a VOUCHER donation with no charge', async () => {
    const { code, voucher } = await boughtVoucher(5000);
    const trackingNumber = await voucherPayment(code, { priceCents: 2000, quantity: 2, tip: 200, card: false });
    expect(await redeem(trackingNumber)).toEqual({ trackingNumber, outcome: 'redeemed', chargeAttempts: 0, voucherCents: 4200, cardCents: 0 });
    expect((await voucher()).balance).toEqual(money(800, 'NZD'));
    // A retried step never redeems twice.
    expect(await redeem(trackingNumber)).toMatchObject({ outcome: 'redeemed', voucherCents: 4200 });
    expect((await voucher()).balance).toEqual(money(800, 'NZD'));

    await recordDonation({ payments, clock }, { trackingNumber });
    const donation = await payments.getDonation(trackingNumber);
    expect(donation).toMatchObject({ paymentType: 'VOUCHER', voucherAmount: { cents: 4200, currency: 'NZD' } });
    expect(donation).not.toHaveProperty('card');
    expect(donation).not.toHaveProperty('chargeId');
    // No card part, no fee.
    expect(donation).not.toHaveProperty('transactionFee');
    const publisher = capturingPublisher();
    await emitDonationCompleted({ payments, publisher }, { trackingNumber });
    expect(publisher.published[0]?.data).toMatchObject({ paymentType: 'VOUCHER', total: { cents: 4200 }, voucherAmount: { cents: 4200 } });
  });

  it('partial: takes the whole balance and the card pays only the rest', async () => {
    const { code, voucher } = await boughtVoucher(1000);
    const trackingNumber = await voucherPayment(code, { priceCents: 2500 });
    expect(await redeem(trackingNumber)).toMatchObject({ outcome: 'redeemed', voucherCents: 1000, cardCents: 1500 });
    expect((await voucher()).balance.cents).toBe(0);
    const charges: unknown[] = [];
    const gateway = scriptedGateway({});
    const outcome = await chargeCard({ payments, gateway: { ...gateway, charge: async (request) => (charges.push(request.amount), gateway.charge(request)) } , cardTesting: cardTestingLedger, clock }, { trackingNumber });
    // The card's $15.00 plus the fee on it only (1.9% = 28.5c -> 29c, + 30c): the voucher's part carries no fee.
    expect(charges).toEqual([{ cents: 1559, currency: 'NZD' }]);
    if (outcome.outcome !== 'approved') throw new Error('expected approval');
    await recordDonation({ payments, clock }, { trackingNumber, chargeId: outcome.chargeId });
    expect(await payments.getDonation(trackingNumber)).toMatchObject({
      paymentType: 'VOUCHER',
      voucherAmount: { cents: 1000 },
      card: { cardType: 'visa', last4: '4242' },
      chargeId: outcome.chargeId,
      priced: { total: { cents: 2500 } },
      transactionFee: { cents: 59, currency: 'NZD' },
    });
  });

  it('partial with a balance left: keeps the rest on the voucher', async () => {
    const { code, voucher } = await boughtVoucher(5000);
    await redeem(await voucherPayment(code, { priceCents: 1500, card: false }));
    await redeem(await voucherPayment(code, { priceCents: 1000, card: false }));
    expect((await voucher()).balance.cents).toBe(2500);
  });

  it('refuses, taking nothing: an unknown code, an expired voucher, a used-up one, another currency, or short with no card', async () => {
    const refusedWith = async (trackingNumber: string, message: string, at = clock) =>
      expect(await redeem(trackingNumber, at)).toEqual({ trackingNumber, outcome: 'refused', message });
    await refusedWith(await voucherPayment('ZZZZZZZZ'), VOUCHER_NOT_FOUND);

    const expired = await boughtVoucher(5000, { at: new Date('2025-11-01T00:00:00Z') });
    await refusedWith(await voucherPayment(expired.code), VOUCHER_EXPIRED);
    expect((await expired.voucher()).balance.cents).toBe(5000);

    const used = await boughtVoucher(1000);
    await redeem(await voucherPayment(used.code, { priceCents: 1000, card: false }));
    await refusedWith(await voucherPayment(used.code), VOUCHER_USED_UP);

    const australian = await boughtVoucher(5000, { country: 'au' });
    await refusedWith(await voucherPayment(australian.code), VOUCHER_WRONG_COUNTRY);

    const short = await boughtVoucher(1000);
    await refusedWith(await voucherPayment(short.code, { priceCents: 2500, card: false }), VOUCHER_NEEDS_CARD);
    expect((await short.voucher()).balance.cents).toBe(1000);
  });

  it('concurrent redemptions never take a balance below zero: 20 payments of $10 on a $50 voucher, exactly 5 redeem', async () => {
    const { code, voucher } = await boughtVoucher(5000);
    const trackingNumbers = await Promise.all(Array.from({ length: 20 }, () => voucherPayment(code, { priceCents: 1000, card: false })));
    const outcomes = await Promise.all(trackingNumbers.map((trackingNumber) => redeem(trackingNumber)));
    expect(outcomes.filter((o) => o.outcome === 'redeemed')).toHaveLength(5);
    expect(outcomes.filter((o) => o.outcome === 'refused').map((o) => (o.outcome === 'refused' ? o.message : ''))).toEqual(Array(15).fill(VOUCHER_USED_UP));
    expect((await voucher()).balance.cents).toBe(0);
  });

  it('no fee the donor did not see: 20 concurrent $20 payments with cards on one $30 voucher each pay the card part they were shown, or fail taking nothing', async () => {
    const { code, voucher } = await boughtVoucher(3000);
    // Every donor was shown the voucher covering $20 and their card paying nothing.
    const trackingNumbers = await Promise.all(Array.from({ length: 20 }, () => voucherPayment(code, { priceCents: 2000 })));
    const outcomes = await Promise.all(trackingNumbers.map((trackingNumber) => redeem(trackingNumber)));
    const redeemed = outcomes.filter((o) => o.outcome === 'redeemed');
    expect(redeemed).toEqual([expect.objectContaining({ voucherCents: 2000, cardCents: 0 })]);
    expect(outcomes.filter((o) => o.outcome === 'refused').map((o) => (o.outcome === 'refused' ? o.message : ''))).toEqual(Array(19).fill(VOUCHER_BALANCE_CHANGED));
    expect((await voucher()).balance.cents).toBe(1000);
  });

  it('a donor shown a card part pays exactly that part, even when the voucher could now pay more', async () => {
    const { code, voucher } = await boughtVoucher(3000);
    const first = await voucherPayment(code, { priceCents: 2000 });
    // Shown: $10 left on the voucher, $15 by card.
    await redeem(first);
    const second = await voucherPayment(code, { priceCents: 2500 });
    await releaseVoucher({ vouchers, clock }, { trackingNumber: first }); // the balance goes back up to $30
    expect(await redeem(second)).toMatchObject({ outcome: 'redeemed', voucherCents: 1000, cardCents: 1500 });
    expect((await voucher()).balance.cents).toBe(2000);
  });

  it('a release gives the redemption back once, however often it runs', async () => {
    const { code, voucher } = await boughtVoucher(3000);
    const trackingNumber = await voucherPayment(code, { priceCents: 2000 });
    await redeem(trackingNumber);
    expect((await voucher()).balance.cents).toBe(1000);
    await releaseVoucher({ vouchers, clock }, { trackingNumber });
    await releaseVoucher({ vouchers, clock }, { trackingNumber });
    expect((await voucher()).balance.cents).toBe(3000);
    expect(await vouchers.reverse(trackingNumber, clock.now())).toBe('alreadyReversed');
    // A payment that redeemed nothing has nothing to release.
    expect(await vouchers.reverse(newId(), clock.now())).toBe('none');
  });
});

describe('compensating a charge whose donation could not be recorded', () => {
  async function chargedPayment(): Promise<Payment> {
    const gift = aGift();
    await gifts.put(gift);
    const { trackingNumber } = await createPayment({ payments, charities, gifts, cardTesting, gatewaySettings, clock }, aRequest(gift.id), `key-${newId()}`);
    await validatePayment({ payments, gifts, charities, clock }, { trackingNumber });
    return (await payments.get(trackingNumber))!;
  }

  it('marks the payment so it can never complete, refunds the charge once, and hands on the donor’s message', async () => {
    const payment = await chargedPayment();
    const gateway = scriptedGateway({});
    const input = { trackingNumber: payment.trackingNumber, chargeId: 'ch_1' };
    expect(await refundCharge({ payments, gateway, clock }, input)).toEqual({ trackingNumber: payment.trackingNumber, outcome: 'refunded', message: RECORDING_FAILED_REFUNDED });
    await refundCharge({ payments, gateway, clock }, input);
    expect([...gateway.refunds]).toEqual([[`refund-${payment.trackingNumber}`, 'ch_1']]);
    // A late RecordDonation cannot complete it any more.
    await expect(recordDonation({ payments, clock }, input)).rejects.toThrow(/not Processing/);
    expect(await payments.getDonation(payment.trackingNumber)).toBeUndefined();
  });

  it('refunds nothing when the donation was recorded after all', async () => {
    const payment = await chargedPayment();
    await recordDonation({ payments, clock }, { trackingNumber: payment.trackingNumber, chargeId: 'ch_2' });
    const gateway = scriptedGateway({});
    expect(await refundCharge({ payments, gateway, clock }, { trackingNumber: payment.trackingNumber, chargeId: 'ch_2' })).toEqual({
      trackingNumber: payment.trackingNumber,
      outcome: 'recorded',
    });
    expect(gateway.refunds.size).toBe(0);
  });

  it('a compensation left unfinished is finished by the stuck-payment job: refunded, voucher released, Failed', async () => {
    const { code, voucher } = await boughtVoucher(1000);
    const trackingNumber = await voucherPayment(code, { priceCents: 2500 });
    await redeem(trackingNumber);
    await payments.markCompensating(trackingNumber, clock.now());
    const gateway = scriptedGateway({ find: { outcome: 'approved', chargeId: 'ch_stuck' } });
    const later = fixedClock(new Date(clock.now().getTime() + STUCK_AFTER_MS + 60_000));
    const counts = await reconcileStuckPayments(
      { payments, gateway, workflow: recordingWorkflow(), publisher: capturingPublisher(), clock: later, vouchers, codes },
      1000,
    );
    expect(counts.failed).toBeGreaterThanOrEqual(1);
    expect(await payments.get(trackingNumber)).toMatchObject({ status: 'Failed', messages: [RECORDING_FAILED_REFUNDED] });
    expect(gateway.refunds.get(`refund-${trackingNumber}`)).toBe('ch_stuck');
    expect((await voucher()).balance.cents).toBe(1000);
  });
});
