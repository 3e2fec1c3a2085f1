import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBERSHIP_MESSAGES, type MemberExport } from '@giving/shared/contracts/memberships';
import { newId } from '@giving/shared/ids';
import type { HttpEvent, HttpHandler } from '@giving/shared/lambda/http';
import { API_PREFIX, ENV } from '@giving/shared/manifest';
import { money } from '@giving/shared/money';
import { startObjectStore, type RunningObjectStore } from '../../../tools/local/src/s3/server';
import { testTables } from '../../../tools/local/src/testing/dynamo';
import { dynamoCharityDirectory } from '../adapters/dynamo-charities';
import { dynamoMembershipStore } from '../adapters/dynamo-charity-memberships';
import { memberExportItemKey } from '../adapters/dynamo-member-exports';
import { dynamoTenantRoleDirectory } from '../adapters/dynamo-tenant-roles';
import { recordCharityMembership } from '../domain/charity-roles';
import { aCharity } from '../domain/test-support';
import donations from '../service';
import { downloadMembersExport, membersExport, requestMembersExport } from './charity-memberships';
import { handler as prepare } from './prepare-members-export';

/** The members file's routes at the edge: the charity's own people only, 202 then 200, the file as an attachment. */
let objects: RunningObjectStore;
let root: string;
let client: Awaited<ReturnType<typeof testTables>>['client'];
let tableName: string;
const kiwi = aCharity({ name: 'Kiwi Coast Rescue' });
const reef = aCharity({ name: 'Reef Life Trust' });
const admin = `sub-${newId()}`;
const stranger = `sub-${newId()}`;

beforeAll(async () => {
  const tables = await testTables([donations]);
  client = tables.client;
  tableName = tables.tableName('donations');
  root = await mkdtemp(path.join(tmpdir(), 'members-export-routes-'));
  objects = await startObjectStore({ port: 0, rootDir: root, buckets: ['personal-data'] });
  // The handlers build their adapters from the environment on first use, as in Lambda.
  Object.assign(process.env, {
    [ENV.tableName('donations')]: tableName,
    [ENV.personalDataBucket]: 'personal-data',
    AWS_ENDPOINT_URL_DYNAMODB: tables.endpoint,
    AWS_ENDPOINT_URL_S3: objects.url,
    AWS_REGION: 'ap-southeast-2',
    AWS_ACCESS_KEY_ID: tables.accessKeyId,
    AWS_SECRET_ACCESS_KEY: 'local',
  });
  const charities = dynamoCharityDirectory(client, tableName);
  await charities.save(kiwi);
  await charities.save(reef);
  const roles = dynamoTenantRoleDirectory(client, tableName);
  // The admin runs both charities; the stranger runs neither.
  for (const charity of [kiwi, reef]) {
    await recordCharityMembership({ roles }, { memberId: admin, charityId: charity.id, roles: ['Charity.Admin'], version: '1'.padStart(40, '0'), publishedAt: '2026-11-26T00:00:00.000Z' });
  }
  const store = dynamoMembershipStore(client, tableName);
  for (const n of [1, 2]) {
    await store.addManual(
      {
        membershipId: newId(),
        membershipNumber: `KCR-00000${n}`,
        charity: { id: kiwi.id, name: kiwi.name, charityUrl: kiwi.charityUrl },
        plan: { planId: 'PLAN', name: 'Kiwi Guardian', period: 'Life', fee: money(50_000, 'NZD') },
        member: { name: `Member ${n}`, email: `member${n}@example.com` },
        joinedOn: '2025-01-01',
        autoRenew: false,
        source: 'Manual',
        note: 'Cash',
        country: 'nz',
        createdAt: `2025-01-0${n}T00:00:00.000Z`,
      },
      `seed-${n}`,
    );
  }
});

afterAll(async () => {
  await objects?.stop();
  await rm(root, { recursive: true, force: true });
});

async function call(handler: HttpHandler, method: string, route: string, pathParameters: Record<string, string>, memberId = admin) {
  const rawPath = Object.entries(pathParameters).reduce((p, [name, value]) => p.replace(`{${name}}`, value), `${API_PREFIX}${route}`);
  const event = {
    version: '2.0',
    routeKey: `${method} ${API_PREFIX}${route}`,
    rawPath,
    rawQueryString: '',
    pathParameters,
    headers: method === 'POST' ? { 'content-type': 'application/json' } : {},
    body: method === 'POST' ? '{}' : undefined,
    isBase64Encoded: false,
    requestContext: { requestId: newId(), http: { method, path: rawPath }, authorizer: { jwt: { claims: { sub: memberId, email: 'aroha@example.com', email_verified: 'true' } } } },
  } as unknown as HttpEvent;
  const response = await handler(event);
  return { status: response.statusCode ?? 0, headers: (response.headers ?? {}) as Record<string, string>, body: response.body ?? '' };
}

const EXPORTS = '/memberships/charity/{charityId}/members/exports';
const EXPORT = `${EXPORTS}/{exportId}`;
const DOWNLOAD = `${EXPORT}/download`;

async function deliver(charityId: string, exportId: string) {
  const { Item } = await client.send(new GetCommand({ TableName: tableName, Key: memberExportItemKey(charityId, exportId) }));
  const record = { eventName: 'INSERT', dynamodb: { Keys: marshall(memberExportItemKey(charityId, exportId)), NewImage: marshall(Item!), SequenceNumber: newId() } };
  return prepare({ Records: [record] } as unknown as DynamoDBStreamEvent);
}

describe('the members file routes', () => {
  it('starts the file (202), reports it, refuses the download until it is ready, then answers the CSV as an attachment', async () => {
    const started = await call(requestMembersExport, 'POST', EXPORTS, { charityId: kiwi.id });
    expect(started.status).toBe(202);
    const { export: requested } = JSON.parse(started.body) as { export: MemberExport };
    expect(requested).toMatchObject({ status: 'Preparing', rows: 0 });

    const early = await call(downloadMembersExport, 'GET', DOWNLOAD, { charityId: kiwi.id, exportId: requested.id });
    expect(early.status).toBe(409);
    expect(JSON.parse(early.body)).toMatchObject({ detail: MEMBERSHIP_MESSAGES.exportNotReady });

    expect(await deliver(kiwi.id, requested.id)).toEqual({ batchItemFailures: [] });
    const shown = await call(membersExport, 'GET', EXPORT, { charityId: kiwi.id, exportId: requested.id });
    expect(shown.status).toBe(200);
    expect(JSON.parse(shown.body)).toEqual({ export: { ...requested, status: 'Ready', rows: 2, bytes: expect.any(Number), readyAt: expect.any(String) } });

    const file = await call(downloadMembersExport, 'GET', DOWNLOAD, { charityId: kiwi.id, exportId: requested.id });
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${requested.fileName}"`);
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.body.split('\r\n').map((line) => line.split(',')[0])).toEqual(['Membership number', 'KCR-000002', 'KCR-000001', '']);

    // Another charity's path (even one the caller also runs) does not reach this export.
    expect((await call(membersExport, 'GET', EXPORT, { charityId: reef.id, exportId: requested.id })).status).toBe(404);
    expect((await call(downloadMembersExport, 'GET', DOWNLOAD, { charityId: reef.id, exportId: requested.id })).status).toBe(404);
  });

  it('is only for the charity’s own people (403), and names a malformed export id (400)', async () => {
    expect((await call(requestMembersExport, 'POST', EXPORTS, { charityId: kiwi.id }, stranger)).status).toBe(403);
    expect((await call(membersExport, 'GET', EXPORT, { charityId: kiwi.id, exportId: newId() }, stranger)).status).toBe(403);
    const malformed = await call(membersExport, 'GET', EXPORT, { charityId: kiwi.id, exportId: 'NOSUCHID' });
    expect(malformed.status).toBe(400);
    expect(JSON.parse(malformed.body).errors).toEqual([expect.objectContaining({ field: 'path.exportId' })]);
  });
});
