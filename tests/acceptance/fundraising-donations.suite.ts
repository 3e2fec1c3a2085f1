import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '@giving/shared/contracts/card-gateway';
import type { FundraisePaymentRequest, MemberFundraisePaymentRequest } from '@giving/shared/contracts/donations';
import { FUNDRAISING_MESSAGES, type FundraisingEvent, type Page } from '@giving/shared/contracts/fundraising';
import type { RecurringDonationList } from '@giving/shared/contracts/member-giving';
import { COUNTRY_TIME_ZONES, localDay } from '@giving/shared/local-time';
import { dynamoClient } from '../../tools/local/src/dynamodb';
import type { RunningPlatform } from '../../tools/local/src/platform';
import { DEMO_PASSWORD, DEMO_USERS } from '../../tools/local/src/seed/data';
import { platformClient, startTestPlatform, tableOf, transactionFee, withFee } from './platform';

/**
 * Giving to a fundraising page (issue 13 item 6) through the real local API, workflow, bus and streams, given the
 * seeded demo: a guest gives to Dana's page by card, the donation reaches the page's donors and totals (and its
 * event's) exactly once, an offline or ended page refuses new donations saying why, and a member gives monthly.
 */
let platform: RunningPlatform;
let client: ReturnType<typeof platformClient>;
let walk: FundraisingEvent;
let dana: Page;
let grace: Page;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await pause(200);
  }
}
const unique = () => Math.random().toString(36).slice(2, 8);
const withKey = (key = `key-${crypto.randomUUID()}`) => ({ 'idempotency-key': key });
const json = async <T>(path: string, init: RequestInit = {}) => {
  const response = await fetch(`${platform.siteUrl}/api${path}`, init);
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
};
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  json<{ trackingNumber: string; detail?: string; errors?: { field: string; message: string }[] }>(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
const readPage = (page: Page) => json<Page>(`/fundraising/events/${page.eventUrl}/pages/${page.pageUrl}`).then((answer) => answer.body);
const donorsOf = (page: Page) => json<{ items: { id: string; name: string; amount: number; message?: string; kind: string }[] }>(`/fundraising/pages/${page.id}/donors`).then((answer) => answer.body.items);

const gift = async (overrides: Partial<FundraisePaymentRequest> = {}): Promise<FundraisePaymentRequest> =>
  withFee<Omit<FundraisePaymentRequest, 'transactionFeeCents'>>({
    pageType: 'FUNDRAISE',
    country: 'nz',
    donationAmount: 2000,
    quantity: 1,
    supportingAmount: 0,
    paymentType: 'CARD',
    isRecurring: false,
    isAnonymous: false,
    receiptName: 'Jane Donor',
    isMessageAnonymous: true,
    donorMessage: 'For the kiwi, from your old flatmate',
    donor: { firstName: 'Jane', lastName: 'Donor', email: `jane.${unique()}@example.com` },
    card: await client.cardToken(TEST_CARDS.approve),
    ...overrides,
  } as Omit<FundraisePaymentRequest, 'transactionFeeCents'>);

beforeAll(async () => {
  platform = await startTestPlatform(7500);
  client = platformClient(platform);
  walk = (await json<FundraisingEvent>('/fundraising/events/kiwi-coast-walk-2027')).body;
  dana = await readPage(walk.pages.find((page) => page.pageUrl === 'dana-walks-for-kiwi')! as unknown as Page);
  grace = await readPage(walk.pages.find((page) => page.pageUrl === 'grace-goes-the-distance')! as unknown as Page);
  // Donations learns the pages from fundraising's PageModified documents: wait until it knows Dana's.
  await eventually(
    async () => (await post(`/fundraising/pages/${dana.id}/donate`, {}, withKey())).status,
    (status) => status === 400,
    30_000,
  );
}, 120_000);

afterAll(async () => {
  await platform?.stop();
});

describe('a guest gives to a fundraising page', () => {
  it('by card: charged the amount and the fee, the page and its event count it once, the donor is listed without the hidden message', async () => {
    const before = await readPage(dana);
    const eventBefore = (await json<FundraisingEvent>(`/fundraising/events/${walk.eventUrl}`)).body;
    const request = await gift();
    const key = withKey();
    const accepted = await post(`/fundraising/pages/${dana.id}/donate`, request, key);
    expect(accepted.status).toBe(202);
    // A retry with the same key is the same donation.
    expect((await post(`/fundraising/pages/${dana.id}/donate`, request, key)).body.trackingNumber).toBe(accepted.body.trackingNumber);
    const status = await client.settle(accepted.body.trackingNumber);
    expect(status.paymentProcessingStatus).toBe('Completed');
    expect(await client.chargesFor(accepted.body.trackingNumber)).toEqual([expect.objectContaining({ amount: 2000 + transactionFee(2000), status: 'succeeded' })]);

    const after = await eventually(() => readPage(dana), (page) => page.donationsCount === before.donationsCount + 1);
    expect(after).toMatchObject({ onlineAmount: before.onlineAmount + 2000, donatedAmount: before.donatedAmount + 2000, donationsCount: before.donationsCount + 1, offlineAmount: before.offlineAmount });
    const donors = await donorsOf(dana);
    expect(donors[0]).toEqual(expect.objectContaining({ id: accepted.body.trackingNumber, name: 'Jane Donor', amount: 2000, kind: 'Online' }));
    expect(donors[0]).not.toHaveProperty('message');
    const eventAfter = await eventually(
      async () => (await json<FundraisingEvent>(`/fundraising/events/${walk.eventUrl}`)).body,
      (event) => event.donationsCount === eventBefore.donationsCount + 1,
    );
    expect(eventAfter.donatedAmount).toBe(eventBefore.donatedAmount + 2000);

    const [receipt] = await client.receiptsFor(request.donor.email);
    expect(receipt?.text).toContain(`through Dana Whitfield's fundraising page "Dana walks for kiwi"`);
    // Delivered again, the donation counts nothing more.
    await pause(1500);
    expect((await readPage(dana)).donationsCount).toBe(after.donationsCount);
  });

  it('anonymously, with a message for everyone: listed as Anonymous with the message', async () => {
    const accepted = await post(`/fundraising/pages/${grace.id}/donate`, await gift({ isAnonymous: true, isMessageAnonymous: false, donorMessage: 'You can do it, Grace!', donationAmount: 5000 }), withKey());
    expect(accepted.status).toBe(202);
    expect((await client.settle(accepted.body.trackingNumber)).paymentProcessingStatus).toBe('Completed');
    const donors = await eventually(() => donorsOf(grace), (items) => items.some((donor) => donor.id === accepted.body.trackingNumber));
    expect(donors.find((donor) => donor.id === accepted.body.trackingNumber)).toEqual(expect.objectContaining({ name: 'Anonymous', amount: 5000, message: 'You can do it, Grace!' }));
  });

  it('bad input is a 400 naming the field; an unknown page is 404; nothing is stored', async () => {
    const twice = await post(`/fundraising/pages/${dana.id}/donate`, { ...(await gift()), quantity: 2 }, withKey());
    expect(twice.status).toBe(400);
    expect(twice.body.errors?.map((e) => e.field)).toContain('body.quantity');
    const long = await post(`/fundraising/pages/${dana.id}/donate`, { ...(await gift()), donorMessage: 'x'.repeat(501) }, withKey());
    expect(long.body.errors).toEqual([{ field: 'body.donorMessage', message: 'Maximum 500 characters!' }]);
    expect((await post(`/fundraising/pages/01ARZ3NDEKTSV4RRFFQ69G5FAV/donate`, await gift(), withKey()))).toMatchObject({ status: 404, body: { detail: FUNDRAISING_MESSAGES.pageNotFound } });
    expect((await post(`/fundraising/pages/${dana.id}/donate`, await gift({ country: 'au' }), withKey())).status).toBe(400);
  });
});

describe('the page owner is told', () => {
  it('of the donations gathered over a few minutes, in one e-mail with their messages, hidden ones too', async () => {
    // Dana's page had a guest's $20 (message hidden from the page) above; a second donation joins the same digest.
    const second = await post(`/fundraising/pages/${dana.id}/donate`, await gift({ donationAmount: 3500, isMessageAnonymous: false, donorMessage: 'Kia kaha!', donor: { firstName: 'Hemi', lastName: 'Walker', email: `hemi.${unique()}@example.com` }, receiptName: 'Hemi Walker' }), withKey());
    expect((await client.settle(second.body.trackingNumber)).paymentProcessingStatus).toBe('Completed');
    await eventually(() => donorsOf(dana), (items) => items.some((donor) => donor.id === second.body.trackingNumber));
    const owner = DEMO_USERS.find((user) => user.role === 'donor')!.email;
    const digestsFor = async () => (await client.receiptsFor(owner)).filter((mail) => mail.subject.includes('new donation') && mail.subject.includes('Dana walks for kiwi'));
    // Not yet: the digest waits a few minutes for more.
    await runDigests(new Date());
    expect(await digestsFor()).toEqual([]);
    await runDigests(new Date(Date.now() + 6 * 60 * 1000));
    const [digest] = await eventually(digestsFor, (mails) => mails.length > 0);
    expect(digest?.subject).toBe('2 new donations to "Dana walks for kiwi"');
    expect(digest?.text).toContain('Jane Donor gave $20: "For the kiwi, from your old flatmate"');
    expect(digest?.text).toContain('Hemi Walker gave $35: "Kia kaha!"');
    expect(digest?.text).toContain('Your page has raised');
    // Sent once: the next run finds nothing due.
    await runDigests(new Date(Date.now() + 12 * 60 * 1000));
    await pause(500);
    expect(await digestsFor()).toHaveLength(1);
  });

  it('once, when the page reaches its target', async () => {
    const crew = (await readPage(walk.pages.find((page) => page.pageUrl === 'wiremu-and-the-tasman-crew')! as unknown as Page));
    const toGo = crew.targetAmount - crew.donatedAmount;
    const accepted = await post(`/fundraising/pages/${crew.id}/donate`, await gift({ donationAmount: toGo }), withKey());
    expect((await client.settle(accepted.body.trackingNumber)).paymentProcessingStatus).toBe('Completed');
    const owner = DEMO_USERS.find((user) => user.role === 'workplaceMember')!.email;
    const reached = async () => (await client.receiptsFor(owner)).filter((mail) => mail.subject === '"Wiremu and the Tasman crew" has reached its target');
    expect(await eventually(reached, (mails) => mails.length > 0)).toHaveLength(1);
    // Another gift after it is counted, and tells nobody again.
    const more = await post(`/fundraising/pages/${crew.id}/donate`, await gift({ donationAmount: 1000 }), withKey());
    expect((await client.settle(more.body.trackingNumber)).paymentProcessingStatus).toBe('Completed');
    await eventually(() => readPage(crew), (page) => page.donatedAmount >= crew.targetAmount + 1000);
    await pause(500);
    expect(await reached()).toHaveLength(1);
  });
});

const runDigests = async (at: Date) => {
  const response = await fetch(`${platform.urls.scheduler}/_local/schedules/fundraising/send-donation-digests/run?scheduledTime=${at.toISOString()}`, { method: 'POST' });
  expect(response.status).toBe(200);
};

describe('a page that stopped taking donations', () => {
  it('offline: 409 saying so, nothing charged; back online it takes them again', async () => {
    const wiremu = walk.pages.find((page) => page.pageUrl === 'wiremu-and-the-tasman-crew')!;
    const charity = walk.charity.id;
    const token = await client.idToken(DEMO_USERS.find((user) => user.role === 'charityAdmin')!.email, DEMO_PASSWORD);
    const toggle = (isOnline: boolean) =>
      json(`/fundraising/charity/${charity}/pages/${wiremu.id}/toggleOnlineStatus`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ isOnline }),
      });
    expect((await toggle(false)).status).toBe(200);
    const refused = await eventually(
      async () => post(`/fundraising/pages/${wiremu.id}/donate`, await gift(), withKey()),
      (answer) => answer.status === 409,
    );
    expect(refused.body.detail).toBe(FUNDRAISING_MESSAGES.pageOffline);
    expect((await toggle(true)).status).toBe(200);
    const accepted = await eventually(
      async () => post(`/fundraising/pages/${wiremu.id}/donate`, await gift(), withKey()),
      (answer) => answer.status === 202,
    );
    expect((await client.settle(accepted.body.trackingNumber)).paymentProcessingStatus).toBe('Completed');
  });

  it('past its end date: 409 saying it has ended', async () => {
    // The page ended yesterday (its end date set in the table, as time passing would; the stream tells donations).
    const documents = DynamoDBDocumentClient.from(dynamoClient(platform.urls.dynamodb));
    const yesterday = localDay(new Date(Date.now() - 24 * 60 * 60 * 1000), COUNTRY_TIME_ZONES.nz);
    await documents.send(
      new UpdateCommand({
        TableName: tableOf('fundraising'),
        Key: { pk: `PAGE#${grace.id}`, sk: 'PAGE' },
        UpdateExpression: 'SET endDate = :yesterday ADD version :one',
        ExpressionAttributeValues: { ':yesterday': yesterday, ':one': 1 },
      }),
    );
    documents.destroy();
    expect((await readPage(grace)).status).toBe('Ended');
    const refused = await eventually(
      async () => post(`/fundraising/pages/${grace.id}/donate`, await gift(), withKey()),
      (answer) => answer.status === 409,
    );
    expect(refused.body.detail).toBe(FUNDRAISING_MESSAGES.pageEnded);
  });
});

describe('a payroll pledge to a page (spec 1 §3: pageId, pageAmount, donationFrequency, anonymousDonation, message)', () => {
  it('a workplace member pledges from their pay; someone without payroll is refused; an unknown page is 404 naming pageId', async () => {
    const wiremu = await client.idToken(DEMO_USERS.find((user) => user.role === 'workplaceMember')!.email, DEMO_PASSWORD);
    const body = { pageType: 'FUNDRAISE', country: 'nz', pageId: dana.id, pageAmount: 1000, donationFrequency: 'EveryPayCycle', anonymousDonation: false, message: 'Every pay day, Dana!' };
    const pledged = await json<{ pledgeId: string; page?: { id: string }; message?: string; total: { cents: number }; charity: { id: string } }>('/donations/me/payroll-pledges', {
      method: 'POST',
      headers: { authorization: `Bearer ${wiremu}`, 'content-type': 'application/json', ...withKey() },
      body: JSON.stringify(body),
    });
    expect(pledged.status).toBe(201);
    expect(pledged.body).toMatchObject({ page: { id: dana.id, title: 'Dana walks for kiwi' }, message: 'Every pay day, Dana!', total: { cents: 1000 }, charity: { id: walk.charity.id } });
    const published = await eventually(
      () => client.eventsOf('PayrollPledgeCreated'),
      (events) => events.some((event) => event.detail.data.pledgeId === pledged.body.pledgeId),
    );
    expect(published.find((event) => event.detail.data.pledgeId === pledged.body.pledgeId)?.detail.data).toMatchObject({ pageType: 'FUNDRAISE', page: { id: dana.id } });

    const danaToken = await client.idToken(DEMO_USERS.find((user) => user.role === 'donor')!.email, DEMO_PASSWORD);
    const refused = await json('/donations/me/payroll-pledges', { method: 'POST', headers: { authorization: `Bearer ${danaToken}`, 'content-type': 'application/json', ...withKey() }, body: JSON.stringify(body) });
    expect(refused.status).toBe(403);
    const unknown = await json<{ errors: { field: string }[] }>('/donations/me/payroll-pledges', {
      method: 'POST',
      headers: { authorization: `Bearer ${wiremu}`, 'content-type': 'application/json', ...withKey() },
      body: JSON.stringify({ ...body, pageId: '01ARZ3NDEKTSV4RRFFQ69G5FAV' }),
    });
    expect(unknown).toMatchObject({ status: 404, body: { errors: [{ field: 'body.pageId' }] } });
  });
});

describe('a member gives to a page', () => {
  it('monthly with a new card: Completed, counted on the page, and listed in their upcoming donations with the page', async () => {
    const member = DEMO_USERS.find((user) => user.role === 'workplaceAdmin')!;
    const token = await client.idToken(member.email, DEMO_PASSWORD);
    const request = withFee<Omit<MemberFundraisePaymentRequest, 'transactionFeeCents'>>({
      pageType: 'FUNDRAISE',
      country: 'nz',
      donationAmount: 1500,
      quantity: 1,
      supportingAmount: 0,
      paymentType: 'CARD',
      isRecurring: true,
      isAnonymous: false,
      receiptName: 'Grace Liu',
      isMessageAnonymous: false,
      card: await client.cardToken(TEST_CARDS.approve, 'Grace Liu'),
    } as Omit<MemberFundraisePaymentRequest, 'transactionFeeCents'>);
    const before = await readPage(dana);
    const accepted = await post(`/fundraising/me/pages/${dana.id}/donate`, request, { authorization: `Bearer ${token}`, ...withKey() });
    expect(accepted.status).toBe(202);
    expect((await client.settle(accepted.body.trackingNumber)).paymentProcessingStatus).toBe('Completed');
    const after = await eventually(() => readPage(dana), (page) => page.donationsCount === before.donationsCount + 1);
    expect(after.onlineAmount).toBe(before.onlineAmount + 1500);
    const upcoming = await eventually(
      () => json<RecurringDonationList>('/donations/me/recurring-donations', { headers: { authorization: `Bearer ${token}` } }).then((answer) => answer.body),
      (list) => list.items.some((item) => item.scheduleId === accepted.body.trackingNumber),
    );
    expect(upcoming.items.find((item) => item.scheduleId === accepted.body.trackingNumber)).toMatchObject({ pageType: 'FUNDRAISE', page: { title: 'Dana walks for kiwi' } });
    expect((await post(`/fundraising/me/pages/${dana.id}/donate`, request, withKey())).status).toBe(401);
  });
});

// Last: the page's digest and target tests above count its donations.
describe('a page donation refunded', () => {
  it('refunded by the back office: the page and its event lose the refunded part, the donor shows what is left, then goes', async () => {
    const accepted = await post(`/fundraising/pages/${dana.id}/donate`, await gift({ donationAmount: 2000 }), withKey());
    expect((await client.settle(accepted.body.trackingNumber)).paymentProcessingStatus).toBe('Completed');
    const counted = await eventually(() => donorsOf(dana), (donors) => donors.some((donor) => donor.id === accepted.body.trackingNumber));
    expect(counted.find((donor) => donor.id === accepted.body.trackingNumber)?.amount).toBe(2000);
    const before = await readPage(dana);
    const eventBefore = (await json<FundraisingEvent>(`/fundraising/events/${walk.eventUrl}`)).body;
    const alex = DEMO_USERS.find((user) => user.role === 'backOffice')!;
    const token = await client.idToken(alex.email, DEMO_PASSWORD);
    const refund = (body: unknown) =>
      json<{ refund: { refundId: string } }>(`/donations/backoffice/payments/${accepted.body.trackingNumber}/refunds`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...withKey() },
        body: JSON.stringify(body),
      });

    expect((await refund({ amount: 500, reason: 'Gave $5 too much' })).status).toBe(202);
    const part = await eventually(() => readPage(dana), (page) => page.onlineAmount === before.onlineAmount - 500);
    expect(part).toMatchObject({ donationsCount: before.donationsCount, donatedAmount: before.donatedAmount - 500 });
    expect((await donorsOf(dana)).find((donor) => donor.id === accepted.body.trackingNumber)?.amount).toBe(1500);

    expect((await refund({ reason: 'Asked for all of it back' })).status).toBe(202);
    const all = await eventually(() => readPage(dana), (page) => page.onlineAmount === before.onlineAmount - 2000);
    expect(all.donationsCount).toBe(before.donationsCount - 1);
    expect((await donorsOf(dana)).map((donor) => donor.id)).not.toContain(accepted.body.trackingNumber);
    const eventAfter = await eventually(
      async () => (await json<FundraisingEvent>(`/fundraising/events/${walk.eventUrl}`)).body,
      (event) => event.donatedAmount === eventBefore.donatedAmount - 2000,
    );
    expect(eventAfter.donationsCount).toBe(eventBefore.donationsCount - 1);
  });
});
