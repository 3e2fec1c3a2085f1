import { TEST_CARDS } from '@giving/shared/contracts/card-gateway';
import { money } from '@giving/shared/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpCardGateway } from '../../../../services/donations/adapters/card-gateway-http';
import { startCardGateway, type RunningCardGateway } from './server';

/** The sandbox gateway's refunds, through our own server-side client (the payment workflow's compensation uses it). */
const API_KEY = 'sk_test_refund_tests';
const PUBLISHABLE_KEY = 'pk_test_refund_tests';
let gateway: RunningCardGateway;
let keys = 0;
const newKey = (what: string) => `${what}-${Date.now()}-${++keys}`;

beforeAll(async () => {
  gateway = await startCardGateway({ port: 0, siteOrigin: 'http://localhost:3999', apiKey: API_KEY, publishableKey: PUBLISHABLE_KEY });
});

afterAll(async () => {
  await gateway.stop();
});

const client = () => httpCardGateway({ baseUrl: gateway.url, apiKeys: { Platform: API_KEY }, timeoutMs: 5000 });

async function token(number: string): Promise<string> {
  const response = await fetch(`${gateway.url}/v1/tokens`, {
    method: 'POST',
    headers: { authorization: `Bearer ${PUBLISHABLE_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Aroha Ngata', number, expMonth: '12', expYear: '39', cvc: '123' }),
  });
  return ((await response.json()) as { id: string }).id;
}

async function charged(number: string = TEST_CARDS.approve) {
  const idempotencyKey = newKey('payment');
  const result = await client().charge({ account: 'Platform' as const, idempotencyKey, token: await token(number), amount: money(2500, 'NZD'), description: 'Test gift' });
  return { idempotencyKey, result };
}

const refundsOf = async (chargeId: string) =>
  ((await (await fetch(`${gateway.url}/v1/refunds?charge=${chargeId}`, { headers: { authorization: `Bearer ${API_KEY}` } })).json()) as { data: { amount: number; status: string }[] }).data;

describe('sandbox gateway refunds', () => {
  it('refund a paid charge in full, once per key: a retried refund answers the same refund', async () => {
    const { idempotencyKey, result } = await charged();
    if (result.outcome !== 'approved') throw new Error('expected approval');
    const key = `refund-${idempotencyKey}`;
    const first = await client().refund({ account: 'Platform' as const, idempotencyKey: key, chargeId: result.chargeId });
    const again = await client().refund({ account: 'Platform' as const, idempotencyKey: key, chargeId: result.chargeId });
    expect(again).toEqual(first);
    expect(first.refundId).toMatch(/^re_/);
    expect(await refundsOf(result.chargeId)).toEqual([expect.objectContaining({ amount: 2500, status: 'succeeded' })]);
    const charge = gateway.snapshot().charges.find((c) => c.id === result.chargeId);
    expect(charge).toMatchObject({ refunded: true, amount_refunded: 2500 });
  });

  it('never pays a charge back twice, even under another key', async () => {
    const { result } = await charged();
    if (result.outcome !== 'approved') throw new Error('expected approval');
    await client().refund({ account: 'Platform' as const, idempotencyKey: newKey('refund'), chargeId: result.chargeId });
    await expect(client().refund({ account: 'Platform' as const, idempotencyKey: newKey('refund'), chargeId: result.chargeId })).rejects.toThrow(/refund: gateway answered 400/);
    expect(await refundsOf(result.chargeId)).toHaveLength(1);
  });

  it('refunds part of a charge, then the rest, and never more than is left (the back office refunds in parts)', async () => {
    const { result } = await charged();
    if (result.outcome !== 'approved') throw new Error('expected approval');
    const refund = (cents: number) => client().refund({ account: 'Platform' as const, idempotencyKey: newKey('refund'), chargeId: result.chargeId, amount: money(cents, 'NZD') });
    await refund(1000);
    await expect(refund(1501)).rejects.toMatchObject({ name: 'GatewayRefused' });
    await refund(1500);
    await expect(refund(1)).rejects.toMatchObject({ name: 'GatewayRefused' });
    expect((await refundsOf(result.chargeId)).map((r) => r.amount)).toEqual([1500, 1000]);
    expect(gateway.snapshot().charges.find((c) => c.id === result.chargeId)).toMatchObject({ refunded: true, amount_refunded: 2500 });
  });

  it('refuses a declined charge and an unknown one, and needs the secret key', async () => {
    const { result } = await charged(TEST_CARDS.decline);
    expect(result.outcome).toBe('declined');
    const declined = gateway.snapshot().charges.at(-1)!;
    await expect(client().refund({ account: 'Platform' as const, idempotencyKey: newKey('refund'), chargeId: declined.id })).rejects.toThrow(/400/);
    await expect(client().refund({ account: 'Platform' as const, idempotencyKey: newKey('refund'), chargeId: 'ch_nope' })).rejects.toThrow(/400/);
    const anonymous = await fetch(`${gateway.url}/v1/refunds`, { method: 'POST', headers: { 'idempotency-key': newKey('refund') }, body: '{}' });
    expect(anonymous.status).toBe(401);
  });
});
