import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '@giving/shared/clock';
import { DomainError } from '@giving/shared/errors';
import { testTables } from '../../../tools/local/src/testing/dynamo';
import donations from '../service';
import { dynamoPaymentRepository } from '../adapters/dynamo-payments';
import { createPayment, fingerprintOf, startAcceptedPayment, getPaymentStatus, GIFT_INACTIVE_MESSAGE, GIFT_WRONG_COUNTRY_MESSAGE, pricePayment } from './payments';
import { aGift, aRequest, recordingWorkflow } from './test-support';

let payments: ReturnType<typeof dynamoPaymentRepository>;
const clock = fixedClock('2026-11-21T09:00:00Z');

beforeAll(async () => {
  const tables = await testTables([donations]);
  payments = dynamoPaymentRepository(tables.client, tables.tableName('donations'));
});

describe('createPayment', () => {
  it('stores the payment as Initiated and returns a tracking number', async () => {
    const { trackingNumber } = await createPayment({ payments, clock }, aRequest('gift-1'), 'key-first-attempt');
    expect(trackingNumber).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(await getPaymentStatus({ payments }, trackingNumber)).toEqual({ trackingNumber, paymentProcessingStatus: 'Initiated', messages: [] });
  });

  it('returns the same tracking number to a retry with the same key', async () => {
    const first = await createPayment({ payments, clock }, aRequest('gift-1'), 'key-retried-01');
    const retry = await createPayment({ payments, clock }, aRequest('gift-1'), 'key-retried-01');
    expect(retry.trackingNumber).toBe(first.trackingNumber);
  });

  it('refuses the same key with a different request', async () => {
    await createPayment({ payments, clock }, aRequest('gift-1'), 'key-reused-001');
    await expect(createPayment({ payments, clock }, aRequest('gift-1', { quantity: 3 }), 'key-reused-001')).rejects.toMatchObject({
      code: 'IdempotencyKeyReused',
    });
  });

  it('answers NotFound for an unknown tracking number', async () => {
    await expect(getPaymentStatus({ payments }, '01JZZZZZZZZZZZZZZZZZZZZZZZ')).rejects.toBeInstanceOf(DomainError);
  });
});

describe('startAcceptedPayment', () => {
  it('starts the workflow of a payment stored as Initiated, and of nothing else', async () => {
    const workflow = recordingWorkflow();
    await startAcceptedPayment({ workflow }, { trackingNumber: 'A', status: 'Initiated' });
    await startAcceptedPayment({ workflow }, { trackingNumber: 'B', status: 'Completed' });
    expect(workflow.started).toEqual(['A']);
  });
});

describe('pricePayment', () => {
  it('prices amount x quantity + tip in the country’s currency from the gift’s current state', () => {
    const result = pricePayment({ country: 'nz', donationAmountCents: 2550, quantity: 3, supportingAmountCents: 500 }, aGift());
    expect(result.ok && result.priced.total).toEqual({ cents: 8150, currency: 'NZD' });
    expect(result.ok && result.priced.amount).toEqual({ cents: 7650, currency: 'NZD' });
  });

  it('refuses a fulfilled gift, a missing gift and a gift from another country', () => {
    const payment = { country: 'nz' as const, donationAmountCents: 1000, quantity: 1, supportingAmountCents: 0 };
    expect(pricePayment(payment, aGift({ isActive: false }))).toEqual({ ok: false, message: GIFT_INACTIVE_MESSAGE });
    expect(pricePayment(payment, undefined)).toMatchObject({ ok: false });
    expect(pricePayment(payment, aGift({ price: { cents: 1000, currency: 'AUD' } }))).toEqual({ ok: false, message: GIFT_WRONG_COUNTRY_MESSAGE });
  });
});

describe('fingerprintOf', () => {
  it('ignores key order but not values', () => {
    const a = aRequest('g');
    const reordered = JSON.parse(JSON.stringify({ ...a, donor: { email: a.donor.email, lastName: a.donor.lastName, firstName: a.donor.firstName } }));
    expect(fingerprintOf(reordered)).toBe(fingerprintOf(a));
    expect(fingerprintOf({ ...a, quantity: 3 })).not.toBe(fingerprintOf(a));
  });
});
