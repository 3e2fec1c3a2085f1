import { TEST_CARDS } from '@giving/shared/contracts/card-gateway';
import { cardTokenSchema } from '@giving/shared/contracts/donations';
import { money } from '@giving/shared/money';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { httpCardGateway } from '../../../../services/donations/adapters/card-gateway-http';
import { startCardGateway, type RunningCardGateway } from './server';

const SITE = 'http://localhost:3999';
const API_KEY = 'sk_test_gateway_tests';
const PUBLISHABLE_KEY = 'pk_test_gateway_tests';
const LOST_REPLY_MS = 1500;

let gateway: RunningCardGateway;
let keys = 0;
const newKey = () => `payment-${Date.now()}-${++keys}`;

beforeAll(async () => {
  gateway = await startCardGateway({ port: 0, siteOrigin: SITE, apiKey: API_KEY, publishableKey: PUBLISHABLE_KEY, lostReplyDelayMs: LOST_REPLY_MS });
});

afterAll(async () => {
  await gateway.stop();
});

afterEach(() => {
  vi.restoreAllMocks();
});

interface TokenBody {
  id: string;
  card: { brand: string; last4: string; expMonth: number; expYear: number };
}

async function tokenise(number: string, extra: Record<string, string> = {}): Promise<TokenBody> {
  const response = await fetch(`${gateway.url}/v1/tokens`, {
    method: 'POST',
    headers: { authorization: `Bearer ${PUBLISHABLE_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Aroha Ngata', number, expMonth: '12', expYear: '39', cvc: number.startsWith('3') ? '1234' : '123', ...extra }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as TokenBody;
}

function charge(key: string | undefined, body: Record<string, unknown>, apiKey = API_KEY): Promise<Response> {
  return fetch(`${gateway.url}/v1/charges`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) },
    body: JSON.stringify(body),
  });
}

async function lookup(key: string): Promise<{ data: { id: string; status: string; failure_message: string | null }[] }> {
  const response = await fetch(`${gateway.url}/v1/charges?idempotency_key=${encodeURIComponent(key)}`, { headers: { authorization: `Bearer ${API_KEY}` } });
  expect(response.status).toBe(200);
  return (await response.json()) as { data: { id: string; status: string; failure_message: string | null }[] };
}

/** Our own server-side client (services/donations), so these tests hold the gateway to the contract it relies on. */
const client = (timeoutMs = 5000) => httpCardGateway({ baseUrl: gateway.url, apiKeys: { Platform: API_KEY }, timeoutMs });
const nzd = (cents: number) => money(cents, 'NZD');

describe('tokens', () => {
  it('tokenise with the publishable key into what our API accepts (token, card type, last 4)', async () => {
    const token = await tokenise('4242 4242 4242 4242');
    expect(token.id).toMatch(/^tok_[A-Za-z0-9]{24}$/);
    // What the browser gets: no fingerprint (that is for the merchant's secret key).
    expect(token.card).toEqual({ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2039 });
    expect(cardTokenSchema.safeParse({ token: token.id, cardType: token.card.brand, last4: token.card.last4 }).success).toBe(true);
    expect((await tokenise('378282246310005')).card.brand).toBe('amex');
  });

  it('validate on the server too, with the spec messages per field', async () => {
    const response = await fetch(`${gateway.url}/v1/tokens`, {
      method: 'POST',
      headers: { authorization: `Bearer ${PUBLISHABLE_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: '42', number: '4242424242424241', expMonth: '13', expYear: '2', cvc: '12' }),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { fields: Record<string, string> } };
    expect(body.error.fields).toEqual({ name: 'Invalid Card Name!', number: 'Invalid Card Number!', expMonth: 'Invalid Month!', expYear: 'Invalid Year!', cvc: 'Invalid Number!' });
  });

  it('accept the publishable key as a form field', async () => {
    const response = await fetch(`${gateway.url}/v1/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ key: PUBLISHABLE_KEY, name: 'Jane Doe', number: '5555555555554444', expMonth: '01', expYear: '40', cvc: '321' }),
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as TokenBody).card.brand).toBe('mastercard');
  });

  it('refuse a missing, wrong or secret key', async () => {
    const body = JSON.stringify({ name: 'Jane Doe', number: TEST_CARDS.approve, expMonth: '12', expYear: '39', cvc: '123' });
    const attempts: Record<string, string>[] = [{}, { authorization: 'Bearer pk_wrong' }, { authorization: `Bearer ${API_KEY}` }];
    for (const headers of attempts) {
      const response = await fetch(`${gateway.url}/v1/tokens`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
      expect(response.status).toBe(401);
    }
  });

  it('answer no cross-origin caller: only the hosted fields, on this origin, may tokenise', async () => {
    const preflight = await fetch(`${gateway.url}/v1/tokens`, { method: 'OPTIONS', headers: { origin: SITE, 'access-control-request-method': 'POST' } });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('charges', () => {
  it('charge once per idempotency key: a retry replays the same charge and the list and dashboard show one', async () => {
    const token = await tokenise(TEST_CARDS.approve);
    const key = newKey();
    const request = { source: token.id, amount: 2550, currency: 'nzd', description: 'Gift: 2 x School lunches' };
    const first = await charge(key, request);
    expect(first.status).toBe(200);
    const charged = (await first.json()) as { id: string; status: string; amount: number; currency: string };
    expect(charged).toMatchObject({ status: 'succeeded', amount: 2550, currency: 'nzd' });
    expect(charged.id).toMatch(/^ch_/);

    const again = await charge(key, request);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(((await again.json()) as { id: string }).id).toBe(charged.id);

    expect((await lookup(key)).data.map((c) => c.id)).toEqual([charged.id]);
    const all = (await (await fetch(`${gateway.url}/v1/charges`, { headers: { authorization: `Bearer ${API_KEY}` } })).json()) as { data: { idempotency_key: string }[] };
    expect(all.data.filter((c) => c.idempotency_key === key)).toHaveLength(1);
    const dashboard = await (await fetch(`${gateway.url}/`)).text();
    expect(dashboard.split(key).length - 1).toBe(1);
    expect(dashboard).toContain('25.50');
    expect(dashboard).toContain('NZD');
    expect(dashboard).toContain('visa •••• 4242');

    const byId = await fetch(`${gateway.url}/v1/charges/${charged.id}`, { headers: { authorization: `Bearer ${API_KEY}` } });
    expect(((await byId.json()) as { id: string }).id).toBe(charged.id);
  });

  it('approve through our client, and find the charge by its key', async () => {
    const token = await tokenise(TEST_CARDS.approve);
    const key = newKey();
    const result = await client().charge({ account: 'Platform' as const, idempotencyKey: key, token: token.id, amount: nzd(1000), description: 'Donation' });
    expect(result).toMatchObject({ outcome: 'approved' });
    expect(await client().findCharge({ account: 'Platform', idempotencyKey: key })).toEqual(result);
    expect(await client().findCharge({ account: 'Platform', idempotencyKey: newKey() })).toBeUndefined();
  });

  it('refuse the same key with other parameters (409) and charge nothing more', async () => {
    const token = await tokenise(TEST_CARDS.approve);
    const key = newKey();
    expect((await charge(key, { source: token.id, amount: 500, currency: 'nzd' })).status).toBe(200);
    const conflict = await charge(key, { source: token.id, amount: 900, currency: 'nzd' });
    expect(conflict.status).toBe(409);
    expect((await lookup(key)).data).toHaveLength(1);
  });

  it.each([
    ['decline', TEST_CARDS.decline, 'Your card was declined.', false],
    ['insufficientFunds', TEST_CARDS.insufficientFunds, 'Your card has insufficient funds.', true],
  ])('%s: answers 402 with the message, records the declined charge, and replays it (retryable: %s)', async (_name, number, message, retryable) => {
    const token = await tokenise(number);
    const key = newKey();
    const response = await charge(key, { source: token.id, amount: 1000, currency: 'aud', description: 'Donation' });
    expect(response.status).toBe(402);
    const body = (await response.json()) as { id: string; status: string; failure_message: string };
    expect(body).toMatchObject({ status: 'declined', failure_message: message });
    expect((await lookup(key)).data).toEqual([expect.objectContaining({ id: body.id, status: 'declined', failure_message: message })]);
    // A soft decline (insufficient funds) may work later; a hard one never will: the issuer's advice says which.
    // The card's fingerprint comes with the decline (card-testing limits count it), the same the token lookup gives.
    const cardFingerprint = await client().cardFingerprint({ account: 'Platform', token: token.id });
    expect(cardFingerprint).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(await client().charge({ account: 'Platform' as const, idempotencyKey: key, token: token.id, amount: money(1000, 'AUD'), description: 'Donation' })).toEqual({
      outcome: 'declined',
      message,
      retryable,
      cardFingerprint,
    });
    expect(await client().findCharge({ account: 'Platform', idempotencyKey: key })).toEqual({ outcome: 'declined', message, retryable, cardFingerprint });
    expect((await lookup(key)).data).toHaveLength(1);
  });

  it('transientThenApprove: the first attempt per key is a 503 that records nothing; the retry succeeds', async () => {
    const token = await tokenise(TEST_CARDS.transientThenApprove);
    const key = newKey();
    const request = { account: 'Platform' as const, idempotencyKey: key, token: token.id, amount: nzd(2000), description: 'Donation' };
    await expect(client().charge(request)).rejects.toMatchObject({ name: 'GatewayUnavailable' });
    expect((await lookup(key)).data).toEqual([]);
    expect(await client().charge(request)).toMatchObject({ outcome: 'approved' });
    expect((await lookup(key)).data).toHaveLength(1);
    // Another payment with the same card fails once too: the behaviour is per idempotency key.
    const other = await charge(newKey(), { source: token.id, amount: 2000, currency: 'nzd' });
    expect(other.status).toBe(503);
  });

  it('lostReply: records the charge at once but holds the reply, so the caller times out and reconciles by key', async () => {
    const token = await tokenise(TEST_CARDS.lostReply);
    const key = newKey();
    const request = { account: 'Platform' as const, idempotencyKey: key, token: token.id, amount: nzd(5000), description: 'Donation' };
    const started = Date.now();
    await expect(client(200).charge(request)).rejects.toMatchObject({ name: 'GatewayTimeout' });
    expect(Date.now() - started).toBeLessThan(LOST_REPLY_MS);
    const found = await client().findCharge({ account: 'Platform', idempotencyKey: key });
    expect(found).toMatchObject({ outcome: 'approved' });
    // A retry under the same key is answered at once with the same charge.
    expect(await client(500).charge(request)).toEqual(found);
    expect((await lookup(key)).data).toHaveLength(1);
  });

  it('lostReply: a patient caller gets the reply after the delay', async () => {
    const token = await tokenise(TEST_CARDS.lostReply);
    const started = Date.now();
    const response = await charge(newKey(), { source: token.id, amount: 100, currency: 'nzd' });
    expect(response.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(LOST_REPLY_MS - 50);
  });

  it('need the secret key (401) and an Idempotency-Key (400), and a known token', async () => {
    const token = await tokenise(TEST_CARDS.approve);
    const request = { source: token.id, amount: 100, currency: 'nzd' };
    expect((await charge(newKey(), request, 'sk_wrong')).status).toBe(401);
    expect((await charge(newKey(), request, PUBLISHABLE_KEY)).status).toBe(401);
    const anonymous = await fetch(`${gateway.url}/v1/charges`, { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': newKey() }, body: JSON.stringify(request) });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toContain('Bearer');
    expect((await fetch(`${gateway.url}/v1/charges?idempotency_key=x`)).status).toBe(401);
    expect((await fetch(`${gateway.url}/v1/charges?idempotency_key=x`, { headers: { authorization: `Bearer ${PUBLISHABLE_KEY}` } })).status).toBe(401);

    const noKey = await charge(undefined, request);
    expect(noKey.status).toBe(400);
    expect(((await noKey.json()) as { error: { message: string } }).error.message).toContain('Idempotency-Key');

    const unknown = await charge(newKey(), { ...request, source: 'tok_doesnotexist0000' });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { error: { code: string } }).error.code).toBe('resource_missing');
    expect((await charge(newKey(), { ...request, amount: 12.5 })).status).toBe(400);
    expect((await charge(newKey(), { ...request, currency: 'usd' })).status).toBe(400);
  });
});

describe('customers and saved cards', () => {
  const saveFor = async (number: string, email = 'dana@example.com') => {
    const customer = await client().createCustomer({ account: 'Platform' as const, idempotencyKey: newKey(), email, reference: 'member sub-1' });
    const saved = await client().saveCard({ account: 'Platform' as const, idempotencyKey: newKey(), customerId: customer.customerId, token: (await tokenise(number)).id });
    return { customerId: customer.customerId, ...saved };
  };
  const methodsOf = async (customerId: string) =>
    ((await (await fetch(`${gateway.url}/v1/customers/${customerId}/payment_methods`, { headers: { authorization: `Bearer ${API_KEY}` } })).json()) as { data: { id: string }[] }).data;

  it('make a customer and save a token for it, once per idempotency key; only the card summary comes back', async () => {
    const key = newKey();
    const first = await client().createCustomer({ account: 'Platform' as const, idempotencyKey: key, email: 'dana@example.com', reference: 'member sub-1' });
    expect(first.customerId).toMatch(/^cus_[A-Za-z0-9]{14}$/);
    expect(await client().createCustomer({ account: 'Platform' as const, idempotencyKey: key, email: 'dana@example.com', reference: 'member sub-1' })).toEqual(first);

    const token = await tokenise(TEST_CARDS.approve);
    const saveKey = newKey();
    const saved = await client().saveCard({ account: 'Platform' as const, idempotencyKey: saveKey, customerId: first.customerId, token: token.id });
    expect(saved).toEqual({ paymentMethodId: expect.stringMatching(/^pm_[A-Za-z0-9]{24}$/), cardType: 'visa', last4: '4242', expMonth: 12, expYear: 2039 });
    expect(await client().saveCard({ account: 'Platform' as const, idempotencyKey: saveKey, customerId: first.customerId, token: token.id })).toEqual(saved);
    expect((await methodsOf(first.customerId)).map((m) => m.id)).toEqual([saved.paymentMethodId]);
  });

  it('charge a saved card with its customer, idempotently; never without it, and never another customer’s', async () => {
    const card = await saveFor(TEST_CARDS.approve);
    const key = newKey();
    const request = { account: 'Platform' as const, idempotencyKey: key, token: card.paymentMethodId, customerId: card.customerId, amount: nzd(1500), description: 'Monthly donation' };
    const charged = await client().charge(request);
    expect(charged).toMatchObject({ outcome: 'approved' });
    expect(await client().charge(request)).toEqual(charged);
    expect((await lookup(key)).data).toHaveLength(1);

    const withoutCustomer = await charge(newKey(), { source: card.paymentMethodId, amount: 100, currency: 'nzd' });
    expect(withoutCustomer.status).toBe(400);
    expect(((await withoutCustomer.json()) as { error: { param: string } }).error.param).toBe('customer');
    const other = await saveFor(TEST_CARDS.approve, 'someone@example.com');
    const wrongCustomer = await charge(newKey(), { source: card.paymentMethodId, customer: other.customerId, amount: 100, currency: 'nzd' });
    expect(wrongCustomer.status).toBe(400);
    expect(((await wrongCustomer.json()) as { error: { code: string; param: string } }).error).toMatchObject({ code: 'resource_missing', param: 'source' });
  });

  it('delete a saved card: it is gone from the list, deleting again is fine, and charging it is a hard decline for our client', async () => {
    const card = await saveFor(TEST_CARDS.approve);
    await client().removeSavedCard({ account: 'Platform', customerId: card.customerId, paymentMethodId: card.paymentMethodId });
    await client().removeSavedCard({ account: 'Platform', customerId: card.customerId, paymentMethodId: card.paymentMethodId });
    await client().removeSavedCard({ account: 'Platform', customerId: card.customerId, paymentMethodId: 'pm_neverexisted' });
    expect(await methodsOf(card.customerId)).toEqual([]);

    const key = newKey();
    const result = await client().charge({ account: 'Platform' as const, idempotencyKey: key, token: card.paymentMethodId, customerId: card.customerId, amount: nzd(1500), description: 'Monthly donation' });
    expect(result).toEqual({ outcome: 'declined', message: 'This saved card is no longer available. Please use another card.', retryable: false });
    expect((await lookup(key)).data).toEqual([]);
  });

  it('delete a customer (a member erased): its e-mail and its saved cards go with it, and deleting again is fine', async () => {
    const card = await saveFor(TEST_CARDS.approve, 'aroha.erased@example.com');
    const other = await saveFor(TEST_CARDS.approve, 'someone.else@example.com');
    await client().deleteCustomer({ account: 'Platform', customerId: card.customerId });
    await client().deleteCustomer({ account: 'Platform', customerId: card.customerId });
    await client().deleteCustomer({ account: 'Platform', customerId: 'cus_neverexisted' });

    const state = gateway.snapshot();
    expect(state.customers.find((c) => c.id === card.customerId)).toMatchObject({ deleted: true, email: null, description: null });
    expect(JSON.stringify(state.customers)).not.toContain('aroha.erased@example.com');
    expect(state.paymentMethods.find((m) => m.id === card.paymentMethodId)).toMatchObject({ deleted: true });
    const charged = await charge(newKey(), { source: card.paymentMethodId, customer: card.customerId, amount: 100, currency: 'nzd' });
    expect(((await charged.json()) as { error: { code: string; param: string } }).error).toMatchObject({ code: 'resource_missing', param: 'customer' });
    // Nobody else's customer changes.
    expect(state.customers.find((c) => c.id === other.customerId)).toMatchObject({ email: 'someone.else@example.com' });
    expect(await methodsOf(other.customerId)).toHaveLength(1);
  });

  it.each([
    ['savedCardInsufficientFunds', TEST_CARDS.savedCardInsufficientFunds, ['declined', 'declined'], true],
    ['savedCardInsufficientFundsOnce', TEST_CARDS.savedCardInsufficientFundsOnce, ['declined', 'approved'], true],
    ['savedCardStolen', TEST_CARDS.savedCardStolen, ['declined', 'declined'], false],
  ])('%s: approved as a new card, then its saved charges go %j (soft: %s)', async (_name, number, outcomes, soft) => {
    const token = await tokenise(number);
    expect(await client().charge({ account: 'Platform' as const, idempotencyKey: newKey(), token: token.id, amount: nzd(1000), description: 'First month' })).toMatchObject({ outcome: 'approved' });
    const customer = await client().createCustomer({ account: 'Platform' as const, idempotencyKey: newKey(), email: 'dana@example.com', reference: 'member sub-1' });
    const saved = await client().saveCard({ account: 'Platform' as const, idempotencyKey: newKey(), customerId: customer.customerId, token: token.id });

    const results = [];
    for (const _month of outcomes) {
      results.push(await client().charge({ account: 'Platform' as const, idempotencyKey: newKey(), token: saved.paymentMethodId, customerId: customer.customerId, amount: nzd(1000), description: 'Next month' }));
    }
    expect(results.map((r) => r.outcome)).toEqual(outcomes);
    expect(results[0]).toMatchObject({ outcome: 'declined', retryable: soft });
  });

  it('need the secret key and an Idempotency-Key to make customers and save cards', async () => {
    const customers = (headers: Record<string, string>) => fetch(`${gateway.url}/v1/customers`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: '{}' });
    expect((await customers({ authorization: `Bearer ${PUBLISHABLE_KEY}`, 'idempotency-key': newKey() })).status).toBe(401);
    expect((await customers({ authorization: `Bearer ${API_KEY}` })).status).toBe(400);
    expect((await fetch(`${gateway.url}/v1/customers/cus_x/payment_methods`)).status).toBe(401);
    const unknownCustomer = await fetch(`${gateway.url}/v1/customers/cus_nobody/payment_methods`, {
      method: 'POST',
      headers: { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json', 'idempotency-key': newKey() },
      body: JSON.stringify({ source: (await tokenise(TEST_CARDS.approve)).id }),
    });
    expect(unknownCustomer.status).toBe(400);
  });
});

describe('card data', () => {
  it('keeps no card number or CVC anywhere it can be seen: state, responses, dashboard, logs', async () => {
    const number = '5105105105105100';
    const spaced = '5105 1051 0510 5100';
    const cvc = '739';
    const printed: string[] = [];
    for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void printed.push(args.map(String).join(' ')));
    }
    const tokenResponse = await fetch(`${gateway.url}/v1/tokens`, {
      method: 'POST',
      headers: { authorization: `Bearer ${PUBLISHABLE_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Jane Doe', number: spaced, expMonth: '10', expYear: '38', cvc }),
    });
    const tokenText = await tokenResponse.text();
    const token = JSON.parse(tokenText) as TokenBody;
    const chargeText = await (await charge(newKey(), { source: token.id, amount: 700, currency: 'nzd' })).text();
    // Bodies that fail to parse are not echoed either (JSON.parse's message quotes the input).
    const broken = await fetch(`${gateway.url}/v1/tokens`, { method: 'POST', headers: { authorization: `Bearer ${PUBLISHABLE_KEY}`, 'content-type': 'application/json' }, body: `{"number":"${number}","cvc":"${cvc}"` });
    const brokenText = await broken.text();
    const listText = await (await fetch(`${gateway.url}/v1/charges`, { headers: { authorization: `Bearer ${API_KEY}` } })).text();
    const dashboard = await (await fetch(`${gateway.url}/`)).text();
    const state = gateway.snapshot();

    expect(token.card.last4).toBe('5100');
    expect(broken.status).toBe(400);
    for (const text of [tokenText, chargeText, brokenText, listText, dashboard, JSON.stringify(state), ...printed]) {
      expect(text).not.toContain(number);
      expect(text).not.toContain(spaced);
      expect(text).not.toContain(number.slice(0, 12));
    }
    // No CVC field and no value equal to the CVC anywhere in the state.
    const values: unknown[] = [];
    JSON.stringify(state, (name, value: unknown) => {
      expect(name.toLowerCase()).not.toMatch(/cvc|cvv|csc|number|pan/);
      values.push(value);
      return value;
    });
    expect(values).not.toContain(cvc);
    expect(values).not.toContain(Number(cvc));
    const kept = state.tokens.find((t) => t.id === token.id);
    expect(Object.keys(kept ?? {}).sort()).toEqual(['account', 'behaviour', 'card', 'created', 'id']);
    expect(kept?.card).toEqual({ brand: 'mastercard', last4: '5100', expMonth: 10, expYear: 2038, fingerprint: expect.stringMatching(/^[A-Za-z0-9_-]{16}$/) });
  });
});
