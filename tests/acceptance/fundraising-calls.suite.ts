import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecentActivity } from '@giving/shared/contracts/accounts';
import type { FundraisePaymentRequest } from '@giving/shared/contracts/donations';
import { TRANSACTION_FEE_CHANGED_MESSAGE } from '@giving/shared/contracts/payment-gateway';
import { FUNDRAISING_MESSAGES, type FundraisingEvent, type OfflineDonation, type Page, type PageSummary } from '@giving/shared/contracts/fundraising';
import type { RunningPlatform } from '../../tools/local/src/platform';
import { DEMO_PASSWORD, DEMO_USERS, type DemoRole } from '../../tools/local/src/seed/data';
import { demoVoucherCodes } from '../../tools/local/src/seed/vouchers';
import { apiCaller, eventually, platformClient, startTestPlatform, withFee } from './platform';

/**
 * The fundraising calls fundraising.test.ts does not walk through, each with its status codes: an event's team (join,
 * roles, removal, leaving) and invitations (resend, withdraw, decline), its managers' edit, toggle and pages, a page's
 * edit and offline gifts list, recent fundraisers, the back office's edits, the charity removing a comment, a gift
 * voucher paying a page, and the ticker's fundraising support.
 */
let platform: RunningPlatform;
let client: ReturnType<typeof platformClient>;
const tokens = new Map<DemoRole, string>();
const emailOf = (role: DemoRole) => DEMO_USERS.find((user) => user.role === role)!.email.toLowerCase();
let kiwiId = '';
let event: FundraisingEvent;
let page: Page;

const unique = () => Math.random().toString(36).slice(2, 8);
const inDays = (days: number) => new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
const call = apiCaller(() => platform, tokens);
const content = (title: string) => ({ title, story: 'A story worth telling.', targetAmount: 100_000, endDate: inDays(40) });

beforeAll(async () => {
  platform = await startTestPlatform(7600);
  client = platformClient(platform);
  for (const user of DEMO_USERS) tokens.set(user.role, await client.idToken(user.email, DEMO_PASSWORD));
  kiwiId = (await call<{ items: { id: string; charityUrl: string }[] }>('/accounts/charities?country=nz')).body.items.find((c) => c.charityUrl === 'kiwi-coast-rescue')!.id;
  await eventually(
    () => call<{ items: { id: string }[] }>('/fundraising/charities?country=nz'),
    (answer) => answer.body.items.some((charity) => charity.id === kiwiId),
    30_000,
  );
  event = (await call<FundraisingEvent>('/fundraising/events', { method: 'POST', role: 'donor', body: { country: 'nz', charityId: kiwiId, eventUrl: `harbour-bridge-${unique()}`, ...content('Harbour bridge climb') } })).body;
}, 120_000);

afterAll(async () => {
  await platform?.stop();
});

describe("an event's team", () => {
  it('a member joins, is made an admin and may then edit it; removed, they can no longer; a stranger never could', async () => {
    expect(await call(`/fundraising/events/${event.id}/members`, { method: 'POST', role: 'contentAdmin' })).toMatchObject({ status: 200, body: { role: 'Member' } });
    // Joining again keeps the role.
    expect(await call(`/fundraising/events/${event.id}/members`, { method: 'POST', role: 'contentAdmin' })).toMatchObject({ status: 200, body: { role: 'Member' } });
    const members = await call<{ items: { memberId: string; name: string; role: string }[] }>(`/fundraising/events/${event.id}/members`, { role: 'contentAdmin' });
    expect(members.body.items.map((m) => [m.name, m.role])).toEqual(expect.arrayContaining([['Dana Whitfield', 'Owner'], ['Casey Brown', 'Member']]));
    const casey = members.body.items.find((m) => m.name === 'Casey Brown')!.memberId;
    expect((await call(`/fundraising/events/${event.id}/edit`, { role: 'contentAdmin' })).status).toBe(403);
    expect((await call(`/fundraising/events/${event.id}/members/${casey}`, { method: 'PATCH', role: 'contentAdmin', body: { role: 'Admin' } })).status).toBe(403);
    expect(await call(`/fundraising/events/${event.id}/members/${casey}`, { method: 'PATCH', role: 'donor', body: { role: 'Admin' } })).toMatchObject({ status: 200, body: { role: 'Admin' } });
    expect((await call<FundraisingEvent>(`/fundraising/events/${event.id}/edit`, { role: 'contentAdmin' })).body.title).toBe('Harbour bridge climb');
    const edited = await call<FundraisingEvent>(`/fundraising/events/${event.id}`, { method: 'PATCH', role: 'contentAdmin', body: content('Harbour bridge climb 2027') });
    expect(edited).toMatchObject({ status: 200, body: { title: 'Harbour bridge climb 2027', eventUrl: event.eventUrl } });
    expect((await call(`/fundraising/events/${event.id}`, { method: 'PATCH', role: 'contentAdmin', body: { ...content('x'), title: '' } })).status).toBe(400);
    expect((await call(`/fundraising/events/${event.id}/edit`, { role: 'workplaceAdmin' })).status).toBe(403);
    expect((await call(`/fundraising/events/${event.id}/members/${casey}`, { method: 'DELETE', role: 'donor' })).status).toBe(204);
    expect((await call(`/fundraising/events/${event.id}/me`, { role: 'contentAdmin' })).body).toMatchObject({ role: null, canManage: false });
    expect((await call(`/fundraising/events/${event.id}/edit`, { role: 'contentAdmin' })).status).toBe(403);
    expect((await call(`/fundraising/events/01ARZ3NDEKTSV4RRFFQ69G5FAV/me`, { role: 'contentAdmin' })).status).toBe(404);
  });

  it('invitations: resent (e-mailed again), withdrawn, and declined by the invitee', async () => {
    const invited = await call<{ items: { id: string }[] }>(`/fundraising/events/${event.id}/invitations`, { method: 'POST', role: 'donor', body: { invitees: [{ email: emailOf('workplaceAdmin'), role: 'Member' }] } });
    expect(invited.status).toBe(201);
    const id = invited.body.items[0]!.id;
    const about = async () => (await client.receiptsFor(emailOf('workplaceAdmin'))).filter((mail) => mail.subject.includes('Harbour bridge climb'));
    expect(await eventually(about, (mails) => mails.length === 1)).toHaveLength(1);
    expect((await call(`/fundraising/events/${event.id}/invitations/${id}/resend`, { method: 'POST', role: 'donor' })).status).toBe(204);
    expect(await eventually(about, (mails) => mails.length === 2)).toHaveLength(2);
    expect((await call(`/fundraising/events/${event.id}/invitations/${id}/resend`, { method: 'POST', role: 'workplaceAdmin' })).status).toBe(403);
    expect((await call(`/fundraising/events/${event.id}/invitations/${id}`, { method: 'DELETE', role: 'donor' })).status).toBe(204);
    expect((await call<{ items: unknown[] }>(`/fundraising/events/${event.id}/invitations`, { role: 'donor' })).body.items).toEqual([]);
    expect((await call(`/fundraising/me/invitations/${id}`, { method: 'PATCH', role: 'workplaceAdmin', body: { answer: 'Accept' } })).status).toBe(404);

    const again = await call<{ items: { id: string }[] }>(`/fundraising/events/${event.id}/invitations`, { method: 'POST', role: 'donor', body: { invitees: [{ email: emailOf('workplaceAdmin'), role: 'Admin' }] } });
    const declined = await call(`/fundraising/me/invitations/${again.body.items[0]!.id}`, { method: 'PATCH', role: 'workplaceAdmin', body: { answer: 'Decline' } });
    expect(declined).toMatchObject({ status: 200, body: { answer: 'Decline' } });
    expect((await call(`/fundraising/events/${event.id}/me`, { role: 'workplaceAdmin' })).body).toMatchObject({ role: null });
    expect((await call(`/fundraising/me/invitations/${again.body.items[0]!.id}`, { method: 'PATCH', role: 'workplaceAdmin', body: { answer: 'Maybe' } })).status).toBe(400);
  });
});

describe("a page's calls", () => {
  it('Casey makes a page in the event: its edit form, a member who leaves, its offline gifts, and the event manager sees it offline too', async () => {
    const created = await call<Page>('/fundraising/pages', { method: 'POST', role: 'contentAdmin', body: { eventId: event.id, pageUrl: `casey-climbs-${unique()}`, ...content('Casey climbs') } });
    expect(created.status).toBe(201);
    page = created.body;
    expect((await call<Page>(`/fundraising/pages/${page.id}/edit`, { role: 'contentAdmin' })).body).toMatchObject({ id: page.id, story: 'A story worth telling.' });
    expect((await call(`/fundraising/pages/${page.id}/edit`, { role: 'donor' })).status).toBe(403);

    // Dana joins the page's team, then leaves it herself.
    expect(await call(`/fundraising/pages/${page.id}/members`, { method: 'POST', role: 'donor' })).toMatchObject({ status: 200, body: { role: 'Member' } });
    const members = await call<{ items: { memberId: string; name: string }[] }>(`/fundraising/pages/${page.id}/members`, { role: 'donor' });
    const dana = members.body.items.find((m) => m.name === 'Dana Whitfield')!.memberId;
    expect((await call(`/fundraising/pages/${page.id}/members/${dana}`, { method: 'DELETE', role: 'donor' })).status).toBe(204);
    expect((await call(`/fundraising/pages/${page.id}/members`, { role: 'donor' })).status).toBe(403);

    const entered = await call<OfflineDonation>(`/fundraising/pages/${page.id}/offline-donations`, { method: 'POST', role: 'contentAdmin', body: { amount: 2500, donorName: 'Cake stall', receivedOn: inDays(0) } });
    expect(entered.status).toBe(201);
    expect((await call<{ items: OfflineDonation[] }>(`/fundraising/pages/${page.id}/offline-donations`, { role: 'contentAdmin' })).body.items).toEqual([expect.objectContaining({ id: entered.body.id, status: 'Pending', amount: 2500 })]);
    expect((await call(`/fundraising/pages/${page.id}/offline-donations`, { role: 'donor' })).status).toBe(403);
    expect((await call(`/fundraising/pages/${page.id}/offline-donations`, { method: 'POST', role: 'contentAdmin', body: { amount: 50, receivedOn: inDays(0) } })).status).toBe(400);

    // The event's Owner takes the page's event offline and sees every page, offline ones too.
    expect(await call(`/fundraising/events/${event.id}/toggleOnlineStatus`, { method: 'PATCH', role: 'donor', body: { isOnline: false } })).toMatchObject({ status: 200, body: { isOnline: false } });
    const all = await call<{ items: PageSummary[] }>(`/fundraising/events/${event.id}/pages`, { role: 'donor' });
    expect(all.body.items).toEqual([expect.objectContaining({ id: page.id, status: 'Offline' })]);
    expect((await call(`/fundraising/events/${event.id}/pages`, { role: 'contentAdmin' })).status).toBe(403);
    expect((await call(`/fundraising/events/${event.id}/toggleOnlineStatus`, { method: 'PATCH', role: 'contentAdmin' })).status).toBe(403);
    expect(await call(`/fundraising/events/${event.id}/toggleOnlineStatus`, { method: 'PATCH', role: 'donor' })).toMatchObject({ status: 200, body: { isOnline: true } });
  });

  it('recent fundraisers name the newest pages with their addresses', async () => {
    const recent = await call<{ items: { title: string; fundraisingUrl: string; ownerName: string; charityName: string }[] }>('/fundraising/recent?country=nz');
    expect(recent.status).toBe(200);
    expect(recent.body.items[0]).toEqual(expect.objectContaining({ title: 'Casey climbs', fundraisingUrl: `/nz/fundraising/${event.eventUrl}/${page.pageUrl}`, ownerName: 'Casey Brown', charityName: 'Kiwi Coast Rescue' }));
    expect((await call('/fundraising/recent')).status).toBe(400);
  });

  it('the charity removes a comment on it; the back office edits and toggles it and its event', async () => {
    const comment = await call<{ id: string }>(`/fundraising/pages/${page.id}/comments`, { method: 'POST', role: 'workplaceMember', body: { text: 'Buy my raffle tickets!' } });
    expect((await call(`/fundraising/pages/${page.id}/comments/${comment.body.id}`, { method: 'DELETE', role: 'workplaceAdmin' })).status).toBe(403);
    expect((await call(`/fundraising/pages/${page.id}/comments/${comment.body.id}`, { method: 'DELETE', role: 'charityAdmin' })).status).toBe(204);
    expect((await call(`/fundraising/pages/${page.id}/comments/${comment.body.id}`, { method: 'DELETE', role: 'charityAdmin' })).status).toBe(404);

    expect(await call(`/fundraising/backOffice/pages/${page.id}`, { method: 'PATCH', role: 'backOffice', body: content('Casey climbs (edited)') })).toMatchObject({ status: 200, body: { title: 'Casey climbs (edited)' } });
    expect((await call(`/fundraising/backOffice/pages/${page.id}`, { method: 'PATCH', role: 'charityAdmin', body: content('x') })).status).toBe(403);
    expect(await call(`/fundraising/backOffice/events/${event.id}`, { method: 'PATCH', role: 'backOffice', body: content('Harbour bridge climb (edited)') })).toMatchObject({ status: 200, body: { title: 'Harbour bridge climb (edited)' } });
    const found = await call<{ items: { id: string }[] }>(`/fundraising/backOffice/events?country=nz&q=${encodeURIComponent('bridge climb')}`, { role: 'backOffice' });
    expect(found.body.items.map((e) => e.id)).toEqual([event.id]);
    expect(await call(`/fundraising/backOffice/pages/${page.id}/toggleOnlineStatus`, { method: 'PATCH', role: 'backOffice', body: { isOnline: false } })).toMatchObject({ status: 200, body: { isOnline: false } });
    expect(await call(`/fundraising/backOffice/pages/${page.id}/toggleOnlineStatus`, { method: 'PATCH', role: 'backOffice' })).toMatchObject({ status: 200, body: { isOnline: true } });
  });
});

describe('giving to the page', () => {
  it('a gift voucher pays a donation to it in full, and the ticker shows it as fundraising support', async () => {
    // A page of its own, never toggled: the pages above went offline and back, and a donation accepted while donations
    // still knew an older version of them could rightly fail when the workflow meets the offline one.
    page = (await call<Page>('/fundraising/pages', { method: 'POST', role: 'contentAdmin', body: { eventId: event.id, pageUrl: `casey-abseils-${unique()}`, ...content('Casey abseils') } })).body;
    const [voucher] = demoVoucherCodes();
    const request = withFee<Omit<FundraisePaymentRequest, 'transactionFeeCents'>>({
      pageType: 'FUNDRAISE',
      country: 'nz',
      donationAmount: 1500,
      quantity: 1,
      supportingAmount: 0,
      paymentType: 'VOUCHER',
      voucher: { code: voucher!.code },
      isRecurring: false,
      isAnonymous: false,
      receiptName: 'Aroha Ngata',
      isMessageAnonymous: false,
      donor: { firstName: 'Aroha', lastName: 'Ngata', email: `aroha.${unique()}@example.com` },
    } as Omit<FundraisePaymentRequest, 'transactionFeeCents'>, voucher!.valueCents);
    expect(request.transactionFeeCents).toBe(0);
    // Donations learns a new page from its documents: wait until it knows it, asking with a fee it would refuse (409
    // with the fee's words, nothing stored) rather than paying.
    const probe = await eventually(
      () => call<{ detail: string }>(`/fundraising/pages/${page.id}/donate`, { method: 'POST', body: { ...request, transactionFeeCents: 7 }, headers: { 'idempotency-key': `probe-${unique()}` } }),
      (answer) => answer.status === 409,
      30_000,
    );
    expect(probe.body.detail).toBe(TRANSACTION_FEE_CHANGED_MESSAGE);
    const accepted = await call<{ trackingNumber: string }>(`/fundraising/pages/${page.id}/donate`, { method: 'POST', body: request, headers: { 'idempotency-key': `key-${unique()}` } });
    expect(accepted.status).toBe(202);
    expect((await client.settle(accepted.body.trackingNumber)).paymentProcessingStatus).toBe('Completed');
    expect(await client.chargesFor(accepted.body.trackingNumber)).toEqual([]);
    const read = await eventually(
      async () => (await call<Page>(`/fundraising/events/${event.eventUrl}/pages/${page.pageUrl}`)).body,
      (current) => current.onlineAmount === 1500,
    );
    expect(read).toMatchObject({ onlineAmount: 1500, donationsCount: 1 });

    const ticker = await eventually(
      async () => (await call<{ items: RecentActivity[] }>('/accounts/site/recent?country=nz')).body.items,
      (items) => items.some((item) => item.id === accepted.body.trackingNumber),
    );
    expect(ticker.find((item) => item.id === accepted.body.trackingNumber)).toEqual(
      expect.objectContaining({ kind: 'fundraising', title: read.title, fundraisingUrl: `/nz/fundraising/${event.eventUrl}/${page.pageUrl}`, donationAmount: { cents: 1500, currency: 'NZD' } }),
    );
    // Another page type in the body is refused naming it; an unknown page is 404 with the page's words.
    expect((await call(`/fundraising/pages/${page.id}/donate`, { method: 'POST', body: { ...request, pageType: 'GIFT' }, headers: { 'idempotency-key': `key-${unique()}` } })).status).toBe(400);
    expect(await call('/fundraising/pages/01ARZ3NDEKTSV4RRFFQ69G5FAV/donate', { method: 'POST', body: request, headers: { 'idempotency-key': `key-${unique()}` } })).toMatchObject({ status: 404, body: { detail: FUNDRAISING_MESSAGES.pageNotFound } });
  });
});
