import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import { PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '@giving/shared/clock';
import type { Reconciliation } from '@giving/shared/contracts/workplace-payroll';
import { dynamoTenantRoleCopy } from '@giving/shared/dynamo-copies';
import { newId } from '@giving/shared/ids';
import { ERASED_MEMBER_NAME, type PersonalDataset } from '@giving/shared/personal-data';
import { startObjectStore, type RunningObjectStore } from '../../../tools/local/src/s3';
import { testTables } from '../../../tools/local/src/testing/dynamo';
import workplace from '../service';
import { deductionsFor } from '../domain/batches';
import { collectPersonalData, erasePersonalData, type PersonalDataDeps } from '../domain/personal-data';
import type { Allocation } from '../domain/reconciliation';
import type { BatchLine, PledgeRecord, StoredBatch } from '../domain/ports';
import { dynamoBadgeStore, dynamoBatchStore, dynamoEligibilityStore, dynamoEmployeeStore, dynamoExternalDonationStore, dynamoGivingStore, dynamoPledgeStore, dynamoVolunteeringStore, dynamoWorkplaceProfileStore } from './dynamo-workplace';
import { dynamoMemberRecords } from './dynamo-member-records';
import { s3PayrollFileStore } from './s3-payroll-files';

/**
 * "Download my data" and "Delete my account" for workplace giving (issue 17 item 7), against DynamoDB Local and the
 * local object store: Wiremu's records are gathered and erased; his colleague Grace's are never touched.
 */
const BUCKET = 'payroll-files';
let store: RunningObjectStore;
let root: string;
let s3: S3Client;
let client: DynamoDBDocumentClient;
let table: string;
let deps: PersonalDataDeps;
let files: ReturnType<typeof s3PayrollFileStore>;

const W = newId();
const OTHER_W = newId();
const WIREMU = newId();
const GRACE = newId();
const clock = fixedClock('2026-11-26T01:00:00.000Z');

const pledge = (memberId: string, pledgeId: string, overrides: Partial<PledgeRecord> = {}): PledgeRecord => ({
  pledgeId,
  workplaceId: W,
  memberId,
  pageType: 'CHARITY',
  country: 'nz',
  charity: { id: 'harbour', name: 'Harbour City Food Bank', charityUrl: 'harbour-city-food-bank' },
  quantity: 1,
  total: { cents: 2500, currency: 'NZD' },
  donationFrequency: 'EveryPayCycle',
  isAnonymous: false,
  createdAt: '2026-10-01T00:00:00.000Z',
  ...overrides,
});

const line = (memberId: string, employeeNumber: string, firstName: string, pledgeId: string): BatchLine => ({
  key: `${memberId}|harbour|general`,
  memberId,
  charityId: 'harbour',
  amountCents: 2500,
  pledges: [{ pledgeId, cents: 2500, pageType: 'CHARITY', charity: { id: 'harbour', name: 'Harbour City Food Bank', charityUrl: 'harbour-city-food-bank' }, quantity: 1, isAnonymous: false, recurring: true }],
  employeeNumber,
  email: `${firstName.toLowerCase()}@tasman-engineering.co.nz`,
  firstName,
  lastName: firstName === 'Wiremu' ? 'Parata' : 'Liu',
  charityName: 'Harbour City Food Bank',
});

const money = (cents: number) => ({ cents, currency: 'NZD' as const });

async function sumOf<T>(items: AsyncIterable<T>, cents: (item: T) => number) {
  let total = 0;
  for await (const item of items) total += cents(item);
  return total;
}

beforeAll(async () => {
  const tables = await testTables([workplace]);
  client = tables.client;
  table = tables.tableName('workplace');
  root = await mkdtemp(path.join(tmpdir(), 'workplace-personal-'));
  store = await startObjectStore({ port: 0, rootDir: path.join(root, 's3'), buckets: [BUCKET] });
  s3 = new S3Client({ endpoint: store.url, region: 'ap-southeast-2', forcePathStyle: true, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  files = s3PayrollFileStore(s3, BUCKET, root);
  deps = {
    employees: dynamoEmployeeStore(client, table),
    pledges: dynamoPledgeStore(client, table),
    batches: dynamoBatchStore(client, table),
    workplaces: dynamoWorkplaceProfileStore(client, table),
    records: dynamoMemberRecords(client, table),
    files,
    clock,
    newId: () => newId(),
  };

  const roles = dynamoTenantRoleCopy(client, table);
  await deps.workplaces.save({ id: W, name: 'Tasman Engineering', country: 'nz', businessUnits: [{ id: 'bu-eng', name: 'Engineering' }], version: '1' });
  for (const [memberId, firstName, lastName, number] of [
    [WIREMU, 'Wiremu', 'Parata', 'E100'],
    [GRACE, 'Grace', 'Liu', 'E200'],
  ] as const) {
    await roles.saveWorkplaceMembership({ memberId, workplaceId: W, workplaceName: 'Tasman Engineering', roles: ['WorkplaceGiver.Employee'], version: '1' });
    await deps.employees.save({ memberId, workplaceId: W, workplaceName: 'Tasman Engineering', roles: ['WorkplaceGiver.Employee'], firstName, lastName, email: `${firstName.toLowerCase()}@tasman-engineering.co.nz`, employmentType: 'Permanent', businessUnitId: 'bu-eng', employeeNumber: number, version: '1' });
  }
  // Wiremu left an earlier workplace: its role copy stays with no roles.
  await roles.saveWorkplaceMembership({ memberId: WIREMU, workplaceId: OTHER_W, workplaceName: 'Kauri Logistics', roles: [], version: '2' });

  await deps.pledges.save(pledge(WIREMU, 'p-wiremu'));
  await deps.pledges.save(pledge(WIREMU, 'p-wiremu-old', { createdAt: '2026-09-01T00:00:00.000Z' }));
  await deps.pledges.cancel(W, 'p-wiremu-old', WIREMU, '2026-09-20T00:00:00.000Z');
  await deps.pledges.save(pledge(GRACE, 'p-grace'));

  const giving = dynamoGivingStore(client, table);
  await giving.save({ donationId: 'd-wiremu', workplaceId: W, memberId: WIREMU, charity: { id: 'harbour', name: 'Harbour City Food Bank' }, businessUnitId: 'bu-eng', givingType: 'PayrollGiving', month: '2026-10', amount: money(2500), completedAt: '2026-10-20T00:00:00.000Z' });
  await giving.save({ donationId: 'd-grace', workplaceId: W, memberId: GRACE, charity: { id: 'harbour', name: 'Harbour City Food Bank' }, businessUnitId: 'bu-eng', givingType: 'CreditCard', month: '2026-10', amount: money(4000), completedAt: '2026-10-21T00:00:00.000Z' });
  const badges = dynamoBadgeStore(client, table);
  await badges.save({ workplaceId: W, memberId: WIREMU, badgeId: 'first-gift', name: 'First gift', icon: 'star', donationCount: 1, businessUnitId: 'bu-eng', month: '2026-10', awardedAt: '2026-10-20T00:00:00.000Z' });
  await badges.save({ workplaceId: W, memberId: GRACE, badgeId: 'first-gift', name: 'First gift', icon: 'star', donationCount: 1, businessUnitId: 'bu-eng', month: '2026-10', awardedAt: '2026-10-21T00:00:00.000Z' });
  await dynamoVolunteeringStore(client, table).save({ applicationId: 'a-wiremu', workplaceId: W, memberId: WIREMU, businessUnitId: 'bu-eng', volunteers: 1, hours: 4, month: '2026-10', completedAt: '2026-10-12T00:00:00.000Z' });

  const external = dynamoExternalDonationStore(client, table);
  const receipt = (id: string) => `workplaces/${W}/external-donations/${id}/receipt`;
  const donation = (memberId: string, id: string, status: 'Pending' | 'Approved', name: string, decidedBy: string) => ({
    id,
    workplaceId: W,
    workplaceName: 'Tasman Engineering',
    memberId,
    memberName: name,
    memberEmail: `${name.split(' ')[0]!.toLowerCase()}@tasman-engineering.co.nz`,
    charityName: 'Forest & Bird',
    amount: money(5000),
    donatedOn: '2026-10-05',
    note: 'Annual membership',
    receiptFileName: 'receipt.pdf',
    receiptContentType: 'application/pdf',
    receiptKey: receipt(id),
    status,
    ...(status === 'Approved' ? { decidedAt: '2026-10-06T00:00:00.000Z', decidedBy } : {}),
    createdAt: '2026-10-05T00:00:00.000Z',
  });
  for (const [memberId, status, name, decidedBy] of [
    [WIREMU, 'Approved', 'Wiremu Parata', 'Grace Liu'],
    [WIREMU, 'Pending', 'Wiremu Parata', ''],
    // Wiremu, an admin too, approved Grace's.
    [GRACE, 'Approved', 'Grace Liu', 'Wiremu Parata'],
  ] as const) {
    const id = newId();
    await files.putBytes(receipt(id), new TextEncoder().encode('%PDF-1.4 receipt'), 'application/pdf');
    await external.create(donation(memberId, id, status, name, decidedBy));
  }

  await dynamoEligibilityStore(client, table).save({ id: newId(), workplaceId: W, workplaceName: 'Tasman Engineering', fileName: 'staff-october.csv', uploadedAt: '2026-10-01T00:00:00.000Z', uploadedBy: 'wiremu@tasman-engineering.co.nz', status: 'Accepted', rowCount: 2, errorCount: 0, memberCount: 2, reportKey: 'r' });

  // A confirmed batch that took from both of them, with its reconciliation and donations.
  const prefix = `workplaces/${W}/batches/b1`;
  await files.putLines(`${prefix}/deductions.jsonl`, [line(WIREMU, 'E100', 'Wiremu', 'p-wiremu'), line(GRACE, 'E200', 'Grace', 'p-grace')]);
  const reconciliationLine = (number: string, name: string) => ({ outcome: 'Matched' as const, employeeNumber: number, employeeName: name, charityName: 'Harbour City Food Bank', expected: money(2500), deducted: money(2500), donated: money(2500), action: 'No follow-up needed.' });
  const reconciliation: Reconciliation = {
    batchId: 'b1',
    fileName: 'actuals.csv',
    uploadedAt: '2026-10-30T00:00:00.000Z',
    counts: { Matched: 2, UnderDeducted: 0, OverDeducted: 0, NoPledge: 0, NotDeducted: 0 },
    expected: money(5000),
    deducted: money(5000),
    donated: money(5000),
    unreadRows: [],
    lines: [reconciliationLine('E100', 'Wiremu Parata'), reconciliationLine('E200', 'Grace Liu')],
  };
  await files.putJson(`${prefix}/actuals/r/reconciliation.json`, reconciliation);
  const allocations: Allocation[] = [line(WIREMU, 'E100', 'Wiremu', 'p-wiremu'), line(GRACE, 'E200', 'Grace', 'p-grace')].map((l) => ({ memberId: l.memberId, part: l.pledges[0]!, cents: 2500 }));
  await files.putJson(`${prefix}/actuals/r/allocations.json`, allocations);
  const batch: StoredBatch = {
    id: 'b1',
    workplaceId: W,
    workplaceName: 'Tasman Engineering',
    payCycleId: 'c1',
    payCycleName: 'Fortnightly',
    periodStart: '2026-10-12',
    periodEnd: '2026-10-25',
    payDate: '2026-10-28',
    cutoffAt: '2026-10-24T04:00:00.000Z',
    asOf: '2026-10-24T04:00:00.000Z',
    status: 'Confirmed',
    lineCount: 2,
    totalAmount: money(5000),
    currency: 'NZD',
    fileName: 'payroll.csv',
    fileKey: `${prefix}/abc/payroll.csv`,
    linesKey: `${prefix}/deductions.jsonl`,
    sha256: 'abc',
    fileStructureId: 's1',
    fileStructureVersion: 1,
    mode: 'ALL_LINES',
    producedBy: 'schedule',
    createdAt: '2026-10-24T04:00:00.000Z',
    reconciliationKey: `${prefix}/actuals/r/reconciliation.json`,
    allocationsKey: `${prefix}/actuals/r/allocations.json`,
  };
  await client.send(new PutCommand({ TableName: table, Item: { pk: `WORKPLACE#${W}`, sk: 'BATCH#b1', ...batch } }));
});

afterAll(async () => {
  s3.destroy();
  await store.stop();
  await rm(root, { recursive: true, force: true });
});

const dataset = (datasets: readonly PersonalDataset[], name: string) => datasets.find((d) => d.name === name)?.rows ?? [];
const everything = (datasets: readonly PersonalDataset[]) => JSON.stringify(datasets);

describe("a member's workplace-giving data", () => {
  it('gathers their records, each kind described, and nothing of a colleague', async () => {
    const datasets = await collectPersonalData(deps, { memberId: WIREMU, email: 'wiremu@tasman-engineering.co.nz' });
    expect(datasets.map((d) => d.name).sort()).toEqual(
      ['employee-records', 'external-donations', 'payroll-deductions', 'payroll-donations', 'payroll-pledges', 'payroll-reconciliation', 'workplace-admin-actions', 'workplace-badges', 'workplace-giving', 'workplace-memberships', 'workplace-volunteering'].sort(),
    );
    for (const d of datasets) expect(d.description).toMatch(/^[A-Z].+\.$/);
    expect(dataset(datasets, 'employee-records')).toEqual([expect.objectContaining({ employeeNumber: 'E100', employmentType: 'Permanent', businessUnitName: 'Engineering', firstName: 'Wiremu' })]);
    expect(dataset(datasets, 'workplace-memberships').map((row) => row.workplaceName).sort()).toEqual(['Kauri Logistics', 'Tasman Engineering']);
    expect(dataset(datasets, 'payroll-pledges').map((row) => row.pledgeId).sort()).toEqual(['p-wiremu', 'p-wiremu-old']);
    expect(dataset(datasets, 'payroll-deductions')).toEqual([expect.objectContaining({ batchId: 'b1', amountCents: 2500, employeeNumber: 'E100', pledgeIds: ['p-wiremu'] })]);
    expect(dataset(datasets, 'payroll-reconciliation')).toEqual([expect.objectContaining({ outcome: 'Matched', donatedCents: 2500 })]);
    expect(dataset(datasets, 'payroll-donations')).toEqual([expect.objectContaining({ pledgeId: 'p-wiremu', amountCents: 2500, confirmed: true })]);
    expect(dataset(datasets, 'external-donations').map((row) => row.status).sort()).toEqual(['Approved', 'Pending']);
    expect(dataset(datasets, 'workplace-giving')).toEqual([expect.objectContaining({ donationId: 'd-wiremu', amountCents: 2500 })]);
    expect(dataset(datasets, 'workplace-admin-actions').map((row) => row.action).sort()).toEqual(['Decided an external donation', 'Uploaded an eligibility file']);
    const text = everything(datasets);
    // Grace's records, and her name as the admin who decided, are hers.
    for (const hers of [GRACE, 'Grace', 'E200', 'p-grace', 'd-grace']) expect(text).not.toContain(hers);
  });

  it('erases them twice over: copies gone, pledges ended, money kept without them, the colleague untouched', async () => {
    const giving = dynamoGivingStore(client, table);
    const totalBefore = await sumOf(giving.between(W, '2026-01-01', '2027-01-01'), (gift) => gift.amount.cents);
    const graceBefore = await collectPersonalData(deps, { memberId: GRACE, email: 'grace@tasman-engineering.co.nz' });
    const wiremuExternal = await deps.records.externalDonations(WIREMU);

    const first = await erasePersonalData(deps, { memberId: WIREMU, email: 'wiremu@tasman-engineering.co.nz' });
    expect(Object.fromEntries(first.map((d) => [d.name, [d.erased, d.anonymised]]))).toEqual({
      'workplace-memberships': [2, 0],
      'employee-records': [1, 0],
      'payroll-pledges': [0, 2],
      'external-donations': [1, 1],
      'workplace-giving': [0, 1],
      'workplace-badges': [0, 1],
      'workplace-volunteering': [0, 1],
      'workplace-admin-actions': [0, 2],
    });

    const second = await erasePersonalData(deps, { memberId: WIREMU, email: 'wiremu@tasman-engineering.co.nz' });
    expect(second.every((d) => d.erased === 0 && d.anonymised === 0)).toBe(true);

    // Nothing finds him any more.
    expect(await collectPersonalData(deps, { memberId: WIREMU, email: 'wiremu@tasman-engineering.co.nz' })).toEqual([]);
    expect(await deps.employees.get(W, WIREMU)).toBeUndefined();
    expect(await dynamoTenantRoleCopy(client, table).workplacesOf(WIREMU)).toEqual([]);

    // His pledge has ended: no later batch takes from it; Grace's still runs.
    const pledges: PledgeRecord[] = [];
    for await (const p of deps.pledges.forWorkplace(W)) pledges.push(p);
    const his = pledges.find((p) => p.pledgeId === 'p-wiremu')!;
    expect(his.cancelledAt).toBe('2026-11-26T01:00:00.000Z');
    expect(his.memberId).toMatch(/^deleted-/);
    expect(his.total).toEqual(money(2500));
    const next = deductionsFor(pledges, { asOf: '2026-12-05T04:00:00.000Z', previousAsOf: '2026-11-21T04:00:00.000Z', includes: () => true });
    expect([...next.values()].flatMap((l) => l.pledges.map((part) => part.pledgeId))).toEqual(['p-grace']);
    // A late cancellation from donations, or the pledge delivered again, does not bring his id back.
    await deps.pledges.cancel(W, 'p-wiremu', WIREMU, '2026-11-26T02:00:00.000Z');
    await deps.pledges.save(pledge(WIREMU, 'p-wiremu'));
    const again: PledgeRecord[] = [];
    for await (const p of deps.pledges.forWorkplace(W)) again.push(p);
    expect(again.find((p) => p.pledgeId === 'p-wiremu')!.memberId).toBe(his.memberId);

    // The workplace's totals are as they were; his gift, badge and volunteering count under one pseudonym.
    expect(await sumOf(giving.between(W, '2026-01-01', '2027-01-01'), (gift) => gift.amount.cents)).toBe(totalBefore);
    const gifts: string[] = [];
    for await (const gift of giving.between(W, '2026-01-01', '2027-01-01')) gifts.push(gift.memberId);
    expect(gifts.sort()).toEqual([GRACE, his.memberId].sort());
    const badgeHolders: string[] = [];
    for await (const badge of dynamoBadgeStore(client, table).between(W, '2026-01-01', '2027-01-01')) badgeHolders.push(badge.memberId);
    expect(badgeHolders.sort()).toEqual([GRACE, his.memberId].sort());

    // The approved external donation stays for matching without him; the pending one and both receipts are gone.
    const kept = (await dynamoExternalDonationStore(client, table).listForWorkplace(W)).filter((d) => d.memberId !== GRACE);
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ status: 'Approved', memberName: ERASED_MEMBER_NAME, memberEmail: '', amount: money(5000) });
    expect(kept[0]!.note).toBeUndefined();
    for (const donation of wiremuExternal) expect(await files.getBytes(donation.receiptKey)).toBeUndefined();

    // What he did as an admin stays, no longer under his name; Grace's decision on his donation is still hers.
    const decisions = Object.fromEntries((await dynamoExternalDonationStore(client, table).listForWorkplace(W)).map((d) => [d.memberId === GRACE ? 'grace' : 'his', d.decidedBy]));
    expect(decisions).toEqual({ grace: ERASED_MEMBER_NAME, his: 'Grace Liu' });
    expect((await dynamoEligibilityStore(client, table).list(W)).map((file) => file.uploadedBy)).toEqual([ERASED_MEMBER_NAME]);

    // Grace's data is exactly what it was.
    const graceAfter = await collectPersonalData(deps, { memberId: GRACE, email: 'grace@tasman-engineering.co.nz' });
    expect(graceAfter).toEqual(graceBefore);
    const graceReceipt = (await deps.records.externalDonations(GRACE))[0]!.receiptKey;
    expect(await files.getBytes(graceReceipt)).toBeDefined();
  });
});
