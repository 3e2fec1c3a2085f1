import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '@giving/shared/clock';
import { testTables } from '../../../tools/local/src/testing/dynamo';
import { aCharity, aMember, aWorkplace, peopleStores, type PeopleStores } from '../adapters/people-fixtures';
import accounts from '../service';
import {
  addCharity,
  getSettings,
  LAST_WORKPLACE_ADMIN,
  listCharities,
  removeCharity,
  removeMember,
  UNKNOWN_BUSINESS_UNIT,
  updateMember,
  updateSettings,
} from './workplace-console';

let stores: PeopleStores;
const clock = fixedClock('2026-08-01T00:00:00.000Z');

beforeAll(async () => {
  const tables = await testTables([accounts]);
  stores = peopleStores(tables.client, tables.tableName('accounts'));
});

async function workplaceWithAdminAndEmployee() {
  const workplace = await aWorkplace(stores);
  const tenant = { ...workplace, kind: 'workplace' as const };
  const admin = await aMember(stores);
  const employee = await aMember(stores);
  await stores.memberships.join(tenant, { member: admin, role: 'WorkplaceGiver.Admin' }, new Date());
  await stores.memberships.join(tenant, { member: employee, role: 'WorkplaceGiver.Employee' }, new Date());
  return { workplace, admin, employee };
}

describe('workplace settings', () => {
  it('renames the workplace, keeps units sent with their id, gives new units ids and drops units left out', async () => {
    const { workplace } = await workplaceWithAdminAndEmployee();
    const [auckland] = workplace.businessUnits;
    const updated = await updateSettings({ ...stores, clock }, workplace.id, {
      name: 'Tasman Engineering Ltd',
      businessUnits: [{ id: auckland!.id, name: 'Tāmaki Makaurau' }, { name: 'Nelson' }],
    });
    expect(updated).toMatchObject({ id: workplace.id, name: 'Tasman Engineering Ltd', memberCount: 2 });
    expect(updated.businessUnits).toEqual([{ id: auckland!.id, name: 'Tāmaki Makaurau' }, { id: expect.any(String), name: 'Nelson' }]);
    expect(await getSettings(stores, workplace.id)).toEqual(updated);
  });

  it('refuses a unit id the workplace does not have, naming the field', async () => {
    const workplace = await aWorkplace(stores);
    await expect(updateSettings({ ...stores, clock }, workplace.id, { name: 'X', businessUnits: [{ name: 'A' }, { id: 'made-up', name: 'B' }] })).rejects.toMatchObject({
      code: 'ValidationFailed',
      fieldErrors: [{ field: 'body.businessUnits.1.id', message: UNKNOWN_BUSINESS_UNIT }],
    });
    await expect(getSettings(stores, 'missing')).rejects.toMatchObject({ code: 'NotFound' });
  });
});

describe('workplace members', () => {
  it("moves a member to one of the workplace's units, and refuses any other unit naming body.businessUnitId", async () => {
    const { workplace, employee } = await workplaceWithAdminAndEmployee();
    const unit = workplace.businessUnits[1]!.id;
    expect(await updateMember(stores, workplace.id, employee.id, { businessUnitId: unit, employmentType: 'Contractor' })).toMatchObject({
      memberId: employee.id,
      businessUnitId: unit,
      employmentType: 'Contractor',
    });
    await expect(updateMember(stores, workplace.id, employee.id, { businessUnitId: 'elsewhere' })).rejects.toMatchObject({
      code: 'ValidationFailed',
      fieldErrors: [{ field: 'body.businessUnitId', message: UNKNOWN_BUSINESS_UNIT }],
    });
    await expect(updateMember(stores, workplace.id, 'nobody', { employmentType: 'Casual' })).rejects.toMatchObject({ code: 'NotFound' });
  });

  it('never takes the admin role from, or removes, the last administrator', async () => {
    const { workplace, admin, employee } = await workplaceWithAdminAndEmployee();
    await expect(updateMember(stores, workplace.id, admin.id, { roles: ['WorkplaceGiver.Employee'] })).rejects.toMatchObject({
      code: 'Conflict',
      message: LAST_WORKPLACE_ADMIN,
    });
    await expect(removeMember(stores, workplace.id, admin.id)).rejects.toMatchObject({ code: 'Conflict', message: LAST_WORKPLACE_ADMIN });
    // With a second admin, the first may step down.
    await updateMember(stores, workplace.id, employee.id, { roles: ['WorkplaceGiver.Employee', 'WorkplaceGiver.Admin'] });
    expect(await updateMember(stores, workplace.id, admin.id, { roles: ['WorkplaceGiver.Employee'] })).toMatchObject({ roles: ['WorkplaceGiver.Employee'] });
    await removeMember(stores, workplace.id, admin.id);
    expect((await getSettings(stores, workplace.id)).memberCount).toBe(1);
  });
});

describe('workplace charities', () => {
  it('adds a charity once (keeping when it was first added), lists it, and removes it idempotently', async () => {
    const workplace = await aWorkplace(stores);
    const charity = await aCharity(stores);
    const added = await addCharity({ ...stores, clock }, workplace.id, charity.id);
    expect(added).toEqual({ charityId: charity.id, name: charity.name, charityUrl: charity.charityUrl, logoImageUrl: charity.logoImageUrl, addedAt: '2026-08-01T00:00:00.000Z' });
    clock.advance(1000);
    expect(await addCharity({ ...stores, clock }, workplace.id, charity.id)).toEqual(added);
    expect((await listCharities(stores, workplace.id)).items).toEqual([added]);
    await removeCharity(stores, workplace.id, charity.id);
    await removeCharity(stores, workplace.id, charity.id);
    expect((await listCharities(stores, workplace.id)).items).toEqual([]);
  });

  it('answers 404 for a charity or workplace that does not exist', async () => {
    const workplace = await aWorkplace(stores);
    await expect(addCharity({ ...stores, clock }, workplace.id, 'no-such-charity')).rejects.toMatchObject({ code: 'NotFound', message: 'Charity was not found.' });
    await expect(addCharity({ ...stores, clock }, 'no-such-workplace', (await aCharity(stores)).id)).rejects.toMatchObject({ code: 'NotFound' });
  });
});
