import { ScanCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CharityProfile } from '@giving/shared/contracts/accounts';
import { TEST_CARDS } from '@giving/shared/contracts/card-gateway';
import type { CharityPaymentRequest, CreatePaymentRequest, Gift, GiftPaymentRequest, MemberGiftPaymentRequest } from '@giving/shared/contracts/donations';
import type { SavedCardList } from '@giving/shared/contracts/member-giving';
import { TRANSACTION_FEE_CHANGED_MESSAGE, type PaymentGatewayResponse } from '@giving/shared/contracts/payment-gateway';
import { cardPartCents, transactionFeeCents } from '@giving/shared/fees';
import { dynamoClient } from '../../tools/local/src/dynamodb';
import type { RunningPlatform } from '../../tools/local/src/platform';
import { DEMO_PASSWORD, DEMO_USERS } from '../../tools/local/src/seed/data';
import { platformClient, startTestPlatform, tableOf, type CapturedEvent } from './platform';

/**
 * Given the seeded demo, the checkout asks GET /donations/payment-gateway for its country's fee rates and card account,
 * shows the fee (shared/fees.ts) and sends it with the payment: a New Zealand donation is charged on the charitable
 * Trust's merchant account (its card fields encrypt the card with the Trust's key), an Australian one on the platform's,
 * each with its country's fee on top of what the card pays; a fee the server would not charge is refused (409) and
 * nothing is written.
 */
let platform: RunningPlatform;
let client: ReturnType<typeof platformClient>;
let kiwiGift: Gift;
let reef: CharityProfile;
const dana = DEMO_USERS.find((user) => user.role === 'donor')!;

beforeAll(async () => {
  platform = await startTestPlatform(6700);
  client = platformClient(platform);
  kiwiGift = (await (await fetch(`${platform.siteUrl}/api/donations/gifts/kiwi-coast-rescue/feed-a-kiwi-chick`)).json()) as Gift;
  reef = (await (await fetch(`${platform.siteUrl}/api/accounts/charities/reef-guardians-australia?country=au`)).json()) as CharityProfile;
}, 90_000);

afterAll(async () => {
  await platform?.stop();
});

const paymentGateway = (country: string) => fetch(`${platform.siteUrl}/api/donations/payment-gateway?country=${country}`);

/** What the checkout does: the fee for the card's part at the rates the route answers. */
async function feeShown(country: 'nz' | 'au', payment: { donationAmount: number; quantity: number; supportingAmount: number }): Promise<number> {
  const { transactionProcessingFees } = (await (await paymentGateway(country)).json()) as PaymentGatewayResponse;
  const card = cardPartCents({ donationAmountCents: payment.donationAmount, quantity: payment.quantity, supportingAmountCents: payment.supportingAmount });
  return transactionFeeCents(card, transactionProcessingFees);
}

const unique = () => Math.random().toString(36).slice(2, 8);
const submit = (body: unknown, key = `key-${crypto.randomUUID()}`, token?: string) =>
  fetch(`${platform.siteUrl}/api/donations/${token ? 'me/' : ''}payments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': key, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
const trackingOf = async (response: Response) => {
  expect(response.status).toBe(202);
  return ((await response.json()) as { trackingNumber: string }).trackingNumber;
};

const nzGift = async (card: CreatePaymentRequest['card'], overrides: Partial<GiftPaymentRequest> = {}): Promise<GiftPaymentRequest> => {
  const request = {
    pageType: 'GIFT' as const,
    country: 'nz' as const,
    giftId: kiwiGift.id,
    donationAmount: kiwiGift.price.cents,
    quantity: 3,
    supportingAmount: 200 as const,
    paymentType: 'CARD' as const,
    isRecurring: false as const,
    isAnonymous: false,
    receiptName: 'Aroha Ngata',
    donor: { firstName: 'Aroha', lastName: 'Ngata', email: `aroha.${unique()}@example.com` },
    card,
    ...overrides,
  };
  return { ...request, transactionFeeCents: overrides.transactionFeeCents ?? (await feeShown('nz', request)) };
};

async function donationsTableText(): Promise<string> {
  const dynamo = dynamoClient(platform.urls.dynamodb);
  const scan = await dynamo.send(new ScanCommand({ TableName: tableOf('donations') }));
  dynamo.destroy();
  return JSON.stringify(scan.Items);
}

describe('GET /donations/payment-gateway', () => {
  it('answers each country’s fee rates and merchant account (nz: the Trust with its client key; au: the platform), cacheable', async () => {
    const nz = await paymentGateway('nz');
    expect(nz.status).toBe(200);
    expect(nz.headers.get('cache-control')).toBe('public, max-age=300');
    expect(await nz.json()).toEqual({
      country: 'nz',
      currency: 'NZD',
      transactionProcessingFees: { percentBasisPoints: 190, fixedCents: 30 },
      apiAccounts: [{ accountType: 'Trust', clientKey: 'ck_test_trust_nz' }],
    });
    expect(await (await paymentGateway('au')).json()).toEqual({
      country: 'au',
      currency: 'AUD',
      transactionProcessingFees: { percentBasisPoints: 175, fixedCents: 30 },
      apiAccounts: [{ accountType: 'Platform', clientKey: 'pk_test_local_platform' }],
    });
    const unknown = await paymentGateway('uk');
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { errors: { field: string }[] }).errors).toEqual([expect.objectContaining({ field: 'query.country' })]);
  });

  it('the Trust’s client key frames the nz card fields, which encrypt with its key; a wrong one is refused', async () => {
    const { apiAccounts } = (await (await paymentGateway('nz')).json()) as PaymentGatewayResponse;
    const clientKey = apiAccounts[0]!.clientKey;
    const frame = await fetch(`${platform.urls.cardGateway}/hosted-fields?parentOrigin=${encodeURIComponent(platform.siteUrl)}&clientKey=${clientKey}`);
    expect(frame.status).toBe(200);
    expect(await frame.text()).toContain(`"clientKey":"${clientKey}"`);
    expect((await fetch(`${platform.urls.cardGateway}/v1/accounts/${clientKey}/encryption-key`)).status).toBe(200);
    expect((await fetch(`${platform.urls.cardGateway}/hosted-fields?parentOrigin=${encodeURIComponent(platform.siteUrl)}&clientKey=ck_wrong`)).status).toBe(401);
  });
});

describe('the transaction fee and the merchant account', () => {
  it('an nz gift is charged on the Trust’s account: the total plus the fee shown; the donation keeps the fee apart', async () => {
    const request = await nzGift(await client.cardToken(TEST_CARDS.approve, 'Aroha Ngata', 'nz'));
    const total = kiwiGift.price.cents * 3 + 200;
    // $77.00 at 1.9% = $1.463 -> $1.46, + 30c.
    expect(request.transactionFeeCents).toBe(176);
    const trackingNumber = await trackingOf(await submit(request));
    expect(await client.settle(trackingNumber)).toMatchObject({ paymentProcessingStatus: 'Completed' });

    expect(await client.chargesFor(trackingNumber, 'nz')).toEqual([expect.objectContaining({ amount: total + 176, currency: 'nzd', status: 'succeeded', account: 'trust' })]);
    // The platform's account knows nothing of it.
    expect(await client.chargesFor(trackingNumber, 'au')).toEqual([]);

    let event: CapturedEvent | undefined;
    await expect
      .poll(async () => (event = (await client.eventsOf('DonationCompleted')).find((e) => e.detail.metadata.id === trackingNumber)), { timeout: 10_000, interval: 200 })
      .toBeDefined();
    expect(event?.detail.data).toMatchObject({
      amount: { cents: kiwiGift.price.cents * 3, currency: 'NZD' },
      tip: { cents: 200, currency: 'NZD' },
      total: { cents: total, currency: 'NZD' },
      transactionFee: { cents: 176, currency: 'NZD' },
    });
    const [receipt] = await client.receiptsFor(request.donor.email);
    expect(receipt?.text).toContain('Transaction fee: $1.76');
    expect(receipt?.text).toContain(`Charged to your card: $${((total + 176) / 100).toFixed(2)}`);
  });

  it('an au donation is charged on the platform’s account with Australia’s fee', async () => {
    const base = {
      pageType: 'CHARITY' as const,
      country: 'au' as const,
      charityId: reef.id,
      donationAmount: 4000,
      quantity: 1 as const,
      supportingAmount: 500 as const,
      paymentType: 'CARD' as const,
      isRecurring: false as const,
      isAnonymous: false,
      receiptName: 'Sam Taylor',
      donor: { firstName: 'Sam', lastName: 'Taylor', email: `sam.${unique()}@example.com` },
      card: await client.cardToken(TEST_CARDS.approve, 'Sam Taylor', 'au'),
    };
    const request: CharityPaymentRequest = { ...base, transactionFeeCents: await feeShown('au', base) };
    // $45.00 at 1.75% = 78.75c -> 79c, + 30c.
    expect(request.transactionFeeCents).toBe(109);
    const trackingNumber = await trackingOf(await submit(request));
    expect(await client.settle(trackingNumber)).toMatchObject({ paymentProcessingStatus: 'Completed' });
    expect(await client.chargesFor(trackingNumber, 'au')).toEqual([expect.objectContaining({ amount: 4500 + 109, currency: 'aud', status: 'succeeded', account: 'platform' })]);
    expect(await client.chargesFor(trackingNumber, 'nz')).toEqual([]);
  });

  it('a card tokenised for another country’s account is a hard decline asking for the card again, and nothing is charged', async () => {
    const request = await nzGift(await client.cardToken(TEST_CARDS.approve, 'Aroha Ngata', 'au'));
    const trackingNumber = await trackingOf(await submit(request));
    expect(await client.settle(trackingNumber)).toEqual({
      trackingNumber,
      paymentProcessingStatus: 'Failed',
      messages: ['Your card details could not be used. Please enter them again.'],
    });
    expect(await client.chargesFor(trackingNumber, 'nz')).toEqual([]);
    expect(await client.chargesFor(trackingNumber, 'au')).toEqual([]);
  });

  it('a stale fee is refused with 409 and the spec’s words, naming the field, and nothing is written', async () => {
    const card = await client.cardToken(TEST_CARDS.approve, 'Aroha Ngata', 'nz');
    const right = await nzGift(card);
    const stale = { ...right, transactionFeeCents: right.transactionFeeCents - 1 };
    const key = `stale-${crypto.randomUUID()}`;
    const response = await submit(stale, key);
    expect(response.status).toBe(409);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(await response.json()).toMatchObject({
      status: 409,
      detail: TRANSACTION_FEE_CHANGED_MESSAGE,
      errors: [{ field: 'body.transactionFeeCents', message: TRANSACTION_FEE_CHANGED_MESSAGE }],
    });
    expect(await donationsTableText()).not.toContain(stale.donor.email);
    // Nothing holds the key either: the same key with the fee the server charges is a new payment, not a 422.
    const trackingNumber = await trackingOf(await submit(right, key));
    expect(await client.settle(trackingNumber)).toMatchObject({ paymentProcessingStatus: 'Completed' });
    expect(await client.chargesFor(trackingNumber)).toEqual([expect.objectContaining({ amount: kiwiGift.price.cents * 3 + 200 + right.transactionFeeCents })]);
  });

  it('a member’s card saved in nz is the Trust’s: listed for nz, not for au, and refused for an au donation', async () => {
    const token = await client.idToken(dana.email, DEMO_PASSWORD);
    const card = await client.cardToken(TEST_CARDS.approve, 'Dana Whitfield', 'nz');
    const { donor: _donor, ...asGuest } = await nzGift(card);
    const request: MemberGiftPaymentRequest = { ...asGuest, card: { ...card, saveCard: true } };
    const trackingNumber = await trackingOf(await submit(request, `member-${crypto.randomUUID()}`, token));
    expect(await client.settle(trackingNumber)).toMatchObject({ paymentProcessingStatus: 'Completed' });
    const saved = (country: string) =>
      fetch(`${platform.siteUrl}/api/donations/me/saved-cards?country=${country}`, { headers: { authorization: `Bearer ${token}` } }).then(async (r) => (await r.json()) as SavedCardList);
    await expect.poll(async () => (await saved('nz')).items.length, { timeout: 15_000, interval: 250 }).toBe(1);
    expect(await saved('au')).toEqual({ items: [] });

    const cardId = (await saved('nz')).items[0]!.cardId;
    const australian = {
      pageType: 'CHARITY',
      country: 'au',
      charityId: reef.id,
      donationAmount: 2000,
      quantity: 1,
      supportingAmount: 0,
      transactionFeeCents: await feeShown('au', { donationAmount: 2000, quantity: 1, supportingAmount: 0 }),
      paymentType: 'CARD',
      isRecurring: false,
      isAnonymous: false,
      receiptName: 'Dana Whitfield',
      card: { savedCardId: cardId },
    };
    const refused = await submit(australian, `member-${crypto.randomUUID()}`, token);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { errors: unknown[] }).errors).toEqual([
      { field: 'body.card.savedCardId', message: 'This saved card cannot be used for donations in this country. Please use another card.' },
    ]);
  });
});
