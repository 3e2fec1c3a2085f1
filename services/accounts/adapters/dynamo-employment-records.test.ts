import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '@giving/shared/ids';
import { testTables } from '../../../tools/local/src/testing/dynamo';
import { applyEmployeeRecords } from '../domain/employment-records';
import type { TenantSummary } from '../domain/people';
import accounts from '../service';
import { dynamoEmploymentRecords } from './dynamo-employment-records';
import { dynamoPersonalDataStore } from './dynamo-personal-data';
import { aCaller, aMember, aWorkplace, peopleStores, type PeopleStores } from './people-fixtures';

/**
 * HR's eligibility file applied to the members it names (EmployeeRecordsImported), against DynamoDB Local: each
 * member's record changes and their audit trail says who changed what from which file, once per file however often
 * the event is delivered.
 */
let stores: PeopleStores;
let records: ReturnType<typeof dynamoEmploymentRecords>;
let privacy: ReturnType<typeof dynamoPersonalDataStore>;

beforeAll(async () => {
  const tables = await testTables([accounts]);
  stores = peopleStores(tables.client, tables.tableName('accounts'));
  records = dynamoEmploymentRecords(tables.client, tables.tableName('accounts'));
  privacy = dynamoPersonalDataStore(tables.client, tables.tableName('accounts'));
});

describe("an eligibility file's employment records", () => {
  it('changes each member named and audits what changed, by whom and from which file; a repeat delivery records nothing twice', async () => {
    const workplace = await aWorkplace(stores, { name: 'Tasman Engineering' });
    const tenant: TenantSummary = { kind: 'workplace', id: workplace.id, name: workplace.name, country: 'nz' };
    const mere = await aMember(stores, aCaller({ email: `mere.${newId().toLowerCase()}@example.com` }));
    const tama = await aMember(stores, aCaller({ email: `tama.${newId().toLowerCase()}@example.com` }));
    await stores.memberships.join(tenant, { member: mere, role: 'WorkplaceGiver.Employee', employmentType: 'Permanent' }, new Date());
    await stores.memberships.join(tenant, { member: tama, role: 'WorkplaceGiver.Employee', employmentType: 'Permanent' }, new Date());
    const imported = {
      workplaceId: workplace.id,
      fileId: newId(),
      importedAt: '2026-11-27T09:00:00.000Z',
      uploadedBy: 'Grace Liu',
      fileName: 'december.csv',
      workplaceName: 'Tasman Engineering',
      employees: [
        { email: mere.email.toUpperCase(), employeeNumber: 'TE-7', employmentType: 'Contractor' as const, startDate: '2024-02-01' },
        // Tama's record already says this: nothing changes, so nothing is audited.
        { email: tama.email, employeeNumber: 'TE-8', employmentType: 'Permanent' as const },
        { email: 'not.a.member@example.com', employeeNumber: 'TE-9', employmentType: 'Casual' as const },
      ],
    };
    await records.setEmployment(workplace.id, tama.id, imported.employees[1]!, { at: '2026-11-01T00:00:00.000Z', entryId: 'earlier', actor: { name: 'Grace Liu' }, detail: 'earlier' });

    expect(await applyEmployeeRecords({ records }, imported)).toEqual({ updated: 2, notMembers: 1 });
    const members = await stores.memberships.listWorkplaceMembers(workplace.id);
    expect(members.find((m) => m.memberId === mere.id)).toMatchObject({ employeeNumber: 'TE-7', employmentType: 'Contractor' });

    const fromFile = async (memberId: string) =>
      (await privacy.auditTrail(memberId, { limit: 50 })).entries.filter((entry) => entry.detail === 'Tasman Engineering: eligibility file december.csv');
    expect(await fromFile(mere.id)).toEqual([
      expect.objectContaining({
        action: 'EmploymentRecordChanged',
        at: imported.importedAt,
        actor: { name: 'Grace Liu' },
        changes: [
          { field: 'Employee number', to: 'TE-7' },
          { field: 'Employment type', from: 'Permanent', to: 'Contractor' },
          { field: 'Employment start', to: '2024-02-01' },
        ],
      }),
    ]);
    expect(await fromFile(tama.id)).toEqual([]);

    // The same event again (a redelivery) and after the admin changed Mere's type in the console: one entry still, and
    // the console's change stays.
    expect(await stores.memberships.updateWorkplaceMember(workplace.id, mere.id, { employmentType: 'Casual' }, { id: 'admin', name: 'Grace Liu' })).toMatchObject({ outcome: 'updated' });
    expect(await applyEmployeeRecords({ records }, imported)).toEqual({ updated: 2, notMembers: 1 });
    expect(await fromFile(mere.id)).toHaveLength(1);
    expect((await stores.memberships.listWorkplaceMembers(workplace.id)).find((m) => m.memberId === mere.id)).toMatchObject({ employmentType: 'Casual' });
  });
});
