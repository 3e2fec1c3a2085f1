import { TEST_CARDS } from '@giving/shared/contracts/card-gateway';
import { money } from '@giving/shared/money';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { httpCardGateway } from '../../../../services/donations/adapters/card-gateway-http';
import { encryptCardField, encryptedCardBody, encryptionKeyOf, type CardDetails } from './client-encryption';
import type { EncryptionJwk } from './encryption';
import { startCardGateway, type RunningCardGateway } from './server';

/**
 * Two merchant accounts on one sandbox gateway, as the platform runs it: the platform's (publishable key, au) and the
 * charitable Trust's (client key, nz), whose card fields encrypt the card number and CVC in the frame. Encryption here
 * is Node's WebCrypto with the JWK the gateway serves, exactly as the page does it in the browser.
 */
const SITE = 'http://localhost:3999';
const PLATFORM = { apiKey: 'sk_test_accounts_platform', publishableKey: 'pk_test_accounts_platform' };
const TRUST = { name: 'trust', apiKey: 'sk_test_accounts_trust', clientKey: 'ck_test_accounts_trust' };

let gateway: RunningCardGateway;
let jwk: EncryptionJwk;
let keys = 0;
const newKey = () => `accounts-${Date.now()}-${++keys}`;
const card = (number: string = TEST_CARDS.approve, extra: Partial<CardDetails> = {}): CardDetails => ({
  name: 'Aroha Ngata',
  number,
  expMonth: '12',
  expYear: '39',
  cvc: number.startsWith('3') ? '1234' : '123',
  ...extra,
});

beforeAll(async () => {
  gateway = await startCardGateway({ port: 0, siteOrigin: SITE, ...PLATFORM, encryptingAccounts: [TRUST] });
  jwk = await encryptionKeyOf(gateway.url, TRUST.clientKey);
});

afterAll(async () => {
  await gateway.stop();
});

afterEach(() => {
  vi.restoreAllMocks();
});

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${gateway.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

async function encryptedToken(details: CardDetails = card()): Promise<Response> {
  return post('/v1/encrypted-tokens', await encryptedCardBody(jwk, TRUST.clientKey, details));
}

async function trustToken(number: string = TEST_CARDS.approve): Promise<string> {
  const response = await encryptedToken(card(number));
  expect(response.status).toBe(200);
  return ((await response.json()) as { id: string }).id;
}

async function platformToken(number: string = TEST_CARDS.approve): Promise<string> {
  const response = await post('/v1/tokens', { ...card(number), expMonth: '12' }, { authorization: `Bearer ${PLATFORM.publishableKey}` });
  expect(response.status).toBe(200);
  return ((await response.json()) as { id: string }).id;
}

const client = () => httpCardGateway({ baseUrl: gateway.url, apiKeys: { Platform: PLATFORM.apiKey, Trust: TRUST.apiKey }, timeoutMs: 5000 });
const nzd = (cents: number) => money(cents, 'NZD');

describe('the Trust account’s encryption key', () => {
  it('is served by client key as an RSA-OAEP-256 public JWK (no private part)', async () => {
    expect(jwk).toMatchObject({ kty: 'RSA', alg: 'RSA-OAEP-256', use: 'enc', key_ops: ['encrypt'], e: 'AQAB' });
    expect(Buffer.from(jwk.n, 'base64url').length).toBe(256); // 2048 bits
    for (const part of ['d', 'p', 'q', 'dp', 'dq', 'qi']) expect(jwk).not.toHaveProperty(part);
  });

  it('is unknown for a wrong client key, and for the platform account’s keys', async () => {
    for (const key of ['ck_test_nobody', PLATFORM.publishableKey, TRUST.apiKey]) {
      const response = await fetch(`${gateway.url}/v1/accounts/${key}/encryption-key`);
      expect(response.status).toBe(404);
    }
  });
});

describe('encrypted tokenisation (the nz variant)', () => {
  it('round trip: encrypted number and CVC give the same token shape as /v1/tokens, bound to the Trust account', async () => {
    const response = await encryptedToken(card('4242 4242 4242 4242'));
    expect(response.status).toBe(200);
    const token = (await response.json()) as { id: string; object: string; card: unknown };
    expect(token).toMatchObject({ id: expect.stringMatching(/^tok_[A-Za-z0-9]{24}$/), object: 'token', card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2039 } });
    expect(gateway.snapshot().tokens.find((t) => t.id === token.id)?.account).toBe('trust');

    const charged = await client().charge({ account: 'Trust', idempotencyKey: newKey(), token: token.id, amount: nzd(2578), description: 'Gift' });
    expect(charged).toMatchObject({ outcome: 'approved' });
    expect(gateway.snapshot().charges.at(-1)).toMatchObject({ account: 'trust', amount: 2578, card: { last4: '4242' } });
  });

  it('validates exactly as /v1/tokens does, with the spec messages per field', async () => {
    const response = await encryptedToken({ name: '42', number: '4242424242424241', expMonth: '13', expYear: '2', cvc: '12' });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { type: string; fields: Record<string, string> } };
    expect(body.error.type).toBe('card_error');
    expect(body.error.fields).toEqual({ name: 'Invalid Card Name!', number: 'Invalid Card Number!', expMonth: 'Invalid Month!', expYear: 'Invalid Year!', cvc: 'Invalid Number!' });
  });

  it('keeps the test cards’ behaviour: a declining card declines on the Trust account too', async () => {
    const result = await client().charge({ account: 'Trust', idempotencyKey: newKey(), token: await trustToken(TEST_CARDS.decline), amount: nzd(1000), description: 'Gift' });
    expect(result).toEqual({ outcome: 'declined', message: 'Your card was declined.', retryable: false, cardFingerprint: expect.any(String) });
  });

  it('refuses a wrong or missing client key (401), and the platform’s publishable key', async () => {
    const body = await encryptedCardBody(jwk, TRUST.clientKey, card());
    for (const clientKey of ['ck_test_nobody', PLATFORM.publishableKey, undefined]) {
      expect((await post('/v1/encrypted-tokens', { ...body, clientKey })).status).toBe(401);
    }
    // The client key may come as the bearer instead.
    const { clientKey: _key, ...withoutKey } = body;
    expect((await post('/v1/encrypted-tokens', withoutKey, { authorization: `Bearer ${TRUST.clientKey}` })).status).toBe(200);
  });

  it('refuses what it cannot decrypt, naming the field: garbage, the plain number, another field’s ciphertext, a stale one', async () => {
    const body = await encryptedCardBody(jwk, TRUST.clientKey, card());
    const refused = async (changes: Record<string, unknown>, param: string) => {
      const response = await post('/v1/encrypted-tokens', { ...body, ...changes });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { param: string } }).error.param).toBe(param);
    };
    await refused({ encryptedCardNumber: 'bm90IGEgY2lwaGVydGV4dA==' }, 'encryptedCardNumber');
    await refused({ encryptedCardNumber: TEST_CARDS.approve }, 'encryptedCardNumber');
    await refused({ encryptedCardNumber: body.encryptedCvc }, 'encryptedCardNumber');
    await refused({ encryptedCvc: undefined }, 'encryptedCvc');
    const stale = new Date(Date.now() - 25 * 60 * 60 * 1000);
    await refused({ encryptedCardNumber: await encryptCardField(jwk, 'number', TEST_CARDS.approve, stale) }, 'encryptedCardNumber');
    await refused({ encryptedCvc: await encryptCardField(jwk, 'cvc', '123', new Date(Date.now() + 60 * 60 * 1000)) }, 'encryptedCvc');
  });

  it('is not how the platform account tokenises: its publishable key has no encrypted variant, the Trust has no /v1/tokens', async () => {
    expect((await post('/v1/tokens', card(), { authorization: `Bearer ${TRUST.clientKey}` })).status).toBe(401);
    expect((await post('/v1/tokens', card(), { authorization: `Bearer ${TRUST.apiKey}` })).status).toBe(401);
  });
});

describe('accounts are kept apart', () => {
  it('a token is charged only with its own account’s secret key: another account’s gets “No such token” and nothing is charged', async () => {
    const trust = await trustToken();
    const platform = await platformToken();
    const before = gateway.snapshot().charges.length;
    for (const [apiKey, token] of [
      [PLATFORM.apiKey, trust],
      [TRUST.apiKey, platform],
    ] as const) {
      const response = await post('/v1/charges', { source: token, amount: 1000, currency: 'nzd' }, { authorization: `Bearer ${apiKey}`, 'idempotency-key': newKey() });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: unknown }).error).toMatchObject({ code: 'resource_missing', param: 'source', message: `No such token: '${token}'` });
    }
    expect(gateway.snapshot().charges).toHaveLength(before);
    // Through our client: a hard decline asking for the card again (retrying could never succeed).
    expect(await client().charge({ account: 'Platform', idempotencyKey: newKey(), token: trust, amount: nzd(1000), description: 'Gift' })).toEqual({
      outcome: 'declined',
      message: 'Your card details could not be used. Please enter them again.',
      retryable: false,
    });
  });

  it('customers and saved cards belong to one account: the other account cannot save, list, charge or delete them', async () => {
    const customer = await client().createCustomer({ account: 'Trust', idempotencyKey: newKey(), email: 'dana@example.com', reference: 'member sub-1' });
    // A platform token cannot be saved for the Trust's customer, and the platform does not know the customer.
    await expect(client().saveCard({ account: 'Trust', idempotencyKey: newKey(), customerId: customer.customerId, token: await platformToken() })).rejects.toThrow(/400/);
    await expect(client().saveCard({ account: 'Platform', idempotencyKey: newKey(), customerId: customer.customerId, token: await platformToken() })).rejects.toThrow(/400/);
    const saved = await client().saveCard({ account: 'Trust', idempotencyKey: newKey(), customerId: customer.customerId, token: await trustToken() });

    const asPlatform = { authorization: `Bearer ${PLATFORM.apiKey}` };
    expect((await fetch(`${gateway.url}/v1/customers/${customer.customerId}/payment_methods`, { headers: asPlatform })).status).toBe(400);
    const charge = await post('/v1/charges', { source: saved.paymentMethodId, customer: customer.customerId, amount: 500, currency: 'nzd' }, { ...asPlatform, 'idempotency-key': newKey() });
    expect(charge.status).toBe(400);
    await client().removeSavedCard({ account: 'Platform', customerId: customer.customerId, paymentMethodId: saved.paymentMethodId });
    expect(gateway.snapshot().paymentMethods.find((m) => m.id === saved.paymentMethodId)?.deleted).toBe(false);

    expect(await client().charge({ account: 'Trust', idempotencyKey: newKey(), token: saved.paymentMethodId, customerId: customer.customerId, amount: nzd(500), description: 'Monthly' })).toMatchObject({
      outcome: 'approved',
    });
  });

  it('charges, lookups and refunds are per account, and so are idempotency keys', async () => {
    const key = newKey();
    const trust = await client().charge({ account: 'Trust', idempotencyKey: key, token: await trustToken(), amount: nzd(1200), description: 'Gift' });
    // The same key in the other account is another request, not a replay.
    const platform = await client().charge({ account: 'Platform', idempotencyKey: key, token: await platformToken(), amount: money(900, 'AUD'), description: 'Gift' });
    if (trust.outcome !== 'approved' || platform.outcome !== 'approved') throw new Error('expected approvals');
    expect(trust.chargeId).not.toBe(platform.chargeId);
    expect(await client().findCharge({ account: 'Trust', idempotencyKey: key })).toEqual(trust);
    expect(await client().findCharge({ account: 'Platform', idempotencyKey: key })).toEqual(platform);

    const byId = (apiKey: string, id: string) => fetch(`${gateway.url}/v1/charges/${id}`, { headers: { authorization: `Bearer ${apiKey}` } });
    expect((await byId(TRUST.apiKey, trust.chargeId)).status).toBe(200);
    expect((await byId(PLATFORM.apiKey, trust.chargeId)).status).toBe(404);
    await expect(client().refund({ account: 'Platform', idempotencyKey: newKey(), chargeId: trust.chargeId })).rejects.toThrow(/refund: gateway answered 400/);
    expect((await client().refund({ account: 'Trust', idempotencyKey: newKey(), chargeId: trust.chargeId })).refundId).toMatch(/^re_/);

    const listed = (await (await fetch(`${gateway.url}/v1/charges`, { headers: { authorization: `Bearer ${PLATFORM.apiKey}` } })).json()) as { data: { account: string }[] };
    expect(new Set(listed.data.map((c) => c.account))).toEqual(new Set(['platform']));
    // The dashboard shows every account's charges, with the account.
    const dashboard = await (await fetch(`${gateway.url}/`)).text();
    expect(dashboard).toContain('<td>trust</td>');
    expect(dashboard).toContain('<td>platform</td>');
  });
});

describe('card data in the encrypted variant', () => {
  it('no card number or CVC in the state, the responses or the logs, even for bodies that fail', async () => {
    const number = '5105105105105100';
    const cvc = '739';
    const printed: string[] = [];
    for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void printed.push(args.map(String).join(' ')));
    }
    const ok = await encryptedToken(card(number, { cvc }));
    const okText = await ok.text();
    const body = await encryptedCardBody(jwk, TRUST.clientKey, card(number, { cvc }));
    const broken = await fetch(`${gateway.url}/v1/encrypted-tokens`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: `{"clientKey":"${TRUST.clientKey}","number":"${number}"` });
    const wrongField = await post('/v1/encrypted-tokens', { ...body, encryptedCardNumber: body.encryptedCvc, encryptedCvc: body.encryptedCardNumber });
    const texts = [okText, await broken.text(), await wrongField.text(), JSON.stringify(gateway.snapshot()), ...printed];
    for (const text of texts) {
      expect(text).not.toContain(number);
      expect(text).not.toContain(number.slice(0, 12));
      expect(text).not.toContain(`"${cvc}"`);
    }
    expect(ok.status).toBe(200);
    expect(broken.status).toBe(400);
    expect(wrongField.status).toBe(400);
  });
});
