import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '@giving/shared/contracts/card-gateway';
import type { CharitySettings, ContentItem, RecentActivity } from '@giving/shared/contracts/accounts';
import type { DonationHistoryPage } from '@giving/shared/contracts/member-giving';
import type { Opportunity } from '@giving/shared/contracts/volunteering';
import { COUNTRY_TIME_ZONES, localClockTime, localDay } from '@giving/shared/local-time';
import type { RunningPlatform } from '../../tools/local/src/platform';
import { DEMO_PASSWORD, DEMO_USERS, type DemoRole } from '../../tools/local/src/seed/data';
import { platformClient, startTestPlatform } from './platform';

/**
 * Issue 11's console and trust items, as callers meet them on the seeded demo: a denied profile change reaches the
 * charity (its settings, an e-mail) and the back office names who decided; the back office counts every change
 * waiting for approval; invitations name the inviter; the ticker shows gift voucher purchases and nobody in them;
 * Dana's seeded donation is in her own history; the recurring trap line meets on Saturdays 08:00–11:00 in Whangārei.
 */
let platform: RunningPlatform;
let client: ReturnType<typeof platformClient>;
const tokens = new Map<DemoRole, string>();
const user = (role: DemoRole) => DEMO_USERS.find((u) => u.role === role)!;

beforeAll(async () => {
  platform = await startTestPlatform(7900);
  client = platformClient(platform);
  for (const role of ['charityAdmin', 'backOffice', 'donor'] as const) tokens.set(role, await client.idToken(user(role).email, DEMO_PASSWORD));
}, 120_000);

afterAll(async () => {
  await platform?.stop();
});

const api = async <T>(path: string, options: { as?: DemoRole; method?: string; body?: unknown; headers?: Record<string, string> } = {}) => {
  const response = await fetch(`${platform.siteUrl}/api${path}`, {
    method: options.method ?? 'GET',
    headers: {
      'content-type': 'application/json',
      ...(options.as ? { authorization: `Bearer ${tokens.get(options.as)}` } : {}),
      ...options.headers,
    },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  return { status: response.status, body: (await response.json().catch(() => undefined)) as T };
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await pause(250);
  }
}

const kiwiCoastRescueId = async () => {
  const charities = await api<{ items: { id: string; charityUrl: string }[] }>('/accounts/charities?country=nz');
  return charities.body.items.find((c) => c.charityUrl === 'kiwi-coast-rescue')!.id;
};

describe('a denied content change reaches the charity', () => {
  it('shows the reason on its settings, e-mails its administrators, and the back office names who sent and who decided', async () => {
    const charityId = await kiwiCoastRescueId();
    const sent = await api<CharitySettings>(`/accounts/charity/${charityId}/settings`, {
      as: 'charityAdmin',
      method: 'PUT',
      body: { description: 'Kiwi!', causes: ['Conservation'] },
    });
    expect(sent.status).toBe(200);
    const contentId = sent.body.pendingChange!.contentId;

    // Everything waiting for approval: the profile change, and the seeded volunteer role waiting for the back office.
    const counts = await api<{ pendingContent: number }>('/accounts/backoffice/dashboard', { as: 'backOffice' });
    expect(counts.body.pendingContent).toBeGreaterThanOrEqual(1);
    const roles = await api<{ opportunitiesWaitingForApproval: number }>('/volunteering/backOffice/dashboard', { as: 'backOffice' });
    expect(roles.body.opportunitiesWaitingForApproval).toBeGreaterThanOrEqual(1);
    expect((await api('/volunteering/backOffice/dashboard', { as: 'charityAdmin' })).status).toBe(401);

    const denied = await api<ContentItem>(`/accounts/backoffice/content/${contentId}/deny`, {
      as: 'backOffice',
      method: 'POST',
      body: { reason: 'Tell donors what their gifts do for kiwi.' },
    });
    expect(denied.body).toMatchObject({ status: 'Denied', decidedByName: 'Alex Morgan', submittedByName: 'Sam Tane' });
    const list = await api<{ items: ContentItem[] }>('/accounts/backoffice/content?status=Denied', { as: 'backOffice' });
    expect(list.body.items.find((item) => item.id === contentId)).toMatchObject({ decidedByName: 'Alex Morgan', country: 'nz' });

    const settings = await api<CharitySettings>(`/accounts/charity/${charityId}/settings`, { as: 'charityAdmin' });
    expect(settings.body.pendingChange).toBeUndefined();
    expect(settings.body.deniedChange).toMatchObject({ contentId, reason: 'Tell donors what their gifts do for kiwi.', changes: { description: 'Kiwi!' } });

    const mails = await eventually(() => client.receiptsFor(user('charityAdmin').email), (m) => m.some((mail) => mail.subject.includes('were not approved')));
    const mail = mails.find((m) => m.subject === 'Your changes to Kiwi Coast Rescue were not approved');
    expect(mail?.text).toContain('Tell donors what their gifts do for kiwi.');
    expect(mail?.text).toContain(`/admin/charity/${charityId}/settings`);
  });

  it('names the inviter in an invitation e-mail by their name (ID tokens here carry none)', async () => {
    const charityId = await kiwiCoastRescueId();
    const email = `invitee.${Date.now()}@example.org`;
    expect((await api(`/accounts/charity/${charityId}/invitations`, { as: 'charityAdmin', method: 'POST', body: { email, role: 'Charity.Member' } })).status).toBe(201);
    const [mail] = await client.receiptsFor(email);
    expect(mail?.text).toContain('Sam Tane has invited you to join Kiwi Coast Rescue');
  });
});

describe('volunteering names people as accounts does', () => {
  it('a team application’s leader is named from the member record (the ID token carries no names), in the application and the invitation e-mail', async () => {
    const role = await api<Opportunity>('/volunteering/charity/kiwi-coast-rescue/vacancy/kiwi-creche-chick-weigh-in', { as: 'donor' });
    // The last session: Dana applied for the first one in the seed.
    const session = role.body.sessions.filter((s) => !s.hasEnded && s.placesRemaining >= 2).at(-1)!;
    const teammate = `teammate.${Date.now()}@example.org`;
    const applied = await api<{ applicant: { firstName: string; lastName: string }; teamName: string }>(`/volunteer/session/${session.id}/teamApply`, {
      as: 'donor',
      method: 'POST',
      body: { teamName: 'Whitfield whānau', members: [{ email: teammate }] },
    });
    expect(applied.status).toBe(201);
    expect(applied.body.applicant).toMatchObject({ firstName: 'Dana', lastName: 'Whitfield' });
    const [invitation] = await client.receiptsFor(teammate);
    expect(invitation?.subject).toBe('Dana Whitfield invited you to volunteer: Kiwi crèche chick weigh-in');
    // The session's time in the charity's zone, not an ISO instant.
    expect(invitation?.text).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
  });
});

describe('the ticker shows gift voucher purchases', () => {
  it('with their balance and when, never the buyer, the recipient or the code', async () => {
    const buyer = { firstName: 'Tama', lastName: 'Rewi', email: `tama.${Date.now()}@example.com` };
    const purchase = await fetch(`${platform.siteUrl}/api/donations/voucher-purchases`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': `key-${crypto.randomUUID()}` },
      body: JSON.stringify({
        country: 'nz',
        voucherValue: 7500,
        card: await client.cardToken(TEST_CARDS.approve, 'Tama Rewi'),
        buyer,
        recipient: { name: 'Hine Rewi', email: `hine.${Date.now()}@example.com` },
        message: 'Ka pai!',
      }),
    });
    expect(purchase.status).toBe(202);
    const { trackingNumber } = (await purchase.json()) as { trackingNumber: string };
    expect((await client.settle(trackingNumber)).paymentProcessingStatus).toBe('Completed');
    const [codeMail] = await client.receiptsFor(buyer.email);
    const code = /Voucher code: ([A-Z0-9]{8})/.exec(codeMail?.text ?? '')?.[1];

    const recent = await eventually(
      async () => (await api<{ items: RecentActivity[] }>('/accounts/site/recent?country=nz')).body.items,
      (items) => items.some((item) => item.kind === 'voucher' && item.voucherBalance.cents === 7500),
    );
    const voucher = recent.find((item) => item.kind === 'voucher' && item.voucherBalance.cents === 7500);
    expect(voucher).toEqual({ kind: 'voucher', id: expect.any(String), voucherBalance: { cents: 7500, currency: 'NZD' }, createdOn: expect.any(String) });
    const shown = JSON.stringify(recent);
    for (const secret of [trackingNumber, buyer.email, 'Tama', 'Hine', 'Ka pai', code ?? 'no code']) expect(shown).not.toContain(secret);
  });
});

describe('the demo agrees with itself', () => {
  it("Dana's seeded donation to Kiwi Coast Rescue is in her own history", async () => {
    const history = await api<DonationHistoryPage>('/donations/me/donations', { as: 'donor' });
    expect(history.status).toBe(200);
    expect(history.body.items).toContainEqual(expect.objectContaining({ charity: expect.objectContaining({ charityUrl: 'kiwi-coast-rescue' }), amount: { cents: 5000, currency: 'NZD' } }));
  });

  it('each country’s ticker shows its recent donations', async () => {
    for (const country of ['nz', 'au']) {
      const recent = await api<{ items: RecentActivity[] }>(`/accounts/site/recent?country=${country}`);
      expect(recent.body.items.filter((item) => item.kind === 'donation').length).toBeGreaterThanOrEqual(3);
    }
  });

  it('the recurring trap line meets every Saturday, 08:00–11:00 in Whangārei, as its schedule says', async () => {
    const role = await api<Opportunity>('/volunteering/public/charity/kiwi-coast-rescue/vacancy/saturday-trap-line-walker');
    expect(role.status).toBe(200);
    expect(role.body.recurringSchedule).toMatchObject({ daysOfWeek: ['Saturday'], startTime: '08:00', endTime: '11:00' });
    const zone = COUNTRY_TIME_ZONES.nz;
    const meetings = [role.body.sessions[0]!, ...(role.body.upcomingMeetings ?? [])];
    expect(role.body.upcomingMeetings?.length).toBeGreaterThan(1);
    for (const meeting of meetings) {
      expect(new Date(`${localDay(meeting.startsAt, zone)}T00:00:00Z`).getUTCDay()).toBe(6);
      expect([localClockTime(meeting.startsAt, 'nz'), localClockTime(meeting.endsAt, 'nz')]).toEqual(['08:00', '11:00']);
    }
  });
});

describe('a denied volunteer role reaches its charity', () => {
  it('its list shows the reason, and its volunteering contact is e-mailed it once', async () => {
    const charityId = await kiwiCoastRescueId();
    const waiting = await api<{ items: { id: string; title: string }[] }>('/volunteering/backOffice/opportunity?contentStatus=Proposed', { as: 'backOffice' });
    const role = waiting.body.items.find((item) => item.title === 'Kiwi call count night')!;
    const deny = await api(`/volunteering/backOffice/opportunity/${role.id}`, { as: 'backOffice', method: 'PATCH', body: { contentStatus: 'Denied', deniedReason: 'Say where volunteers meet after dark.' } });
    expect(deny.status).toBe(204);
    // Edited again while denied (an SDG): no second e-mail.
    expect((await api(`/volunteering/backOffice/opportunity/${role.id}`, { as: 'backOffice', method: 'PATCH', body: { sdgs: [15] } })).status).toBe(204);

    const list = await api<{ items: { id: string; contentStatus: string; deniedReason?: string }[] }>(`/volunteering/charity/${charityId}/opportunity`, { as: 'charityAdmin' });
    expect(list.body.items.find((item) => item.id === role.id)).toMatchObject({ contentStatus: 'Denied', deniedReason: 'Say where volunteers meet after dark.' });
    const mails = await eventually(() => client.receiptsFor(user('charityAdmin').email), (m) => m.some((mail) => mail.subject.includes('Kiwi call count night')));
    const notices = mails.filter((mail) => mail.subject === 'Your volunteer role “Kiwi call count night” was not approved');
    expect(notices).toHaveLength(1);
    expect(notices[0]?.text).toContain('Say where volunteers meet after dark.');
    await pause(2000);
    expect((await client.receiptsFor(user('charityAdmin').email)).filter((mail) => mail.subject.includes('Kiwi call count night'))).toHaveLength(1);
  });
});
