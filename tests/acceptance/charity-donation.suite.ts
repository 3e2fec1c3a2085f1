import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CharityProfile } from '@giving/shared/contracts/accounts';
import { TEST_CARDS } from '@giving/shared/contracts/card-gateway';
import type { CharityPaymentRequest, CreatePaymentRequest } from '@giving/shared/contracts/donations';
import type { RunningPlatform } from '../../tools/local/src/platform';
import { DEMO_PASSWORD, DEMO_USERS } from '../../tools/local/src/seed/data';
import { platformClient, startTestPlatform, transactionFee, withFee, type CapturedEvent } from './platform';

/**
 * Given the seeded demo, when a guest gives a general donation to a charity (page type CHARITY) by card through the
 * public API, then donations prices it from its own copy of the charity, the workflow charges it once, DonationCompleted
 * says CHARITY with no gift, and the receipt calls only the charity's part a donation.
 */
let platform: RunningPlatform;
let client: ReturnType<typeof platformClient>;
let kiwi: CharityProfile;
let reef: CharityProfile;

beforeAll(async () => {
  platform = await startTestPlatform(5600);
  client = platformClient(platform);
  const charity = async (url: string, country: string) =>
    (await (await fetch(`${platform.siteUrl}/api/accounts/charities/${url}?country=${country}`)).json()) as CharityProfile;
  kiwi = await charity('kiwi-coast-rescue', 'nz');
  reef = await charity('reef-guardians-australia', 'au');
}, 90_000);

afterAll(async () => {
  await platform?.stop();
});

const tokenFor = (number: string) => client.cardToken(number, 'Aroha Ngata');
const settle = (trackingNumber: string, timeoutMs?: number) => client.settle(trackingNumber, timeoutMs);
const chargesFor = (trackingNumber: string) => client.chargesFor(trackingNumber);
const eventuallyReceipt = (email: string) => client.receiptsFor(email);
const eventsOf = (detailType: string) => client.eventsOf(detailType);


const donation = (charityId: string, card: CreatePaymentRequest['card'], overrides: Partial<CharityPaymentRequest> = {}): CharityPaymentRequest => withFee({
  pageType: 'CHARITY',
  country: 'nz' as const,
  charityId,
  donationAmount: 3000,
  quantity: 1,
  supportingAmount: 500,
  paymentType: 'CARD',
  isRecurring: false,
  isAnonymous: false,
  receiptName: 'Aroha Ngata',
  donor: { firstName: 'Aroha', lastName: 'Ngata', email: `aroha.${Math.random().toString(36).slice(2, 8)}@example.com` },
  card,
  ...overrides,
});

const submit = (body: unknown, key = `key-${crypto.randomUUID()}`) =>
  fetch(`${platform.siteUrl}/api/donations/payments`, { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': key }, body: JSON.stringify(body) });





describe('a guest gives a general donation to a charity by card', () => {
  it('approving card: Completed, charged once for amount + tip, DonationCompleted says CHARITY with no gift, receipt e-mailed', async () => {
    const request = donation(kiwi.id, await tokenFor(TEST_CARDS.approve));
    const response = await submit(request);
    expect(response.status).toBe(202);
    const { trackingNumber } = (await response.json()) as { trackingNumber: string };

    expect(await settle(trackingNumber)).toEqual({ trackingNumber, paymentProcessingStatus: 'Completed', messages: [] });
    expect(await chargesFor(trackingNumber)).toEqual([expect.objectContaining({ amount: 3500 + transactionFee(3500), status: 'succeeded' })]);

    // The payment reads Completed once recorded; DonationCompleted is the workflow's next step.
    let event: CapturedEvent | undefined;
    for (let i = 0; i < 50 && !event; i++) {
      event = (await eventsOf('DonationCompleted')).find((e) => e.detail.metadata.id === trackingNumber);
      if (!event) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(event?.detail.data).toMatchObject({
      pageType: 'CHARITY',
      quantity: 1,
      charity: { id: kiwi.id, name: 'Kiwi Coast Rescue', charityUrl: 'kiwi-coast-rescue' },
      amount: { cents: 3000, currency: 'NZD' },
      total: { cents: 3500, currency: 'NZD' },
      transactionFee: { cents: transactionFee(3500), currency: 'NZD' },
    });
    expect(event?.detail.data).not.toHaveProperty('gift');

    const receipts = await eventuallyReceipt(request.donor.email);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.subject).toBe('Your receipt for your donation to Kiwi Coast Rescue');
    // The $5.00 tip is not part of the donation: the receipt says $30.00 and lists the tip apart.
    expect(receipts[0]?.text).toContain('Thank you for your general donation of $30.00 to Kiwi Coast Rescue.');
    expect(receipts[0]?.text).toContain('Tip to Koha: $5.00');
  });

  it('a retried submission with the same Idempotency-Key returns the same tracking number and charges once', async () => {
    const request = donation(kiwi.id, await tokenFor(TEST_CARDS.approve));
    const key = `retry-${crypto.randomUUID()}`;
    const responses = await Promise.all(Array.from({ length: 4 }, () => submit(request, key)));
    expect(responses.map((r) => r.status)).toEqual([202, 202, 202, 202]);
    const numbers = new Set(await Promise.all(responses.map(async (r) => ((await r.json()) as { trackingNumber: string }).trackingNumber)));
    expect(numbers.size).toBe(1);
    const [trackingNumber] = [...numbers] as [string];
    expect((await settle(trackingNumber)).paymentProcessingStatus).toBe('Completed');
    expect(await chargesFor(trackingNumber)).toHaveLength(1);
    expect((await submit({ ...request, donationAmount: 4000 }, key)).status).toBe(422);
  });

  it('a declining card ends Failed with the gateway’s message', async () => {
    const { trackingNumber } = (await (await submit(donation(kiwi.id, await tokenFor(TEST_CARDS.decline)))).json()) as { trackingNumber: string };
    expect(await settle(trackingNumber)).toEqual({ trackingNumber, paymentProcessingStatus: 'Failed', messages: ['Your card was declined.'] });
  });

  it('an unknown charity is 404 and another country’s charity 400, each naming charityId; bad fields are named too', async () => {
    const card = await tokenFor(TEST_CARDS.approve);
    const unknown = await submit(donation('01JZZZZZZZZZZZZZZZZZZZZZZZ', card));
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { errors: unknown[] }).errors).toEqual([{ field: 'body.charityId', message: 'This charity is not taking donations at the moment.' }]);

    const wrongCountry = await submit(donation(reef.id, card));
    expect(wrongCountry.status).toBe(400);
    expect(((await wrongCountry.json()) as { errors: unknown[] }).errors).toEqual([{ field: 'body.charityId', message: 'This charity cannot be given to from this country.' }]);

    const bad = await submit({ ...donation(kiwi.id, card), quantity: 2, donationAmount: 99 });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: unknown[] }).errors).toEqual(
      expect.arrayContaining([
        { field: 'body.quantity', message: 'Invalid Input!' },
        { field: 'body.donationAmount', message: 'Invalid Amount!' },
      ]),
    );
  });

  it('a charity the back office lists is published from the accounts stream, reaches donations and can be given to', async () => {
    const admin = DEMO_USERS.find((user) => user.role === 'backOffice');
    if (!admin) throw new Error('no seeded back-office administrator');
    const adminToken = await client.idToken(admin.email, DEMO_PASSWORD);
    const charityUrl = `tui-trust-${Date.now()}`;
    const created = await fetch(`${platform.siteUrl}/api/accounts/backoffice/charities`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({ name: 'Tūī Trust', charityUrl, country: 'nz', description: 'Birds.' }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    // Published from the accounts table's stream shortly after the write (storage-first).
    await expect
      .poll(async () => (await eventsOf('CharityProfilePublished')).map((e) => e.detail.data), { timeout: 15_000, interval: 200 })
      .toContainEqual(expect.objectContaining({ id, name: 'Tūī Trust', charityUrl, country: 'nz', version: expect.stringMatching(/^\d{40}$/) }));

    // The event reaches donations through its queue: the charity becomes givable shortly after.
    const card = await tokenFor(TEST_CARDS.approve);
    let response = await submit(donation(id, card));
    for (let i = 0; i < 50 && response.status === 404; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      response = await submit(donation(id, card));
    }
    expect(response.status).toBe(202);
    const { trackingNumber } = (await response.json()) as { trackingNumber: string };
    expect((await settle(trackingNumber)).paymentProcessingStatus).toBe('Completed');
  });
});
