import { beforeAll, describe, expect, it } from 'vitest';
import { hotPathClient } from '@giving/shared/dynamo-hot-path';
import { newId } from '@giving/shared/ids';
import { testTables } from '../../../tools/local/src/testing/dynamo';
import donations from '../service';
import { dynamoPaymentRepository } from './dynamo-payments';
import type { NewPayment, PricedPayment } from '../domain/ports';
import { donationFrom } from '../domain/payment-steps';

let repo: ReturnType<typeof dynamoPaymentRepository>;
/** Every DynamoDB call the repository makes, by command name. */
const calls: string[] = [];

beforeAll(async () => {
  const tables = await testTables([donations]);
  // The acceptance write goes through its own client beside the document client (shared/dynamo-hot-path.ts).
  for (const client of [tables.client, hotPathClient(tables.client)]) {
    client.middlewareStack.add(
      (next, context) => (args) => {
        calls.push(String(context.commandName));
        return next(args);
      },
      { step: 'initialize', name: 'countCalls' },
    );
  }
  repo = dynamoPaymentRepository(tables.client, tables.tableName('donations'));
});

const newPayment = (overrides: Partial<NewPayment> = {}): NewPayment => ({
  idempotencyKey: `key-${newId()}`,
  pageType: 'GIFT',
  country: 'nz',
  giftId: 'gift-1',
  donationAmountCents: 2500,
  quantity: 2,
  supportingAmountCents: 200,
  isAnonymous: false,
  receiptName: 'Jane Donor',
  donor: { firstName: 'Jane', lastName: 'Donor', email: 'jane@example.com' },
  card: { token: 'tok_abcdefgh12', cardType: 'visa', last4: '4242' },
  createdAt: new Date().toISOString(),
  ...overrides,
}) as NewPayment;

const priced: PricedPayment = {
  amount: { cents: 5000, currency: 'NZD' },
  tip: { cents: 200, currency: 'NZD' },
  total: { cents: 5200, currency: 'NZD' },
  charity: { id: 'c1', name: 'Kiwi Rescue', charityUrl: 'kiwi-rescue', logoImageUrl: '/media/x.svg' },
  gift: { id: 'gift-1', title: 'Feed a kiwi', productUrl: 'feed-a-kiwi' },
};

describe('dynamo payment repository (DynamoDB Local)', () => {
  it('stores a payment once per idempotency key and hands back the first tracking number', async () => {
    const first = newPayment();
    const stored = await repo.createOnce(first, 'fp-1');
    expect(stored).toEqual({ created: true, trackingNumber: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{26}$/) });
    const later = new Date(Date.parse(first.createdAt) + 60_000).toISOString();
    const again = await repo.createOnce({ ...first, createdAt: later }, 'fp-1');
    expect(again).toEqual({ created: false, trackingNumber: stored.trackingNumber, fingerprint: 'fp-1' });
    expect(await repo.createOnce({ ...first, quantity: 3 }, 'fp-2')).toEqual({ created: false, trackingNumber: stored.trackingNumber, fingerprint: 'fp-1' });
    expect(await repo.findByKey(first.idempotencyKey)).toEqual({ trackingNumber: stored.trackingNumber, fingerprint: 'fp-1' });
    expect((await repo.get(stored.trackingNumber))?.status).toBe('Initiated');
    // The fingerprint stays with the key; the payment itself is what the workflow reads.
    expect(await repo.get(stored.trackingNumber)).not.toHaveProperty('fingerprint');
  });

  it('accepts a payment with one conditional write, and answers a replay from that write alone', async () => {
    const payment = newPayment();
    calls.length = 0;
    await repo.createOnce(payment, 'fp-1');
    expect(calls).toEqual(['PutItemCommand']);
    calls.length = 0;
    expect(await repo.createOnce(payment, 'fp-1')).toMatchObject({ created: false, fingerprint: 'fp-1' });
    expect(calls).toEqual(['PutItemCommand']);
  });

  it('finds a payment only by its whole tracking number, not by another time with the same key tail', async () => {
    const { trackingNumber } = await repo.createOnce(newPayment(), 'fp');
    const otherTime = newId(Date.parse('2020-01-01T00:00:00Z')).slice(0, 10) + trackingNumber.slice(10);
    expect(await repo.get(otherTime)).toBeUndefined();
    expect(await repo.findByKey(`key-${newId()}`)).toBeUndefined();
  });

  it('keeps one winner when the same key is used concurrently', async () => {
    const key = `key-${newId()}`;
    const results = await Promise.all(Array.from({ length: 10 }, () => repo.createOnce(newPayment({ idempotencyKey: key }), 'fp')));
    expect(results.filter((r) => r.created)).toHaveLength(1);
    // Every loser is given the winner's tracking number.
    expect(new Set(results.map((r) => r.trackingNumber)).size).toBe(1);
  });

  it('moves Initiated -> Processing -> Completed once, writing the donation in the same transaction', async () => {
    const { trackingNumber } = await repo.createOnce(newPayment(), 'fp');
    const payment = { trackingNumber };
    expect(await repo.markProcessing(payment.trackingNumber, priced, new Date())).toBe(true);
    const processing = await repo.get(payment.trackingNumber);
    const donation = donationFrom(processing!, 'ch_1', new Date());
    await repo.complete(donation);
    await repo.complete(donation); // a retried step is a no-op
    expect((await repo.get(payment.trackingNumber))?.status).toBe('Completed');
    expect((await repo.getDonation(payment.trackingNumber))?.priced.total).toEqual({ cents: 5200, currency: 'NZD' });
    expect(await repo.markProcessing(payment.trackingNumber, priced, new Date())).toBe(false);
    await repo.fail(payment.trackingNumber, ['late'], new Date()); // cannot fail a completed payment
    expect((await repo.get(payment.trackingNumber))?.status).toBe('Completed');
  });

  it('fails an unfinished payment with its messages, and lists only unfinished old payments as stuck', async () => {
    const old = new Date(Date.now() - 60 * 60 * 1000).toISOString();
    const stuck = await repo.createOnce(newPayment({ createdAt: old }), 'fp');
    const failed = await repo.createOnce(newPayment({ createdAt: old }), 'fp');
    await repo.fail(failed.trackingNumber, ['Your card was declined.'], new Date());
    expect(await repo.get(failed.trackingNumber)).toMatchObject({ status: 'Failed', messages: ['Your card was declined.'] });
    const listed = await repo.listStuck(new Date(Date.now() - 30 * 60 * 1000), 50);
    expect(listed.map((p) => p.trackingNumber)).toContain(stuck.trackingNumber);
    expect(listed.map((p) => p.trackingNumber)).not.toContain(failed.trackingNumber);
  });
});
