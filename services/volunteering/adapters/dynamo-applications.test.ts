import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '@giving/shared/ids';
import { testTables } from '../../../tools/local/src/testing/dynamo';
import volunteering from '../service';
import type { StoredApplication, StoredOpportunity, StoredSession } from '../domain/ports';
import { dynamoApplicationStore } from './dynamo-applications';
import { dynamoOpportunityStore } from './dynamo-opportunities';

let opportunities: ReturnType<typeof dynamoOpportunityStore>;
let applications: ReturnType<typeof dynamoApplicationStore>;

beforeAll(async () => {
  const tables = await testTables([volunteering]);
  opportunities = dynamoOpportunityStore(tables.client, tables.tableName('volunteering'));
  applications = dynamoApplicationStore(tables.client, tables.tableName('volunteering'));
});

const now = '2026-11-21T09:00:00.000Z';
const charity = { id: 'kiwi', name: 'Kiwi Coast Rescue', charityUrl: 'kiwi-coast-rescue', logoImageUrl: '/media/logo.svg' };

async function openSession(requiredPeople: number, overrides: Partial<StoredOpportunity> = {}): Promise<{ opportunity: StoredOpportunity; session: StoredSession }> {
  const id = newId();
  const plan = { id: newId(), startsAt: '2026-12-01T20:00:00.000Z', endsAt: '2026-12-01T23:00:00.000Z', sessionTotalHours: 3, requiredPeople };
  const opportunity: StoredOpportunity = {
    id,
    charity,
    country: 'nz',
    title: 'Beach clean-up',
    description: 'Pick up plastic.',
    opportunityUrl: `beach-${id.toLowerCase()}`,
    opportunityType: 'UnSkilled',
    imageUrl: '/media/x.svg',
    skills: [],
    categories: ['Environment'],
    sdgs: [],
    isRemote: false,
    location: { suburb: 'Ngunguru', lat: -35.62, lon: 174.5 },
    hasSpecificDates: true,
    allowTeams: true,
    contactEmail: 'sam@example.org',
    contentStatus: 'Live',
    isOnline: true,
    sessions: [plan],
    createdBy: 'sam',
    createdAt: now,
    updatedAt: now,
    revision: 1,
    ...overrides,
  };
  const session: StoredSession = { ...plan, opportunityId: id, charityId: charity.id, placesTaken: 0, remaining: requiredPeople };
  expect(await opportunities.create(opportunity, [session])).toBe('created');
  return { opportunity, session };
}

function applicationFor(opportunity: StoredOpportunity, session: StoredSession, memberId: string, seats = 1): StoredApplication {
  return {
    id: newId(),
    applicationType: seats > 1 ? 'Team' : 'Individual',
    status: 'Applied',
    opportunityId: opportunity.id,
    opportunityTitle: opportunity.title,
    opportunityUrl: opportunity.opportunityUrl,
    imageUrl: opportunity.imageUrl,
    charity,
    country: 'nz',
    sessionId: session.id,
    session: { startsAt: session.startsAt, endsAt: session.endsAt ?? session.startsAt, sessionTotalHours: 3 },
    applicant: { memberId, email: `${memberId}@example.com`, firstName: 'Vol', lastName: memberId },
    applicantWorkplaces: [],
    seats,
    createdAt: now,
    updatedAt: now,
    revision: 1,
  };
}

const feedFor = (application: StoredApplication) => ({
  id: application.id,
  country: 'nz' as const,
  charityName: charity.name,
  charityUrl: charity.charityUrl,
  opportunityTitle: application.opportunityTitle,
  opportunityUrl: application.opportunityUrl,
  applicationType: application.applicationType,
  seats: application.seats,
  createdOn: application.createdAt,
});

const apply = (application: StoredApplication, invites: number = application.seats - 1) =>
  applications.apply(
    application,
    Array.from({ length: invites }, (_, i) => ({ applicationId: application.id, email: `m${i}-${application.id.toLowerCase()}@example.com`, responseStatus: 'AwaitingResponse' as const, invitedAt: now })),
    feedFor(application),
    now,
  );

describe('session capacity (DynamoDB Local)', () => {
  it('200 concurrent applications for a session of 20 places fill exactly 20, and the rest are told it is full', async () => {
    const { opportunity, session } = await openSession(20);
    const outcomes = await Promise.all(Array.from({ length: 200 }, (_, i) => apply(applicationFor(opportunity, session, `member-${i}`))));
    const applied = outcomes.filter((o) => o.outcome === 'applied').length;
    expect(applied).toBe(20);
    expect(outcomes.every((o) => o.outcome === 'applied' || o.outcome === 'full' || o.outcome === 'busy')).toBe(true);
    const stored = await opportunities.getSession(session.id);
    expect(stored).toMatchObject({ placesTaken: 20, remaining: 0 });
    expect(await applications.listByOpportunity(opportunity.id, session.id)).toHaveLength(20);
  }, 120_000);

  it('takes a team’s places at once, or none: a team larger than what is left is refused with what is left', async () => {
    const { opportunity, session } = await openSession(4);
    expect((await apply(applicationFor(opportunity, session, 'lead-a', 3))).outcome).toBe('applied');
    expect(await apply(applicationFor(opportunity, session, 'lead-b', 3))).toEqual({ outcome: 'full', remaining: 1, ended: false });
    expect(await opportunities.getSession(session.id)).toMatchObject({ placesTaken: 3, remaining: 1 });
  });

  it('keeps one application per member per session, naming the existing one', async () => {
    const { opportunity, session } = await openSession(5);
    const first = applicationFor(opportunity, session, 'twice');
    expect((await apply(first)).outcome).toBe('applied');
    expect(await apply(applicationFor(opportunity, session, 'twice'))).toEqual({ outcome: 'alreadyApplied', applicationId: first.id });
    expect(await opportunities.getSession(session.id)).toMatchObject({ placesTaken: 1, remaining: 4 });
  });

  it('refuses an opportunity that is not Live and online, and a session that ended', async () => {
    const offline = await openSession(5, { isOnline: false });
    expect((await apply(applicationFor(offline.opportunity, offline.session, 'x'))).outcome).toBe('notOpen');
    const ended = await openSession(5);
    expect(await applications.apply(applicationFor(ended.opportunity, ended.session, 'y'), [], feedFor(applicationFor(ended.opportunity, ended.session, 'y')), '2026-12-02T00:00:00.000Z')).toEqual({
      outcome: 'full',
      remaining: 5,
      ended: true,
    });
  });

  it('gives places back when an application is retracted, and lets the member apply again', async () => {
    const { opportunity, session } = await openSession(2);
    const mine = applicationFor(opportunity, session, 'comeback', 2);
    expect((await apply(mine)).outcome).toBe('applied');
    expect(await applications.release(mine, ['Applied', 'Accepted'], { status: 'Retracted', seats: 0 })).toBe('saved');
    expect(await opportunities.getSession(session.id)).toMatchObject({ placesTaken: 0, remaining: 2 });
    // Releasing again (a retry) changes nothing: the revision moved on.
    expect(await applications.release(mine, ['Applied', 'Accepted'], { status: 'Retracted', seats: 0 })).toBe('changed');
    expect(await opportunities.getSession(session.id)).toMatchObject({ placesTaken: 0, remaining: 2 });
    expect((await apply(applicationFor(opportunity, session, 'comeback'))).outcome).toBe('applied');
  });

  it('moves a team member’s place with their answer, never past the capacity', async () => {
    const { opportunity, session } = await openSession(3);
    const team = applicationFor(opportunity, session, 'leader', 3);
    expect((await apply(team)).outcome).toBe('applied');
    const found = await applications.get(team.id);
    const member = found!.team[0]!;
    expect(await applications.respond(found!.application, member, { ...member, responseStatus: 'NotGoing' }, -1)).toBe('saved');
    expect(await opportunities.getSession(session.id)).toMatchObject({ placesTaken: 2, remaining: 1 });
    expect((await apply(applicationFor(opportunity, session, 'walk-in'))).outcome).toBe('applied');
    const again = await applications.get(team.id);
    const notGoing = again!.team.find((m) => m.email === member.email)!;
    expect(await applications.respond(again!.application, notGoing, { ...notGoing, responseStatus: 'Going' }, 1)).toEqual({ full: 0 });
    expect((await applications.get(team.id))!.application.seats).toBe(2);
  });

  it('never lowers a session below the places taken when the charity edits it', async () => {
    const { opportunity, session } = await openSession(3);
    expect((await apply(applicationFor(opportunity, session, 'holder', 2))).outcome).toBe('applied');
    const next = { ...opportunity, revision: 2 };
    expect(await opportunities.replace(opportunity, next, { added: [], updated: [{ ...opportunity.sessions[0]!, requiredPeople: 1 }], removed: [] })).toEqual({ capacityBelowTaken: session.id });
    expect(await opportunities.replace(opportunity, next, { added: [], updated: [{ ...opportunity.sessions[0]!, requiredPeople: 6 }], removed: [] })).toBe('saved');
    expect(await opportunities.getSession(session.id)).toMatchObject({ requiredPeople: 6, placesTaken: 2, remaining: 4 });
    expect(await opportunities.delete(next)).toBe('inUse');
  });
});
