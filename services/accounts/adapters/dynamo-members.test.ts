import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { testTables } from '../../../tools/local/src/testing/dynamo';
import accounts from '../service';
import { keys } from './keys';
import { aCaller, aCharity, aMember, aWorkplace, peopleStores, type PeopleStores } from './people-fixtures';

let stores: PeopleStores;

beforeAll(async () => {
  const tables = await testTables([accounts]);
  stores = peopleStores(tables.client, tables.tableName('accounts'));
});

const raw = async (key: { pk: string; sk: string }) =>
  (await stores.client.send(new GetCommand({ TableName: stores.tableName, Key: key, ConsistentRead: true }))).Item;
const activeUsers = async () => Number((await raw(keys.siteCounters()))?.activeUsers ?? 0);

describe('dynamo member directory (DynamoDB Local)', () => {
  it('stores a member once and counts one active user, however many first sign-ins race', async () => {
    const caller = aCaller({ email: 'Mixed.Case@Example.org' });
    const before = await activeUsers();
    const results = await Promise.all(Array.from({ length: 10 }, () => aMember(stores, caller)));
    expect(await activeUsers()).toBe(before + 1);
    expect(new Set(results.map((r) => r.id))).toEqual(new Set([caller.memberId]));
    expect(await raw(keys.memberProfile(caller.memberId))).toMatchObject({
      email: 'mixed.case@example.org',
      gsi2pk: 'EMAIL#mixed.case@example.org',
      gsi2sk: 'MEMBER',
      gsi3pk: 'LIST#MEMBER',
      gsi3sk: 'aroha ngata mixed.case@example.org',
      adminRoles: [],
    });
    // A later sign-in counts nothing.
    await aMember(stores, caller);
    expect(await activeUsers()).toBe(before + 1);
  });

  it('mirrors adminRoles from the token groups', async () => {
    const caller = aCaller();
    await aMember(stores, caller);
    const promoted = await aMember(stores, { ...caller, adminRoles: ['Administrator'] });
    expect(promoted.adminRoles).toEqual(['Administrator']);
    expect((await stores.members.get(caller.memberId))?.adminRoles).toEqual(['Administrator']);
    await aMember(stores, caller);
    expect((await stores.members.get(caller.memberId))?.adminRoles).toEqual([]);
  });

  it('finds a member by e-mail and renames them, in the list key and in their memberships', async () => {
    const caller = aCaller();
    const member = await aMember(stores, caller);
    expect((await stores.members.findByEmail(caller.email.toUpperCase()))?.id).toBe(caller.memberId);
    const workplace = await aWorkplace(stores);
    await stores.memberships.join({ ...workplace, kind: 'workplace' }, { member, role: 'WorkplaceGiver.Employee' }, new Date());

    const renamed = await stores.members.rename(caller.memberId, { firstName: 'Mere', lastName: 'Kingi' });
    expect(renamed).toMatchObject({ firstName: 'Mere', lastName: 'Kingi', email: caller.email });
    expect((await raw(keys.memberProfile(caller.memberId)))?.gsi3sk).toBe(`mere kingi ${caller.email}`);
    expect(await stores.memberships.listWorkplaceMembers(workplace.id)).toEqual([
      expect.objectContaining({ memberId: caller.memberId, firstName: 'Mere', lastName: 'Kingi' }),
    ]);
  });

  it("joins a member's badges with their definitions (and keeps a retired badge from its copy)", async () => {
    const caller = aCaller();
    await aMember(stores, caller);
    const put = (item: Record<string, unknown>) => stores.client.send(new PutCommand({ TableName: stores.tableName, Item: item }));
    await put({ ...keys.badge('b-first'), id: 'b-first', name: 'First gift', description: 'Your first donation.', icon: '🌱', donationCount: 1 });
    await put({ ...keys.memberBadge(caller.memberId, 'b-first'), badgeId: 'b-first', awardedAt: '2026-02-01T00:00:00.000Z' });
    await put({
      ...keys.memberBadge(caller.memberId, 'b-retired'),
      id: 'b-retired',
      name: 'Early bird',
      description: 'Gave in the first week.',
      icon: '🐦',
      donationCount: 3,
      awardedAt: '2026-02-02T00:00:00.000Z',
    });
    const badges = await stores.members.badges(caller.memberId);
    expect(badges).toHaveLength(2);
    expect(badges).toContainEqual({ id: 'b-first', name: 'First gift', description: 'Your first donation.', icon: '🌱', donationCount: 1, awardedAt: '2026-02-01T00:00:00.000Z' });
    expect(badges).toContainEqual(expect.objectContaining({ id: 'b-retired', name: 'Early bird', donationCount: 3 }));
  });

  it('reads completed donations from the tally, 0 before the first', async () => {
    const caller = aCaller();
    expect(await stores.members.completedDonations(caller.memberId)).toBe(0);
    await stores.client.send(new PutCommand({ TableName: stores.tableName, Item: { ...keys.memberTally(caller.memberId), donationCount: 4 } }));
    expect(await stores.members.completedDonations(caller.memberId)).toBe(4);
  });

  it('keeps the public charity profile free of the admin count', async () => {
    const charity = await aCharity(stores);
    const member = await aMember(stores);
    await stores.memberships.join({ ...charity, kind: 'charity' }, { member, role: 'Charity.Admin' }, new Date());
    expect((await raw(keys.charityProfile(charity.id)))?.adminCount).toBe(1);
    expect(await stores.charities.getById(charity.id)).toEqual(charity);
    expect(await stores.charities.getByUrl(charity.charityUrl)).toEqual(charity);
  });
});
