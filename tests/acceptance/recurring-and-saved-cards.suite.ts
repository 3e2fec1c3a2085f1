import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '@giving/shared/contracts/card-gateway';
import {
  SIGN_IN_FOR_RECURRING_MESSAGE,
  SIGN_IN_TO_SAVE_CARD_MESSAGE,
  type Gift,
  type MemberGiftPaymentRequest,
} from '@giving/shared/contracts/donations';
import {
  SAVED_CARD_IN_USE_MESSAGE,
  type DonationHistoryPage,
  type RecurringDonationList,
  type SavedCardList,
} from '@giving/shared/contracts/member-giving';
import type { RunningPlatform } from '../../tools/local/src/platform';
import { DEMO_PASSWORD, DEMO_USERS, type DemoRole } from '../../tools/local/src/seed/data';
import { CARD_GATEWAY_TRUST_SECRET, platformClient, startTestPlatform, transactionFee, withFee } from './platform';

/**
 * Saved cards and monthly giving through the whole local platform: the member API, the payment workflow (Step
 * Functions stand-in, started by the table stream), the sandbox gateway's saved cards, the hourly
 * charge-recurring-donations job run through the local scheduler for a chosen time ("next month"), and the outbox.
 */
let platform: RunningPlatform;
let client: ReturnType<typeof platformClient>;
let gift: Gift;
const tokens = new Map<DemoRole, string>();
const emailOf = (role: DemoRole) => DEMO_USERS.find((user) => user.role === role)?.email as string;

beforeAll(async () => {
  platform = await startTestPlatform(6300);
  client = platformClient(platform);
  gift = (await (await fetch(`${platform.siteUrl}/api/donations/gifts/kiwi-coast-rescue/feed-a-kiwi-chick`)).json()) as Gift;
  for (const role of ['donor', 'workplaceMember', 'workplaceAdmin', 'charityAdmin'] as const) tokens.set(role, await client.idToken(emailOf(role), DEMO_PASSWORD));
}, 120_000);

afterAll(async () => {
  await platform?.stop();
});

const api = (role: DemoRole | null, method: string, path: string, body?: unknown, key = `s-${crypto.randomUUID()}`) =>
  fetch(`${platform.siteUrl}/api${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(method === 'POST' ? { 'idempotency-key': key } : {}),
      ...(role ? { authorization: `Bearer ${tokens.get(role)}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const json = async <T>(response: Promise<Response>) => (await (await response).json()) as T;

const monthlyGift = (card: MemberGiftPaymentRequest['card'], overrides: Partial<MemberGiftPaymentRequest> = {}): MemberGiftPaymentRequest =>
  withFee<Omit<MemberGiftPaymentRequest, 'transactionFeeCents'>>({
  pageType: 'GIFT',
  country: 'nz',
  giftId: gift.id,
  donationAmount: 2500, // the gift's price ($25.00)
  quantity: 1,
  supportingAmount: 0,
  paymentType: 'CARD',
  isRecurring: false,
  isAnonymous: false,
  receiptName: 'Dana Whitfield',
  card,
  ...overrides,
});

/** Pays as the member and waits for the workflow to settle it. */
async function pay(role: DemoRole, request: MemberGiftPaymentRequest) {
  const response = await api(role, 'POST', '/donations/me/payments', request);
  expect(response.status).toBe(202);
  const { trackingNumber } = (await response.json()) as { trackingNumber: string };
  return { trackingNumber, status: await client.settle(trackingNumber) };
}

const savedCards = (role: DemoRole) => json<SavedCardList>(api(role, 'GET', '/donations/me/saved-cards'));
const upcoming = (role: DemoRole) => json<RecurringDonationList>(api(role, 'GET', '/donations/me/recurring-donations'));
const history = (role: DemoRole, query = '') => json<DonationHistoryPage>(api(role, 'GET', `/donations/me/donations${query}`));

/** The gateway's charges in the Trust's merchant account (New Zealand's), newest first (with the saved card they were made on, if any). */
const gatewayCharges = async () =>
  (
    await json<{ data: { idempotency_key: string; amount: number; status: string; source: string; customer: string | null }[] }>(
      fetch(`${platform.urls.cardGateway}/v1/charges`, { headers: { authorization: `Bearer ${CARD_GATEWAY_TRUST_SECRET}` } }),
    )
  ).data;
/** $25.00 a month (the gift's price) and the transaction fee on it. */
const MONTHLY_CHARGE = 2500 + transactionFee(2500);

/** One run of the hourly job as EventBridge Scheduler would run it at `at` (the local scheduler's hook). */
async function runJob(at: string) {
  const response = await fetch(`${platform.urls.scheduler}/_local/schedules/donations/charge-recurring-donations/run?scheduledTime=${at}`, { method: 'POST' });
  expect(response.status).toBe(200);
}

const stopNotices = async (email: string) =>
  (await json<{ messages: { subject: string; text: string }[] }>(fetch(`${platform.urls.mail}/api/messages?to=${encodeURIComponent(email)}`))).messages.filter(
    (message) => message.subject.endsWith('has stopped'),
  );

describe('saved cards', () => {
  let cardId = '';

  it("Dana pays with 'Securely save my card': the card is listed with its last 4 digits only", async () => {
    const { status } = await pay('donor', monthlyGift({ ...(await client.cardToken(TEST_CARDS.approve, 'Dana Whitfield')), saveCard: true }));
    expect(status.paymentProcessingStatus).toBe('Completed');
    await expect.poll(async () => (await savedCards('donor')).items, { timeout: 15_000, interval: 250 }).toEqual([
      { cardId: expect.any(String), cardType: 'visa', last4: '4242', expiryMonth: 12, expiryYear: 2030 },
    ]);
    cardId = (await savedCards('donor')).items[0]?.cardId as string;
    expect(JSON.stringify(await savedCards('donor'))).not.toMatch(/4242424242424242|tok_|pm_|cus_/);
  });

  it('she pays again with the saved card: the gateway charges her saved payment method', async () => {
    const { trackingNumber, status } = await pay('donor', monthlyGift({ savedCardId: cardId }));
    expect(status.paymentProcessingStatus).toBe('Completed');
    const [charge] = (await gatewayCharges()).filter((c) => c.idempotency_key === trackingNumber);
    expect(charge).toMatchObject({ status: 'succeeded', amount: MONTHLY_CHARGE, source: expect.stringMatching(/^pm_/), customer: expect.stringMatching(/^cus_/) });
  });

  it("another member cannot use Dana's saved card: 404 naming the field, and nothing is charged", async () => {
    const before = (await gatewayCharges()).length;
    const response = await api('workplaceMember', 'POST', '/donations/me/payments', monthlyGift({ savedCardId: cardId }));
    expect(response.status).toBe(404);
    expect(((await response.json()) as { errors: { field: string }[] }).errors).toEqual([expect.objectContaining({ field: 'body.card.savedCardId' })]);
    expect(await savedCards('workplaceMember')).toEqual({ items: [] });
    expect((await gatewayCharges()).length).toBe(before);
  });

  it('a guest may neither save a card nor give monthly (400 naming the field)', async () => {
    const guest = { ...monthlyGift(await client.cardToken(TEST_CARDS.approve)), donor: { firstName: 'Gus', lastName: 'Guest', email: 'gus@example.com' } };
    const saving = await api(null, 'POST', '/donations/payments', { ...guest, card: { ...guest.card, saveCard: true } });
    expect(saving.status).toBe(400);
    expect(((await saving.json()) as { errors: unknown[] }).errors).toEqual([{ field: 'body.card.saveCard', message: SIGN_IN_TO_SAVE_CARD_MESSAGE }]);
    const monthly = await api(null, 'POST', '/donations/payments', { ...guest, isRecurring: true });
    expect(((await monthly.json()) as { errors: unknown[] }).errors).toEqual([{ field: 'body.isRecurring', message: SIGN_IN_FOR_RECURRING_MESSAGE }]);
  });

  describe('monthly giving', () => {
    let scheduleId = '';
    let nextChargeOn = '';

    it('Dana starts a monthly gift with her saved card: charged now, then listed under upcoming with its next date', async () => {
      const { trackingNumber, status } = await pay('donor', monthlyGift({ savedCardId: cardId }, { isRecurring: true }));
      expect(status.paymentProcessingStatus).toBe('Completed');
      await expect.poll(async () => (await upcoming('donor')).items.length, { timeout: 15_000, interval: 250 }).toBe(1);
      const [schedule] = (await upcoming('donor')).items;
      expect(schedule).toMatchObject({
        scheduleId: trackingNumber,
        frequency: 'Monthly',
        status: 'Active',
        charity: { name: 'Kiwi Coast Rescue' },
        gift: { title: gift.title },
        total: { cents: 2500, currency: 'NZD' },
        failedAttempts: 0,
        card: { cardType: 'visa', last4: '4242' },
      });
      scheduleId = trackingNumber;
      nextChargeOn = schedule?.nextChargeOn as string;
      expect(nextChargeOn > new Date().toISOString().slice(0, 10)).toBe(true);
    });

    it('the job run for next month, twice, makes exactly one new charge and one donation; the schedule moves a month on', async () => {
      // Each month's charge carries the fee at the rates when it is made (the same here): $25.00 + 78c.
      const onSavedCard = async () => (await gatewayCharges()).filter((c) => c.amount === MONTHLY_CHARGE && c.customer !== null && c.status === 'succeeded').length;
      const chargesBefore = await onSavedCard();
      const monthly = async () => (await history('donor')).items.filter((d) => d.isRecurring);
      expect(await monthly()).toHaveLength(1);

      await runJob(`${nextChargeOn}T03:00:00Z`);
      await runJob(`${nextChargeOn}T03:00:00Z`);
      await expect.poll(async () => (await monthly()).length, { timeout: 20_000, interval: 250 }).toBe(2);
      await runJob(`${nextChargeOn}T04:00:00Z`);

      expect(await onSavedCard()).toBe(chargesBefore + 1);
      expect(await monthly()).toHaveLength(2);
      expect((await monthly()).map((d) => d.transactionFee)).toEqual([
        { cents: transactionFee(2500), currency: 'NZD' },
        { cents: transactionFee(2500), currency: 'NZD' },
      ]);
      const next = (await upcoming('donor')).items[0]?.nextChargeOn ?? '';
      expect(next.slice(0, 7)).not.toBe(nextChargeOn.slice(0, 7));
      expect(next > nextChargeOn).toBe(true);
    });

    it('her saved card cannot be removed while it pays for the monthly gift (409)', async () => {
      const response = await api('donor', 'DELETE', `/donations/me/saved-cards/${cardId}`);
      expect(response.status).toBe(409);
      expect(((await response.json()) as { detail: string }).detail).toBe(SAVED_CARD_IN_USE_MESSAGE);
    });

    it("cancelling removes it from upcoming (again is harmless; another member's attempt is a 404)", async () => {
      expect((await api('workplaceMember', 'DELETE', `/donations/me/recurring-donations/${scheduleId}`)).status).toBe(404);
      expect((await api('donor', 'DELETE', `/donations/me/recurring-donations/${scheduleId}`)).status).toBe(204);
      expect((await api('donor', 'DELETE', `/donations/me/recurring-donations/${scheduleId}`)).status).toBe(204);
      expect(await upcoming('donor')).toEqual({ items: [] });
    });

    it('then the card can be removed: gone from her list and from the gateway', async () => {
      expect((await api('donor', 'DELETE', `/donations/me/saved-cards/${cardId}`)).status).toBe(204);
      expect(await savedCards('donor')).toEqual({ items: [] });
      expect((await api('donor', 'DELETE', `/donations/me/saved-cards/${cardId}`)).status).toBe(404);
    });

    it('her history lists her completed donations, newest first, a page at a time', async () => {
      const all = await history('donor');
      expect(all.items.length).toBeGreaterThanOrEqual(4);
      const dates = all.items.map((d) => d.completedAt);
      expect([...dates].sort().reverse()).toEqual(dates);
      expect(all.items[0]).toMatchObject({ isRecurring: true, paymentType: 'CARD', card: { last4: '4242' }, charity: { name: 'Kiwi Coast Rescue' } });
      const first = await history('donor', '?limit=2');
      const second = await history('donor', `?limit=2&cursor=${first.nextCursor}`);
      expect([...first.items, ...second.items].map((d) => d.trackingNumber)).toEqual(all.items.slice(0, 4).map((d) => d.trackingNumber));
      expect((await api('workplaceMember', 'GET', `/donations/me/donations?cursor=${first.nextCursor}`)).status).toBe(400);
    });
  });
});

describe('declined monthly charges', () => {
  /** Starts a monthly gift with a new card (saved because it is monthly) and answers its next charge date. */
  async function startMonthly(role: DemoRole, number: string, quantity: number) {
    const { trackingNumber, status } = await pay(role, monthlyGift(await client.cardToken(number), { isRecurring: true, quantity }));
    expect(status.paymentProcessingStatus).toBe('Completed');
    await expect.poll(async () => (await upcoming(role)).items.find((s) => s.scheduleId === trackingNumber), { timeout: 15_000, interval: 250 }).toBeDefined();
    return (await upcoming(role)).items.find((s) => s.scheduleId === trackingNumber)!;
  }

  it('a soft decline (insufficient funds) is retried the next day, and that retry succeeds', async () => {
    const schedule = await startMonthly('workplaceAdmin', TEST_CARDS.savedCardInsufficientFundsOnce, 2);
    const due = `${schedule.nextChargeOn}T03:00:00Z`;
    // The job makes the month's payment; once it has failed, a later run (same hour) schedules the retry.
    await expect
      .poll(
        async () => {
          await runJob(due);
          return (await upcoming('workplaceAdmin')).items[0]?.failedAttempts;
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe(1);
    const retrying = (await upcoming('workplaceAdmin')).items[0];
    expect(retrying?.nextChargeOn).toBe(addDays(schedule.nextChargeOn, 1));

    await expect
      .poll(
        async () => {
          await runJob(`${retrying?.nextChargeOn}T03:00:00Z`);
          return (await upcoming('workplaceAdmin')).items[0]?.failedAttempts;
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe(0);
    const next = (await upcoming('workplaceAdmin')).items[0]?.nextChargeOn ?? '';
    expect(next.slice(0, 7) > schedule.nextChargeOn.slice(0, 7)).toBe(true);
    expect(await stopNotices(emailOf('workplaceAdmin'))).toEqual([]);
  });

  it('a hard decline (a stolen card) stops the monthly gift and e-mails the donor exactly once', async () => {
    const schedule = await startMonthly('charityAdmin', TEST_CARDS.savedCardStolen, 3);
    const due = `${schedule.nextChargeOn}T03:00:00Z`;
    await expect
      .poll(
        async () => {
          await runJob(due);
          return (await upcoming('charityAdmin')).items.length;
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe(0);
    await runJob(due);
    await runJob(`${addDays(schedule.nextChargeOn, 1)}T03:00:00Z`);

    await expect.poll(async () => (await stopNotices(emailOf('charityAdmin'))).length, { timeout: 10_000, interval: 250 }).toBe(1);
    const [notice] = await stopNotices(emailOf('charityAdmin'));
    expect(notice?.subject).toBe('Your monthly donation to Kiwi Coast Rescue has stopped');
    expect(notice?.text).toContain('Your card was declined.');
    expect(notice?.text).toContain('ending in 9979');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await stopNotices(emailOf('charityAdmin'))).toHaveLength(1);
  });
});

function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}
