import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FUNDRAISING_MESSAGES,
  type EventInput,
  type EventList,
  type FundraisingEvent,
  type MyFundraising,
  type OfflineDonation,
  type Page,
  type PageList,
} from '@giving/shared/contracts/fundraising';
import { DEMO_PASSWORD, DEMO_USERS, type DemoRole } from '../../tools/local/src/seed/data';
import type { RunningPlatform } from '../../tools/local/src/platform';
import { platformClient, startTestPlatform } from './platform';

/**
 * Fundraising end to end through the real local API, stream and bus, given the seeded demo: Dana creates a multi-page
 * event for Kiwi Coast Rescue, Wiremu creates his page in it and invites Dana as an admin, members comment, the page
 * goes offline and back, an offline gift is entered and confirmed by the charity (counted once), the consoles list
 * them, and every page version is published for search. The reads other parts rely on keep their exact shapes.
 */
let platform: RunningPlatform;
let client: ReturnType<typeof platformClient>;
const tokens = new Map<DemoRole, string>();
const emailOf = (role: DemoRole) => DEMO_USERS.find((user) => user.role === role)!.email.toLowerCase();
let kiwiId = '';
let otherCharityId = '';

const api = (path: string, init: { method?: string; role?: DemoRole; body?: unknown } = {}) =>
  fetch(`${platform.siteUrl}/api${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.role ? { authorization: `Bearer ${tokens.get(init.role)}` } : {}),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
async function call<T = Record<string, unknown>>(path: string, init: Parameters<typeof api>[1] = {}): Promise<{ status: number; body: T }> {
  const response = await api(path, init);
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await pause(200);
  }
}
const unique = () => Math.random().toString(36).slice(2, 8);
const inDays = (days: number) => new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

beforeAll(async () => {
  platform = await startTestPlatform(7400);
  client = platformClient(platform);
  for (const user of DEMO_USERS) tokens.set(user.role, await client.idToken(user.email, DEMO_PASSWORD));
  const charities = (await call<{ items: { id: string; charityUrl: string }[] }>('/accounts/charities?country=nz')).body;
  kiwiId = charities.items.find((c) => c.charityUrl === 'kiwi-coast-rescue')!.id;
  otherCharityId = charities.items.find((c) => c.charityUrl !== 'kiwi-coast-rescue')!.id;
  // Fundraising learns charities from accounts' events: wait until it knows Kiwi Coast Rescue.
  await eventually(
    () => call<{ items: { id: string }[] }>('/fundraising/charities?country=nz'),
    (answer) => answer.body.items.some((charity) => charity.id === kiwiId),
    30_000,
  );
}, 120_000);

afterAll(async () => {
  await platform?.stop();
});

const eventInput = (overrides: Partial<EventInput> = {}): EventInput => ({
  country: 'nz',
  charityId: kiwiId,
  eventUrl: `kiwi-coast-walk-${unique()}`,
  title: 'Kiwi Coast Walk 2027',
  story: 'Walk the coast with us and raise money to trap predators around kiwi nesting sites.',
  targetAmount: 500_000,
  endDate: inDays(90),
  ...overrides,
});

describe('what visitors read', () => {
  it('the roles, the charities one can fundraise for, and an empty list in the exact shape', async () => {
    const roles = await call<{ event: { role: string }[]; page: { role: string }[] }>('/fundraising/roles');
    expect(roles.status).toBe(200);
    expect(roles.body.event.map((r) => r.role)).toEqual(['Owner', 'Admin', 'Member']);
    expect(roles.body.page.map((r) => r.role)).toEqual(['Owner', 'Admin', 'Member']);
    const charities = await call<{ items: { id: string; charityUrl: string }[] }>('/fundraising/charities?country=nz');
    expect(charities.body.items.find((c) => c.id === kiwiId)).toMatchObject({ charityUrl: 'kiwi-coast-rescue' });
    expect((await call('/fundraising/charities?country=xx')).status).toBe(400);
    const au = await call<EventList>('/fundraising/events?country=au');
    expect(au).toMatchObject({ status: 200, body: { items: expect.any(Array) } });
    expect((await call('/fundraising/events')).status).toBe(400);
    expect((await call('/fundraising/events?country=nz&sort=oldest')).status).toBe(400);
  });

  it('an unknown event or page is 404 with the message; a malformed address is 400 naming it', async () => {
    expect(await call('/fundraising/events/no-such-event')).toMatchObject({ status: 404, body: { detail: FUNDRAISING_MESSAGES.eventNotFound } });
    expect(await call('/fundraising/events/no-such-event/pages/no-page')).toMatchObject({ status: 404, body: { detail: FUNDRAISING_MESSAGES.pageNotFound } });
    const bad = await call<{ errors: { field: string }[] }>('/fundraising/events/Not_A_Slug');
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]!.field).toBe('path.eventUrl');
    expect((await call('/fundraising/pages/01ARZ3NDEKTSV4RRFFQ69G5FAV/donors')).status).toBe(404);
  });
});

describe('an event, a page in it, its team, comments, status and an offline gift', () => {
  let event: FundraisingEvent;
  let page: Page;

  it('Dana creates a multi-page event (201); she owns it; its address is then taken, with suggestions', async () => {
    const input = eventInput();
    expect((await call<{ available: boolean }>(`/fundraising/address?eventUrl=${input.eventUrl}`)).body).toEqual({ available: true, suggestions: [] });
    const created = await call<FundraisingEvent>('/fundraising/events', { method: 'POST', role: 'donor', body: input });
    expect(created.status).toBe(201);
    event = created.body;
    expect(event).toMatchObject({
      eventUrl: input.eventUrl,
      kind: 'MultiPage',
      title: input.title,
      charity: { id: kiwiId, charityUrl: 'kiwi-coast-rescue' },
      owner: { name: 'Dana Whitfield' },
      status: 'Open',
      donatedAmount: 0,
      targetAmount: 500_000,
      donationsCount: 0,
      raisedPercentage: 0,
      pages: [],
    });
    const taken = await call<{ available: boolean; suggestions: string[] }>(`/fundraising/address?eventUrl=${input.eventUrl}`);
    expect(taken.body.available).toBe(false);
    expect(taken.body.suggestions.length).toBeGreaterThan(0);
    for (const suggestion of taken.body.suggestions) expect(suggestion.startsWith(input.eventUrl)).toBe(true);
    const again = await call<{ errors: { field: string; message: string }[] }>('/fundraising/events', { method: 'POST', role: 'donor', body: { ...input, title: 'Another' } });
    expect(again.status).toBe(409);
    expect(again.body.errors).toEqual([{ field: 'body.eventUrl', message: FUNDRAISING_MESSAGES.addressTaken }]);
    expect((await call<{ role: string }>(`/fundraising/events/${event.id}/me`, { role: 'donor' })).body).toMatchObject({ role: 'Owner', canManage: true });
  });

  it('bad input is a 400 naming each field, and nothing is written; a guest gets 401', async () => {
    const url = `bad-${unique()}`;
    const bad = await call<{ errors: { field: string; message: string }[] }>('/fundraising/events', {
      method: 'POST',
      role: 'donor',
      body: { ...eventInput({ eventUrl: url }), title: '', targetAmount: -5, endDate: '2027-02-30' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e) => e.field).sort()).toEqual(['body.endDate', 'body.targetAmount', 'body.title']);
    const past = await call<{ errors: { field: string; message: string }[] }>('/fundraising/events', { method: 'POST', role: 'donor', body: eventInput({ eventUrl: url, endDate: inDays(-2) }) });
    expect(past).toMatchObject({ status: 400, body: { errors: [{ field: 'body.endDate', message: FUNDRAISING_MESSAGES.endDatePast }] } });
    const reserved = await call('/fundraising/events', { method: 'POST', role: 'donor', body: eventInput({ eventUrl: 'create' }) });
    expect(reserved.status).toBe(409);
    const wrongCountry = await call<{ errors: { field: string }[] }>('/fundraising/events', { method: 'POST', role: 'donor', body: eventInput({ eventUrl: url, country: 'au' }) });
    expect(wrongCountry).toMatchObject({ status: 400, body: { errors: [{ field: 'body.charityId', message: FUNDRAISING_MESSAGES.charityWrongCountry }] } });
    expect((await call(`/fundraising/address?eventUrl=${url}`)).body).toMatchObject({ available: true });
    expect((await call('/fundraising/events', { method: 'POST', body: eventInput() })).status).toBe(401);
  });

  it('Wiremu creates his page in it (201) and joins the event; the reads keep their exact shapes', async () => {
    const pageUrl = `wiremu-walks-${unique()}`;
    const created = await call<Page>('/fundraising/pages', {
      method: 'POST',
      role: 'workplaceMember',
      body: { eventId: event.id, pageUrl, title: 'Wiremu walks for kiwi', story: 'Every kilometre traps a stoat.', targetAmount: 100_000, endDate: inDays(60) },
    });
    expect(created.status).toBe(201);
    page = created.body;
    const read = await call<Page>(`/fundraising/events/${event.eventUrl}/pages/${pageUrl}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      id: page.id,
      pageUrl,
      eventId: event.id,
      eventUrl: event.eventUrl,
      eventTitle: event.title,
      donatedAmount: 0,
      targetAmount: 100_000,
      donationsCount: 0,
      raisedPercentage: 0,
      status: 'Open',
      owner: { name: 'Wiremu Parata' },
      members: [{ name: 'Wiremu Parata', role: 'Owner' }],
    });
    const withPages = await call<FundraisingEvent>(`/fundraising/events/${event.eventUrl}`);
    expect(withPages.body).toMatchObject({ id: event.id, eventUrl: event.eventUrl, title: event.title, pagesCount: 1 });
    expect(withPages.body.pages).toEqual([expect.objectContaining({ id: page.id, pageUrl, title: 'Wiremu walks for kiwi' })]);
    expect((await call<{ role: string }>(`/fundraising/events/${event.id}/me`, { role: 'workplaceMember' })).body.role).toBe('Member');
    const list = await call<EventList>('/fundraising/events?country=nz');
    expect(list.body.items.find((item) => item.id === event.id)).toMatchObject({ id: event.id, eventUrl: event.eventUrl, title: event.title });
    const taken = await call<{ available: boolean }>(`/fundraising/address?eventId=${event.id}&pageUrl=${pageUrl}`);
    expect(taken.body.available).toBe(false);
    expect((await call('/fundraising/pages', { method: 'POST', role: 'donor', body: { eventId: event.id, pageUrl, title: 'Mine', story: 'x', targetAmount: 0, endDate: inDays(5) } })).status).toBe(409);
  });

  it('Wiremu invites Dana as an admin: she is e-mailed, accepts, and can edit the page; a stranger cannot', async () => {
    const invited = await call<{ items: { id: string }[] }>(`/fundraising/pages/${page.id}/invitations`, {
      method: 'POST',
      role: 'workplaceMember',
      body: { invitees: [{ email: emailOf('donor').toUpperCase(), role: 'Admin' }], message: 'Help me get there!' },
    });
    expect(invited.status).toBe(201);
    const mail = await client.receiptsFor(emailOf('donor'));
    expect(mail.find((m) => m.subject.includes('Wiremu walks for kiwi'))?.text).toContain('Help me get there!');
    const twice = await call<{ errors: { field: string }[] }>(`/fundraising/pages/${page.id}/invitations`, {
      method: 'POST',
      role: 'workplaceMember',
      body: { invitees: [{ email: emailOf('donor'), role: 'Member' }] },
    });
    expect(twice).toMatchObject({ status: 409, body: { errors: [{ field: 'body.invitees.0.email', message: FUNDRAISING_MESSAGES.alreadyInvited }] } });
    expect((await call(`/fundraising/pages/${page.id}/invitations`, { role: 'donor' })).status).toBe(403);
    const mine = await call<{ items: { id: string; target: { id: string } }[] }>('/fundraising/me/invitations', { role: 'donor' });
    const invitation = mine.body.items.find((item) => item.target.id === page.id)!;
    expect(invitation.id).toBe(invited.body.items[0]!.id);
    expect((await call(`/fundraising/me/invitations/${invitation.id}`, { method: 'PATCH', role: 'workplaceAdmin', body: { answer: 'Accept' } })).status).toBe(403);
    const accepted = await call(`/fundraising/me/invitations/${invitation.id}`, { method: 'PATCH', role: 'donor', body: { answer: 'Accept' } });
    expect(accepted).toMatchObject({ status: 200, body: { answer: 'Accept', role: 'Admin' } });
    expect((await call(`/fundraising/me/invitations/${invitation.id}`, { method: 'PATCH', role: 'donor', body: { answer: 'Accept' } })).status).toBe(404);
    expect((await call(`/fundraising/pages/${page.id}/me`, { role: 'donor' })).body).toMatchObject({ role: 'Admin', canManage: true });

    const change = { title: 'Wiremu and Dana walk for kiwi', story: 'Every kilometre traps a stoat.', targetAmount: 150_000, endDate: inDays(60) };
    const edited = await call<Page>(`/fundraising/pages/${page.id}`, { method: 'PATCH', role: 'donor', body: change });
    expect(edited).toMatchObject({ status: 200, body: { title: change.title, targetAmount: 150_000 } });
    expect(await call(`/fundraising/pages/${page.id}`, { method: 'PATCH', role: 'workplaceAdmin', body: change })).toMatchObject({ status: 403, body: { detail: FUNDRAISING_MESSAGES.notManager } });
    const members = await call<{ items: { memberId: string; name: string; role: string }[] }>(`/fundraising/pages/${page.id}/members`, { role: 'workplaceMember' });
    expect(members.body.items.map((m) => [m.name, m.role])).toEqual(expect.arrayContaining([['Wiremu Parata', 'Owner'], ['Dana Whitfield', 'Admin']]));
    expect((await call(`/fundraising/pages/${page.id}/members`, { role: 'workplaceAdmin' })).status).toBe(403);
    // The Owner stays: an admin can neither remove them nor change their role.
    const ownerId = members.body.items.find((m) => m.role === 'Owner')!.memberId;
    expect(await call(`/fundraising/pages/${page.id}/members/${ownerId}`, { method: 'DELETE', role: 'donor' })).toMatchObject({ status: 409, body: { detail: FUNDRAISING_MESSAGES.lastOwner } });
    expect((await call(`/fundraising/pages/${page.id}/members/${ownerId}`, { method: 'PATCH', role: 'donor', body: { role: 'Member' } })).status).toBe(409);
    const myPages = await call<MyFundraising>('/fundraising/me', { role: 'donor' });
    expect(myPages.body.pages.find((p) => p.id === page.id)).toMatchObject({ role: 'Admin', title: change.title });
    expect(myPages.body.events.find((e) => e.id === event.id)).toMatchObject({ role: 'Owner' });
  });

  it('members comment; a page admin removes a comment; guests read them but cannot post', async () => {
    const posted = await call<{ id: string }>(`/fundraising/pages/${page.id}/comments`, { method: 'POST', role: 'workplaceAdmin', body: { text: '  Go Wiremu!  ' } });
    expect(posted).toMatchObject({ status: 201, body: { text: 'Go Wiremu!', author: { name: 'Grace Liu' } } });
    expect((await call(`/fundraising/pages/${page.id}/comments`, { method: 'POST', body: { text: 'hi' } })).status).toBe(401);
    expect((await call(`/fundraising/pages/${page.id}/comments`, { method: 'POST', role: 'donor', body: { text: '' } })).status).toBe(400);
    const listed = await call<{ items: { id: string; text: string }[] }>(`/fundraising/pages/${page.id}/comments`);
    expect(listed.body.items.map((c) => c.text)).toEqual(['Go Wiremu!']);
    expect((await call(`/fundraising/pages/${page.id}/comments/${posted.body.id}`, { method: 'DELETE', role: 'contentAdmin' })).status).toBe(403);
    expect((await call(`/fundraising/pages/${page.id}/comments/${posted.body.id}`, { method: 'DELETE', role: 'donor' })).status).toBe(204);
    expect((await call<{ items: unknown[] }>(`/fundraising/pages/${page.id}/comments`)).body.items).toEqual([]);
  });

  it('offline, the page stays readable (Offline) but leaves the lists; back online it returns', async () => {
    expect((await call(`/fundraising/pages/${page.id}/toggleOnlineStatus`, { method: 'PATCH', role: 'workplaceAdmin', body: { isOnline: false } })).status).toBe(403);
    expect(await call(`/fundraising/pages/${page.id}/toggleOnlineStatus`, { method: 'PATCH', role: 'workplaceMember', body: { isOnline: false } })).toMatchObject({ status: 200, body: { isOnline: false } });
    expect((await call<Page>(`/fundraising/events/${event.eventUrl}/pages/${page.pageUrl}`)).body.status).toBe('Offline');
    expect((await call<FundraisingEvent>(`/fundraising/events/${event.eventUrl}`)).body.pages).toEqual([]);
    expect((await call<PageList>('/fundraising/pages?country=nz')).body.items.some((p) => p.id === page.id)).toBe(false);
    // An empty body flips it.
    expect(await call(`/fundraising/pages/${page.id}/toggleOnlineStatus`, { method: 'PATCH', role: 'workplaceMember' })).toMatchObject({ status: 200, body: { isOnline: true } });
    expect((await call<PageList>('/fundraising/pages?country=nz')).body.items.some((p) => p.id === page.id)).toBe(true);
  });

  it('an offline gift counts once the charity confirms it, exactly once; the donors show it', async () => {
    const entered = await call<OfflineDonation>(`/fundraising/pages/${page.id}/offline-donations`, {
      method: 'POST',
      role: 'workplaceMember',
      body: { amount: 5000, donorName: 'Aunty Mere', note: 'Cash at the sausage sizzle', receivedOn: inDays(0) },
    });
    expect(entered).toMatchObject({ status: 201, body: { status: 'Pending', amount: 5000, currency: 'NZD' } });
    expect((await call(`/fundraising/pages/${page.id}/offline-donations`, { method: 'POST', role: 'workplaceAdmin', body: { amount: 5000, receivedOn: inDays(0) } })).status).toBe(403);
    expect((await call<Page>(`/fundraising/events/${event.eventUrl}/pages/${page.pageUrl}`)).body.donatedAmount).toBe(0);

    const pending = await call<{ items: OfflineDonation[] }>(`/fundraising/charity/${kiwiId}/offline-donations?status=Pending`, { role: 'charityAdmin' });
    expect(pending.body.items.map((d) => d.id)).toContain(entered.body.id);
    expect((await call(`/fundraising/charity/${kiwiId}/offline-donations`, { role: 'donor' })).status).toBe(403);
    expect((await call(`/fundraising/charity/${otherCharityId}/offline-donations/${entered.body.id}/confirm`, { method: 'POST', role: 'backOffice' })).status).toBe(404);
    // Two confirmations at once: one counts, the other is refused.
    const confirms = await Promise.all([1, 2].map(() => call(`/fundraising/charity/${kiwiId}/offline-donations/${entered.body.id}/confirm`, { method: 'POST', role: 'charityAdmin' })));
    expect(confirms.map((c) => c.status).sort()).toEqual([200, 409]);

    const after = await call<Page>(`/fundraising/events/${event.eventUrl}/pages/${page.pageUrl}`);
    expect(after.body).toMatchObject({ donatedAmount: 5000, offlineAmount: 5000, onlineAmount: 0, matchedAmount: 0, donationsCount: 1, targetAmount: 150_000, raisedPercentage: 3 });
    const eventAfter = await call<FundraisingEvent>(`/fundraising/events/${event.eventUrl}`);
    expect(eventAfter.body).toMatchObject({ donatedAmount: 5000, donationsCount: 1, raisedPercentage: 1 });
    const donors = await call<{ items: unknown[] }>(`/fundraising/pages/${page.id}/donors`);
    expect(donors.body.items).toEqual([expect.objectContaining({ name: 'Aunty Mere', amount: 5000, currency: 'NZD', kind: 'Offline', message: 'Cash at the sausage sizzle' })]);

    // The most-raised lists follow the totals (their sort keys catch up from the table's stream).
    const inOrder = (items: { donatedAmount: number }[]) => items.every((item, index) => index === 0 || items[index - 1]!.donatedAmount >= item.donatedAmount);
    const ranked = await eventually(
      () => call<PageList>('/fundraising/pages?country=nz&sort=mostRaised'),
      (answer) => answer.body.items.some((item) => item.id === page.id) && inOrder(answer.body.items),
    );
    expect(ranked.body.items.find((item) => item.id === page.id)).toMatchObject({ donatedAmount: 5000 });
    expect(inOrder(ranked.body.items)).toBe(true);
    // Every stored version is published for search, the last with the totals.
    const published = await eventually(
      () => client.eventsOf('PageModified'),
      (events) => events.some((e) => (e.detail.data.page as { id: string; donatedAmount: number }).id === page.id && (e.detail.data.page as { donatedAmount: number }).donatedAmount === 5000),
    );
    expect(published.some((e) => (e.detail.data.page as { id: string }).id === page.id && e.detail.data.change === 'Created')).toBe(true);
  });

  it('the charity and the back office list them and take them offline; others get 403', async () => {
    const events = await call<{ items: { id: string }[] }>(`/fundraising/charity/${kiwiId}/events`, { role: 'charityAdmin' });
    expect(events.body.items.map((e) => e.id)).toContain(event.id);
    const pages = await call<{ items: { id: string }[] }>(`/fundraising/charity/${kiwiId}/pages`, { role: 'charityAdmin' });
    expect(pages.body.items.map((p) => p.id)).toContain(page.id);
    expect((await call(`/fundraising/charity/${kiwiId}/pages`, { role: 'workplaceMember' })).status).toBe(403);
    expect((await call(`/fundraising/charity/${otherCharityId}/pages/${page.id}/toggleOnlineStatus`, { method: 'PATCH', role: 'backOffice', body: { isOnline: false } })).status).toBe(404);

    // The charity takes the whole event offline: its pages follow, and it takes no new pages.
    expect(await call(`/fundraising/charity/${kiwiId}/events/${event.id}/toggleOnlineStatus`, { method: 'PATCH', role: 'charityAdmin', body: { isOnline: false } })).toMatchObject({ status: 200, body: { isOnline: false } });
    expect((await call<Page>(`/fundraising/events/${event.eventUrl}/pages/${page.pageUrl}`)).body.status).toBe('Offline');
    const closed = await call('/fundraising/pages', { method: 'POST', role: 'contentAdmin', body: { eventId: event.id, pageUrl: `late-${unique()}`, title: 'Late', story: 'x', targetAmount: 0, endDate: inDays(5) } });
    expect(closed).toMatchObject({ status: 409, body: { detail: FUNDRAISING_MESSAGES.eventOffline } });
    expect((await call(`/fundraising/backOffice/events/${event.id}/toggleOnlineStatus`, { method: 'PATCH', role: 'backOffice', body: { isOnline: true } })).status).toBe(200);
    expect((await call<Page>(`/fundraising/events/${event.eventUrl}/pages/${page.pageUrl}`)).body.status).toBe('Open');

    const all = await call<{ items: { id: string }[] }>('/fundraising/backOffice/pages?country=nz&q=wiremu', { role: 'backOffice' });
    expect(all.body.items.map((p) => p.id)).toContain(page.id);
    expect((await call('/fundraising/backOffice/pages', { role: 'charityAdmin' })).status).toBe(403);
  });
});

describe('a single-page event', () => {
  it('has exactly one page, its creator\'s, at the same address; it takes no other pages', async () => {
    const input = eventInput({ eventUrl: `dana-swims-${unique()}`, title: 'Dana swims the harbour', targetAmount: 0 });
    const created = await call<{ event: FundraisingEvent; page: Page }>('/fundraising/events/single-page', { method: 'POST', role: 'donor', body: input });
    expect(created.status).toBe(201);
    expect(created.body.event).toMatchObject({ kind: 'SinglePage', pagesCount: 1, raisedPercentage: 100 });
    expect(created.body.event.pages).toHaveLength(1);
    expect(created.body.page).toMatchObject({ pageUrl: input.eventUrl, eventKind: 'SinglePage', raisedPercentage: 100, members: [{ name: 'Dana Whitfield', role: 'Owner' }] });
    const read = await call<Page>(`/fundraising/events/${input.eventUrl}/pages/${input.eventUrl}`);
    expect(read.body.id).toBe(created.body.page.id);
    const another = await call('/fundraising/pages', {
      method: 'POST',
      role: 'workplaceMember',
      body: { eventId: created.body.event.id, pageUrl: 'me-too', title: 'Me too', story: 'x', targetAmount: 0, endDate: inDays(5) },
    });
    expect(another).toMatchObject({ status: 409, body: { detail: FUNDRAISING_MESSAGES.eventNotJoinable } });
  });

  it('under a workplace only with its create permission', async () => {
    const menu = (await call<{ corporateAssociations: { corporateId: string }[] }>('/accounts/me', { role: 'workplaceMember' })).body;
    const workplaceId = menu.corporateAssociations[0]!.corporateId;
    const refused = await call<{ errors: { field: string }[] }>('/fundraising/events', { method: 'POST', role: 'workplaceMember', body: eventInput({ workplaceId }) });
    expect(refused).toMatchObject({ status: 403, body: { detail: FUNDRAISING_MESSAGES.workplaceCannotCreate } });
    const allowed = await call<{ event: FundraisingEvent }>('/fundraising/events/single-page', { method: 'POST', role: 'workplaceMember', body: eventInput({ workplaceId }) });
    expect(allowed.status).toBe(201);
    expect(allowed.body.event.workplaceId).toBe(workplaceId);
    expect((await call('/fundraising/events/single-page', { method: 'POST', role: 'donor', body: eventInput({ workplaceId }) })).status).toBe(403);
  });
});

describe('the seeded demo', () => {
  it('has a multi-page event with pages by three members, a single-page event, gifts, comments in each country, and an invitation for Dana', async () => {
    const walk = await call<FundraisingEvent>('/fundraising/events/kiwi-coast-walk-2027');
    expect(walk.body).toMatchObject({ kind: 'MultiPage', country: 'nz', charity: { charityUrl: 'kiwi-coast-rescue' }, pagesCount: 3, donationsCount: 5, donatedAmount: 38_000 });
    expect(new Set(walk.body.pages.map((page) => page.owner.name)).size).toBe(3);
    // The leaderboard: most raised first.
    expect(walk.body.pages.map((page) => page.donatedAmount)).toEqual([27_500, 7_500, 3_000]);
    const swim = await call<FundraisingEvent>('/fundraising/events/grace-swims-the-harbour');
    expect(swim.body).toMatchObject({ kind: 'SinglePage', pagesCount: 1, donatedAmount: 15_000, raisedPercentage: 5 });
    const au = await call<EventList>('/fundraising/events?country=au');
    expect(au.body.items.map((event) => event.eventUrl)).toEqual(expect.arrayContaining(['great-reef-clean-up-2027', 'ride-for-wildlife-carers']));
    const reef = await call<FundraisingEvent>('/fundraising/events/great-reef-clean-up-2027');
    expect(new Set(reef.body.pages.map((page) => page.owner.name)).size).toBe(3);
    expect(reef.body.currency).toBe('AUD');
    const crew = walk.body.pages.find((page) => page.pageUrl === 'wiremu-and-the-tasman-crew')!;
    expect((await call<{ items: unknown[] }>(`/fundraising/pages/${crew.id}/comments`)).body.items).toHaveLength(2);
    expect((await call<{ items: { name: string }[] }>(`/fundraising/pages/${crew.id}/donors`)).body.items.map((donor) => donor.name)).toEqual(['Hemi Parata', 'Tasman Engineering social club']);
    const invitations = await call<{ items: { target: { id: string }; role: string }[] }>('/fundraising/me/invitations', { role: 'donor' });
    expect(invitations.body.items).toEqual(expect.arrayContaining([expect.objectContaining({ target: expect.objectContaining({ id: crew.id }), role: 'Member' })]));
  });
});
