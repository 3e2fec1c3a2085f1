import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '@giving/shared/ids';
import { money } from '@giving/shared/money';
import { testTables } from '../../../tools/local/src/testing/dynamo';
import donations from '../service';
import type { NewPayment, Voucher } from '../domain/ports';
import { priceVoucherPurchase, voucherCodeBook, voucherFor } from '../domain/vouchers';
import { dynamoPaymentRepository } from './dynamo-payments';
import { dynamoRateLimiter, dynamoVoucherRepository } from './dynamo-vouchers';

const codes = voucherCodeBook('test-voucher-code-key-0123456789');
let tables: Awaited<ReturnType<typeof testTables>>;
let payments: ReturnType<typeof dynamoPaymentRepository>;
let vouchers: ReturnType<typeof dynamoVoucherRepository>;

beforeAll(async () => {
  tables = await testTables([donations]);
  payments = dynamoPaymentRepository(tables.client, tables.tableName('donations'));
  vouchers = dynamoVoucherRepository(tables.client, tables.tableName('donations'));
});

const now = new Date('2026-11-21T09:00:00Z');

/** A payment in Processing, as the workflow has it when it redeems or records. */
async function processingPayment(overrides: Partial<NewPayment> = {}): Promise<string> {
  const { trackingNumber } = await payments.createOnce(
    {
      idempotencyKey: `key-${newId()}`,
      pageType: 'VOUCHER_PURCHASE',
      country: 'nz',
      donationAmountCents: 5000,
      quantity: 1,
      supportingAmountCents: 0,
      isAnonymous: false,
      receiptName: 'Bo Buyer',
      donor: { firstName: 'Bo', lastName: 'Buyer', email: 'bo@example.com' },
      card: { token: 'tok_abcdefgh12', cardType: 'visa', last4: '4242' },
      createdAt: now.toISOString(),
      ...overrides,
    } as NewPayment,
    'fp',
  );
  await payments.markProcessing(trackingNumber, priceVoucherPurchase({ country: 'nz', donationAmountCents: 5000, quantity: 1 }), now);
  return trackingNumber;
}

async function storedVoucher(valueCents = 5000, boughtAt = now): Promise<Voucher> {
  const trackingNumber = await processingPayment();
  const voucher = voucherFor(
    { trackingNumber, country: 'nz', donor: { email: 'bo@example.com', firstName: 'Bo', lastName: 'Buyer' } },
    money(valueCents, 'NZD'),
    codes,
    0,
    boughtAt,
  );
  expect(await vouchers.completePurchase(voucher, { trackingNumber, chargeId: 'ch_1' })).toBe('created');
  return voucher;
}

describe('dynamo voucher repository (DynamoDB Local)', () => {
  it('creates a voucher and completes its purchase in one transaction, once', async () => {
    const trackingNumber = await processingPayment();
    const voucher = voucherFor({ trackingNumber, country: 'nz', donor: { email: 'Bo@Example.com', firstName: 'Bo', lastName: 'Buyer' } }, money(5000, 'NZD'), codes, 0, now);
    expect(await vouchers.completePurchase(voucher, { trackingNumber, chargeId: 'ch_1' })).toBe('created');
    expect(await payments.get(trackingNumber)).toMatchObject({ status: 'Completed', chargeId: 'ch_1', purchasedVoucher: { codeHash: voucher.codeHash } });
    expect(await vouchers.getByCodeHash(voucher.codeHash)).toEqual(voucher);
    // The payment has completed: a repeat changes nothing.
    expect(await vouchers.completePurchase(voucher, { trackingNumber, chargeId: 'ch_1' })).toBe('ended');
  });

  it("reports a code another voucher already has, and creates nothing (the next variant is derived)", async () => {
    const taken = await storedVoucher();
    const trackingNumber = await processingPayment();
    const clash = { ...voucherFor({ trackingNumber, country: 'nz', donor: { email: 'x@example.com', firstName: 'X', lastName: 'Y' } }, money(100, 'NZD'), codes, 0, now), codeHash: taken.codeHash };
    expect(await vouchers.completePurchase(clash, { trackingNumber, chargeId: 'ch_2' })).toBe('codeTaken');
    expect((await payments.get(trackingNumber))?.status).toBe('Processing');
    expect((await vouchers.getByCodeHash(taken.codeHash))?.voucherId).toBe(taken.voucherId);
  });

  it('20 concurrent redemptions of $10 from a $50 voucher never take the balance below zero', async () => {
    const voucher = await storedVoucher(5000);
    const payments20 = await Promise.all(Array.from({ length: 20 }, () => processingPayment()));
    const outcomes = await Promise.all(
      payments20.map((trackingNumber) => vouchers.redeem({ codeHash: voucher.codeHash, trackingNumber, amount: money(1000, 'NZD'), at: now })),
    );
    const redeemed = outcomes.filter((o) => o.outcome === 'redeemed').length;
    expect(redeemed).toBeGreaterThan(0);
    expect(outcomes.every((o) => o.outcome === 'redeemed' || o.outcome === 'balanceChanged')).toBe(true);
    const balance = (await vouchers.getByCodeHash(voucher.codeHash))!.balance.cents;
    expect(balance).toBeGreaterThanOrEqual(0);
    expect(balance).toBe(5000 - redeemed * 1000);
    // Losers try again with the balance they now read, as the workflow step does: exactly 5 redemptions in all.
    for (const [i, trackingNumber] of payments20.entries()) {
      if (outcomes[i]?.outcome === 'redeemed') continue;
      const left = (await vouchers.getByCodeHash(voucher.codeHash))!.balance.cents;
      if (left >= 1000) expect((await vouchers.redeem({ codeHash: voucher.codeHash, trackingNumber, amount: money(1000, 'NZD'), at: now })).outcome).toBe('redeemed');
    }
    const all = await Promise.all(payments20.map((trackingNumber) => vouchers.getRedemption(trackingNumber)));
    expect(all.filter(Boolean)).toHaveLength(5);
    expect((await vouchers.getByCodeHash(voucher.codeHash))!.balance.cents).toBe(0);
    // The balance is the condition: one more is refused.
    const extra = await processingPayment();
    expect(await vouchers.redeem({ codeHash: voucher.codeHash, trackingNumber: extra, amount: money(1, 'NZD'), at: now })).toEqual({ outcome: 'balanceChanged' });
  });

  it('refuses a redemption after the expiry, or of another currency, by the same condition', async () => {
    const voucher = await storedVoucher(5000, new Date('2025-01-01T00:00:00Z'));
    const trackingNumber = await processingPayment();
    expect(await vouchers.redeem({ codeHash: voucher.codeHash, trackingNumber, amount: money(100, 'NZD'), at: now })).toEqual({ outcome: 'balanceChanged' });
    const fresh = await storedVoucher(5000);
    expect(await vouchers.redeem({ codeHash: fresh.codeHash, trackingNumber, amount: money(100, 'AUD'), at: now })).toEqual({ outcome: 'balanceChanged' });
    expect(await vouchers.getRedemption(trackingNumber)).toBeUndefined();
  });

  it('redeems once per payment, writes it on the payment, and gives it back once', async () => {
    const voucher = await storedVoucher(5000);
    const trackingNumber = await processingPayment();
    const request = { codeHash: voucher.codeHash, trackingNumber, amount: money(1200, 'NZD'), at: now };
    expect(await vouchers.redeem(request)).toEqual({ outcome: 'redeemed' });
    expect(await vouchers.redeem(request)).toMatchObject({ outcome: 'repeat', redemption: { amount: { cents: 1200 }, codeHash: voucher.codeHash } });
    expect((await payments.get(trackingNumber))?.redemption).toEqual({ amount: { cents: 1200, currency: 'NZD' } });
    expect((await vouchers.getByCodeHash(voucher.codeHash))!.balance.cents).toBe(3800);
    const [first, second] = await Promise.all([vouchers.reverse(trackingNumber, now), vouchers.reverse(trackingNumber, now)]);
    expect([first, second].sort()).toEqual(['alreadyReversed', 'reversed']);
    expect((await vouchers.getByCodeHash(voucher.codeHash))!.balance.cents).toBe(5000);
  });

  it('does not redeem for a payment that has ended', async () => {
    const voucher = await storedVoucher(5000);
    const trackingNumber = await processingPayment();
    await payments.fail(trackingNumber, ['Your card was declined.'], now);
    expect(await vouchers.redeem({ codeHash: voucher.codeHash, trackingNumber, amount: money(100, 'NZD'), at: now })).toEqual({ outcome: 'paymentEnded' });
    expect((await vouchers.getByCodeHash(voucher.codeHash))!.balance.cents).toBe(5000);
  });
});

describe('dynamo rate limiter (DynamoDB Local)', () => {
  it('allows exactly the limit per window, even to concurrent calls', async () => {
    const limiter = dynamoRateLimiter(tables.client, tables.tableName('donations'), { limit: 5, windowSeconds: 60 });
    const key = `caller-${newId()}`;
    const answers = await Promise.all(Array.from({ length: 12 }, () => limiter.allow(key, now)));
    expect(answers.filter((a) => a.allowed)).toHaveLength(5);
    // A refused caller is told when the window ends (`now` is on a minute: a whole window away).
    expect(answers.find((a) => !a.allowed)).toEqual({ allowed: false, retryAfterSeconds: 60 - ((now.getTime() / 1000) % 60) });
    expect(await limiter.allow(key, new Date(now.getTime() + 60_000))).toEqual({ allowed: true });
  });
});
