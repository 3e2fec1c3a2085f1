import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '@giving/shared/clock';
import { DomainError } from '@giving/shared/errors';
import { newId } from '@giving/shared/ids';
import { testTables } from '../../../tools/local/src/testing/dynamo';
import donations from '../service';
import { dynamoCardTestingLedger } from '../adapters/dynamo-card-testing';
import { dynamoCharityDirectory } from '../adapters/dynamo-charities';
import { dynamoGiftCatalog } from '../adapters/dynamo-gifts';
import { dynamoPaymentRepository } from '../adapters/dynamo-payments';
import { CARD_TESTING, CARD_TESTING_MESSAGE, attemptKey, blockOf, recentBlocks, recordDeclinedAttempt, type CardTestingDeps } from './card-testing';
import { chargeCard, validatePayment } from './payment-steps';
import { createPayment } from './payments';
import { aGift, aRequest, gatewaySettings, scriptedGateway } from './test-support';

let tables: Awaited<ReturnType<typeof testTables>>;
let ledger: ReturnType<typeof dynamoCardTestingLedger>;

beforeAll(async () => {
  tables = await testTables([donations]);
  ledger = dynamoCardTestingLedger(tables.client, tables.tableName('donations'));
});

const HOUR = 60 * 60 * 1000;
/** A client address of its own for each test (the ledger is shared within the file). */
const anAddress = () => `203.0.113.${Math.floor(Math.random() * 250)}-${newId()}`;

/** The gateway's side: fingerprints by token, and how often it was asked. */
function fingerprints(byToken: Record<string, string> = {}) {
  const asked: string[] = [];
  return {
    asked,
    async cardFingerprint({ token }: { token: string }) {
      asked.push(token);
      return byToken[token];
    },
  };
}

describe('counting declines (DynamoDB Local)', () => {
  it('counts a payment once however often its decline is recorded, and blocks the address at the limit for an hour', async () => {
    const clock = fixedClock('2026-11-25T09:00:00Z');
    const address = anAddress();
    const attempt = { address, email: `tester-${newId()}@example.com` };
    const first = newId();
    await recordDeclinedAttempt({ ledger, clock }, first, attempt, undefined);
    await recordDeclinedAttempt({ ledger, clock }, first, attempt, undefined); // a retried step
    expect(await blockOf({ blocks: () => ledger.activeBlocks(clock.now(), { consistent: true }), gateway: fingerprints(), clock }, attempt)).toBeUndefined();
    for (let i = 1; i < CARD_TESTING.declinesAllowed.address; i++) await recordDeclinedAttempt({ ledger, clock }, newId(), attempt, undefined);
    const blocks = await ledger.activeBlocks(clock.now(), { consistent: true });
    const block = blocks.find((b) => b.hash === attemptKey('address', address).hash);
    expect(block).toEqual({ kind: 'address', hash: attemptKey('address', address).hash, blockedUntil: new Date(clock.now().getTime() + HOUR).toISOString() });
    // The same e-mail, in any case and with spaces, is the same e-mail.
    expect(blocks.find((b) => b.hash === attemptKey('email', ` ${attempt.email.toUpperCase()} `).hash)).toBeDefined();
    // An hour on, the block has ended.
    expect((await ledger.activeBlocks(new Date(clock.now().getTime() + HOUR + 1000), { consistent: true })).find((b) => b.hash === block?.hash)).toBeUndefined();
  });

  it('multiplies every limit by the platform’s scale (a test platform), and blocks at the scaled limit', async () => {
    const clock = fixedClock('2026-11-25T09:30:00Z');
    const attempt = { address: anAddress() };
    const blocked = async () => (await ledger.activeBlocks(clock.now(), { consistent: true })).some((b) => b.hash === attemptKey('address', attempt.address).hash);
    for (let i = 0; i < CARD_TESTING.declinesAllowed.address * 2 - 1; i++) await recordDeclinedAttempt({ ledger, clock, limitScale: 2 }, newId(), attempt, undefined);
    expect(await blocked()).toBe(false);
    await recordDeclinedAttempt({ ledger, clock, limitScale: 2 }, newId(), attempt, undefined);
    expect(await blocked()).toBe(true);
  });

  it('forgets declines older than the window', async () => {
    const clock = fixedClock('2026-11-25T09:00:00Z');
    const attempt = { address: anAddress() };
    for (let i = 0; i < CARD_TESTING.declinesAllowed.address - 1; i++) await recordDeclinedAttempt({ ledger, clock }, newId(), attempt, undefined);
    clock.advance(HOUR + 1000);
    await recordDeclinedAttempt({ ledger, clock }, newId(), attempt, undefined);
    const blocks = await ledger.activeBlocks(clock.now(), { consistent: true });
    expect(blocks.find((b) => b.hash === attemptKey('address', attempt.address).hash)).toBeUndefined();
  });

  it('blocks a card by its fingerprint after fewer declines, and finds it under any token, asking the gateway only while a card is blocked', async () => {
    const clock = fixedClock('2026-11-25T10:00:00Z');
    const fingerprint = `fp-${newId()}`;
    const gateway = fingerprints({ 'tok_again': fingerprint });
    const deps = { blocks: () => ledger.activeBlocks(clock.now(), { consistent: true }), gateway, clock };
    const attempt = (token: string) => ({ address: anAddress(), email: `someone-${newId()}@example.com`, card: { account: 'Trust' as const, token } });
    for (let i = 0; i < CARD_TESTING.declinesAllowed.card; i++) await recordDeclinedAttempt({ ledger, clock }, newId(), attempt(`tok_${i}`), fingerprint);
    expect(await blockOf(deps, attempt('tok_again'))).toMatchObject({ kind: 'card', hash: attemptKey('card', fingerprint).hash });
    expect(gateway.asked).toEqual(['tok_again']);
    // A saved card (no new token) is not looked up.
    expect(await blockOf(deps, { address: anAddress() })).toBeUndefined();
    expect(gateway.asked).toEqual(['tok_again']);
  });

  it('the API reads the blocks at most once a second, and asks again after a failed read', async () => {
    const clock = fixedClock('2026-11-25T11:00:00Z');
    let reads = 0;
    let fail = false;
    const blocks = recentBlocks(
      {
        activeBlocks: async (at) => {
          reads++;
          if (fail) throw new Error('DynamoDB is unavailable');
          return ledger.activeBlocks(at);
        },
      },
      clock,
    );
    await blocks();
    await blocks();
    expect(reads).toBe(1);
    clock.advance(1000);
    fail = true;
    await expect(blocks()).rejects.toThrow('unavailable');
    fail = false;
    await blocks();
    expect(reads).toBe(3);
  });
});

describe('refusing a blocked attempt', () => {
  let deps: Parameters<typeof createPayment>[0];
  let cardTesting: CardTestingDeps;
  const clock = fixedClock('2026-11-25T12:00:00Z');

  beforeAll(() => {
    cardTesting = { blocks: () => ledger.activeBlocks(clock.now(), { consistent: true }), gateway: fingerprints(), clock };
    deps = {
      payments: dynamoPaymentRepository(tables.client, tables.tableName('donations')),
      charities: dynamoCharityDirectory(tables.client, tables.tableName('donations')),
      gifts: dynamoGiftCatalog(tables.client, tables.tableName('donations')),
      cardTesting,
      gatewaySettings,
      clock,
    };
  });

  it('the payment API answers 429 with the seconds left, stores nothing, and still answers a retry of a request it accepted', async () => {
    const address = anAddress();
    const accepted = await createPayment(deps, aRequest('gift-1'), 'key-before-block', address);
    for (let i = 0; i < CARD_TESTING.declinesAllowed.address; i++) await recordDeclinedAttempt({ ledger, clock }, newId(), { address }, undefined);
    clock.advance(60_000);
    const refused = await createPayment(deps, aRequest('gift-1'), 'key-while-blocked', address).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ code: 'TooManyRequests', message: CARD_TESTING_MESSAGE, retryAfterSeconds: 59 * 60 });
    expect(await deps.payments.findByKey('key-while-blocked')).toBeUndefined();
    expect(await createPayment(deps, aRequest('gift-1'), 'key-before-block', address)).toEqual(accepted);
    // Another address is not refused.
    await expect(createPayment(deps, aRequest('gift-1'), 'key-other-address', anAddress())).resolves.toMatchObject({ trackingNumber: expect.any(String) });
  });

  it('the workflow declines a blocked attempt without charging it, and counts the gateway’s declines', async () => {
    const gift = aGift();
    await (deps.gifts as ReturnType<typeof dynamoGiftCatalog>).put(gift);
    const address = anAddress();
    const pay = async () => {
      const { trackingNumber } = await createPayment(deps, aRequest(gift.id), `key-${newId()}`, address);
      await validatePayment({ payments: deps.payments, gifts: deps.gifts as ReturnType<typeof dynamoGiftCatalog>, charities: deps.charities, clock }, { trackingNumber });
      return trackingNumber;
    };
    // Accepted before the API could know: the declines come afterwards.
    const waiting = await Promise.all(Array.from({ length: CARD_TESTING.declinesAllowed.address + 1 }, pay));
    const declining = scriptedGateway({ charge: async () => ({ outcome: 'declined', message: 'Your card was declined.', retryable: false, cardFingerprint: 'fp-stolen' }) });
    for (const trackingNumber of waiting.slice(0, -1)) {
      expect(await chargeCard({ payments: deps.payments, gateway: declining, cardTesting: ledger, clock }, { trackingNumber })).toMatchObject({ outcome: 'declined', message: 'Your card was declined.' });
    }
    const last = waiting.at(-1) as string;
    expect(await chargeCard({ payments: deps.payments, gateway: declining, cardTesting: ledger, clock }, { trackingNumber: last })).toEqual({
      trackingNumber: last,
      chargeAttempts: 0,
      outcome: 'declined',
      message: CARD_TESTING_MESSAGE,
      retryable: false,
    });
    expect(declining.charges.has(last)).toBe(false);
    expect(declining.charges.size).toBe(CARD_TESTING.declinesAllowed.address);
  });
});
