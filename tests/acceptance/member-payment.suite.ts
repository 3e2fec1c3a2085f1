import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserDashboard } from '@giving/shared/contracts/accounts';
import { TEST_CARDS } from '@giving/shared/contracts/card-gateway';
import { DONOR_FROM_SIGN_IN_MESSAGE, type CreatePaymentRequest, type Gift, type MemberGiftPaymentRequest } from '@giving/shared/contracts/donations';
import type { RunningPlatform } from '../../tools/local/src/platform';
import { DEMO_PASSWORD, DEMO_USERS } from '../../tools/local/src/seed/data';
import { platformClient, startTestPlatform, withFee } from './platform';

/**
 * Given the seeded demo, when Dana (a signed-in donor) pays for a gift by card without typing her e-mail or names
 * (POST /donations/me/payments), then the payment completes as hers: DonationCompleted names her member id and
 * e-mail, the receipt reaches her, and her dashboard counts the donation (her seeded one already earned 'First gift').
 */
let platform: RunningPlatform;
let client: ReturnType<typeof platformClient>;
let gift: Gift;
let idToken: string;
const dana = DEMO_USERS.find((user) => user.role === 'donor');

beforeAll(async () => {
  if (!dana) throw new Error('no seeded donor');
  platform = await startTestPlatform(5700);
  client = platformClient(platform);
  gift = (await (await fetch(`${platform.siteUrl}/api/donations/gifts/kiwi-coast-rescue/feed-a-kiwi-chick`)).json()) as Gift;
  idToken = await client.idToken(dana.email, DEMO_PASSWORD);
}, 90_000);

afterAll(async () => {
  await platform?.stop();
});

const tokenFor = (number: string) => client.cardToken(number, 'Dana Whitfield');
const settle = (trackingNumber: string, timeoutMs?: number) => client.settle(trackingNumber, timeoutMs);
const eventsOf = (detailType: string) => client.eventsOf(detailType);


const memberPayment = (card: CreatePaymentRequest['card']): MemberGiftPaymentRequest => withFee({
  pageType: 'GIFT',
  country: 'nz' as const,
  giftId: gift.id,
  donationAmount: gift.price.cents,
  quantity: 1,
  supportingAmount: 0,
  paymentType: 'CARD',
  isRecurring: false,
  isAnonymous: false,
  receiptName: 'Dana Whitfield',
  card,
});

const submitAsMember = (body: unknown, token: string | null = idToken, key = `member-${crypto.randomUUID()}`) =>
  fetch(`${platform.siteUrl}/api/donations/me/payments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': key, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });


const dashboard = async () =>
  (await (await fetch(`${platform.siteUrl}/api/accounts/me/dashboard`, { headers: { authorization: `Bearer ${idToken}` } })).json()) as UserDashboard;


async function receiptsTo(email: string): Promise<{ subject: string; text: string }[]> {
  const { messages } = (await (await fetch(`${platform.urls.mail}/api/messages?to=${encodeURIComponent(email)}`)).json()) as { messages: { subject: string; text: string }[] };
  return messages.filter((message) => message.subject.startsWith('Your receipt'));
}

describe('a signed-in donor gives without typing her e-mail or names', () => {
  it('pays for a gift by card: Completed, DonationCompleted names her, the receipt reaches her, her dashboard counts it', async () => {
    const before = await dashboard();
    // The demo agrees with itself: her seeded donation (in her history) counted, and earned her the First gift badge.
    expect(before.completedDonations).toBeGreaterThanOrEqual(1);
    expect(before.badges.map((badge) => badge.name)).toEqual(['First gift']);
    const response = await submitAsMember(memberPayment(await tokenFor(TEST_CARDS.approve)));
    expect(response.status).toBe(202);
    const { trackingNumber } = (await response.json()) as { trackingNumber: string };
    expect(await settle(trackingNumber)).toEqual({ trackingNumber, paymentProcessingStatus: 'Completed', messages: [] });
    // The gift's price plus the fee she was shown, on the Trust's merchant account (New Zealand).
    expect(await client.chargesFor(trackingNumber)).toEqual([
      expect.objectContaining({ amount: gift.price.cents + memberPayment(undefined).transactionFeeCents, status: 'succeeded', account: 'trust' }),
    ]);
    expect(memberPayment(undefined).transactionFeeCents).toBeGreaterThan(30);

    await expect
      .poll(async () => (await eventsOf('DonationCompleted')).find((e) => e.detail.metadata.id === trackingNumber)?.detail.data, { timeout: 10_000, interval: 200 })
      .toMatchObject({
        donorMemberId: before.profile.id,
        donorEmail: dana?.email,
        receiptName: 'Dana Whitfield',
        pageType: 'GIFT',
        total: gift.price,
        transactionFee: { cents: memberPayment(undefined).transactionFeeCents, currency: 'NZD' },
      });

    await expect.poll(async () => (await receiptsTo(dana?.email ?? '')).filter((m) => m.text.includes(trackingNumber)), { timeout: 10_000, interval: 200 }).toEqual([
      expect.objectContaining({ subject: 'Your receipt for your donation to Kiwi Coast Rescue', text: expect.stringContaining('Dear Dana Whitfield,') }),
    ]);

    await expect.poll(async () => (await dashboard()).completedDonations, { timeout: 10_000, interval: 200 }).toBe(before.completedDonations + 1);
    expect((await dashboard()).badges.map((badge) => badge.name)).toEqual(['First gift']);
  });

  it('an anonymous call is refused with 401', async () => {
    const response = await submitAsMember(memberPayment(await tokenFor(TEST_CARDS.approve)), null);
    expect(response.status).toBe(401);
  });

  it('a body that names a donor is refused with 400 naming body.donor (the donor is always the signed-in member)', async () => {
    const card = await tokenFor(TEST_CARDS.approve);
    const response = await submitAsMember({ ...memberPayment(card), donor: { firstName: 'Someone', lastName: 'Else', email: 'someone@example.com' } });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errors: unknown[] }).errors).toEqual([{ field: 'body.donor', message: DONOR_FROM_SIGN_IN_MESSAGE }]);
  });

  it('a retry with the same Idempotency-Key returns the same tracking number', async () => {
    const request = memberPayment(await tokenFor(TEST_CARDS.approve));
    const key = `member-retry-${crypto.randomUUID()}`;
    const first = (await (await submitAsMember(request, idToken, key)).json()) as { trackingNumber: string };
    const again = (await (await submitAsMember(request, idToken, key)).json()) as { trackingNumber: string };
    expect(again.trackingNumber).toBe(first.trackingNumber);
    expect((await settle(first.trackingNumber)).paymentProcessingStatus).toBe('Completed');
  });
});
