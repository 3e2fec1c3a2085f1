import { ScanCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '@giving/shared/contracts/card-gateway';
import type { CreatePaymentRequest, Gift, GiftPaymentRequest } from '@giving/shared/contracts/donations';
import { dynamoClient } from '../../tools/local/src/dynamodb';
import type { RunningPlatform } from '../../tools/local/src/platform';
import { platformClient, startTestPlatform, tableOf, transactionFee, withFee } from './platform';

/**
 * Given the seeded demo, when a guest pays for a gift by card through the public API,
 * then the payment workflow, the bus, the receipt consumer and the gateway behave as a donor and finance would expect.
 */
let platform: RunningPlatform;
let client: ReturnType<typeof platformClient>;
let gift: Gift;
let inactiveGift: Gift;

beforeAll(async () => {
  platform = await startTestPlatform(5300);
  client = platformClient(platform);
  gift = (await (await fetch(`${platform.siteUrl}/api/donations/gifts/kiwi-coast-rescue/feed-a-kiwi-chick`)).json()) as Gift;
  inactiveGift = (await (await fetch(`${platform.siteUrl}/api/donations/gifts/nga-rakau-forest-trust/plant-ten-seedlings`)).json()) as Gift;
}, 90_000);

afterAll(async () => {
  await platform?.stop();
});

const tokenFor = (number: string) => client.cardToken(number, 'Jane Donor');
const settle = (trackingNumber: string, timeoutMs?: number) => client.settle(trackingNumber, timeoutMs);
const chargesFor = (trackingNumber: string) => client.chargesFor(trackingNumber);
const eventuallyReceipt = (email: string) => client.receiptsFor(email);


const paymentRequest = (giftId: string, card: CreatePaymentRequest['card'], overrides: Partial<GiftPaymentRequest> = {}): GiftPaymentRequest => withFee({
  pageType: 'GIFT',
  country: 'nz',
  giftId,
  donationAmount: 2500,
  quantity: 2,
  supportingAmount: 0,
  paymentType: 'CARD',
  isRecurring: false,
  isAnonymous: false,
  receiptName: 'Jane Donor',
  donor: { firstName: 'Jane', lastName: 'Donor', email: `jane.${Math.random().toString(36).slice(2, 8)}@example.com` },
  card,
  ...overrides,
} as const);

const submit = (body: unknown, key = `key-${crypto.randomUUID()}`) =>
  fetch(`${platform.siteUrl}/api/donations/payments`, { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': key }, body: JSON.stringify(body) });




async function donationsTableText(): Promise<string> {
  const client = dynamoClient(platform.urls.dynamodb);
  const scan = await client.send(new ScanCommand({ TableName: tableOf('donations') }));
  client.destroy();
  return JSON.stringify(scan.Items);
}

describe('a guest pays for a gift by card', () => {
  it('approving card: Completed, charged once for the server-priced total plus the fee, DonationCompleted emitted, receipt e-mailed', async () => {
    const request = paymentRequest(gift.id, await tokenFor(TEST_CARDS.approve), { supportingAmount: 500 });
    // $55.00: 1.9% is 104.5c -> $1.05, + 30c.
    expect(request.transactionFeeCents).toBe(135);
    const response = await submit(request);
    expect(response.status).toBe(202);
    const { trackingNumber } = (await response.json()) as { trackingNumber: string };

    expect(await settle(trackingNumber)).toEqual({ trackingNumber, paymentProcessingStatus: 'Completed', messages: [] });
    // New Zealand: charged on the Trust's merchant account, the total and the fee the donor covers.
    expect(await chargesFor(trackingNumber)).toEqual([expect.objectContaining({ amount: 5500 + 135, currency: 'nzd', status: 'succeeded', account: 'trust' })]);

    // The workflow marks the payment Completed one step before it emits DonationCompleted, so wait for the event.
    const completedEvent = async () => {
      const events = (await (await fetch(`${platform.urls.eventBridge}/_local/events?detailType=DonationCompleted`)).json()) as { events?: unknown[] } | unknown[];
      const list = (Array.isArray(events) ? events : (events.events ?? [])) as { detail: { metadata: { id: string }; data: { total: { cents: number } } } }[];
      return list.find((e) => e.detail.metadata.id === trackingNumber)?.detail.data.total;
    };
    await expect.poll(completedEvent, { timeout: 10_000, interval: 100 }).toEqual({ cents: 5500, currency: 'NZD' });

    const receipts = await eventuallyReceipt(request.donor.email);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.subject).toBe('Your receipt for your donation to Kiwi Coast Rescue');
    // The gifts are the donation ($50.00); the $5.00 tip is listed apart, never inside it (issue 11).
    expect(receipts[0]?.text).toContain('Thank you for your donation of $50.00 to Kiwi Coast Rescue (2 x ');
    expect(receipts[0]?.text).toContain('Donation: $50.00');
    expect(receipts[0]?.text).toContain('Tip to Koha: $5.00');
    expect(receipts[0]?.text).not.toContain('$55.00');
    expect(receipts[0]?.text).toContain('Transaction fee: $1.35');
    expect(receipts[0]?.text).toContain('Charged to your card: $56.35');
  });

  it('a retried submission with the same Idempotency-Key returns the same tracking number and charges once, even when concurrent', async () => {
    const request = paymentRequest(gift.id, await tokenFor(TEST_CARDS.approve));
    const key = `retry-${crypto.randomUUID()}`;
    const responses = await Promise.all(Array.from({ length: 8 }, () => submit(request, key)));
    expect(responses.map((r) => r.status)).toEqual(Array(8).fill(202));
    const numbers = new Set(await Promise.all(responses.map(async (r) => ((await r.json()) as { trackingNumber: string }).trackingNumber)));
    expect(numbers.size).toBe(1);
    const [trackingNumber] = [...numbers] as [string];
    expect((await settle(trackingNumber)).paymentProcessingStatus).toBe('Completed');
    const again = await submit(request, key);
    expect(((await again.json()) as { trackingNumber: string }).trackingNumber).toBe(trackingNumber);
    expect(await chargesFor(trackingNumber)).toHaveLength(1);
  });

  it('the same Idempotency-Key with a different request is refused with 422', async () => {
    const card = await tokenFor(TEST_CARDS.approve);
    const key = `reuse-${crypto.randomUUID()}`;
    expect((await submit(paymentRequest(gift.id, card), key)).status).toBe(202);
    const reused = await submit(paymentRequest(gift.id, card, { quantity: 5 }), key);
    expect(reused.status).toBe(422);
    expect(reused.headers.get('content-type')).toBe('application/problem+json');
  });

  it('declining cards end Failed with the gateway’s message', async () => {
    for (const [number, message] of [
      [TEST_CARDS.decline, 'Your card was declined.'],
      [TEST_CARDS.insufficientFunds, 'Your card has insufficient funds.'],
    ] as const) {
      const response = await submit(paymentRequest(gift.id, await tokenFor(number)));
      const { trackingNumber } = (await response.json()) as { trackingNumber: string };
      expect(await settle(trackingNumber)).toEqual({ trackingNumber, paymentProcessingStatus: 'Failed', messages: [message] });
    }
  });

  it('a transient gateway error is retried and the donor is charged once', async () => {
    const { trackingNumber } = (await (await submit(paymentRequest(gift.id, await tokenFor(TEST_CARDS.transientThenApprove)))).json()) as { trackingNumber: string };
    expect((await settle(trackingNumber, 30_000)).paymentProcessingStatus).toBe('Completed');
    expect(await chargesFor(trackingNumber)).toHaveLength(1);
  });

  it('a charge whose reply was lost is reconciled, never charged twice', async () => {
    const { trackingNumber } = (await (await submit(paymentRequest(gift.id, await tokenFor(TEST_CARDS.lostReply)))).json()) as { trackingNumber: string };
    expect((await settle(trackingNumber, 30_000)).paymentProcessingStatus).toBe('Completed');
    expect(await chargesFor(trackingNumber)).toEqual([expect.objectContaining({ amount: 5000 + transactionFee(5000), status: 'succeeded' })]);
    const history = (await (
      await fetch(`${platform.urls.stepFunctions}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'AWSStepFunctions.GetExecutionHistory' },
        body: JSON.stringify({ executionArn: `arn:aws:states:ap-southeast-2:000000000000:execution:giving-donations-payment:${trackingNumber}` }),
      })
    ).json()) as { events: { type: string; stateEnteredEventDetails?: { name: string } }[] };
    const states = history.events.filter((e) => e.type.endsWith('StateEntered')).map((e) => e.stateEnteredEventDetails?.name);
    expect(states).toContain('ReconcileCharge');
    expect(states.filter((s) => s === 'ChargeCard')).toHaveLength(1);
  });

  it('a fulfilled gift is not charged: the payment fails with the spec’s text', async () => {
    const { trackingNumber } = (await (await submit(paymentRequest(inactiveGift.id, await tokenFor(TEST_CARDS.approve)))).json()) as { trackingNumber: string };
    expect(await settle(trackingNumber)).toMatchObject({
      paymentProcessingStatus: 'Failed',
      messages: ['Project has been fulfilled. This gift is not taking further donations.'],
    });
    expect(await chargesFor(trackingNumber)).toEqual([]);
  });

  it('a priced gift is sold at its price: $25 twice for $10 each is a 409 naming donationAmount, nothing is written or charged', async () => {
    const before = await donationsTableText();
    const twiceForTen = paymentRequest(gift.id, await tokenFor(TEST_CARDS.approve), { donationAmount: 1000, quantity: 2 });
    const response = await submit(twiceForTen);
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({
      status: 409,
      errors: [{ field: 'body.donationAmount', message: 'The price of this gift has changed. Please check the total and try again.' }],
    });
    expect(await donationsTableText()).toBe(before);
  });

  it('bad input gets a 400 naming each field in the spec’s words, and nothing is written', async () => {
    const before = await donationsTableText();
    const card = await tokenFor(TEST_CARDS.approve);
    const response = await submit({
      ...paymentRequest(gift.id, card),
      donationAmount: 50,
      quantity: 0,
      receiptName: '  ',
      donor: { firstName: '', lastName: 'Donor', email: 'not-an-email' },
    });
    expect(response.status).toBe(400);
    const problem = (await response.json()) as { errors: { field: string; message: string }[] };
    expect(problem.errors).toEqual(
      expect.arrayContaining([
        { field: 'body.donationAmount', message: 'Invalid Amount!' },
        { field: 'body.quantity', message: 'Invalid Input!' },
        { field: 'body.receiptName', message: 'Required Field!' },
        { field: 'body.donor.firstName', message: 'Required Field!' },
        { field: 'body.donor.email', message: 'Invalid Email!' },
      ]),
    );
    expect(await donationsTableText()).toBe(before);
    expect((await submit(paymentRequest(gift.id, card), 'short')).status).toBe(400);
  });

  it('a card number or CVC sent to our API is never stored', async () => {
    const card = await tokenFor(TEST_CARDS.approve);
    const response = await submit({ ...paymentRequest(gift.id, card), card: { ...card, number: '4242424242424242', cvc: '987' } });
    expect(response.status).toBe(202);
    const { trackingNumber } = (await response.json()) as { trackingNumber: string };
    await settle(trackingNumber);
    const table = await donationsTableText();
    expect(table).toContain(trackingNumber);
    expect(table).not.toContain('4242424242424242');
    expect(table).not.toMatch(/"(cvc|number)"/);
    const stored = JSON.parse(table) as { sk: { S: string }; trackingNumber?: { S: string }; card?: { M: Record<string, unknown> } }[];
    const payment = stored.find((item) => item.sk.S === 'PAYMENT' && item.trackingNumber?.S === trackingNumber);
    expect(Object.keys(payment?.card?.M ?? {}).sort()).toEqual(['cardType', 'last4', 'token']);
  });

  it('an unknown tracking number is a 404 problem', async () => {
    const response = await fetch(`${platform.siteUrl}/api/donations/payments/01JZZZZZZZZZZZZZZZZZZZZZZZ/status`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ status: 404, code: 'NotFound' });
  });
});
