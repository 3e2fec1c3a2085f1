import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fixedClock } from '@giving/shared/clock';
import { dynamoCharityCopy, dynamoTenantRoleCopy } from '@giving/shared/dynamo-copies';
import { newId } from '@giving/shared/ids';
import { startObjectStore, type RunningObjectStore } from '../../../tools/local/src/s3';
import { testTables } from '../../../tools/local/src/testing/dynamo';
import workplace from '../service';
import { produceBatch } from '../domain/batches';
import { createStructure, PRESETS } from '../domain/file-structures';
import { createPayCycle } from '../domain/pay-cycles';
import { currentPeriod, periodAt } from '../domain/pay-periods';
import { erasePersonalData } from '../domain/personal-data';
import type { PledgeRecord, WorkplaceDeps } from '../domain/ports';
import * as stores from './dynamo-workplace';
import { dynamoMemberRecords } from './dynamo-member-records';
import { s3PayrollFileStore } from './s3-payroll-files';

/**
 * An erased member's running payroll pledge (issue 17 item 7) stops in the next batch; a changes-only file still tells
 * payroll whose deduction to stop, by the employee number and name the previous file gave, though the employee record
 * is gone. Against DynamoDB Local and the local object store.
 */
const BUCKET = 'payroll-files';
let store: RunningObjectStore;
let root: string;
let s3: S3Client;
let deps: WorkplaceDeps;
let records: ReturnType<typeof dynamoMemberRecords>;
const clock = fixedClock('2026-11-02T00:00:00.000Z');
const W = newId();
const WIREMU = newId();
const GRACE = newId();

beforeAll(async () => {
  const { client, tableName } = await testTables([workplace]);
  const table = tableName('workplace');
  root = await mkdtemp(path.join(tmpdir(), 'workplace-erased-'));
  store = await startObjectStore({ port: 0, rootDir: path.join(root, 's3'), buckets: [BUCKET] });
  s3 = new S3Client({ endpoint: store.url, region: 'ap-southeast-2', forcePathStyle: true, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  records = dynamoMemberRecords(client, table);
  deps = {
    payCycles: stores.dynamoPayCycleStore(client, table),
    structures: stores.dynamoFileStructureStore(client, table),
    pledges: stores.dynamoPledgeStore(client, table),
    employees: stores.dynamoEmployeeStore(client, table),
    batches: stores.dynamoBatchStore(client, table),
    workplaces: stores.dynamoWorkplaceProfileStore(client, table),
    eligibility: stores.dynamoEligibilityStore(client, table),
    giving: stores.dynamoGivingStore(client, table),
    volunteering: stores.dynamoVolunteeringStore(client, table),
    badges: stores.dynamoBadgeStore(client, table),
    charityCodes: stores.dynamoCharityCodeStore(client, table),
    externalDonations: stores.dynamoExternalDonationStore(client, table),
    charities: dynamoCharityCopy(client, table),
    roles: dynamoTenantRoleCopy(client, table),
    files: s3PayrollFileStore(s3, BUCKET, root),
    events: { publishAll: async () => undefined } as unknown as WorkplaceDeps['events'],
    clock,
    newId: () => newId(),
    randomToken: () => newId(),
  };
  for (const [memberId, firstName, number] of [
    [WIREMU, 'Wiremu', 'E100'],
    [GRACE, 'Grace', 'E200'],
  ] as const) {
    await deps.roles.saveWorkplaceMembership({ memberId, workplaceId: W, workplaceName: 'Tasman Engineering', roles: ['WorkplaceGiver.Employee'], version: '1' });
    await deps.employees.save({ memberId, workplaceId: W, workplaceName: 'Tasman Engineering', roles: ['WorkplaceGiver.Employee'], firstName, lastName: 'Tester', email: `${firstName.toLowerCase()}@tasman-engineering.co.nz`, employmentType: 'Permanent', employeeNumber: number, version: '1' });
    const pledge: PledgeRecord = {
      pledgeId: `p-${firstName.toLowerCase()}`,
      workplaceId: W,
      memberId,
      pageType: 'CHARITY',
      country: 'nz',
      charity: { id: 'harbour', name: 'Harbour City Food Bank', charityUrl: 'harbour-city-food-bank' },
      quantity: 1,
      total: { cents: 2500, currency: 'NZD' },
      donationFrequency: 'EveryPayCycle',
      isAnonymous: false,
      createdAt: '2026-11-01T00:00:00.000Z',
    };
    await deps.pledges.save(pledge);
  }
});

afterAll(async () => {
  s3.destroy();
  await store.stop();
  await rm(root, { recursive: true, force: true });
});

it("stops an erased member's deduction and tells payroll whose it was in a changes-only file", async () => {
  const structure = await createStructure(deps, W, { ...PRESETS.KEYPAY, mode: 'CHANGES_ONLY' });
  const cycle = await createPayCycle(deps, W, {
    name: 'Fortnightly',
    frequency: 'Fortnightly',
    periodEnd: '2026-11-08',
    payDate: '2026-11-11',
    cutoffDaysBeforePayDate: 2,
    cutoffTime: '17:00',
    timeZone: 'Pacific/Auckland',
    businessUnitIds: [],
    fileStructureId: structure.id,
    financeContacts: ['payroll@tasman-engineering.co.nz'],
  });
  const record = (await deps.payCycles.get(W, cycle.id))!;
  const first = currentPeriod(record, clock.now());
  const second = periodAt(record, first.index + 1);

  const before = await produceBatch(deps, record, first, { producedBy: 'schedule', now: new Date(first.cutoffAt) });
  expect(before.lineCount).toBe(2);

  clock.advance(Date.parse(first.cutoffAt) - clock.now().getTime() + 3_600_000);
  await erasePersonalData({ ...deps, records }, { memberId: WIREMU, email: 'wiremu@tasman-engineering.co.nz' });
  expect(await deps.employees.get(W, WIREMU)).toBeUndefined();
  expect(await records.pledges(W, WIREMU)).toEqual([]);

  const after = await produceBatch(deps, record, second, { producedBy: 'schedule', now: new Date(second.cutoffAt) });
  // Only Grace is still deducted; the file lists just the change: Wiremu's deduction stops.
  expect(after.totalAmount.cents).toBe(2500);
  const text = (await deps.files.getText(after.fileKey))!;
  const rows = text.trim().split(/\r?\n/).slice(1);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatch(/^E100,Wiremu,Tester,.*CANCELLED/);
});
