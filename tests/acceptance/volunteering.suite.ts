import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteStats } from '@giving/shared/contracts/accounts';
import {
  VOLUNTEER_SKILLS,
  VOLUNTEERING_MESSAGES,
  type Application,
  type MyApplications,
  type Opportunity,
  type OpportunityInput,
  type OpportunityList,
  type Team,
} from '@giving/shared/contracts/volunteering';
import { NOT_AUTHORISED_MESSAGE } from '@giving/shared/lambda/authorize';
import { DEMO_PASSWORD, DEMO_USERS, type DemoRole } from '../../tools/local/src/seed/data';
import type { RunningPlatform } from '../../tools/local/src/platform';
import { platformClient, startTestPlatform } from './platform';

/**
 * Volunteering end to end through the real local API, streams and bus, given the seeded demo: Sam (Kiwi Coast Rescue)
 * proposes an opportunity, the back office approves it, members apply as individuals and as a team until the session
 * is full, the team answers, the charity accepts, completes and both sides give feedback, the header's volunteered
 * hours go up, and every call of spec 2 §7 answers with its status code.
 */
let platform: RunningPlatform;
let client: ReturnType<typeof platformClient>;
const tokens = new Map<DemoRole, string>();
const emails = new Map<DemoRole, string>(DEMO_USERS.map((u) => [u.role, u.email.toLowerCase()]));
let kiwiId = '';

const api = (path: string, init: { method?: string; role?: DemoRole; body?: unknown; key?: string } = {}) =>
  fetch(`${platform.siteUrl}/api${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.role ? { authorization: `Bearer ${tokens.get(init.role)}` } : {}),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.key ? { 'idempotency-key': init.key } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
async function call<T = Record<string, unknown>>(path: string, init: Parameters<typeof api>[1] = {}): Promise<{ status: number; body: T; headers: Headers }> {
  const response = await api(path, init);
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T, headers: response.headers };
}
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  platform = await startTestPlatform(6500);
  client = platformClient(platform);
  for (const user of DEMO_USERS) tokens.set(user.role, await client.idToken(user.email, DEMO_PASSWORD));
  const charities = (await call<{ items: { id: string; charityUrl: string }[] }>('/accounts/charities?country=nz')).body;
  kiwiId = charities.items.find((c) => c.charityUrl === 'kiwi-coast-rescue')!.id;
}, 120_000);

afterAll(async () => {
  await platform?.stop();
});

const hour = 60 * 60 * 1000;
const iso = (ms: number) => new Date(Date.now() + ms).toISOString();
const NGUNGURU = { suburb: 'Ngunguru', lat: -35.6217, lon: 174.5036 };

function opportunityInput(overrides: Partial<OpportunityInput> = {}): OpportunityInput {
  return {
    charityId: kiwiId,
    title: 'Estuary bird count',
    description: 'Count and record shorebirds along the Ngunguru estuary with our rangers.',
    opportunityUrl: 'estuary-bird-count',
    opportunityType: 'UnSkilled',
    imageUrl: 'https://images.example.org/birds.jpg',
    skills: ['Photography'],
    categories: ['Environment', 'Animals'],
    isRemote: false,
    location: NGUNGURU,
    hasSpecificDates: true,
    sessions: [
      // Started an hour ago (so it can be completed), ends tomorrow: open for applications.
      { startsAt: iso(-hour), endsAt: iso(24 * hour), sessionTotalHours: 3, requiredPeople: 5 },
      { startsAt: iso(7 * 24 * hour), endsAt: iso(7 * 24 * hour + 3 * hour), sessionTotalHours: 3, requiredPeople: 10, location: { suburb: 'Tutukaka', lat: -35.6133, lon: 174.5333 } },
    ],
    fee: { amount: { cents: 500, currency: 'NZD' }, feeType: 'PerPerson' },
    allowTeams: true,
    maxTeamSize: 4,
    contactEmail: 'birds@kiwicoastrescue.org.nz',
    ...overrides,
  };
}

const state = { opportunityId: '', sessionA: '', sessionB: '', dana: '', team: '', alex: '', sam: '' };

describe('volunteering', () => {
  it('answers 401 to anonymous callers, and serves visitors the public twins without exclusive opportunities', async () => {
    expect((await call('/volunteering/opportunity')).status).toBe(401);
    expect((await call('/volunteer/volunteer/configuration')).status).toBe(401);
    const list = await call<OpportunityList>('/volunteering/public/opportunity?country=nz');
    expect(list.status).toBe(200);
    expect(list.body.items.length).toBeGreaterThan(0);
    expect(list.body.items.some((o) => o.isExclusive)).toBe(false);
    expect((await call('/volunteering/public/charity/kiwi-coast-rescue/vacancy/tasman-engineering-conservation-day')).status).toBe(404);
    const vacancy = await call<Opportunity>('/volunteering/public/charity/kiwi-coast-rescue/vacancy/kiwi-creche-chick-weigh-in');
    expect(vacancy.status).toBe(200);
    expect(vacancy.body).toMatchObject({ scheduleLabel: 'Multiple', locationLabel: 'Multiple locations' });
    const configuration = await call<{ skills: string[] }>('/volunteer/volunteer/configuration', { role: 'donor' });
    expect(configuration.status).toBe(200);
    expect(configuration.body.skills).toEqual([...VOLUNTEER_SKILLS]);
  });

  it('shows an exclusive opportunity only to its workplace’s members, who alone may apply', async () => {
    const forDana = (await call<OpportunityList>('/volunteering/opportunity?country=nz', { role: 'donor' })).body.items;
    const forWiremu = (await call<OpportunityList>('/volunteering/opportunity?country=nz', { role: 'workplaceMember' })).body.items;
    expect(forDana.some((o) => o.opportunityUrl === 'tasman-engineering-conservation-day')).toBe(false);
    const exclusive = forWiremu.find((o) => o.opportunityUrl === 'tasman-engineering-conservation-day');
    expect(exclusive).toMatchObject({ isExclusive: true, fee: { feeType: 'PerTeam' } });
    const vacancy = await call<Opportunity>('/volunteering/charity/kiwi-coast-rescue/vacancy/tasman-engineering-conservation-day', { role: 'workplaceMember' });
    expect(vacancy.status).toBe(200);
    const refused = await call<{ detail: string }>(`/volunteer/session/${vacancy.body.sessions[0]!.id}/individualApply`, { method: 'POST', role: 'donor' });
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe(VOLUNTEERING_MESSAGES.exclusive);
  });

  it('lets a charity admin propose an opportunity (Proposed until approved), naming bad fields and refusing other charities’ staff', async () => {
    const bad = await call<{ errors: { field: string; message: string }[] }>('/volunteering/opportunity', {
      method: 'POST',
      role: 'charityAdmin',
      body: opportunityInput({ sessions: [{ startsAt: iso(hour), endsAt: iso(2 * hour), requiredPeople: 3 }] }),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toContainEqual({ field: 'body.sessions.0.sessionTotalHours', message: 'Required Field!' });
    expect((await call('/volunteering/opportunity', { method: 'POST', role: 'donor', body: opportunityInput() })).status).toBe(403);

    const created = await call<Opportunity>('/volunteering/opportunity', { method: 'POST', role: 'charityAdmin', body: opportunityInput() });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ contentStatus: 'Proposed', scheduleType: 'FixedSchedule', scheduleLabel: 'Multiple', locationLabel: 'Multiple locations', placesRemaining: 15 });
    state.opportunityId = created.body.id;
    state.sessionA = created.body.sessions[0]!.id;
    state.sessionB = created.body.sessions[1]!.id;
    expect((await call('/volunteering/opportunity', { method: 'POST', role: 'charityAdmin', body: opportunityInput() })).status).toBe(409);
    // Not approved yet: members do not see it; its charity does.
    expect((await call(`/volunteering/charity/kiwi-coast-rescue/vacancy/estuary-bird-count`, { role: 'donor' })).status).toBe(404);
    const mine = await call<{ items: { id: string; contentStatus: string }[] }>(`/volunteering/charity/${kiwiId}/opportunity`, { role: 'charityAdmin' });
    expect(mine.status).toBe(200);
    expect(mine.body.items.find((o) => o.id === state.opportunityId)?.contentStatus).toBe('Proposed');
  });

  it('lets only the back office approve it: 401 for everyone else, as spec 1 §6 says', async () => {
    const refused = await call<{ detail: string }>(`/volunteering/backOffice/opportunity/${state.opportunityId}`, { method: 'PATCH', role: 'charityAdmin', body: { contentStatus: 'Live' } });
    expect(refused.status).toBe(401);
    expect(refused.body.detail).toBe(NOT_AUTHORISED_MESSAGE);
    const queue = await call<{ items: { id: string }[] }>('/volunteering/backOffice/opportunity?contentStatus=Proposed', { role: 'backOffice' });
    expect(queue.status).toBe(200);
    expect(queue.body.items.map((o) => o.id)).toContain(state.opportunityId);
    expect((await call(`/volunteering/backOffice/opportunity/${state.opportunityId}`, { method: 'PATCH', role: 'backOffice', body: { contentStatus: 'Live' } })).status).toBe(204);
    const listed = await call<OpportunityList>('/volunteering/opportunity?country=nz&isRemote=false&skills=photography&dateFilter=coming', { role: 'donor' });
    expect(listed.body.items.map((o) => o.id)).toContain(state.opportunityId);
    const near = await call<OpportunityList>(`/volunteering/opportunity?country=nz&lat=-35.62&lon=174.50&radiusKm=5`, { role: 'donor' });
    expect(near.body.items.find((o) => o.id === state.opportunityId)?.distanceKm).toBeLessThan(5);
    const badDate = await call<{ errors: { field: string; message: string }[] }>('/volunteering/opportunity?dateFilter=on-or-after&date=2026-2-30', { role: 'donor' });
    expect(badDate.status).toBe(400);
    expect(badDate.body.errors).toContainEqual({ field: 'query.date', message: 'Invalid Date!' });
  });

  it('serves the vacancy page, sessions, edit view, comments, templates and the online toggle', async () => {
    const id = state.opportunityId;
    expect((await call<Opportunity>('/volunteering/charity/kiwi-coast-rescue/vacancy/estuary-bird-count', { role: 'donor' })).body.sessions).toHaveLength(2);
    expect((await call<{ placesRemaining: number }>(`/volunteer/opportunity/${id}/sessionsSummary`, { role: 'donor' })).body).toMatchObject({ sessionCount: 2, placesRemaining: 15 });
    expect((await call<{ items: unknown[] }>(`/volunteer/opportunity/${id}/session`, { role: 'donor' })).body.items).toHaveLength(2);
    expect((await call(`/volunteer/opportunity/${id}/session/${state.sessionA}`, { role: 'donor' })).status).toBe(200);
    const edit = await call<Opportunity & { contactEmail: string }>(`/volunteering/opportunity/${id}/edit`, { role: 'charityAdmin' });
    expect(edit.status).toBe(200);
    expect(edit.body.contactEmail).toBe('birds@kiwicoastrescue.org.nz');
    expect((await call(`/volunteering/opportunity/${id}/edit`, { role: 'donor' })).status).toBe(403);
    const sessions = edit.body.sessions.map((s) => ({ id: s.id, startsAt: s.startsAt, endsAt: s.endsAt, sessionTotalHours: 3, requiredPeople: s.requiredPeople, ...(s.location ? { location: s.location } : {}) }));
    const updated = await call<Opportunity>(`/volunteering/opportunity/${id}`, { method: 'PATCH', role: 'charityAdmin', body: opportunityInput({ title: 'Estuary shorebird count', sessions }) });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ title: 'Estuary shorebird count', contentStatus: 'Live' });
    expect((await call(`/volunteering/opportunity/${id}`, { method: 'PATCH', role: 'donor', body: opportunityInput({ sessions }) })).status).toBe(403);

    expect((await call(`/volunteering/opportunity/${id}/comment`, { method: 'POST', role: 'donor', body: { text: 'Do I need binoculars?' } })).status).toBe(201);
    expect((await call(`/volunteering/opportunity/${id}/comment`, { method: 'POST', role: 'donor', body: { text: '  ' } })).status).toBe(400);
    const comment = (await call<{ items: { text: string; author: { name: string } }[] }>(`/volunteering/opportunity/${id}/comment`, { role: 'charityAdmin' })).body.items[0];
    expect(comment?.text).toBe('Do I need binoculars?');
    // Dana's names from her ID token (cognito-local leaves them out, so her e-mail's local part stands in).
    expect(comment?.author.name).toMatch(/^(Dana Whitfield|dana\.donor)$/);

    const templates = await call<{ items: { id: string }[]; categories: { category: string; count: number }[] }>('/volunteering/opportunity/template', { role: 'charityAdmin' });
    expect(templates.status).toBe(200);
    expect(templates.body.items.length).toBeGreaterThanOrEqual(5);
    expect(templates.body.categories.find((c) => c.category === 'Environment')?.count).toBeGreaterThan(0);
    expect((await call(`/volunteering/opportunity/template/${templates.body.items[0]!.id}`, { role: 'charityAdmin' })).status).toBe(200);
    expect((await call('/volunteering/opportunity/template/01KDEM0TMP0000000000000099', { role: 'charityAdmin' })).status).toBe(404);
    // Not an id at all: refused at the edge, naming the parameter.
    expect((await call('/volunteering/opportunity/template/NOSUCHTEMPLATE', { role: 'charityAdmin' })).status).toBe(400);

    expect((await call<{ isOnline: boolean }>(`/volunteering/opportunity/${id}/toggleOnlineStatus`, { method: 'PATCH', role: 'charityAdmin' })).body.isOnline).toBe(false);
    expect((await call<OpportunityList>('/volunteering/public/opportunity?country=nz')).body.items.map((o) => o.id)).not.toContain(id);
    expect((await call<{ isOnline: boolean }>(`/volunteering/opportunity/${id}/toggleOnlineStatus`, { method: 'PATCH', role: 'charityAdmin', body: { isOnline: true } })).body.isOnline).toBe(true);
    expect((await call(`/volunteering/opportunity/${id}/toggleOnlineStatus`, { method: 'PATCH', role: 'donor' })).status).toBe(403);
  });

  it('takes places atomically: individuals and a team fill the session, then it refuses with a clear message', async () => {
    const key = `apply-${crypto.randomUUID()}`;
    const dana = await call<Application>(`/volunteer/session/${state.sessionA}/individualApply`, { method: 'POST', role: 'donor', body: { message: 'Keen birder' }, key });
    expect(dana.status).toBe(201);
    expect(dana.body).toMatchObject({ status: 'Applied', seats: 1, fee: { feeType: 'PerPerson', due: { cents: 500 } } });
    state.dana = dana.body.id;
    expect((await call<Application>(`/volunteer/session/${state.sessionA}/individualApply`, { method: 'POST', role: 'donor', key })).body.id).toBe(state.dana);
    const again = await call<{ detail: string }>(`/volunteer/session/${state.sessionA}/individualApply`, { method: 'POST', role: 'donor' });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe(VOLUNTEERING_MESSAGES.alreadyApplied);

    const tooBig = await call(`/volunteer/session/${state.sessionA}/teamApply`, {
      method: 'POST',
      role: 'workplaceMember',
      body: { teamName: 'Too many', members: ['a', 'b', 'c', 'd'].map((x) => ({ email: `${x}@example.com` })) },
    });
    expect(tooBig.status).toBe(400);
    const team = await call<Application>(`/volunteer/session/${state.sessionA}/teamApply`, {
      method: 'POST',
      role: 'workplaceMember',
      body: { teamName: 'Tasman Birders', members: [{ email: emails.get('workplaceAdmin')!, firstName: 'Grace' }, { email: emails.get('contentAdmin')! }] },
    });
    expect(team.status).toBe(201);
    expect(team.body).toMatchObject({ applicationType: 'Team', seats: 3, fee: { due: { cents: 1500 } } });
    state.team = team.body.id;
    expect((await client.receiptsFor(emails.get('workplaceAdmin')!)).some((m) => m.subject.includes('invited you to volunteer'))).toBe(true);

    const alex = await call<Application>(`/volunteer/session/${state.sessionA}/individualApply`, { method: 'POST', role: 'backOffice' });
    expect(alex.status).toBe(201);
    state.alex = alex.body.id;
    const full = await call<{ detail: string }>(`/volunteer/session/${state.sessionA}/individualApply`, { method: 'POST', role: 'charityAdmin' });
    expect(full.status).toBe(409);
    expect(full.body.detail).toBe(VOLUNTEERING_MESSAGES.sessionFull);
    expect((await call<{ placesRemaining: number; isFull: boolean }>(`/volunteer/opportunity/${state.opportunityId}/session/${state.sessionA}`, { role: 'donor' })).body).toMatchObject({ placesRemaining: 0, isFull: true });
    expect((await call<Application>(`/volunteer/session/${state.sessionA}/application`, { role: 'donor' })).body.id).toBe(state.dana);
    expect((await call(`/volunteer/session/${state.sessionB}/application`, { role: 'donor' })).status).toBe(404);
  });

  it('lets team members answer, gives a NotGoing place back, and the leader re-invite and manage the team', async () => {
    const grace = await call<MyApplications>('/volunteer/application/me', { role: 'workplaceAdmin' });
    expect(grace.body.invitations.find((i) => i.application.id === state.team)?.myResponse).toBe('AwaitingResponse');
    expect((await call<Team>(`/volunteer/application/team/${state.team}/me/response`, { method: 'PATCH', role: 'workplaceAdmin', body: { responseStatus: 'Going' } })).status).toBe(200);
    const casey = await call<Team>(`/volunteer/application/team/${state.team}/me/response`, { method: 'PATCH', role: 'contentAdmin', body: { responseStatus: 'NotGoing' } });
    expect(casey.body.seats).toBe(2);
    expect((await call(`/volunteer/application/team/${state.team}/me/response`, { method: 'PATCH', role: 'donor', body: { responseStatus: 'Going' } })).status).toBe(403);
    const reInvited = await call<Team>(`/volunteer/application/team/${state.team}/reInvite`, { method: 'PATCH', role: 'workplaceMember', body: { emails: [emails.get('contentAdmin')] } });
    expect(reInvited.status).toBe(200);
    expect(reInvited.body.members.find((m) => m.email === emails.get('contentAdmin'))?.responseStatus).toBe('AwaitingResponse');
    expect(reInvited.body.seats).toBe(3);
    const teamView = await call<Team>(`/volunteer/application/team/${state.team}/team`, { role: 'workplaceAdmin' });
    expect(teamView.body).toMatchObject({ teamName: 'Tasman Birders', seats: 3 });
    expect((await call(`/volunteer/application/team/${state.team}`, { role: 'workplaceMember' })).status).toBe(200);
    expect((await call<Application>(`/volunteer/application/team/${state.team}`, { method: 'PATCH', role: 'workplaceMember', body: { teamName: 'Tasman Shorebirders' } })).body.teamName).toBe('Tasman Shorebirders');
    const more = await call<{ detail: string }>(`/volunteer/application/team/${state.team}/invite`, { method: 'POST', role: 'workplaceMember', body: { members: [{ email: 'extra@example.com' }] } });
    expect(more.status).toBe(409);
    expect(more.body.detail).toBe(VOLUNTEERING_MESSAGES.sessionFull);
  });

  it('runs the lifecycle: the charity accepts, the leader completes, both give feedback, and the site’s volunteered hours go up', async () => {
    const stats = async () => (await call<SiteStats>('/accounts/site/stats?country=nz')).body.overallVolunteeredHours;
    const before = await stats();
    const listed = await call<{ items: Application[] }>(`/volunteering/charity/${kiwiId}/volunteer/application`, { role: 'charityAdmin' });
    expect(listed.body.items.map((a) => a.id)).toContain(state.team);
    const accepted = await call<Application>(`/volunteering/charity/${kiwiId}/volunteer/application/${state.team}/accept`, { method: 'PATCH', role: 'charityAdmin' });
    expect(accepted.body.status).toBe('Accepted');
    const twice = await call<{ detail: string }>(`/volunteering/charity/${kiwiId}/volunteer/application/${state.team}/accept`, { method: 'PATCH', role: 'charityAdmin' });
    expect(twice.status).toBe(409);
    expect(twice.body.detail).toBe('You cannot accept an application that is Accepted.');
    expect((await call(`/volunteering/charity/${kiwiId}/volunteer/application/${state.team}`, { role: 'charityAdmin' })).status).toBe(200);

    const completed = await call<Application>(`/volunteer/application/${state.team}/complete`, { method: 'POST', role: 'workplaceMember' });
    expect(completed.status).toBe(200);
    // 3 hours each for the leader and Grace (Going); Casey has not answered again.
    expect(completed.body).toMatchObject({ status: 'Completed', completedBy: 'Applicant', hours: { hoursPerPerson: 3, volunteers: 2, totalHours: 6 } });
    let after = before;
    for (let i = 0; i < 100 && after < before + 6; i++) {
      await pause(200);
      after = await stats();
    }
    expect(after).toBe(before + 6);
    expect((await client.eventsOf('VolunteerHoursRecorded')).some((e) => e.detail.data.applicationId === state.team)).toBe(true);

    expect((await call<{ items: unknown[] }>(`/volunteer/application/${state.team}/feedbackQuestions`, { role: 'workplaceMember' })).body.items.length).toBeGreaterThan(0);
    expect((await call(`/volunteer/application/${state.team}/charityFeedback`, { role: 'workplaceMember' })).status).toBe(404);
    const mine = await call<Application>(`/volunteer/application/${state.team}/volunteerFeedback`, { method: 'POST', role: 'workplaceMember', body: { rating: 5, comment: 'Great morning', answers: [{ questionId: 'v-again', answer: 'yes' }] } });
    expect(mine.status).toBe(201);
    expect(mine.body.status).toBe('UserFeedbackGiven');
    expect((await call(`/volunteer/application/${state.team}/volunteerFeedback`, { method: 'POST', role: 'workplaceMember', body: { rating: 4 } })).status).toBe(409);
    expect((await call(`/volunteer/application/${state.team}/charityFeedback`, { method: 'POST', role: 'workplaceMember', body: { rating: 5 } })).status).toBe(403);
    const theirs = await call<Application>(`/volunteer/application/${state.team}/charityFeedback`, { method: 'POST', role: 'charityAdmin', body: { rating: 5, comment: 'Reliable team' } });
    expect(theirs.body.status).toBe('BothFeedbacksGiven');
    expect((await call<{ comment: string }>(`/volunteer/application/${state.team}/charityFeedback`, { role: 'workplaceMember' })).body.comment).toBe('Reliable team');
  });

  it('lets an applicant edit, contact the charity, cancel (places back) and delete; the charity declines and completes others', async () => {
    expect((await call<Application>(`/volunteer/application/individual/${state.dana}`, { method: 'PATCH', role: 'donor', body: { message: 'Bringing binoculars' } })).body.message).toBe('Bringing binoculars');
    expect((await call<Application>(`/volunteer/application/${state.dana}/edit`, { role: 'donor' })).body.message).toBe('Bringing binoculars');
    expect((await call(`/volunteer/application/${state.dana}/edit`, { role: 'workplaceMember' })).status).toBe(404);
    expect((await call(`/volunteer/application/${state.dana}/contact`, { method: 'POST', role: 'donor', body: { message: 'Where do we meet?' } })).status).toBe(204);
    expect((await client.receiptsFor('birds@kiwicoastrescue.org.nz')).some((m) => m.text.includes('Where do we meet?'))).toBe(true);
    const cancelled = await call<Application>(`/volunteer/application/${state.dana}/cancel`, { method: 'PATCH', role: 'donor' });
    expect(cancelled.body).toMatchObject({ status: 'Retracted', seats: 0 });
    expect((await call<{ placesRemaining: number }>(`/volunteer/opportunity/${state.opportunityId}/session/${state.sessionA}`, { role: 'donor' })).body.placesRemaining).toBe(1);
    const cancelAgain = await call<{ detail: string }>(`/volunteer/application/${state.dana}/cancel`, { method: 'PATCH', role: 'donor' });
    expect(cancelAgain.status).toBe(409);
    expect(cancelAgain.body.detail).toBe('You cannot cancel an application that is Retracted.');
    expect((await call(`/volunteer/application/${state.dana}`, { method: 'DELETE', role: 'donor' })).status).toBe(204);
    expect((await call(`/volunteer/application/${state.dana}/edit`, { role: 'donor' })).status).toBe(404);

    expect((await call<Application>(`/volunteering/charity/${kiwiId}/volunteer/application/${state.alex}/decline`, { method: 'PATCH', role: 'charityAdmin', body: { reason: 'Staff only' } })).body).toMatchObject({ status: 'Declined', declineReason: 'Staff only' });
    const sam = await call<Application>(`/volunteer/session/${state.sessionA}/individualApply`, { method: 'POST', role: 'charityAdmin' });
    expect(sam.status).toBe(201);
    expect((await call(`/volunteering/charity/${kiwiId}/volunteer/application/${sam.body.id}/complete`, { method: 'POST', role: 'charityAdmin' })).status).toBe(409);
    await call(`/volunteering/charity/${kiwiId}/volunteer/application/${sam.body.id}/accept`, { method: 'PATCH', role: 'charityAdmin' });
    const done = await call<Application>(`/volunteering/charity/${kiwiId}/volunteer/application/${sam.body.id}/complete`, { method: 'POST', role: 'charityAdmin' });
    expect(done.body).toMatchObject({ status: 'Completed', completedBy: 'Charity', hours: { totalHours: 3 } });
    expect((await call(`/volunteer/application/${sam.body.id}`, { method: 'DELETE', role: 'charityAdmin' })).status).toBe(409);
  });

  it('serves the member’s own data, external feedback, the feed, and the charity-side summaries', async () => {
    const me = await call<{ workplaces: { workplaceName: string; canTeamVolunteer: boolean }[]; hoursVolunteered: number }>('/volunteer/member/me', { role: 'workplaceMember' });
    expect(me.status).toBe(200);
    expect(me.body.workplaces[0]).toMatchObject({ workplaceName: 'Tasman Engineering', canTeamVolunteer: true });
    expect(me.body.hoursVolunteered).toBeGreaterThanOrEqual(3);
    const mine = await call<MyApplications>('/volunteer/application/me', { role: 'workplaceMember' });
    expect(mine.body.applications.map((a) => a.id)).toContain(state.team);

    const external = await call<{ id: string }>('/volunteer/volunteer/me/externalFeedback', {
      method: 'POST',
      role: 'donor',
      body: { organisationName: 'Surf Life Saving', activity: 'Beach patrol', date: '2026-10-4', hours: 4, rating: 5 },
    });
    expect(external.status).toBe(201);
    expect((await call(`/volunteer/volunteer/me/externalFeedback/${external.body.id}`, { role: 'donor' })).status).toBe(200);
    expect((await call(`/volunteer/volunteer/me/externalFeedback/${external.body.id}`, { role: 'workplaceMember' })).status).toBe(404);
    expect((await call('/volunteer/volunteer/me/externalFeedback', { method: 'POST', role: 'donor', body: { organisationName: 'X', activity: 'Y', date: '2026-13-01', hours: 1 } })).status).toBe(400);

    const feed = await call<{ items: { charityName: string; createdOn: string }[] }>('/volunteer/GetVolunteerFeed?country=nz', { role: 'donor' });
    expect(feed.status).toBe(200);
    expect(feed.body.items.length).toBeGreaterThan(3);
    const workplaces = await call<{ items: { workplaceName: string; volunteers: number }[] }>(`/volunteer/workplace/byCharity/${kiwiId}`, { role: 'charityAdmin' });
    expect(workplaces.body.items.find((w) => w.workplaceName === 'Tasman Engineering')?.volunteers).toBeGreaterThan(0);
    expect((await call(`/volunteer/workplace/byCharity/${kiwiId}`, { role: 'donor' })).status).toBe(403);
    expect((await call<{ items: unknown[] }>(`/volunteer/opportunity/${state.opportunityId}/applicants`, { role: 'charityAdmin' })).body.items.length).toBeGreaterThanOrEqual(3);
    expect((await call(`/volunteer/opportunity/${state.opportunityId}/applicants`, { role: 'donor' })).status).toBe(403);
  });

  it('runs the operations: re-indexing for search, training the recommender and recommending roles with reasons', async () => {
    for (const [path, index] of [
      ['ReIndexVolunteeringOpportunity', 'volunteeringopportunities-v2'],
      ['ReIndexUserVolunteerApplication', 'uservolunteerapplications-v1'],
      ['ReIndexCharityVolunteerApplication', 'charityvolunteerapplications-v1'],
      ['ReIndexVolunteerApplicationInvitation', 'volunteerapplicationinvitations-v1'],
      ['ReIndexVolunteeringOpportunityCatalogues', 'volunteeringcatalogues-v1'],
    ] as const) {
      const result = await call<{ index: string; documents: number; batches: number }>(`/volunteering/${path}`, { method: 'POST', role: 'backOffice' });
      expect(result.status).toBe(200);
      expect(result.body.index).toBe(index);
      expect(result.body.documents).toBeGreaterThan(0);
      expect(result.body.batches).toBe(Math.ceil(result.body.documents / 10));
      expect((await call(`/volunteering/${path}`, { method: 'POST', role: 'charityAdmin' })).status).toBe(403);
    }
    const documents = await client.eventsOf('VolunteeringOpportunityReindexed');
    expect(documents.some((e) => (e.detail.data.document as { id: string }).id === state.opportunityId)).toBe(true);

    const trained = await api('/volunteering/modelTraining', { method: 'POST', role: 'backOffice' });
    expect(trained.status).toBe(200);
    expect(trained.headers.get('content-type')).toBe('application/octet-stream');
    expect(trained.headers.get('content-disposition')).toMatch(/^attachment; filename="volunteering-recommender-.+\.json"$/);
    const model = (await trained.json()) as { kind: string; positives: number };
    expect(model).toMatchObject({ kind: 'volunteering-recommender' });
    expect(model.positives).toBeGreaterThan(0);
    expect((await call('/volunteering/modelTraining', { method: 'POST', role: 'donor' })).status).toBe(403);

    const roles = await call<{ items: { opportunity: { id: string }; reasons: string[] }[] }>('/volunteering/recommendRoles?country=nz', { role: 'donor' });
    expect(roles.status).toBe(200);
    expect(roles.body.items.length).toBeGreaterThan(0);
    expect(roles.body.items.every((r) => r.reasons.length > 0)).toBe(true);
  });

  it('serves the back office’s calls with their 204s, and deletes only opportunities nobody holds a place in', async () => {
    const id = state.opportunityId;
    const office = (path: string, init: Parameters<typeof api>[1] = {}) => call(`/volunteering/backOffice${path}`, { role: 'backOffice', ...init });
    expect((await office(`/opportunity/${id}/edit`)).status).toBe(200);
    expect((await office('/charity/kiwi-coast-rescue/vacancy/kiwi-call-count-night')).status).toBe(200);
    expect((await office(`/volunteer/opportunity/${id}/sessionsSummary`)).status).toBe(200);
    expect((await office(`/volunteer/opportunity/${id}/session`)).status).toBe(200);
    expect((await office(`/volunteer/opportunity/${id}/session/${state.sessionB}`)).status).toBe(200);
    expect((await office(`/volunteer/opportunity/${id}/applicants`)).status).toBe(200);
    expect((await office(`/opportunity/${id}/comment`)).status).toBe(200);
    expect((await office(`/${id}/toggleOnlineStatus`, { method: 'PATCH', body: { isOnline: true } })).status).toBe(204);
    expect((await office('/bulkUpdateOpportunitySdgs', { method: 'POST', body: { items: [{ opportunityId: id, sdgs: [14, 15] }] } })).status).toBe(204);
    expect((await call<Opportunity>(`/volunteering/opportunity/${id}/edit`, { role: 'charityAdmin' })).body.sdgs).toEqual([14, 15]);
    const unknown = await office('/bulkUpdateOpportunitySdgs', { method: 'POST', body: { items: [{ opportunityId: id, sdgs: [1] }, { opportunityId: '01KDEM0PPRTNTY000000000000', sdgs: [2] }] } });
    expect(unknown.status).toBe(400);
    expect((await call<Opportunity>(`/volunteering/opportunity/${id}/edit`, { role: 'charityAdmin' })).body.sdgs).toEqual([14, 15]);
    for (const path of [`/opportunity/${id}/edit`, `/volunteer/opportunity/${id}/applicants`]) {
      expect((await call(`/volunteering/backOffice${path}`, { role: 'charityAdmin' })).status).toBe(401);
      expect((await call(`/volunteering/backOffice${path}`)).status).toBe(401);
    }

    expect((await call(`/volunteering/opportunity/${id}`, { method: 'DELETE', role: 'charityAdmin' })).status).toBe(409);
    const spare = await call<Opportunity>('/volunteering/opportunity', { method: 'POST', role: 'charityAdmin', body: opportunityInput({ opportunityUrl: 'spare-role', title: 'Spare role' }) });
    const other = await call<Opportunity>('/volunteering/opportunity', { method: 'POST', role: 'charityAdmin', body: opportunityInput({ opportunityUrl: 'other-spare-role', title: 'Other spare role' }) });
    expect((await call(`/volunteering/opportunity/${spare.body.id}`, { method: 'DELETE', role: 'charityAdmin' })).status).toBe(204);
    expect((await office(`/opportunity/${other.body.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await call(`/volunteering/opportunity/${other.body.id}/edit`, { role: 'charityAdmin' })).status).toBe(404);
  });
});
