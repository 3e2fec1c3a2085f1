import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecentActivity } from '@giving/shared/contracts/accounts';
import type { Application, OpportunityCardPage, OpportunityEdit, OpportunityImage, OpportunityList, Session } from '@giving/shared/contracts/volunteering';
import { DEMO_PASSWORD, DEMO_USERS, type DemoRole } from '../../tools/local/src/seed/data';
import type { RunningPlatform } from '../../tools/local/src/platform';
import { platformClient, startTestPlatform } from './platform';

/**
 * Volunteering beyond the charity console, through the real local API, streams and bus, given the seeded demo
 * (Grace, Tasman Engineering's admin, completed a Harbour City Food Bank shift; Dana, no workplace, applied to Kiwi
 * Coast Rescue; Tasman's exclusive day is Kiwi Coast Rescue's): the workplace's and the back office's volunteering
 * reports, a charity's roles for its page, and volunteering sign-ups in the header's ticker.
 */
let platform: RunningPlatform;
let client: ReturnType<typeof platformClient>;
const tokens = new Map<DemoRole, string>();
const emails = new Map<DemoRole, string>(DEMO_USERS.map((u) => [u.role, u.email.toLowerCase()]));
let kiwiId = '';
let tasmanId = '';

async function call<T = Record<string, unknown>>(path: string, init: { method?: string; role?: DemoRole; body?: unknown } = {}): Promise<{ status: number; body: T }> {
  const response = await fetch(`${platform.siteUrl}/api${path}`, {
    method: init.method ?? 'GET',
    headers: { ...(init.role ? { authorization: `Bearer ${tokens.get(init.role)}` } : {}), ...(init.body ? { 'content-type': 'application/json' } : {}) },
    ...(init.body ? { body: JSON.stringify(init.body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  platform = await startTestPlatform(6600);
  client = platformClient(platform);
  for (const user of DEMO_USERS) tokens.set(user.role, await client.idToken(user.email, DEMO_PASSWORD));
  const charities = (await call<{ items: { id: string; charityUrl: string }[] }>('/accounts/charities?country=nz')).body;
  kiwiId = charities.items.find((c) => c.charityUrl === 'kiwi-coast-rescue')!.id;
  tasmanId = (await call<{ corporateAssociations: { corporateId: string }[] }>('/accounts/me', { role: 'workplaceAdmin' })).body.corporateAssociations[0]!.corporateId;
}, 120_000);

afterAll(async () => {
  await platform?.stop();
});

describe('volunteering reports beyond the charity’s', () => {
  it('gives a workplace admin its people’s volunteering (not others’), by session days; 403 for other roles, 401 anonymous', async () => {
    const report = await call<{ items: Application[] }>(`/volunteering/workplace/${tasmanId}/report`, { role: 'workplaceAdmin' });
    expect(report.status).toBe(200);
    const grace = report.body.items.find((a) => a.applicant.email === emails.get('workplaceAdmin') && a.status === 'Completed');
    expect(grace).toMatchObject({ charity: { charityUrl: 'harbour-city-food-bank' }, hours: { totalHours: 3 }, allowedActions: [] });
    expect(report.body.items.map((a) => a.applicant.email)).toContain(emails.get('workplaceMember'));
    expect(report.body.items.map((a) => a.applicant.email)).not.toContain(emails.get('donor'));

    expect((await call<{ items: Application[] }>(`/volunteering/workplace/${tasmanId}/report?from=2020-1-1&to=2020-12-31`, { role: 'workplaceAdmin' })).body.items).toEqual([]);
    const bad = await call<{ errors: { field: string; message: string }[] }>(`/volunteering/workplace/${tasmanId}/report?from=2026-02-30`, { role: 'workplaceAdmin' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toContainEqual({ field: 'query.from', message: 'Invalid Date!' });
    expect((await call(`/volunteering/workplace/${tasmanId}/report`, { role: 'workplaceMember' })).status).toBe(403);
    expect((await call(`/volunteering/workplace/${tasmanId}/report`, { role: 'charityAdmin' })).status).toBe(403);
    expect((await call(`/volunteering/workplace/${tasmanId}/report`)).status).toBe(401);
  });

  it('gives the back office every application, or one charity’s; 400 for an inverted range; 401 for anyone else', async () => {
    const all = await call<{ items: Application[] }>('/volunteering/backOffice/report', { role: 'backOffice' });
    expect(all.status).toBe(200);
    expect(new Set(all.body.items.map((a) => a.charity.charityUrl))).toEqual(new Set(['kiwi-coast-rescue', 'harbour-city-food-bank']));
    const kiwi = await call<{ items: Application[] }>(`/volunteering/backOffice/report?charityId=${kiwiId}`, { role: 'backOffice' });
    expect(kiwi.body.items.length).toBeGreaterThan(0);
    expect(kiwi.body.items.every((a) => a.charity.id === kiwiId)).toBe(true);
    const inverted = await call<{ errors: { field: string }[] }>('/volunteering/backOffice/report?from=2026-3-2&to=2026-3-1', { role: 'backOffice' });
    expect(inverted.status).toBe(400);
    expect(inverted.body.errors.map((e) => e.field)).toEqual(['query.to']);
    for (const role of ['workplaceAdmin', 'charityAdmin', 'donor', undefined] as const) {
      expect((await call('/volunteering/backOffice/report', { role })).status).toBe(401);
    }
  });
});

describe('a charity’s roles for its page (More Volunteering Roles)', () => {
  it('lists only that charity’s live roles; a visitor never sees the exclusive one its workplace’s members do', async () => {
    const visitor = await call<OpportunityList>('/volunteering/public/opportunity?country=nz&charityUrl=kiwi-coast-rescue&limit=24');
    expect(visitor.status).toBe(200);
    expect(visitor.body.items.length).toBeGreaterThan(0);
    expect(visitor.body.items.every((o) => o.charity.charityUrl === 'kiwi-coast-rescue')).toBe(true);
    expect(visitor.body.items.map((o) => o.opportunityUrl)).not.toContain('tasman-engineering-conservation-day');
    const member = await call<OpportunityList>('/volunteering/opportunity?country=nz&charityUrl=kiwi-coast-rescue', { role: 'workplaceMember' });
    expect(member.body.items.map((o) => o.opportunityUrl)).toContain('tasman-engineering-conservation-day');
    expect((await call<OpportunityList>('/volunteering/public/opportunity?country=nz&charityUrl=no-such-charity')).body).toEqual({ items: [], total: 0 });
    const bad = await call<{ errors: { field: string }[] }>('/volunteering/public/opportunity?country=nz&charityUrl=Not%20a%20slug');
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e) => e.field)).toEqual(['query.charityUrl']);
  });

  it("sorts by a known option, and refuses another with spec 2 §8's 'Sort Option: sorting option {id} not found'", async () => {
    const newest = await call<OpportunityList>('/volunteering/public/opportunity?country=nz&sort=newest');
    const created = newest.body.items.map((o) => o.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    const unknown = await call<{ errors: { field: string; message: string }[] }>('/volunteering/public/opportunity?country=nz&sort=popularity');
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([{ field: 'query.sort', message: 'Sort Option: sorting option popularity not found' }]);
  });
});

describe('volunteering sign-ups in the header’s ticker', () => {
  it('adds a sign-up (charity and when, never who) once the application is stored, once however often it is published', async () => {
    const roles = await call<OpportunityList>('/volunteering/public/opportunity?country=nz&charityUrl=kiwi-coast-rescue');
    const weighIn = roles.body.items.find((o) => o.opportunityUrl === 'kiwi-creche-chick-weigh-in')!;
    const sessions = await call<{ items: Session[] }>(`/volunteer/opportunity/${weighIn.id}/session`, { role: 'donor' });
    // Dana applied for the first session in the seed; the last one is hers to take.
    const applied = await call<Application>(`/volunteer/session/${sessions.body.items.at(-1)!.id}/individualApply`, { method: 'POST', role: 'donor' });
    expect(applied.status).toBe(201);

    let item: RecentActivity | undefined;
    for (let i = 0; i < 100 && !item; i++) {
      await pause(200);
      item = (await call<{ items: RecentActivity[] }>('/accounts/site/recent?country=nz')).body.items.find((r) => r.id === applied.body.id);
    }
    expect(item).toEqual({ kind: 'volunteering', id: applied.body.id, charityName: 'Kiwi Coast Rescue', charityUrl: 'kiwi-coast-rescue', createdOn: applied.body.createdAt });
    const events = (await client.eventsOf('VolunteerApplied')).filter((e) => e.detail.data.applicationId === applied.body.id);
    expect(events).toHaveLength(1);
    // A redelivered stream record or event writes the same ticker item: the sign-up shows once.
    const recent = (await call<{ items: RecentActivity[] }>('/accounts/site/recent?country=nz')).body.items;
    expect(recent.filter((r) => r.id === applied.body.id)).toHaveLength(1);
    expect(JSON.stringify(recent)).not.toContain(emails.get('donor'));
  });
});

describe('a role’s image, uploaded by its charity', () => {
  const TINY_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

  it('stores it in the media bucket under volunteering/ and makes its site path the role’s image; another charity’s path is 404; bytes must match the type', async () => {
    const roles = await call<OpportunityCardPage>(`/volunteering/charity/${kiwiId}/opportunity`, { role: 'charityAdmin' });
    const role = roles.body.items[0]!;
    const path = `/volunteering/charity/${kiwiId}/opportunity/${role.id}/image`;

    const uploaded = await call<OpportunityImage>(path, { method: 'PUT', role: 'charityAdmin', body: { contentType: 'image/png', data: TINY_PNG } });
    expect(uploaded.status).toBe(200);
    expect(uploaded.body.opportunityId).toBe(role.id);
    expect(uploaded.body.imageUrl).toMatch(new RegExp(`^/media/volunteering/${kiwiId}/${role.id}/image-[0-9a-f]{20}\\.png$`));
    const image = await fetch(new URL(uploaded.body.imageUrl, platform.siteUrl));
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).toString('base64')).toBe(TINY_PNG);
    const edit = await call<OpportunityEdit>(`/volunteering/opportunity/${role.id}/edit`, { role: 'charityAdmin' });
    expect(edit.body.imageUrl).toBe(uploaded.body.imageUrl);

    const notAnImage = await call<{ errors: { field: string; message: string }[] }>(path, {
      method: 'PUT',
      role: 'charityAdmin',
      body: { contentType: 'image/png', data: Buffer.from('<html></html>').toString('base64') },
    });
    expect(notAnImage.status).toBe(400);
    expect(notAnImage.body.errors).toEqual([{ field: 'body.data', message: 'Choose a PNG, JPEG, WebP or GIF image.' }]);
    const svg = await call<{ errors: { field: string }[] }>(path, { method: 'PUT', role: 'charityAdmin', body: { contentType: 'image/svg+xml', data: TINY_PNG } });
    expect(svg.status).toBe(400);
    expect(svg.body.errors.map((e) => e.field)).toEqual(['body.contentType']);

    const charities = (await call<{ items: { id: string; charityUrl: string }[] }>('/accounts/charities?country=nz')).body;
    const harbourId = charities.items.find((c) => c.charityUrl === 'harbour-city-food-bank')!.id;
    const elsewhere = await call(`/volunteering/charity/${harbourId}/opportunity/${role.id}/image`, { method: 'PUT', role: 'backOffice', body: { contentType: 'image/png', data: TINY_PNG } });
    expect(elsewhere.status).toBe(404);
    expect((await call(path, { method: 'PUT', role: 'donor', body: { contentType: 'image/png', data: TINY_PNG } })).status).toBe(403);
    expect((await call(path, { method: 'PUT', body: { contentType: 'image/png', data: TINY_PNG } })).status).toBe(401);
  });
});
