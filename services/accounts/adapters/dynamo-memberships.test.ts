import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { testTables } from '../../../tools/local/src/testing/dynamo';
import type { TenantSummary } from '../domain/people';
import accounts from '../service';
import { keys } from './keys';
import { aCharity, aMember, aWorkplace, peopleStores, type PeopleStores } from './people-fixtures';

let stores: PeopleStores;

beforeAll(async () => {
  const tables = await testTables([accounts]);
  stores = peopleStores(tables.client, tables.tableName('accounts'));
});

const counts = async (key: { pk: string; sk: string }) => {
  const item = (await stores.client.send(new GetCommand({ TableName: stores.tableName, Key: key, ConsistentRead: true }))).Item;
  return { memberCount: item?.memberCount as number | undefined, adminCount: item?.adminCount as number | undefined };
};

async function workplaceWith(admins: number, employees = 0) {
  const workplace = await aWorkplace(stores);
  const tenant: TenantSummary = { kind: 'workplace', id: workplace.id, name: workplace.name, country: 'nz' };
  const join = async (role: string) => {
    const member = await aMember(stores);
    await stores.memberships.join(tenant, { member, role, employmentType: 'Permanent' }, new Date());
    return member.id;
  };
  const adminIds = [];
  for (let i = 0; i < admins; i++) adminIds.push(await join('WorkplaceGiver.Admin'));
  const employeeIds = [];
  for (let i = 0; i < employees; i++) employeeIds.push(await join('WorkplaceGiver.Employee'));
  return { workplace, tenant, adminIds, employeeIds };
}

describe('dynamo membership store (DynamoDB Local)', () => {
  it('adds a member once, adds a further role to the same membership, and keeps the workplace counts', async () => {
    const { workplace, tenant } = await workplaceWith(0);
    const member = await aMember(stores);
    const at = new Date('2026-03-01T00:00:00.000Z');
    await stores.memberships.join(tenant, { member, role: 'WorkplaceGiver.Employee', employmentType: 'Permanent' }, at);
    await stores.memberships.join(tenant, { member, role: 'WorkplaceGiver.Employee', employmentType: 'Permanent' }, at);
    await stores.memberships.join(tenant, { member, role: 'WorkplaceGiver.Admin' }, at);
    expect(await counts(keys.workplace(workplace.id))).toEqual({ memberCount: 1, adminCount: 1 });
    expect(await stores.memberships.listWorkplaceMembers(workplace.id)).toEqual([
      {
        memberId: member.id,
        firstName: member.firstName,
        lastName: member.lastName,
        email: member.email,
        roles: ['WorkplaceGiver.Employee', 'WorkplaceGiver.Admin'],
        employmentType: 'Permanent',
        joinedAt: at.toISOString(),
      },
    ]);
    expect((await stores.workplaces.get(workplace.id))?.memberCount).toBe(1);
  });

  it("lists a member's tenants with their current names", async () => {
    const charity = await aCharity(stores);
    const { workplace, tenant } = await workplaceWith(0);
    const member = await aMember(stores);
    await stores.memberships.join(tenant, { member, role: 'WorkplaceGiver.Employee' }, new Date());
    await stores.memberships.join({ ...charity, kind: 'charity', logo: charity.logoImageUrl }, { member, role: 'Charity.Member' }, new Date());
    await stores.workplaces.updateSettings(workplace.id, { name: 'Tasman Engineering Group', businessUnits: [] });
    const associations = await stores.memberships.ofMember(member.id);
    expect(associations).toHaveLength(2);
    expect(associations).toContainEqual({ kind: 'workplace', tenantId: workplace.id, tenantName: 'Tasman Engineering Group', roles: ['WorkplaceGiver.Employee'] });
    expect(associations).toContainEqual({ kind: 'charity', tenantId: charity.id, tenantName: charity.name, tenantLogo: charity.logoImageUrl, roles: ['Charity.Member'] });
  });

  it('never removes the last workplace admin, even when two admins are removed at once', async () => {
    const { workplace, adminIds, employeeIds } = await workplaceWith(2, 1);
    const outcomes = await Promise.all(adminIds.map((id) => stores.memberships.removeWorkplaceMember(workplace.id, id)));
    expect(outcomes.sort()).toEqual(['last-admin', 'removed']);
    expect(await counts(keys.workplace(workplace.id))).toEqual({ memberCount: 2, adminCount: 1 });
    expect(await stores.memberships.removeWorkplaceMember(workplace.id, employeeIds[0] as string)).toBe('removed');
    expect(await stores.memberships.removeWorkplaceMember(workplace.id, employeeIds[0] as string)).toBe('not-found');
    expect(await counts(keys.workplace(workplace.id))).toEqual({ memberCount: 1, adminCount: 1 });
  });

  it('keeps one admin when several are demoted and removed concurrently', async () => {
    const { workplace, adminIds } = await workplaceWith(4);
    const [a, b, c, d] = adminIds as [string, string, string, string];
    const outcomes = await Promise.all([
      stores.memberships.updateWorkplaceMember(workplace.id, a, { roles: ['WorkplaceGiver.Employee'] }),
      stores.memberships.updateWorkplaceMember(workplace.id, b, { roles: ['WorkplaceGiver.Employee'] }),
      stores.memberships.removeWorkplaceMember(workplace.id, c),
      stores.memberships.removeWorkplaceMember(workplace.id, d),
    ]);
    const refused = outcomes.filter((o) => (typeof o === 'string' ? o : o.outcome) === 'last-admin');
    expect(refused).toHaveLength(1);
    const members = await stores.memberships.listWorkplaceMembers(workplace.id);
    expect(members.filter((m) => m.roles.includes('WorkplaceGiver.Admin'))).toHaveLength(1);
    expect(await counts(keys.workplace(workplace.id))).toEqual({ memberCount: members.length, adminCount: 1 });
  });

  it('changes employment type and business unit, and takes a member out of their unit with null', async () => {
    const { workplace, employeeIds } = await workplaceWith(1, 1);
    const id = employeeIds[0] as string;
    const unit = workplace.businessUnits[0]?.id as string;
    const moved = await stores.memberships.updateWorkplaceMember(workplace.id, id, { employmentType: 'Contractor', businessUnitId: unit });
    expect(moved).toMatchObject({ outcome: 'updated', member: { employmentType: 'Contractor', businessUnitId: unit, roles: ['WorkplaceGiver.Employee'] } });
    const out = await stores.memberships.updateWorkplaceMember(workplace.id, id, { businessUnitId: null });
    expect(out).toMatchObject({ outcome: 'updated', member: { employmentType: 'Contractor' } });
    expect(out.outcome === 'updated' && 'businessUnitId' in out.member).toBe(false);
    expect((await stores.memberships.listWorkplaceMembers(workplace.id)).find((m) => m.memberId === id)).not.toHaveProperty('businessUnitId');
    expect(await stores.memberships.updateWorkplaceMember(workplace.id, 'nobody', { employmentType: 'Casual' })).toEqual({ outcome: 'not-found' });
  });

  it('never removes the last charity admin under concurrent removals', async () => {
    const charity = await aCharity(stores);
    const tenant: TenantSummary = { ...charity, kind: 'charity' };
    const admins = [await aMember(stores), await aMember(stores), await aMember(stores)];
    for (const member of admins) await stores.memberships.join(tenant, { member, role: 'Charity.Admin' }, new Date());
    const volunteer = await aMember(stores);
    await stores.memberships.join(tenant, { member: volunteer, role: 'Charity.Member' }, new Date());
    const outcomes = await Promise.all(admins.map((m) => stores.memberships.removeCharityMember(charity.id, m.id)));
    expect(outcomes.sort()).toEqual(['last-admin', 'removed', 'removed']);
    expect((await counts(keys.charityProfile(charity.id))).adminCount).toBe(1);
    expect(await stores.memberships.removeCharityMember(charity.id, volunteer.id)).toBe('removed');
    expect(await stores.memberships.listCharityMembers(charity.id)).toHaveLength(1);
  });
});
