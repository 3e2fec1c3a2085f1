import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reindexRunSchema } from '@giving/shared/contracts/reindex';
import { CharityProfilePublished } from '@giving/shared/events/accounts';
import { newId } from '@giving/shared/ids';
import { ENV } from '@giving/shared/manifest';
import { testEventBus } from '../../../tools/local/src/testing/event-bus';
import { routeEvent, type TestCaller } from '../../../tools/local/src/testing/http-events';
import { testTables } from '../../../tools/local/src/testing/dynamo';
import { streamEvent } from '../../../tools/local/src/testing/stream-records';
import { testUserPool } from '../../../tools/local/src/testing/user-pool';
import { dynamoBackOfficeStore } from '../adapters/dynamo-back-office';
import { dynamoCharityDirectory } from '../adapters/dynamo-charities';
import { keys } from '../adapters/keys';
import { UNPUBLISHED_VERSION } from '../domain/charity-events';
import accounts from '../service';
import { handler as publishCharityProfile } from './publish-charity-profile';
import { reindexCharities } from './reindex-charities';

/**
 * The charity profile's publisher (accounts table stream) and ReIndexCharities, in-process against DynamoDB Local and
 * the local event bus, with the route's guard confirming the administrator with cognito-local.
 */
let tables: Awaited<ReturnType<typeof testTables>>;
let bus: Awaited<ReturnType<typeof testEventBus>>;
let pool: Awaited<ReturnType<typeof testUserPool>>;
const ADMIN = { sub: '6c0f3d2e-1b4a-4e8f-9a77-2d5e6f7a8b91', groups: '[Administrator]', username: '' };
const DONOR = { sub: '9e8d7c6b-5a49-4382-b1f0-e1d2c3b4a596', groups: '[]' };
const table = () => tables.tableName('accounts');
const v = (n: number) => String(n).padStart(40, '0');

beforeAll(async () => {
  tables = await testTables([accounts]);
  bus = await testEventBus();
  pool = await testUserPool();
  Object.assign(process.env, {
    [ENV.tableName('accounts')]: table(),
    AWS_ENDPOINT_URL_DYNAMODB: tables.endpoint,
    AWS_REGION: 'ap-southeast-2',
    AWS_ACCESS_KEY_ID: tables.accessKeyId,
    AWS_SECRET_ACCESS_KEY: 'local',
    ...bus.environment,
    ...pool.environment,
  });
  ADMIN.username = await pool.member(ADMIN.sub, 'alex.morgan@koha.test', ['Administrator']);
});

afterAll(async () => {
  await pool?.stop();
  await bus?.stop();
});

const storedProfile = async (charityId: string) =>
  (await tables.client.send(new GetCommand({ TableName: table(), Key: keys.charityProfile(charityId), ConsistentRead: true }))).Item as Record<string, unknown>;
const recordedVersion = async (charityId: string) =>
  (await tables.client.send(new GetCommand({ TableName: table(), Key: keys.charityPublishedVersion(charityId), ConsistentRead: true }))).Item?.version as string | undefined;

const reindexCall = (as?: TestCaller) => reindexCharities(routeEvent('POST', '/accounts/backoffice/ReIndexCharities', as));

describe('CharityProfilePublished from the stream, and ReIndexCharities', () => {
  const listed: string[] = [];

  it('publishes what search needs from the stored profile and records the version it carried', async () => {
    const backOffice = dynamoBackOfficeStore(tables.client, table());
    const id = newId();
    listed.push(id);
    await backOffice.createCharity({ id, name: 'Kiwi Coast Rescue', charityUrl: `kiwi-${id.toLowerCase()}`, country: 'nz', logoImageUrl: '', description: 'Kiwi crèches.', causes: ['Animals'], location: 'Whangārei' }, '2026-01-05T09:00:00.000Z');
    const result = await publishCharityProfile(streamEvent([{ eventName: 'INSERT', sequenceNumber: '120', item: await storedProfile(id) }]));
    expect(result).toEqual({ batchItemFailures: [] });
    const [envelope] = bus.envelopes(CharityProfilePublished);
    expect(envelope?.data).toMatchObject({ id, description: 'Kiwi crèches.', causes: ['Animals'], location: 'Whangārei', createdAt: '2026-01-05T09:00:00.000Z', version: v(120) });
    expect(envelope?.data).not.toHaveProperty('reindexId');
    expect(envelope?.metadata.id).toBe(`charity-${id}-${v(120)}`);
    expect(await recordedVersion(id)).toBe(v(120));
  });

  it('keeps the highest version recorded when an older record is delivered again', async () => {
    const [id] = listed as [string];
    await publishCharityProfile(streamEvent([{ eventName: 'MODIFY', sequenceNumber: '95', item: await storedProfile(id) }]));
    expect(await recordedVersion(id)).toBe(v(120));
    await publishCharityProfile(streamEvent([{ eventName: 'MODIFY', sequenceNumber: '1000', item: await storedProfile(id) }]));
    expect(await recordedVersion(id)).toBe(v(1000));
  });

  it('re-emits every charity with the version last published (the lowest when none was recorded), in batches of 10', async () => {
    const directory = dynamoCharityDirectory(tables.client, table());
    const unpublished: string[] = [];
    for (let i = 0; i < 11; i++) {
      const id = newId();
      unpublished.push(id);
      await directory.put({ id, name: `Charity ${i}`, charityUrl: `charity-${id.toLowerCase()}`, country: 'au', logoImageUrl: '', description: `Number ${i}.`, causes: [] });
    }
    bus.clear();
    const response = await reindexCall(ADMIN);
    expect(response.statusCode).toBe(200);
    const run = reindexRunSchema.parse(JSON.parse(response.body ?? ''));
    expect(run).toEqual({ reindexId: expect.any(String), events: 12, batches: 2 });
    const envelopes = bus.envelopes(CharityProfilePublished);
    expect(envelopes).toHaveLength(12);
    expect(envelopes.every((envelope) => envelope.data.reindexId === run.reindexId)).toBe(true);
    const [published] = listed as [string];
    const republished = envelopes.find((envelope) => envelope.data.id === published);
    expect(republished?.metadata.id).toBe(`charity-${published}-${v(1000)}-${run.reindexId}`);
    expect(republished?.data).toMatchObject({ version: v(1000), description: 'Kiwi crèches.', createdAt: '2026-01-05T09:00:00.000Z' });
    for (const id of unpublished) {
      const envelope = envelopes.find((e) => e.data.id === id);
      expect(envelope?.data.version).toBe(UNPUBLISHED_VERSION);
      expect(envelope?.data).not.toHaveProperty('createdAt');
    }
    // Re-emitting writes nothing: no recorded version moved.
    expect(await recordedVersion(published)).toBe(v(1000));
    expect(await recordedVersion(unpublished[0] as string)).toBeUndefined();
  });

  it('is back-office work: 401 signed out, 403 without BackOffice_ManageCharities, and nothing emitted', async () => {
    bus.clear();
    expect((await reindexCall()).statusCode).toBe(401);
    expect((await reindexCall(DONOR)).statusCode).toBe(403);
    expect(bus.envelopes(CharityProfilePublished)).toEqual([]);
  });
});
