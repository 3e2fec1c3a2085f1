import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '@giving/shared/clock';
import { testTables } from '../../../tools/local/src/testing/dynamo';
import { dynamoBackOfficeStore } from '../adapters/dynamo-back-office';
import { dynamoPermissionSource } from '../adapters/dynamo-permissions';
import { keys } from '../adapters/keys';
import { aCaller, aCharity, aMember, aWorkplace, peopleStores, recordingMailer, silentLog, type PeopleStores } from '../adapters/people-fixtures';
import accounts from '../service';
import { invite } from './invitations';
import { getAdminMenu, getDashboard, getPermissions, getProfile, ONE_TENANT_ONLY, updateProfile } from './members';

let stores: PeopleStores;
const clock = fixedClock('2026-06-01T00:00:00.000Z');

beforeAll(async () => {
  const tables = await testTables([accounts]);
  stores = peopleStores(tables.client, tables.tableName('accounts'));
});

describe('getAdminMenu', () => {
  it('never lets a token issued before a back-office role change undo it on the member record', async () => {
    const caller = aCaller({ firstName: 'Ari', lastName: 'Stale' });
    await getAdminMenu({ ...stores, clock }, { ...caller, tokenIssuedAt: 1_000 });
    // The back office grants Administrator at t=2000 (it writes the role and when it changed).
    const backOffice = dynamoBackOfficeStore(stores.client, stores.tableName);
    await backOffice.setAdminRole(caller.memberId, 'Administrator', true);
    await stores.client.send(
      new UpdateCommand({ TableName: stores.tableName, Key: keys.memberProfile(caller.memberId), UpdateExpression: 'SET adminRolesChangedAt = :t', ExpressionAttributeValues: { ':t': 2_000 } }),
    );
    // The member's old token (no Administrator group yet) must not take it away...
    await getAdminMenu({ ...stores, clock }, { ...caller, adminRoles: [], tokenIssuedAt: 1_500 });
    expect((await stores.members.get(caller.memberId))?.adminRoles).toEqual(['Administrator']);
    // ...but a token issued after the change is the truth again (e.g. a later revoke made elsewhere).
    await getAdminMenu({ ...stores, clock }, { ...caller, adminRoles: [], tokenIssuedAt: 2_500 });
    expect((await stores.members.get(caller.memberId))?.adminRoles).toEqual([]);
  });

  it('stores the member on first sign-in and lists their associations and roles', async () => {
    const caller = aCaller({ firstName: 'Casey', lastName: 'Brown' });
    const charity = await aCharity(stores);
    const workplace = await aWorkplace(stores, { logo: '/media/tasman.svg' });
    const member = await aMember(stores, caller);
    await stores.memberships.join({ ...workplace, kind: 'workplace' }, { member, role: 'WorkplaceGiver.Employee' }, new Date());
    await stores.memberships.join({ ...workplace, kind: 'workplace' }, { member, role: 'WorkplaceGiver.ContentAdmin' }, new Date());
    await stores.memberships.join({ ...charity, kind: 'charity' }, { member, role: 'Charity.Member' }, new Date());

    const menu = await getAdminMenu({ ...stores, clock }, caller);
    expect(menu).toEqual({
      primaryAccount: { id: caller.memberId, name: 'Casey Brown', type: 'account' },
      associations: expect.arrayContaining([
        { type: 'corporate', corporateId: workplace.id, corporateName: workplace.name, corporateLogo: '/media/tasman.svg' },
        { type: 'charity', charityId: charity.id, charityName: charity.name, charityLogo: charity.logoImageUrl },
      ]),
      adminRoles: [],
      corporateAssociations: [
        {
          corporateId: workplace.id,
          corporateName: workplace.name,
          corporateLogo: '/media/tasman.svg',
          corporateRoles: [{ roleName: 'WorkplaceGiver.Employee' }, { roleName: 'WorkplaceGiver.ContentAdmin' }],
        },
      ],
      charityAssociations: [{ charityId: charity.id, charityName: charity.name, charityLogo: charity.logoImageUrl, roles: ['Charity.Member'] }],
      isAdmin: false,
      isContentAdmin: true,
    });
  });

  it('creates the profile from the token on the first call and marks administrators', async () => {
    const caller = aCaller({ adminRoles: ['Administrator'] });
    expect(await stores.members.get(caller.memberId)).toBeUndefined();
    const menu = await getAdminMenu({ ...stores, clock }, caller);
    expect(menu).toMatchObject({ isAdmin: true, isContentAdmin: true, adminRoles: ['Administrator'], associations: [] });
    expect(await stores.members.get(caller.memberId)).toEqual({
      id: caller.memberId,
      email: caller.email,
      firstName: caller.firstName,
      lastName: caller.lastName,
      adminRoles: ['Administrator'],
      createdAt: '2026-06-01T00:00:00.000Z',
    });
  });
});

describe('getPermissions', () => {
  const permissions = () => ({ permissions: dynamoPermissionSource(stores.client, stores.tableName), log: silentLog });

  it('refuses a charity and a workplace at once, naming the field', async () => {
    await expect(getPermissions(permissions(), aCaller(), { charityId: 'c1', workplaceId: 'w1' })).rejects.toMatchObject({
      code: 'ValidationFailed',
      fieldErrors: [{ field: 'query.workplaceId', message: ONE_TENANT_ONLY }],
    });
  });

  it("adds a member's roles in the charity they ask about, and only there", async () => {
    const caller = aCaller();
    const charity = await aCharity(stores);
    await stores.memberships.join({ ...charity, kind: 'charity' }, { member: await aMember(stores, caller), role: 'Charity.Member' }, new Date());
    const inCharity = await getPermissions(permissions(), caller, { charityId: charity.id });
    expect(inCharity.permissions).toEqual(expect.arrayContaining(['Charity_DashboardView', 'Charity_MemberView', 'User_ViewDashboard']));
    expect(inCharity.permissions).not.toContain('Charity_MemberManage');
    expect((await getPermissions(permissions(), caller, {})).permissions).not.toContain('Charity_MemberView');
    expect((await getPermissions(permissions(), caller, { charityId: 'another' })).permissions).not.toContain('Charity_MemberView');
  });
});

describe('profile and dashboard', () => {
  it('answers the token profile before the member is stored, and renames a stored member', async () => {
    const caller = aCaller();
    expect(await getProfile({ ...stores, clock }, caller)).toMatchObject({ id: caller.memberId, email: caller.email, createdAt: '2026-06-01T00:00:00.000Z' });
    const renamed = await updateProfile({ ...stores, clock }, caller, { firstName: 'Hemi', lastName: 'Walker' });
    expect(renamed).toMatchObject({ id: caller.memberId, firstName: 'Hemi', lastName: 'Walker' });
    expect(await getProfile({ ...stores, clock }, caller)).toEqual(renamed);
  });

  it('shows badges, completed donations and open invitations', async () => {
    const caller = aCaller();
    await aMember(stores, caller);
    const put = (item: Record<string, unknown>) => stores.client.send(new PutCommand({ TableName: stores.tableName, Item: item }));
    await put({ ...keys.memberTally(caller.memberId), donationCount: 6 });
    await put({ ...keys.badge('dash-5'), id: 'dash-5', name: 'Regular giver', description: '5 donations.', icon: '🌿', donationCount: 5 });
    await put({ ...keys.badge('dash-1'), id: 'dash-1', name: 'First gift', description: 'First.', icon: '🌱', donationCount: 1 });
    await put({ ...keys.memberBadge(caller.memberId, 'dash-5'), badgeId: 'dash-5', awardedAt: '2026-05-02T00:00:00.000Z' });
    await put({ ...keys.memberBadge(caller.memberId, 'dash-1'), badgeId: 'dash-1', awardedAt: '2026-05-01T00:00:00.000Z' });
    const charity = await aCharity(stores);
    await invite(
      { ...stores, mailer: recordingMailer(), clock, siteUrl: 'https://koha.example', log: silentLog },
      { kind: 'charity', id: charity.id },
      { email: caller.email, role: 'Charity.Member' },
      aCaller(),
    );

    const dashboard = await getDashboard({ ...stores, clock }, caller);
    expect(dashboard.completedDonations).toBe(6);
    expect(dashboard.pendingInvitations).toBe(1);
    expect(dashboard.badges.map((b) => b.name)).toEqual(['First gift', 'Regular giver']);
    expect(dashboard.profile.id).toBe(caller.memberId);

    const fresh = await getDashboard({ ...stores, clock }, aCaller());
    expect(fresh).toMatchObject({ badges: [], completedDonations: 0, pendingInvitations: 0 });
  });
});
