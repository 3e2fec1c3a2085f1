import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock, systemClock } from '@giving/shared/clock';
import { MEMBERSHIP_MESSAGES } from '@giving/shared/contracts/memberships';
import { newId } from '@giving/shared/ids';
import { ENV } from '@giving/shared/manifest';
import { money } from '@giving/shared/money';
import { startObjectStore, type RunningObjectStore } from '../../../tools/local/src/s3/server';
import { testTables } from '../../../tools/local/src/testing/dynamo';
import { dynamoCharityDirectory } from '../adapters/dynamo-charities';
import { dynamoMembershipStore } from '../adapters/dynamo-charity-memberships';
import { dynamoMemberExportStore, memberExportItemKey } from '../adapters/dynamo-member-exports';
import { s3MemberExportFiles } from '../adapters/s3-member-export-files';
import { handler as prepareHandler } from '../handlers/prepare-members-export';
import donations from '../service';
import { membersFileName, type MembershipStore, type StoredMembership } from './charity-memberships';
import * as use from './member-exports';
import type { CharityDirectory, CharityProjection } from './ports';
import { aCharity } from './test-support';

const BUCKET = 'personal-data';
const MEMBERS = 1_200;
const HEADER = 'Membership number,Name,Email,Plan,Fee,Status,Joined,Paid until,Renews,Source,Note';

let client: Awaited<ReturnType<typeof testTables>>['client'];
let tableName: string;
let charities: CharityDirectory;
let memberships: MembershipStore;
let exports: use.MemberExportStore;
let files: use.MemberExportFiles;
let s3: S3Client;
let objects: RunningObjectStore;
let root: string;
let scratch: string;
let kiwi: CharityProjection;
let reef: CharityProjection;

/** A life member added by hand, the n-th to join (createdAt one second apart: the list's order). */
const aMember = (charity: CharityProjection, n: number, overrides: Partial<StoredMembership> = {}): StoredMembership => ({
  membershipId: newId(),
  membershipNumber: `KCR-${String(n).padStart(6, '0')}`,
  charity: { id: charity.id, name: charity.name, charityUrl: charity.charityUrl },
  plan: { planId: 'PLAN', name: 'Kiwi Guardian', period: 'Life', fee: money(50_000, 'NZD') },
  member: { name: `Member ${n}`, email: `member${n}@example.com` },
  joinedOn: '2025-01-01',
  autoRenew: false,
  source: 'Manual',
  note: 'Cash',
  country: 'nz',
  createdAt: new Date(Date.parse('2025-01-01T00:00:00Z') + n * 1000).toISOString(),
  ...overrides,
});

async function seed(members: StoredMembership[]) {
  for (let i = 0; i < members.length; i += 50) await Promise.all(members.slice(i, i + 50).map((m) => memberships.addManual(m, `seed-${m.membershipId}`)));
}

const jobDeps = (clock = systemClock) => ({ exports, store: memberships, charities, files, clock });

/** What Lambda hands the job: the export's INSERT record from the table's stream, as stored. */
async function deliver(charityId: string, exportId: string) {
  const { Item } = await client.send(new GetCommand({ TableName: tableName, Key: memberExportItemKey(charityId, exportId) }));
  const event = {
    Records: [
      {
        eventName: 'INSERT',
        dynamodb: { Keys: marshall(memberExportItemKey(charityId, exportId)), NewImage: marshall(Item!), SequenceNumber: newId() },
      },
    ],
  } as unknown as DynamoDBStreamEvent;
  return prepareHandler(event);
}

const keysUnder = async (prefix: string) =>
  ((await s3.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }))).Contents ?? []).map((object) => object.Key);

beforeAll(async () => {
  const tables = await testTables([donations]);
  client = tables.client;
  tableName = tables.tableName('donations');
  charities = dynamoCharityDirectory(client, tableName);
  memberships = dynamoMembershipStore(client, tableName);
  exports = dynamoMemberExportStore(client, tableName);
  root = await mkdtemp(path.join(tmpdir(), 'members-export-s3-'));
  scratch = await mkdtemp(path.join(tmpdir(), 'members-export-scratch-'));
  objects = await startObjectStore({ port: 0, rootDir: root, buckets: [BUCKET] });
  s3 = new S3Client({ endpoint: objects.url, region: 'ap-southeast-2', forcePathStyle: true, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  files = s3MemberExportFiles(s3, BUCKET, scratch);
  // The stream handler builds its adapters from the environment on first use, as in Lambda.
  Object.assign(process.env, {
    [ENV.tableName('donations')]: tableName,
    [ENV.personalDataBucket]: BUCKET,
    AWS_ENDPOINT_URL_DYNAMODB: tables.endpoint,
    AWS_ENDPOINT_URL_S3: objects.url,
    AWS_REGION: 'ap-southeast-2',
    AWS_ACCESS_KEY_ID: tables.accessKeyId,
    AWS_SECRET_ACCESS_KEY: 'local',
  });

  kiwi = aCharity({ name: 'Kiwi Coast Rescue' });
  reef = aCharity({ name: 'Reef Life Trust' });
  await charities.save(kiwi);
  await charities.save(reef);
  const kiwiMembers = Array.from({ length: MEMBERS }, (_, i) => aMember(kiwi, i + 1));
  // Text a spreadsheet must not run, and a note with a comma and quotes.
  kiwiMembers[6] = aMember(kiwi, 7, { member: { name: '=HYPERLINK("x")', email: 'member7@example.com' }, note: 'Paid at the "gala", in cash' });
  await seed([...kiwiMembers, ...Array.from({ length: 3 }, (_, i) => aMember(reef, i + 1, { member: { name: `Reef member ${i + 1}`, email: `reef${i + 1}@example.com` } }))]);
}, 120_000);

afterAll(async () => {
  await objects?.stop();
  await rm(root, { recursive: true, force: true });
  await rm(scratch, { recursive: true, force: true });
});

describe("a charity's members file (DynamoDB Local, the local S3)", () => {
  let kiwiExport: string;

  it('writes every member, newest first, from the stream record; Ready with its rows and bytes; a second delivery changes nothing', async () => {
    const requested = await use.requestMembersExport({ exports, charities, clock: systemClock }, kiwi.id);
    kiwiExport = requested.id;
    expect(requested).toEqual({ id: expect.any(String), status: 'Preparing', requestedAt: expect.any(String), rows: 0, fileName: membersFileName(kiwi, new Date(requested.requestedAt)) });
    expect(requested.fileName).toMatch(new RegExp(`^${kiwi.charityUrl}-members-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    // A second click while it is being prepared is the same export, not another file.
    expect((await use.requestMembersExport({ exports, charities, clock: systemClock }, kiwi.id)).id).toBe(requested.id);
    await expect(use.downloadMembersExport({ exports, files, clock: systemClock }, kiwi.id, requested.id)).rejects.toMatchObject({ code: 'Conflict', message: MEMBERSHIP_MESSAGES.exportNotReady });

    expect(await deliver(kiwi.id, requested.id)).toEqual({ batchItemFailures: [] });

    const ready = await use.getMembersExport({ exports, clock: systemClock }, kiwi.id, requested.id);
    expect(ready).toMatchObject({ status: 'Ready', rows: MEMBERS, readyAt: expect.any(String), fileName: requested.fileName });
    const file = await use.downloadMembersExport({ exports, files, clock: systemClock }, kiwi.id, requested.id);
    if (file.kind !== 'text') throw new Error('a file this small is answered by the API itself');
    expect(file.fileName).toBe(requested.fileName);
    expect(Buffer.byteLength(file.text)).toBe(ready.bytes);

    const lines = file.text.split('\r\n');
    expect(lines[0]).toBe(HEADER);
    expect(lines.at(-1)).toBe('');
    const rows = lines.slice(1, -1);
    expect(rows).toHaveLength(MEMBERS);
    // Newest first, every member once, none of another charity's.
    expect(rows.map((line) => line.split(',')[0])).toEqual(Array.from({ length: MEMBERS }, (_, i) => `KCR-${String(MEMBERS - i).padStart(6, '0')}`));
    expect(file.text).not.toContain('Reef member');
    expect(rows[0]).toBe('KCR-001200,Member 1200,member1200@example.com,Kiwi Guardian,"$500.00 once, for life",Current,2025-01-01,For life,No,Manual,Cash');
    expect(rows.at(-7)).toBe(`KCR-000007,"'=HYPERLINK(""x"")",member7@example.com,Kiwi Guardian,"$500.00 once, for life",Current,2025-01-01,For life,No,Manual,"Paid at the ""gala"", in cash"`);
    expect(await keysUnder(`charity-exports/${kiwi.id}/`)).toEqual([`charity-exports/${kiwi.id}/${requested.id}/${requested.fileName}`]);

    // A member joins, then Lambda delivers the same record again: the file and its counts stay as they were.
    await seed([aMember(kiwi, MEMBERS + 1)]);
    expect(await deliver(kiwi.id, requested.id)).toEqual({ batchItemFailures: [] });
    expect(await use.getMembersExport({ exports, clock: systemClock }, kiwi.id, requested.id)).toEqual(ready);
    const again = await use.downloadMembersExport({ exports, files, clock: systemClock }, kiwi.id, requested.id);
    expect(again).toEqual(file);
    expect(await keysUnder(`charity-exports/${kiwi.id}/`)).toHaveLength(1);
    // The job's scratch files are gone.
    expect(await readdir(scratch)).toEqual([]);
  });

  it("answers 404 for another charity's export, to read or to download", async () => {
    await expect(use.getMembersExport({ exports, clock: systemClock }, reef.id, kiwiExport)).rejects.toMatchObject({ code: 'NotFound', message: MEMBERSHIP_MESSAGES.exportNotFound });
    await expect(use.downloadMembersExport({ exports, files, clock: systemClock }, reef.id, kiwiExport)).rejects.toMatchObject({ code: 'NotFound' });
    await expect(use.getMembersExport({ exports, clock: systemClock }, kiwi.id, newId())).rejects.toMatchObject({ code: 'NotFound' });
  });

  it('counts the members written so far while it is preparing', async () => {
    const requested = await use.requestMembersExport({ exports, charities, clock: systemClock }, kiwi.id);
    expect(requested.id).not.toBe(kiwiExport);
    const seen: unknown[] = [];
    const watched: use.MemberExportStore = {
      ...exports,
      progress: async (charityId, exportId, rows) => {
        await exports.progress(charityId, exportId, rows);
        const view = await use.getMembersExport({ exports, clock: systemClock }, charityId, exportId);
        seen.push({ status: view.status, rows: view.rows });
      },
    };
    expect(await use.prepareMembersExport({ ...jobDeps(), exports: watched }, kiwi.id, requested.id)).toBe('ready');
    expect(seen).toEqual([
      { status: 'Preparing', rows: use.EXPORT_PAGE },
      { status: 'Preparing', rows: 2 * use.EXPORT_PAGE },
    ]);
    expect(await use.getMembersExport({ exports, clock: systemClock }, kiwi.id, requested.id)).toMatchObject({ status: 'Ready', rows: MEMBERS + 1 });
  });

  it('writes a charity with no members as the header alone', async () => {
    const empty = aCharity({ name: 'Quiet Trust' });
    await charities.save(empty);
    const requested = await use.requestMembersExport({ exports, charities, clock: systemClock }, empty.id);
    expect(await use.prepareMembersExport(jobDeps(), empty.id, requested.id)).toBe('ready');
    const file = await use.downloadMembersExport({ exports, files, clock: systemClock }, empty.id, requested.id);
    expect(file).toEqual({ kind: 'text', fileName: requested.fileName, text: `${HEADER}\r\n` });
    expect(await use.getMembersExport({ exports, clock: systemClock }, empty.id, requested.id)).toMatchObject({ status: 'Ready', rows: 0, bytes: HEADER.length + 2 });
  });

  it('sends a file over 4 MB from a short-lived address instead', async () => {
    const requested = await use.requestMembersExport({ exports, charities, clock: systemClock }, reef.id);
    expect(await use.prepareMembersExport(jobDeps(), reef.id, requested.id)).toBe('ready');
    const stored = (await exports.get(reef.id, requested.id))!;
    // As if it were large: the same file, counted over the limit.
    const large = { ...stored, exportId: newId(), status: 'Preparing' as const, bytes: undefined, fileKey: undefined };
    await exports.create(large);
    await exports.markReady(reef.id, large.exportId, { fileKey: stored.fileKey!, rows: 3, bytes: use.INLINE_EXPORT_BYTES + 1, readyAt: new Date().toISOString() });
    const file = await use.downloadMembersExport({ exports, files, clock: systemClock }, reef.id, large.exportId);
    if (file.kind !== 'redirect') throw new Error('expected a redirect');
    const url = new URL(file.url);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(url.searchParams.get('response-content-disposition')).toBe(`attachment; filename="${stored.fileName}"`);
    const text = await (await fetch(file.url)).text();
    expect(text.split('\r\n').slice(1, -1).map((line) => line.split(',')[1])).toEqual(['Reef member 3', 'Reef member 2', 'Reef member 1']);
  });

  it('fails an export not ready within the hour: shown Failed, its job writes nothing, and the charity may ask again', async () => {
    const quiet = aCharity({ name: 'Slow Trust' });
    await charities.save(quiet);
    const clock = fixedClock('2026-11-26T09:00:00.000Z');
    const requested = await use.requestMembersExport({ exports, charities, clock }, quiet.id);
    clock.advance(use.EXPORT_DEADLINE_MS);
    expect(await use.getMembersExport({ exports, clock }, quiet.id, requested.id)).toMatchObject({ status: 'Failed' });
    await expect(use.downloadMembersExport({ exports, files, clock }, quiet.id, requested.id)).rejects.toMatchObject({ code: 'Conflict', message: MEMBERSHIP_MESSAGES.exportFailed });
    expect(await use.prepareMembersExport(jobDeps(clock), quiet.id, requested.id)).toBe('failed');
    expect(await keysUnder(`charity-exports/${quiet.id}/`)).toEqual([]);
    expect((await exports.get(quiet.id, requested.id))?.status).toBe('Failed');
    const next = await use.requestMembersExport({ exports, charities, clock }, quiet.id);
    expect(next).toMatchObject({ status: 'Preparing' });
    expect(next.id).not.toBe(requested.id);
  });
});
