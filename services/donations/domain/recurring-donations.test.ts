import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixedClock } from '@giving/shared/clock';
import { TEST_CARDS } from '@giving/shared/contracts/card-gateway';
import { SAVED_CARD_OTHER_COUNTRY_MESSAGE, type MemberGiftPaymentRequest } from '@giving/shared/contracts/donations';
import { SAVED_CARD_IN_USE_MESSAGE } from '@giving/shared/contracts/member-giving';
import { DomainError } from '@giving/shared/errors';
import { dynamoIdempotencyStore } from '@giving/shared/lambda/idempotency';
import type { OutgoingMail } from '@giving/shared/mail';
import { encryptedCardToken, startCardGateway, type RunningCardGateway } from '../../../tools/local/src/card-gateway';
import type { PaymentGatewaySettings } from '@giving/shared/contracts/payment-gateway';
import { testTables } from '../../../tools/local/src/testing/dynamo';
import donations from '../service';
import { httpCardGateway } from '../adapters/card-gateway-http';
import { dynamoCharityDirectory } from '../adapters/dynamo-charities';
import { dynamoGiftCatalog } from '../adapters/dynamo-gifts';
import { dynamoCardTestingLedger } from '../adapters/dynamo-card-testing';
import type { CardTestingDeps } from './card-testing';
import { dynamoDonationHistory, dynamoRecurringDonations, dynamoSavedCards } from '../adapters/dynamo-member-giving';
import { dynamoPaymentRepository } from '../adapters/dynamo-payments';
import { listDonationHistory } from './donation-history';
import { chargeCard, failPayment, recordDonation, validatePayment } from './payment-steps';
import { createMemberPayment } from './payments';
import {
  addDays,
  cancelRecurringDonation,
  chargeDateIn,
  chargeRecurringDonations,
  followUpMemberDonation,
  listUpcomingDonations,
  nextPeriod,
  periodKey,
  RECURRING_NOT_FOUND_MESSAGE,
} from './recurring-donations';
import { listSavedCards, removeSavedCard, SAVED_CARD_NOT_FOUND_MESSAGE } from './saved-cards';
import { aGiftWithoutPrice, aMemberRequest, aSignedInMember, feeFor, gatewaySettings, scriptedGateway } from './test-support';

/**
 * Saved cards and monthly giving end to end in the domain: real DynamoDB Local, the real sandbox gateway (its saved
 * cards and test cards), and the payment steps run in order as the workflow runs them.
 */
const API_KEY = 'sk_test_recurring';
const PUBLISHABLE_KEY = 'pk_test_recurring';
/** New Zealand's payments go to the Trust's merchant account, whose card fields encrypt with its client key. */
const TRUST_API_KEY = 'sk_test_recurring_trust';
const TRUST_CLIENT_KEY = 'ck_test_recurring_trust';
let sandbox: RunningCardGateway;
let gateway: ReturnType<typeof httpCardGateway>;
let tables: Awaited<ReturnType<typeof testTables>>;
let payments: ReturnType<typeof dynamoPaymentRepository>;
let charities: ReturnType<typeof dynamoCharityDirectory>;
let gifts: ReturnType<typeof dynamoGiftCatalog>;
let cardTestingLedger: ReturnType<typeof dynamoCardTestingLedger>;
let cardTesting: CardTestingDeps;
let cards: ReturnType<typeof dynamoSavedCards>;
let schedules: ReturnType<typeof dynamoRecurringDonations>;
let history: ReturnType<typeof dynamoDonationHistory>;
const sent: OutgoingMail[] = [];
/** The workflow's clock: set to when each payment is processed. */
const clock = fixedClock('2026-11-21T09:00:00Z');

/** Fresh tables, so each monthly scenario's job runs see only its own schedules. */
async function freshTables() {
  tables = await testTables([donations]);
  const name = tables.tableName('donations');
  payments = dynamoPaymentRepository(tables.client, name);
  charities = dynamoCharityDirectory(tables.client, name);
  gifts = dynamoGiftCatalog(tables.client, name);
  cardTestingLedger = dynamoCardTestingLedger(tables.client, name);
  cardTesting = { blocks: () => cardTestingLedger.activeBlocks(clock.now(), { consistent: true }), gateway: scriptedGateway({}), clock };
  cards = dynamoSavedCards(tables.client, name);
  schedules = dynamoRecurringDonations(tables.client, name);
  history = dynamoDonationHistory(tables.client, name);
}

beforeAll(async () => {
  sandbox = await startCardGateway({
    port: 0,
    siteOrigin: 'http://localhost:3999',
    apiKey: API_KEY,
    publishableKey: PUBLISHABLE_KEY,
    encryptingAccounts: [{ name: 'trust', clientKey: TRUST_CLIENT_KEY, apiKey: TRUST_API_KEY }],
    lostReplyDelayMs: 500,
  });
  gateway = httpCardGateway({ baseUrl: sandbox.url, apiKeys: { Platform: API_KEY, Trust: TRUST_API_KEY }, timeoutMs: 3000 });
  await freshTables();
});

afterAll(async () => {
  await sandbox?.stop();
});

/** A token of the Trust's account (the nz card fields' encrypted variant), for these nz gifts. */
async function cardToken(number: string) {
  const body = await encryptedCardToken(sandbox.url, TRUST_CLIENT_KEY, { name: 'Dana Whitfield', number, expMonth: '12', expYear: '39', cvc: '123' });
  return { token: body.id, cardType: body.card.brand, last4: body.card.last4 };
}

const followDeps = () => ({ payments, cards, schedules, gateway, clock });

/** What the payment workflow does with a stored payment: validate, charge, then record and follow up, or fail. */
async function runWorkflow(trackingNumber: string) {
  const valid = await validatePayment({ payments, gifts, charities, clock }, { trackingNumber });
  if (valid.outcome !== 'valid') return failPayment({ payments, clock }, valid);
  const charged = await chargeCard({ payments, gateway , cardTesting: cardTestingLedger, clock }, valid);
  if (charged.outcome !== 'approved') return failPayment({ payments, clock }, charged);
  await recordDonation({ payments, clock }, { trackingNumber, chargeId: charged.chargeId });
  return followUpMemberDonation(followDeps(), { trackingNumber });
}

const key = () => `key-${Math.random().toString(36).slice(2, 12)}`;

async function give(member: ReturnType<typeof aSignedInMember>, giftId: string, overrides: Partial<MemberGiftPaymentRequest>) {
  const merged = { ...aMemberRequest(giftId, { quantity: 1, donationAmount: 2000 }), ...overrides };
  const request = { ...merged, transactionFeeCents: feeFor(merged) } as MemberGiftPaymentRequest;
  const { trackingNumber } = await createMemberPayment({ payments, charities, gifts, cardTesting, gatewaySettings, clock, cards }, request, member, key());
  await runWorkflow(trackingNumber);
  return trackingNumber;
}

/** One hourly run of the job at `at`, then the workflow for every payment it created. */
async function runJob(at: string, settings: PaymentGatewaySettings = gatewaySettings) {
  const notices = dynamoIdempotencyStore({ client: tables.client, tableName: tables.tableName('donations') });
  const before = new Set(sandbox.snapshot().charges.map((c) => c.id));
  const counts = await chargeRecurringDonations({
    payments,
    cards,
    schedules,
    gateway,
    gatewaySettings: settings,
    mailer: { send: async (mail) => void sent.push(mail) },
    notices,
    clock: fixedClock(at),
    siteUrl: 'https://koha.example',
  });
  clock.advance(new Date(at).getTime() - clock.now().getTime());
  return { counts, before };
}

/** Runs the workflow for the payment the job made for the schedule's current period and attempt (as the table stream would). */
async function processPeriod(memberId: string, scheduleId: string) {
  const schedule = await schedules.get(memberId, scheduleId);
  const trackingNumber = (await payments.findByKey(periodKey(schedule!)))?.trackingNumber;
  if (!trackingNumber) throw new Error('the job created no payment for this period');
  await runWorkflow(trackingNumber);
  return trackingNumber;
}

const chargesOfKey = (trackingNumber: string) => sandbox.snapshot().charges.filter((c) => c.idempotency_key === trackingNumber);

describe('the calendar', () => {
  it('charges on the same day each month, or the last day of a shorter month', () => {
    expect(chargeDateIn('2027-02', 31)).toBe('2027-02-28');
    expect(chargeDateIn('2028-02', 30)).toBe('2028-02-29');
    expect(chargeDateIn('2027-03', 31)).toBe('2027-03-31');
    expect(nextPeriod('2026-12')).toBe('2027-01');
    expect(addDays('2027-02-27', 3)).toBe('2027-03-02');
  });

  it("keys a period's payment by schedule, month and attempt", () => {
    expect(periodKey({ scheduleId: 'S1', nextChargeOn: '2026-12-21', attempts: 0 })).toBe('S1#2026-12');
    expect(periodKey({ scheduleId: 'S1', nextChargeOn: '2026-12-21', attempts: 2 })).toBe('S1#2026-12#retry2');
  });
});

describe('saved cards', () => {
  it('a card is saved once when the member asks, listed with its last 4 digits only, and removed at the gateway too', async () => {
    const member = aSignedInMember();
    // The donor chooses the amount (the tests give several), as for 'Area of greatest need'.
    const gift = aGiftWithoutPrice();
    await gifts.put(gift);
    const trackingNumber = await give(member, gift.id, { card: { ...(await cardToken(TEST_CARDS.approve)), saveCard: true } });
    await followUpMemberDonation(followDeps(), { trackingNumber }); // a repeated step saves nothing more

    const listed = await listSavedCards({ cards }, member.memberId);
    expect(listed.items).toEqual([{ cardId: trackingNumber, cardType: 'visa', last4: '4242', expiryMonth: 12, expiryYear: 2039 }]);
    // Saved with the Trust's account (an nz payment): listed for nz, not for au, whose payments go to the Platform's.
    expect((await listSavedCards({ cards }, member.memberId, 'nz')).items).toEqual(listed.items);
    expect((await listSavedCards({ cards }, member.memberId, 'au')).items).toEqual([]);
    const saved = await cards.get(member.memberId, trackingNumber);
    expect(saved?.account).toBe('Trust');
    expect(await cards.getCustomer(member.memberId, 'Trust')).toBe(saved?.customerId);
    expect(await cards.getCustomer(member.memberId, 'Platform')).toBeUndefined();
    expect(sandbox.snapshot().paymentMethods.filter((m) => m.customer === saved?.customerId && !m.deleted)).toEqual([expect.objectContaining({ account: 'trust' })]);
    expect(JSON.stringify(listed)).not.toMatch(/pm_|cus_|tok_/);

    await removeSavedCard({ cards, schedules, gateway }, member.memberId, trackingNumber);
    expect((await listSavedCards({ cards }, member.memberId)).items).toEqual([]);
    expect(sandbox.snapshot().paymentMethods.find((m) => m.id === saved?.paymentMethodId)?.deleted).toBe(true);
    await expect(removeSavedCard({ cards, schedules, gateway }, member.memberId, trackingNumber)).rejects.toMatchObject({ code: 'NotFound' });
  });

  it('a card is not saved unless asked', async () => {
    const member = aSignedInMember();
    // The donor chooses the amount (the tests give several), as for 'Area of greatest need'.
    const gift = aGiftWithoutPrice();
    await gifts.put(gift);
    await give(member, gift.id, { card: await cardToken(TEST_CARDS.approve) });
    expect((await listSavedCards({ cards }, member.memberId)).items).toEqual([]);
  });

  it("pays with the member's own saved card; another member's card id is a 404 naming the field and nothing is stored", async () => {
    const dana = aSignedInMember();
    // The donor chooses the amount (the tests give several), as for 'Area of greatest need'.
    const gift = aGiftWithoutPrice();
    await gifts.put(gift);
    const cardId = await give(dana, gift.id, { card: { ...(await cardToken(TEST_CARDS.approve)), saveCard: true } });

    const again = await give(dana, gift.id, { card: { savedCardId: cardId } });
    expect((await payments.get(again))?.status).toBe('Completed');
    expect(chargesOfKey(again)).toEqual([expect.objectContaining({ status: 'succeeded', source: expect.stringMatching(/^pm_/), customer: expect.stringMatching(/^cus_/) })]);

    const wiremu = aSignedInMember();
    const k = key();
    const request = { ...aMemberRequest(gift.id), card: { savedCardId: cardId } } as MemberGiftPaymentRequest;
    const refused = await createMemberPayment({ payments, charities, gifts, cardTesting, gatewaySettings, clock, cards }, request, wiremu, k).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ code: 'NotFound', fieldErrors: [{ field: 'body.card.savedCardId', message: SAVED_CARD_NOT_FOUND_MESSAGE }] });
    // The key was never claimed: the same key still makes a new payment.
    const fresh = await createMemberPayment({ payments, charities, gifts, cardTesting, gatewaySettings, clock, cards }, aMemberRequest(gift.id), wiremu, k);
    expect((await payments.get(fresh.trackingNumber))?.memberId).toBe(wiremu.memberId);
  });

  it('a card saved with the Trust’s account (nz) cannot pay an au donation: 400 naming the field, nothing stored', async () => {
    const dana = aSignedInMember();
    // The donor chooses the amount (the tests give several), as for 'Area of greatest need'.
    const gift = aGiftWithoutPrice();
    await gifts.put(gift);
    const cardId = await give(dana, gift.id, { card: { ...(await cardToken(TEST_CARDS.approve)), saveCard: true } });
    const k = key();
    const australian = { ...aMemberRequest('au-gift', { country: 'au' }), card: { savedCardId: cardId } } as MemberGiftPaymentRequest;
    const refused = await createMemberPayment({ payments, charities, gifts, cardTesting, gatewaySettings, clock, cards }, australian, dana, k).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 'ValidationFailed', fieldErrors: [{ field: 'body.card.savedCardId', message: SAVED_CARD_OTHER_COUNTRY_MESSAGE }] });
    expect(await payments.findByKey(k)).toBeUndefined();
  });
});

describe('monthly giving', () => {
  beforeEach(freshTables);

  async function startMonthly(number: string, at = '2026-11-21T09:00:00Z') {
    clock.advance(new Date(at).getTime() - clock.now().getTime());
    const member = aSignedInMember();
    // The donor chooses the amount (the tests give several), as for 'Area of greatest need'.
    const gift = aGiftWithoutPrice();
    await gifts.put(gift);
    const scheduleId = await give(member, gift.id, { isRecurring: true, card: await cardToken(number), quantity: 2, donationAmount: 1500, supportingAmount: 200 });
    return { member, gift, scheduleId };
  }

  it('the first month is charged at once; the schedule then charges the saved card once a month, once per period', async () => {
    const { member, gift, scheduleId } = await startMonthly(TEST_CARDS.approve);
    expect(chargesOfKey(scheduleId)).toHaveLength(1);

    const upcoming = await listUpcomingDonations({ schedules }, member.memberId);
    expect(upcoming.items).toEqual([
      expect.objectContaining({
        scheduleId,
        frequency: 'Monthly',
        status: 'Active',
        gift: { id: gift.id, title: gift.title, productUrl: gift.productUrl },
        quantity: 2,
        total: { cents: 3200, currency: 'NZD' },
        // 09:00 UTC on 21 November is 22:00 in Auckland: the 21st, so the 21st of each month.
        nextChargeOn: '2026-12-21',
        dayOfMonth: 21,
        card: { cardType: 'visa', last4: '4242' },
      }),
    ]);
    expect((await listSavedCards({ cards }, member.memberId)).items.map((c) => c.cardId)).toEqual([scheduleId]);

    // Not due the day before (in Auckland).
    expect((await runJob('2026-12-20T09:00:00Z')).counts.charged).toBe(0);

    // Due: the job creates the period's payment; running it again (a retried or overlapping run) creates nothing more.
    expect((await runJob('2026-12-21T00:00:00Z')).counts.charged).toBe(1);
    expect((await runJob('2026-12-21T00:00:00Z')).counts).toMatchObject({ charged: 0, inProgress: 1 });
    const december = await processPeriod(member.memberId, scheduleId);
    // $32.00 a month, plus the transaction fee (1.9% + 30c = 91c), on the Trust's account like the first month.
    expect(chargesOfKey(december)).toEqual([expect.objectContaining({ status: 'succeeded', amount: 3291, account: 'trust' })]);
    expect(chargesOfKey(scheduleId)).toEqual([expect.objectContaining({ amount: 3291, account: 'trust' })]);
    expect((await runJob('2026-12-21T01:00:00Z')).counts).toMatchObject({ charged: 0, inProgress: 0 });

    const moved = await schedules.get(member.memberId, scheduleId);
    expect(moved).toMatchObject({ nextChargeOn: '2027-01-21', attempts: 0, lastChargedPeriod: '2026-12' });
    const page = await listDonationHistory({ history }, member.memberId);
    expect(page.items.map((d) => [d.trackingNumber, d.isRecurring, d.total.cents, d.transactionFee?.cents])).toEqual([
      [december, true, 3200, 91],
      [scheduleId, true, 3200, 91],
    ]);
  });

  it('each month’s fee is worked out when its charge is made, at the rates in force then', async () => {
    const { member, scheduleId } = await startMonthly(TEST_CARDS.approve);
    const raised: PaymentGatewaySettings = { ...gatewaySettings, transactionProcessingFees: { ...gatewaySettings.transactionProcessingFees, nz: { percentBasisPoints: 250, fixedCents: 40 } } };
    expect((await runJob('2026-12-21T00:00:00Z', raised)).counts.charged).toBe(1);
    const december = await processPeriod(member.memberId, scheduleId);
    // $32.00 + 2.5% (80c) + 40c.
    expect(chargesOfKey(december)).toEqual([expect.objectContaining({ status: 'succeeded', amount: 3320 })]);
    expect((await payments.getDonation(december))?.transactionFee).toEqual({ cents: 120, currency: 'NZD' });
  });

  it('a soft decline is tried again 1, 3 and 7 days later, then the schedule stops and the donor is e-mailed once', async () => {
    const { member, scheduleId } = await startMonthly(TEST_CARDS.savedCardInsufficientFunds);
    const mailsBefore = sent.length;
    const attempts = [
      ['2026-12-21T00:00:00Z', '2026-12-22'],
      ['2026-12-22T00:00:00Z', '2026-12-24'],
      ['2026-12-24T00:00:00Z', '2026-12-28'],
    ] as const;
    for (const [at, retryOn] of attempts) {
      expect((await runJob(at)).counts.charged).toBe(1);
      await processPeriod(member.memberId, scheduleId);
      expect((await runJob(at)).counts.retrying).toBe(1);
      expect(await schedules.get(member.memberId, scheduleId)).toMatchObject({ status: 'Active', nextChargeOn: '2026-12-21', nextAttemptOn: retryOn });
    }
    expect((await runJob('2026-12-28T00:00:00Z')).counts.charged).toBe(1);
    await processPeriod(member.memberId, scheduleId);
    expect((await runJob('2026-12-28T00:00:00Z')).counts).toMatchObject({ stopped: 1, noticesSent: 1 });
    expect((await runJob('2026-12-28T01:00:00Z')).counts).toMatchObject({ charged: 0, stopped: 0, noticesSent: 0 });

    expect(await schedules.get(member.memberId, scheduleId)).toMatchObject({ status: 'Stopped', stoppedReason: 'Your card has insufficient funds.', stopNoticeSent: true });
    expect((await listUpcomingDonations({ schedules }, member.memberId)).items).toEqual([]);
    const mails = sent.slice(mailsBefore);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: 'dana.donor@demo.koha.nz', subject: 'Your monthly donation to Kiwi Coast Rescue has stopped' });
    expect(mails[0]?.text).toContain('Your card has insufficient funds.');
    expect(mails[0]?.text).toContain('card ending in 0341');
  });

  it('a soft decline that succeeds on its retry moves on to the next month', async () => {
    const { member, scheduleId } = await startMonthly(TEST_CARDS.savedCardInsufficientFundsOnce);
    await runJob('2026-12-21T00:00:00Z');
    await processPeriod(member.memberId, scheduleId);
    expect((await runJob('2026-12-21T01:00:00Z')).counts.retrying).toBe(1);
    expect((await runJob('2026-12-22T00:00:00Z')).counts.charged).toBe(1);
    const retry = await processPeriod(member.memberId, scheduleId);
    expect((await payments.get(retry))?.idempotencyKey).toBe(`${scheduleId}#2026-12#retry1`);
    expect(await schedules.get(member.memberId, scheduleId)).toMatchObject({ status: 'Active', nextChargeOn: '2027-01-21', attempts: 0, nextAttemptOn: '2027-01-21' });
  });

  it('a hard decline stops the schedule at once and e-mails the donor once', async () => {
    const { member, scheduleId } = await startMonthly(TEST_CARDS.savedCardStolen);
    const mailsBefore = sent.length;
    await runJob('2026-12-21T00:00:00Z');
    await processPeriod(member.memberId, scheduleId);
    expect((await runJob('2026-12-21T00:00:00Z')).counts).toMatchObject({ stopped: 1, noticesSent: 1 });
    await runJob('2026-12-22T00:00:00Z');
    expect(await schedules.get(member.memberId, scheduleId)).toMatchObject({ status: 'Stopped', stoppedReason: 'Your card was declined.' });
    expect(sent.slice(mailsBefore).map((m) => m.subject)).toEqual(['Your monthly donation to Kiwi Coast Rescue has stopped']);
  });

  it('a schedule started on the 31st charges on the last day of February', async () => {
    const { member, scheduleId } = await startMonthly(TEST_CARDS.approve, '2027-01-30T12:00:00Z'); // 31 January in Auckland
    expect(await schedules.get(member.memberId, scheduleId)).toMatchObject({ dayOfMonth: 31, nextChargeOn: '2027-02-28' });
    await runJob('2027-02-28T00:00:00Z');
    await processPeriod(member.memberId, scheduleId);
    expect(await schedules.get(member.memberId, scheduleId)).toMatchObject({ nextChargeOn: '2027-03-31' });
  });

  it("cancelling ends it (again is harmless); another member's is a 404; its card can then be removed", async () => {
    const { member, scheduleId } = await startMonthly(TEST_CARDS.approve);
    await expect(removeSavedCard({ cards, schedules, gateway }, member.memberId, scheduleId)).rejects.toMatchObject({ code: 'Conflict', message: SAVED_CARD_IN_USE_MESSAGE });
    await expect(cancelRecurringDonation({ schedules, clock }, aSignedInMember().memberId, scheduleId)).rejects.toMatchObject({ message: RECURRING_NOT_FOUND_MESSAGE });

    await cancelRecurringDonation({ schedules, clock }, member.memberId, scheduleId);
    await cancelRecurringDonation({ schedules, clock }, member.memberId, scheduleId);
    expect((await listUpcomingDonations({ schedules }, member.memberId)).items).toEqual([]);
    expect((await runJob('2026-12-21T00:00:00Z')).counts.charged).toBe(0);
    await removeSavedCard({ cards, schedules, gateway }, member.memberId, scheduleId);
  });
});

describe('donation history', () => {
  it('pages newest first with a cursor that only its member can use', async () => {
    const member = aSignedInMember();
    // The donor chooses the amount (the tests give several), as for 'Area of greatest need'.
    const gift = aGiftWithoutPrice();
    await gifts.put(gift);
    const given: string[] = [];
    for (let i = 0; i < 3; i++) {
      clock.advance(60_000);
      given.push(await give(member, gift.id, { card: await cardToken(TEST_CARDS.approve) }));
    }
    const first = await listDonationHistory({ history }, member.memberId, { limit: 2 });
    expect(first.items.map((d) => d.trackingNumber)).toEqual([given[2], given[1]]);
    expect(first.items[0]).toMatchObject({ paymentType: 'CARD', card: { cardType: 'visa', last4: '4242' }, isRecurring: false, charity: { name: 'Kiwi Coast Rescue' } });
    const second = await listDonationHistory({ history }, member.memberId, { limit: 2, cursor: first.nextCursor });
    expect(second.items.map((d) => d.trackingNumber)).toEqual([given[0]]);
    expect(second.nextCursor).toBeUndefined();

    await expect(listDonationHistory({ history }, aSignedInMember().memberId, { cursor: first.nextCursor })).rejects.toMatchObject({
      code: 'ValidationFailed',
      fieldErrors: [{ field: 'query.cursor', message: 'Invalid cursor.' }],
    });
  });
});
