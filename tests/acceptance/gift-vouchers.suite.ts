import { DynamoDBDocumentClient, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '@giving/shared/contracts/card-gateway';
import type { Gift, GiftPaymentRequest } from '@giving/shared/contracts/donations';
import { VOUCHER_BALANCE_CHANGED, VOUCHER_BALANCE_CHANGED_SINCE_APPLIED, VOUCHER_EXPIRED, VOUCHER_NOT_FOUND } from '@giving/shared/contracts/voucher-codes';
import { formatMoney } from '@giving/shared/money';
import type { BackOfficeVoucherList, MyVoucherList, VoucherLookupResponse, VoucherPurchaseRequest, WorkplaceVoucherList, WorkplaceVoucherPurchaseRequest } from '@giving/shared/contracts/vouchers';
import { RECORDING_FAILED_REFUNDED } from '../../services/donations/domain/voucher-steps';
import { voucherCodeBook } from '../../services/donations/domain/vouchers';
import { VOUCHER_CODE_SECRET } from '../../tools/local/src/config';
import { dynamoClient } from '../../tools/local/src/dynamodb';
import type { RunningPlatform } from '../../tools/local/src/platform';
import { injectInvocationFault } from '../../tools/local/src/runtime/faults';
import { DEMO_PASSWORD, DEMO_USERS } from '../../tools/local/src/seed/data';
import { DEMO_VOUCHERS, demoVoucherCodes } from '../../tools/local/src/seed/vouchers';
import { CARD_GATEWAY_TRUST_SECRET, platformClient, startTestPlatform, tableOf, transactionFee, withFee } from './platform';

/**
 * Given the seeded demo, when guests and Dana buy gift vouchers by card and give with them, then the code arrives by
 * e-mail (and only there), lookups tell the balance and expiry, a voucher covering the total charges no card, a partial
 * one is topped up by card for the rest, an expired one is refused, a declined top-up gives the balance back, and a
 * donation that cannot be recorded after the charge is refunded (never a charge without a donation).
 */
let platform: RunningPlatform;
let client: ReturnType<typeof platformClient>;
let gift: Gift;
const dana = DEMO_USERS.find((user) => user.role === 'donor')!;
const backOffice = DEMO_USERS.find((user) => user.role === 'backOffice')!;

beforeAll(async () => {
  platform = await startTestPlatform(6400);
  client = platformClient(platform);
  gift = (await (await fetch(`${platform.siteUrl}/api/donations/gifts/kiwi-coast-rescue/feed-a-kiwi-chick`)).json()) as Gift;
}, 90_000);

afterAll(async () => {
  await platform?.stop();
});

const unique = () => Math.random().toString(36).slice(2, 8);
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${platform.siteUrl}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
const withKey = () => ({ 'idempotency-key': `key-${crypto.randomUUID()}` });
const trackingOf = async (response: Response) => {
  expect(response.status).toBe(202);
  return ((await response.json()) as { trackingNumber: string }).trackingNumber;
};

/** Buys a voucher as a guest and reads its code from the buyer's e-mail, as the buyer would. */
async function buyVoucher(valueCents: number, overrides: Partial<VoucherPurchaseRequest> = {}) {
  const buyer = { firstName: 'Aroha', lastName: 'Ngata', email: `aroha.${unique()}@example.com` };
  const request: VoucherPurchaseRequest = { country: 'nz', voucherValue: valueCents, card: await client.cardToken(TEST_CARDS.approve, 'Aroha Ngata'), buyer, ...overrides };
  const trackingNumber = await trackingOf(await post('/donations/voucher-purchases', request, withKey()));
  expect((await client.settle(trackingNumber)).paymentProcessingStatus).toBe('Completed');
  const [mail] = await client.receiptsFor(request.buyer.email);
  const code = /Voucher code: ([A-Z0-9]{8})/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error(`no voucher code in ${mail?.text}`);
  return { trackingNumber, code, buyer: request.buyer, mail: mail! };
}

const lookup = async (code: string) => {
  const response = await post('/donations/vouchers/lookup', { code });
  return { status: response.status, body: (await response.json()) as VoucherLookupResponse & { detail?: string; errors?: { field: string }[] } };
};

/** `balance` is the voucher's, as the checkout looked it up: the transaction fee is on what it leaves for the card. */
const giftPayment = async (code: string, balance: number, options: { quantity?: number; tip?: 0 | 200 | 500; card?: string } = {}): Promise<GiftPaymentRequest> => withFee<Omit<GiftPaymentRequest, 'transactionFeeCents'>>({
  pageType: 'GIFT',
  country: 'nz' as const,
  giftId: gift.id,
  donationAmount: gift.price.cents,
  quantity: options.quantity ?? 1,
  supportingAmount: options.tip ?? 0,
  paymentType: 'VOUCHER',
  voucher: { code },
  isRecurring: false,
  isAnonymous: false,
  receiptName: 'Jane Donor',
  donor: { firstName: 'Jane', lastName: 'Donor', email: `jane.${unique()}@example.com` },
  ...(options.card ? { card: await client.cardToken(options.card) } : {}),
}, balance);

/** The gateway's charges of a payment, in the Trust's merchant account (these are New Zealand's). */
const charges = async (trackingNumber: string) =>
  (
    (await (
      await fetch(`${platform.urls.cardGateway}/v1/charges?idempotency_key=${trackingNumber}`, { headers: { authorization: `Bearer ${CARD_GATEWAY_TRUST_SECRET}` } })
    ).json()) as { data: { amount: number; status: string; refunded: boolean; amount_refunded: number }[] }
  ).data;

describe('buying a gift voucher', () => {
  it('a guest pays by card; the code is e-mailed to the buyer and the recipient, and never stored or announced', async () => {
    const recipient = { name: 'Mere', email: `mere.${unique()}@example.com` };
    const { trackingNumber, code, mail } = await buyVoucher(5000, { recipient, message: 'Happy birthday!' });
    // The voucher's value only: buying a voucher carries no transaction fee (the platform absorbs it).
    expect(await charges(trackingNumber)).toEqual([expect.objectContaining({ amount: 5000, status: 'succeeded' })]);
    expect(mail.subject).toBe('Your Koha gift voucher');
    expect(mail.text).toContain('Value: $50.00');
    const [gifted] = await client.receiptsFor(recipient.email);
    expect(gifted?.subject).toBe('Aroha Ngata sent you a Koha gift voucher');
    expect(gifted?.text).toContain(`Voucher code: ${code}`);
    expect(gifted?.text).toContain('"Happy birthday!"');

    const events = await client.eventsOf('VoucherPurchased');
    expect(events.find((e) => e.detail.metadata.id === trackingNumber)?.detail.data).toMatchObject({ voucherId: trackingNumber, value: { cents: 5000 } });
    expect(JSON.stringify(events)).not.toContain(code);
    const documents = DynamoDBDocumentClient.from(dynamoClient(platform.urls.dynamodb));
    const table = JSON.stringify((await documents.send(new ScanCommand({ TableName: tableOf('donations') }))).Items);
    documents.destroy();
    expect(table).not.toContain(code);
  });

  it('refuses a bad value naming the field, and stores nothing', async () => {
    const response = await post('/donations/voucher-purchases', { country: 'nz', voucherValue: 50, card: await client.cardToken(TEST_CARDS.approve), buyer: { firstName: 'A', lastName: 'B', email: 'a@example.com' } }, withKey());
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errors: { field: string; message: string }[] }).errors).toEqual([{ field: 'body.voucherValue', message: 'Invalid Amount!' }]);
  });
});

describe('looking a voucher up', () => {
  it("finds the demo's seeded vouchers by the codes npm start prints", async () => {
    for (const { code, valueCents } of demoVoucherCodes()) {
      expect(await lookup(code)).toMatchObject({ status: 200, body: { isExpired: false, remainingBalance: { cents: valueCents, currency: 'NZD' } } });
    }
  });

  it('tells its remaining balance and that it has not expired; an unknown code is a 404 with the message; a malformed one a 400', async () => {
    const { code } = await buyVoucher(3000);
    expect(await lookup(code.toLowerCase())).toEqual({
      status: 200,
      body: { isExpired: false, remainingBalance: { cents: 3000, currency: 'NZD' }, expiresAt: expect.any(String) },
    });
    const unknown = await lookup('ZZZZ2222');
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe(VOUCHER_NOT_FOUND);
    const malformed = await lookup('a!');
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors?.[0]?.field).toBe('body.code');
  });
});

describe('giving with a gift voucher', () => {
  it('a voucher covering the total: Completed, no card charge, the balance goes down by the total, the receipt says so', async () => {
    const { code } = await buyVoucher(10000);
    const request = await giftPayment(code, 10000, { quantity: 2, tip: 200 });
    expect(request.transactionFeeCents).toBe(0);
    const trackingNumber = await trackingOf(await post('/donations/payments', request, withKey()));
    expect(await client.settle(trackingNumber)).toMatchObject({ paymentProcessingStatus: 'Completed' });
    expect(await charges(trackingNumber)).toEqual([]);
    const total = gift.price.cents * 2 + 200;
    expect((await lookup(code)).body.remainingBalance).toEqual({ cents: 10000 - total, currency: 'NZD' });
    const [receipt] = await client.receiptsFor(request.donor.email);
    expect(receipt?.text).toContain('paid with a gift voucher');
    expect(receipt?.text).not.toContain('Transaction fee');
    await expect
      .poll(async () => (await client.eventsOf('DonationCompleted')).find((e) => e.detail.metadata.id === trackingNumber)?.detail.data, { timeout: 10_000 })
      .toMatchObject({ paymentType: 'VOUCHER', voucherAmount: { cents: total } });
  });

  it('a partial voucher: takes the whole balance and charges the card for the rest plus the fee on the rest', async () => {
    const { code } = await buyVoucher(1000);
    const request = await giftPayment(code, 1000, { card: TEST_CARDS.approve });
    const rest = gift.price.cents - 1000;
    expect(request.transactionFeeCents).toBe(transactionFee(rest));
    const trackingNumber = await trackingOf(await post('/donations/payments', request, withKey()));
    expect((await client.settle(trackingNumber)).paymentProcessingStatus).toBe('Completed');
    expect(await charges(trackingNumber)).toEqual([expect.objectContaining({ amount: rest + transactionFee(rest), status: 'succeeded' })]);
    expect((await lookup(code)).body.remainingBalance.cents).toBe(0);
    const [receipt] = await client.receiptsFor(request.donor.email);
    expect(receipt?.text).toContain(`Transaction fee: ${formatMoney({ cents: transactionFee(rest), currency: 'NZD' }, 'en-NZ')}`);
  });

  it('a fee worked out as if the voucher paid nothing is refused (409) before anything is taken from it', async () => {
    const { code } = await buyVoucher(1000);
    const request = await giftPayment(code, 0, { card: TEST_CARDS.approve });
    const response = await post('/donations/payments', request, withKey());
    expect(response.status).toBe(409);
    expect(((await response.json()) as { detail: string }).detail).toBe('The transaction fee has changed. Please check the total and try again.');
    expect((await lookup(code)).body.remainingBalance.cents).toBe(1000);
  });

  it('a partial voucher without a card is refused with the message, taking nothing', async () => {
    const { code } = await buyVoucher(1000);
    const trackingNumber = await trackingOf(await post('/donations/payments', await giftPayment(code, 1000), withKey()));
    expect(await client.settle(trackingNumber)).toMatchObject({
      paymentProcessingStatus: 'Failed',
      messages: ['Your gift voucher does not cover the total. Please add your card details to pay the rest.'],
    });
    expect((await lookup(code)).body.remainingBalance.cents).toBe(1000);
  });

  it('no fee the donor did not see: 20 concurrent card-backed gifts on one $30 voucher; the voucher pays one, the rest fail saying why and charge nothing', async () => {
    const { code } = await buyVoucher(3000);
    // Each donor was shown the $30 voucher covering the $25 gift, and their card paying nothing.
    const requests = await Promise.all(Array.from({ length: 20 }, () => giftPayment(code, 3000, { card: TEST_CARDS.approve })));
    const responses = await Promise.all(requests.map((request) => post('/donations/payments', request, withKey())));
    // A payment sent after the winner spent the voucher is refused at once (409, naming the voucher); one sent before
    // is accepted and fails when it comes to redeem. Either way the donor is told why and nothing is charged.
    const refused = responses.filter((response) => response.status === 409);
    for (const response of refused) expect(await response.json()).toMatchObject({ detail: VOUCHER_BALANCE_CHANGED_SINCE_APPLIED, errors: [{ field: 'body.voucher.code' }] });
    const trackingNumbers = await Promise.all(responses.filter((response) => response.status !== 409).map(trackingOf));
    const statuses = await Promise.all(trackingNumbers.map((trackingNumber) => client.settle(trackingNumber, 40_000)));
    expect(statuses.filter((s) => s.paymentProcessingStatus === 'Completed')).toHaveLength(1);
    expect(statuses.filter((s) => s.paymentProcessingStatus === 'Failed').map((s) => s.messages[0])).toEqual(Array(19 - refused.length).fill(VOUCHER_BALANCE_CHANGED));
    for (const trackingNumber of trackingNumbers) expect(await charges(trackingNumber)).toEqual([]);
    expect((await lookup(code)).body.remainingBalance.cents).toBe(3000 - gift.price.cents);
  }, 60_000);

  it('a voucher spent by another donation after the donor applied it: the payment is refused (409 naming the voucher), nothing taken', async () => {
    const { code } = await buyVoucher(3000);
    // Another donor gives the $25 gift with it first, leaving $5.
    const first = await trackingOf(await post('/donations/payments', await giftPayment(code, 3000), withKey()));
    expect((await client.settle(first)).paymentProcessingStatus).toBe('Completed');
    // This donor applied it at $30: they were shown their card paying nothing, and no fee.
    const response = await post('/donations/payments', await giftPayment(code, 3000, { card: TEST_CARDS.approve }), withKey());
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({
      detail: VOUCHER_BALANCE_CHANGED_SINCE_APPLIED,
      errors: [{ field: 'body.voucher.code', message: VOUCHER_BALANCE_CHANGED_SINCE_APPLIED }],
    });
    expect((await lookup(code)).body.remainingBalance.cents).toBe(3000 - gift.price.cents);
    // Applied again, the $5 balance and the fee on the card's $20 are what the payment is priced at.
    const trackingNumber = await trackingOf(await post('/donations/payments', await giftPayment(code, 3000 - gift.price.cents, { card: TEST_CARDS.approve }), withKey()));
    expect((await client.settle(trackingNumber)).paymentProcessingStatus).toBe('Completed');
    expect((await lookup(code)).body.remainingBalance.cents).toBe(0);
  });

  it('an expired voucher is refused (isExpired) and nothing is charged', async () => {
    const { code } = await buyVoucher(5000);
    // The voucher was bought over a year ago: its expiry has passed.
    const documents = DynamoDBDocumentClient.from(dynamoClient(platform.urls.dynamodb));
    await documents.send(
      new UpdateCommand({
        TableName: tableOf('donations'),
        Key: { pk: `VOUCHER#${voucherCodeBook(VOUCHER_CODE_SECRET).hash(code)}`, sk: 'VOUCHER' },
        UpdateExpression: 'SET validUntil = :past',
        ExpressionAttributeValues: { ':past': new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString() },
      }),
    );
    documents.destroy();
    expect((await lookup(code)).body).toMatchObject({ isExpired: true, remainingBalance: { cents: 5000 } });
    const trackingNumber = await trackingOf(await post('/donations/payments', await giftPayment(code, 5000, { card: TEST_CARDS.approve }), withKey()));
    expect(await client.settle(trackingNumber)).toMatchObject({ paymentProcessingStatus: 'Failed', messages: [VOUCHER_EXPIRED] });
    expect(await charges(trackingNumber)).toEqual([]);
  });

  it('a declined top-up gives the balance back to the voucher', async () => {
    const { code } = await buyVoucher(1000);
    const trackingNumber = await trackingOf(await post('/donations/payments', await giftPayment(code, 1000, { card: TEST_CARDS.decline }), withKey()));
    expect(await client.settle(trackingNumber)).toMatchObject({ paymentProcessingStatus: 'Failed', messages: ['Your card was declined.'] });
    expect((await lookup(code)).body.remainingBalance.cents).toBe(1000);
  });

  it('a donation that cannot be recorded after the charge: the charge is refunded, the voucher part returned, the payment Failed', async () => {
    const { code } = await buyVoucher(1000);
    // Every RecordDonation invocation fails while this runs (as Fault Injection Service's Lambda invocation errors would).
    const stop = injectInvocationFault({ service: 'donations', handler: 'handlers/payment-tasks#record' });
    try {
      const request = await giftPayment(code, 1000, { card: TEST_CARDS.approve });
      const trackingNumber = await trackingOf(await post('/donations/payments', request, withKey()));
      expect(await client.settle(trackingNumber, 40_000)).toMatchObject({ paymentProcessingStatus: 'Failed', messages: [RECORDING_FAILED_REFUNDED] });
      // Refunded in full, fee and all, on the account it was charged to.
      const charged = gift.price.cents - 1000 + request.transactionFeeCents;
      expect(await charges(trackingNumber)).toEqual([expect.objectContaining({ amount: charged, status: 'succeeded', refunded: true, amount_refunded: charged })]);
      expect((await lookup(code)).body.remainingBalance.cents).toBe(1000);
      expect((await client.eventsOf('DonationCompleted')).some((e) => e.detail.metadata.id === trackingNumber)).toBe(false);
    } finally {
      stop();
    }
  }, 60_000);
});

describe('the voucher lists', () => {
  it("Dana buys one signed in and sees it, with the one bought for her e-mail as a guest, in her list; the back office sees and searches all", async () => {
    const token = await client.idToken(dana.email, DEMO_PASSWORD);
    const memberRequest = { country: 'nz', voucherValue: 2500, card: await client.cardToken(TEST_CARDS.approve, 'Dana Whitfield') };
    const mine = await trackingOf(await post('/donations/me/voucher-purchases', memberRequest, { ...withKey(), authorization: `Bearer ${token}` }));
    expect((await client.settle(mine)).paymentProcessingStatus).toBe('Completed');
    const asGuest = await trackingOf(
      await post(
        '/donations/voucher-purchases',
        { country: 'nz', voucherValue: 4000, card: await client.cardToken(TEST_CARDS.approve), buyer: { firstName: 'Dana', lastName: 'Whitfield', email: dana.email.toUpperCase() } },
        withKey(),
      ),
    );
    expect((await client.settle(asGuest)).paymentProcessingStatus).toBe('Completed');

    const list = (await (await fetch(`${platform.siteUrl}/api/donations/me/vouchers`, { headers: { authorization: `Bearer ${token}` } })).json()) as MyVoucherList;
    // Newest first: today's two, then the two the demo seeded for her last month (bought at the same moment: by id, descending).
    expect(list.items.map((v) => [v.id, v.value.cents, v.voucherBalance.cents, v.status])).toEqual([
      [asGuest, 4000, 4000, 'Active'],
      [mine, 2500, 2500, 'Active'],
      ...[...DEMO_VOUCHERS].reverse().map(({ voucherId, valueCents }) => [voucherId, valueCents, valueCents, 'Active']),
    ]);
    expect(list.items[0]?.maskedCode).toMatch(/^••••••[A-Z0-9]{2}$/);

    const adminToken = await client.idToken(backOffice.email, DEMO_PASSWORD);
    const all = (await (
      await fetch(`${platform.siteUrl}/api/donations/backoffice/vouchers?q=${encodeURIComponent('DANA.DONOR')}`, { headers: { authorization: `Bearer ${adminToken}` } })
    ).json()) as BackOfficeVoucherList;
    expect(all.items.map((v) => v.id)).toEqual([asGuest, mine, ...[...DEMO_VOUCHERS].reverse().map((v) => v.voucherId)]);
    expect(all.items[0]).toMatchObject({ buyerEmail: dana.email.toUpperCase(), buyerName: 'Dana Whitfield', status: 'Active' });
    expect(all.items[1]).toMatchObject({ buyerEmail: dana.email });
    const refused = await fetch(`${platform.siteUrl}/api/donations/backoffice/vouchers`, { headers: { authorization: `Bearer ${token}` } });
    expect(refused.status).toBe(403);
  });
});

describe('a workplace buys vouchers for its people (issue 15 item 9)', () => {
  it("Grace buys one for each of three people in one charge; each gets their own code, she gets the receipt, and the console shows every balance", async () => {
    const graceUser = DEMO_USERS.find((user) => user.role === 'workplaceAdmin')!;
    const employee = DEMO_USERS.find((user) => user.role === 'workplaceMember')!;
    const grace = await client.idToken(graceUser.email, DEMO_PASSWORD);
    const authed = (token: string) => ({ authorization: `Bearer ${token}` });
    const me = (await (await fetch(`${platform.siteUrl}/api/accounts/me`, { headers: authed(grace) })).json()) as { corporateAssociations: { corporateId: string }[] };
    const workplaceId = me.corporateAssociations[0]!.corporateId;
    const people = ['Aperahama', 'Hine', 'Tama'].map((name) => ({ name, email: `${name.toLowerCase()}.${unique()}@tasman.example` }));
    const order: WorkplaceVoucherPurchaseRequest = {
      country: 'nz',
      voucherValue: 2500,
      recipients: people,
      message: 'Thank you for a great year.',
      card: await client.cardToken(TEST_CARDS.approve, 'Grace Liu'),
    };
    const path = `/donations/workplace/${workplaceId}/voucher-purchases`;

    // The same person twice is named, in the list's words; nothing is stored or charged.
    const twice = await post(path, { ...order, recipients: [people[0], { email: people[0]!.email.toUpperCase() }] }, { ...withKey(), ...authed(grace) });
    expect(twice.status).toBe(400);
    expect(((await twice.json()) as { errors: { field: string; message: string }[] }).errors).toEqual([
      { field: 'body.recipients.1.email', message: 'This e-mail address is already in the list.' },
    ]);
    // An employee of the workplace may not buy for it, nor see who holds what.
    const staff = await client.idToken(employee.email, DEMO_PASSWORD);
    expect((await post(path, order, { ...withKey(), ...authed(staff) })).status).toBe(403);
    expect((await fetch(`${platform.siteUrl}/api/donations/workplace/${workplaceId}/vouchers`, { headers: authed(staff) })).status).toBe(403);

    const trackingNumber = await trackingOf(await post(path, order, { ...withKey(), ...authed(grace) }));
    expect((await client.settle(trackingNumber)).paymentProcessingStatus).toBe('Completed');
    // One charge: the vouchers' value x people, no fee.
    expect(await charges(trackingNumber)).toEqual([expect.objectContaining({ amount: 7500, status: 'succeeded' })]);

    const codes: string[] = [];
    for (const person of people) {
      const [mail] = await client.receiptsFor(person.email);
      expect(mail?.subject).toBe('Tasman Engineering sent you a Koha gift voucher');
      expect(mail?.text).toContain(`Kia ora ${person.name},`);
      expect(mail?.text).toContain('"Thank you for a great year."');
      codes.push(/Voucher code: ([A-Z0-9]{8})/.exec(mail?.text ?? '')?.[1] ?? '');
    }
    expect(new Set(codes).size).toBe(3);
    expect(codes.every((code) => /^[A-Z0-9]{8}$/.test(code))).toBe(true);
    const receipts = (await client.receiptsFor(graceUser.email)).filter((mail) => mail.subject === 'Your order of Koha gift vouchers for Tasman Engineering');
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.text).toContain('$25.00 each for 3 people at Tasman Engineering: $75.00 in all.');
    expect(codes.some((code) => receipts[0]?.text.includes(code))).toBe(false);

    // Hine gives the gift with hers: the console shows what is left on each voucher, and what was given in all.
    expect((await lookup(codes[1]!)).body).toMatchObject({ isExpired: false, remainingBalance: { cents: 2500, currency: 'NZD' } });
    const spent = await trackingOf(await post('/donations/payments', await giftPayment(codes[1]!, 2500, { card: TEST_CARDS.approve }), withKey()));
    expect((await client.settle(spent)).paymentProcessingStatus).toBe('Completed');
    const left = Math.max(0, 2500 - gift.price.cents);
    const list = (await (await fetch(`${platform.siteUrl}/api/donations/workplace/${workplaceId}/vouchers`, { headers: authed(grace) })).json()) as WorkplaceVoucherList;
    const ours = list.items.filter((v) => v.orderNumber === trackingNumber);
    expect(ours.map((v) => [v.recipientEmail, v.recipientName, v.voucherBalance.cents, v.status]).sort()).toEqual(
      [
        [people[0]!.email, 'Aperahama', 2500, 'Active'],
        [people[1]!.email, 'Hine', left, left === 0 ? 'Used' : 'Active'],
        [people[2]!.email, 'Tama', 2500, 'Active'],
      ].sort(),
    );
    expect(ours.map((v) => [v.buyerName, v.maskedCode.replace(/[A-Z0-9]/g, 'X')])).toEqual(ours.map(() => ['Grace Liu', '••••••XX']));
    expect(codes.some((code) => JSON.stringify(list).includes(code))).toBe(false);
    const nzd = list.totals.find((t) => t.currency === 'NZD')!;
    expect(nzd.value.cents).toBe(nzd.given.cents + nzd.remaining.cents + nzd.expired.cents);
    expect(nzd.given.cents).toBeGreaterThanOrEqual(2500 - left);

    // Each voucher is announced once, under its own id (its e-mail goes once however often the event comes).
    const events = (await client.eventsOf('VoucherPurchased')).filter((e) => (e.detail.data as { trackingNumber: string }).trackingNumber === trackingNumber);
    expect(events.map((e) => e.detail.metadata.id).sort()).toEqual([1, 2, 3].map((n) => `${trackingNumber}-0${n}`));
  });
});

describe('guessing codes', () => {
  // Last: it spends this caller's lookups for the window.
  it('a caller is refused (429) once it has used its lookups for the window', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) statuses.push((await lookup(`GUESS${String(i).padStart(3, '2')}`)).status);
    expect(statuses).toContain(429);
    expect(statuses.filter((status) => status === 404).length).toBeLessThan(20);
  });
});
