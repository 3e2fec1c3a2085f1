import { beforeAll, describe, expect, it } from 'vitest';
import { dynamoMemberNameCopy, dynamoTenantRoleCopy } from '@giving/shared/dynamo-copies';
import type { EventPublisher } from '@giving/shared/events';
import { newId } from '@giving/shared/ids';
import { ERASED_MEMBER_NAME, type ErasedDataset, type PersonalDataset } from '@giving/shared/personal-data';
import { testTables } from '../../../tools/local/src/testing/dynamo';
import { publishHours } from '../domain/hours';
import { collectVolunteeringData, eraseVolunteeringData } from '../domain/personal-data';
import type { StoredApplication, StoredInvite, StoredOpportunity, StoredSession } from '../domain/ports';
import volunteering from '../service';
import { dynamoApplicationStore } from './dynamo-applications';
import { dynamoMemberDataStore } from './dynamo-member-data';
import { dynamoOpportunityStore } from './dynamo-opportunities';
import { dynamoReferenceStore } from './dynamo-reference';

const now = '2026-11-21T09:00:00.000Z';
const charity = { id: 'kiwi', name: 'Kiwi Coast Rescue', charityUrl: 'kiwi-coast-rescue', logoImageUrl: '/media/logo.svg' };
const ana = { memberId: 'ana-member', email: 'ana@example.com' };
const ben = { memberId: 'ben-member', email: 'ben@example.com' };

let stores: {
  opportunities: ReturnType<typeof dynamoOpportunityStore>;
  applications: ReturnType<typeof dynamoApplicationStore>;
  reference: ReturnType<typeof dynamoReferenceStore>;
  memberData: ReturnType<typeof dynamoMemberDataStore>;
  names: ReturnType<typeof dynamoMemberNameCopy>;
  roles: ReturnType<typeof dynamoTenantRoleCopy>;
};
const deps = () => ({ ...stores, clock: { now: () => new Date('2026-12-10T00:00:00.000Z') }, newId });

beforeAll(async () => {
  const tables = await testTables([volunteering]);
  const table = tables.tableName('volunteering');
  stores = {
    opportunities: dynamoOpportunityStore(tables.client, table),
    applications: dynamoApplicationStore(tables.client, table),
    reference: dynamoReferenceStore(tables.client, table),
    memberData: dynamoMemberDataStore(tables.client, table),
    names: dynamoMemberNameCopy(tables.client, table),
    roles: dynamoTenantRoleCopy(tables.client, table),
  };
});

async function openOpportunity(sessions: number): Promise<{ opportunity: StoredOpportunity; sessions: StoredSession[] }> {
  const id = newId();
  const plans = Array.from({ length: sessions }, (_, i) => ({
    id: newId(),
    startsAt: `2026-12-0${i + 1}T20:00:00.000Z`,
    endsAt: `2026-12-0${i + 1}T23:00:00.000Z`,
    sessionTotalHours: 3,
    requiredPeople: 10,
  }));
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
    hasSpecificDates: true,
    allowTeams: true,
    contactEmail: 'sam@example.org',
    contentStatus: 'Live',
    isOnline: true,
    sessions: plans,
    createdBy: 'sam',
    createdAt: now,
    updatedAt: now,
    revision: 1,
  };
  const stored = plans.map((plan) => ({ ...plan, opportunityId: id, charityId: charity.id, placesTaken: 0, remaining: 10 }));
  expect(await stores.opportunities.create(opportunity, stored)).toBe('created');
  return { opportunity, sessions: stored };
}

async function apply(
  opportunity: StoredOpportunity,
  session: StoredSession,
  who: { memberId: string; email: string; firstName: string },
  extra: { message?: string; invitees?: string[]; teamName?: string } = {},
): Promise<StoredApplication> {
  const invitees = extra.invitees ?? [];
  const application: StoredApplication = {
    id: newId(),
    applicationType: invitees.length ? 'Team' : 'Individual',
    status: 'Applied',
    opportunityId: opportunity.id,
    opportunityTitle: opportunity.title,
    opportunityUrl: opportunity.opportunityUrl,
    imageUrl: opportunity.imageUrl,
    charity,
    country: 'nz',
    sessionId: session.id,
    session: { startsAt: session.startsAt, endsAt: session.endsAt!, sessionTotalHours: 3 },
    applicant: { memberId: who.memberId, email: who.email, firstName: who.firstName, lastName: 'Tester' },
    applicantWorkplaces: [{ workplaceId: 'tasman', workplaceName: 'Tasman Engineering' }],
    seats: 1 + invitees.length,
    ...(extra.message ? { message: extra.message } : {}),
    ...(extra.teamName ? { teamName: extra.teamName } : {}),
    createdAt: now,
    updatedAt: now,
    revision: 1,
  };
  const invites: StoredInvite[] = invitees.map((email) => ({ applicationId: application.id, email, firstName: email.split('@')[0], responseStatus: 'Going', invitedAt: now }));
  const feed = { id: application.id, country: 'nz' as const, charityName: charity.name, charityUrl: charity.charityUrl, opportunityTitle: opportunity.title, opportunityUrl: opportunity.opportunityUrl, applicationType: application.applicationType, seats: application.seats, createdOn: now };
  expect((await stores.applications.apply(application, invites, feed, now)).outcome).toBe('applied');
  return application;
}

async function complete(application: StoredApplication, feedback: Partial<Pick<StoredApplication, 'volunteerFeedback' | 'charityFeedback'>>): Promise<StoredApplication> {
  const hours = { hoursPerPerson: 3, volunteers: application.seats, totalHours: 3 * application.seats };
  const status = feedback.volunteerFeedback && feedback.charityFeedback ? 'BothFeedbacksGiven' : feedback.charityFeedback ? 'CharityFeedbackGiven' : 'Completed';
  expect(await stores.applications.update(application, ['Applied'], { status, hours, completedBy: 'Charity', completedAt: '2026-12-02T00:00:00.000Z', ...feedback })).toBe('saved');
  return (await stores.applications.get(application.id))!.application;
}

const byName = (datasets: readonly PersonalDataset[]) => Object.fromEntries(datasets.map((dataset) => [dataset.name, dataset.rows]));
const countsOf = (datasets: readonly ErasedDataset[]) => Object.fromEntries(datasets.map((d) => [d.name, { erased: d.erased, anonymised: d.anonymised }]));

describe("volunteering's part of a member's data (DynamoDB Local)", () => {
  it('gathers only the member’s records, then erases them twice: kept hours lose who gave them, the rest goes, nobody else is touched', async () => {
    const { opportunity, sessions } = await openOpportunity(2);
    const [first, second] = sessions as [StoredSession, StoredSession];

    // Ana's completed application with both sides' feedback (her hours count for the charity), and one still open.
    const anaDone = await complete(await apply(opportunity, first, { ...ana, firstName: 'Ana' }, { message: 'I have a ute for the bags' }), {
      volunteerFeedback: {
        rating: 5,
        comment: 'Loved it, ring me on 021 555 0100',
        answers: [
          { questionId: 'v-enjoyed', answer: 5 },
          { questionId: 'v-again', answer: 'Yes' },
          { questionId: 'v-comment', answer: 'Ana here, happy to lead next time' },
        ],
        givenBy: { memberId: ana.memberId, name: 'Ana Tester' },
        givenAt: '2026-12-03T00:00:00.000Z',
      },
      charityFeedback: { rating: 4, comment: 'Ana was brilliant', answers: [{ questionId: 'c-impact', answer: 4 }], givenBy: { memberId: 'sam', name: 'Sam Tane' }, givenAt: '2026-12-03T01:00:00.000Z' },
    });
    const anaOpen = await apply(opportunity, second, { ...ana, firstName: 'Ana' }, { message: 'Can I bring my dog?' });

    // Ben's team (Ana and Carl invited), and Ben's completed application whose charity feedback Ana gave as the charity's staff.
    const benTeam = await apply(opportunity, first, { ...ben, firstName: 'Ben' }, { invitees: [ana.email, 'carl@example.com'], teamName: 'Ben and friends' });
    const benDone = await complete(await apply(opportunity, second, { ...ben, firstName: 'Ben' }, { message: 'Ben’s note' }), {
      charityFeedback: { rating: 3, comment: 'Ben came late', answers: [], givenBy: { memberId: ana.memberId, name: 'Ana Tester' }, givenAt: '2026-12-04T00:00:00.000Z' },
    });

    await stores.opportunities.addComment({ id: newId(), opportunityId: opportunity.id, author: { memberId: ana.memberId, name: 'Ana Tester' }, text: 'Is parking free?', createdAt: now });
    await stores.opportunities.addComment({ id: newId(), opportunityId: opportunity.id, author: { memberId: ben.memberId, name: 'Ben Tester' }, text: 'See you there', createdAt: now });
    await stores.reference.putExternalFeedback({ id: newId(), memberId: ana.memberId, organisationName: 'Surf club', activity: 'Patrol', date: '2026-10-01', hours: 4, createdAt: now });
    await stores.reference.putExternalFeedback({ id: newId(), memberId: ben.memberId, organisationName: 'Food bank', activity: 'Packing', date: '2026-10-02', hours: 2, createdAt: now });
    await stores.names.save({ memberId: ana.memberId, firstName: 'Ana', lastName: 'Tester', version: '0001' });
    await stores.names.save({ memberId: ben.memberId, firstName: 'Ben', lastName: 'Tester', version: '0001' });
    await stores.roles.saveCharityMembership({ memberId: ana.memberId, charityId: charity.id, roles: ['CharityVolunteeringManager'], version: '0001' });
    await stores.roles.saveWorkplaceMembership({ memberId: ben.memberId, workplaceId: 'tasman', workplaceName: 'Tasman Engineering', roles: ['Employee'], version: '0001' });

    const benBefore = await collectVolunteeringData(deps(), ben);

    // Collect: every kind of record Ana has, and nothing of Ben's or Carl's.
    const gathered = await collectVolunteeringData(deps(), ana);
    const rows = byName(gathered);
    expect(Object.keys(rows).sort()).toEqual(['applications', 'comments', 'external-volunteering', 'feedback', 'hours', 'names', 'roles', 'team-invitations']);
    for (const dataset of gathered) expect(dataset.description).toMatch(/^[A-Z][^\n]+\.$/);
    expect(rows.applications!.map((row) => row.id).sort()).toEqual([anaDone.id, anaOpen.id].sort());
    expect(rows.applications!.find((row) => row.id === anaOpen.id)).toMatchObject({ status: 'Applied', message: 'Can I bring my dog?', email: ana.email, opportunity: 'Beach clean-up' });
    expect(rows.hours).toEqual([expect.objectContaining({ applicationId: anaDone.id, totalHours: 3 })]);
    expect(rows.feedback!.map((row) => `${row.applicationId}:${row.about}`).sort()).toEqual(
      [`${anaDone.id}:The volunteering role`, `${anaDone.id}:You, as a volunteer`, `${benDone.id}:A volunteer`].sort(),
    );
    expect(rows['team-invitations']).toEqual([expect.objectContaining({ applicationId: benTeam.id, email: ana.email, response: 'Going', opportunity: 'Beach clean-up' })]);
    expect(rows.comments!.map((row) => row.text)).toEqual(['Is parking free?']);
    expect(rows['external-volunteering']!.map((row) => row.organisation)).toEqual(['Surf club']);
    expect(rows.names).toEqual([{ firstName: 'Ana', lastName: 'Tester' }]);
    expect(rows.roles).toEqual([{ kind: 'charity', id: charity.id, workplace: null, roles: ['CharityVolunteeringManager'] }]);
    const text = JSON.stringify(gathered);
    for (const other of ['Ben', ben.memberId, ben.email, 'carl', 'Sam Tane', 'Food bank', 'See you there', 'late']) expect(text).not.toContain(other);

    // Erase: the counts say what went and what stayed without her.
    const firstRun = await eraseVolunteeringData(deps(), ana);
    expect(countsOf(firstRun)).toEqual({
      applications: { erased: 1, anonymised: 1 },
      hours: { erased: 0, anonymised: 1 },
      feedback: { erased: 0, anonymised: 3 },
      'team-invitations': { erased: 0, anonymised: 1 },
      'external-volunteering': { erased: 1, anonymised: 0 },
      comments: { erased: 1, anonymised: 0 },
      names: { erased: 1, anonymised: 0 },
      roles: { erased: 1, anonymised: 0 },
    });
    // A redelivery finds nothing left of hers.
    const secondRun = await eraseVolunteeringData(deps(), ana);
    expect(secondRun.every((dataset) => dataset.erased === 0 && dataset.anonymised === 0)).toBe(true);
    expect(secondRun.map((d) => d.name)).toEqual(firstRun.map((d) => d.name));
    expect(await collectVolunteeringData(deps(), ana)).toEqual([]);

    // Her completed application stays in the charity's records with its hours, without her.
    const kept = (await stores.applications.get(anaDone.id))!.application;
    expect(kept.applicant).toEqual({ memberId: '', email: '', firstName: ERASED_MEMBER_NAME, lastName: '' });
    expect(kept).toMatchObject({ status: 'BothFeedbacksGiven', hours: anaDone.hours, seats: 1 });
    expect(kept.message).toBeUndefined();
    expect(kept.volunteerFeedback).toEqual({ rating: 5, answers: [{ questionId: 'v-enjoyed', answer: 5 }, { questionId: 'v-again', answer: 'Yes' }], givenBy: { memberId: '', name: ERASED_MEMBER_NAME }, givenAt: '2026-12-03T00:00:00.000Z' });
    expect(kept.charityFeedback).toEqual({ rating: 4, answers: [{ questionId: 'c-impact', answer: 4 }], givenBy: { memberId: 'sam', name: 'Sam Tane' }, givenAt: '2026-12-03T01:00:00.000Z' });
    expect(JSON.stringify(kept)).not.toMatch(/Ana|ana@|021 555/);
    const charityHours = (await stores.applications.listByCharity(charity.id)).reduce((sum, a) => sum + (a.hours?.totalHours ?? 0), 0);
    expect(charityHours).toBe(anaDone.hours!.totalHours + benDone.hours!.totalHours);
    expect(await stores.applications.listByMember(ana.memberId)).toEqual([]);
    expect(await stores.applications.findForSession(first.id, ana.memberId)).toBeUndefined();
    // Its stream record is not published as new hours again.
    const published: unknown[] = [];
    const events = { publish: async (_definition: unknown, data: unknown) => (published.push(data), {}) } as unknown as EventPublisher;
    expect(await publishHours(events, { ...kept, status: 'Completed' })).toBe('skipped');
    expect(published).toEqual([]);

    // Her open application is gone and its place is back; Ben's places are as they were.
    expect(await stores.applications.get(anaOpen.id)).toBeUndefined();
    expect(await stores.opportunities.getSession(second.id)).toMatchObject({ placesTaken: 1, remaining: 9 });
    expect(await stores.opportunities.getSession(first.id)).toMatchObject({ placesTaken: 4, remaining: 6 });

    // Ben's team keeps its three places; Ana's invitation is addressed to nobody, Carl's is untouched.
    const team = (await stores.applications.get(benTeam.id))!;
    expect(team.application).toMatchObject({ seats: 3, teamName: 'Ben and friends', applicant: { memberId: ben.memberId } });
    expect(team.team).toHaveLength(2);
    expect(team.team.find((m) => m.email === 'carl@example.com')).toMatchObject({ firstName: 'carl', responseStatus: 'Going' });
    const anonymousInvite = team.team.find((m) => m.email !== 'carl@example.com')!;
    expect(anonymousInvite).toMatchObject({ firstName: ERASED_MEMBER_NAME, responseStatus: 'Going' });
    expect(anonymousInvite.email).not.toContain('ana');
    expect(await stores.applications.invitesFor(ana.email)).toEqual([]);

    // The feedback Ana gave Ben as the charity's staff stays, given by a deleted member.
    const benKept = (await stores.applications.get(benDone.id))!.application;
    expect(benKept.charityFeedback).toMatchObject({ rating: 3, comment: 'Ben came late', givenBy: { memberId: '', name: ERASED_MEMBER_NAME } });
    expect(benKept).toMatchObject({ applicant: { memberId: ben.memberId, firstName: 'Ben' }, message: 'Ben’s note', hours: benDone.hours });

    // Everything else of Ben's reads as before.
    expect((await stores.opportunities.listComments(opportunity.id)).map((c) => c.text)).toEqual(['See you there']);
    expect(await collectVolunteeringData(deps(), ben)).toEqual(benBefore);
    expect(await stores.names.namesOf(ben.memberId)).toMatchObject({ firstName: 'Ben' });
    expect(await stores.names.namesOf(ana.memberId)).toBeUndefined();
  }, 60_000);
});
