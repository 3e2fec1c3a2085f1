import type { SQSEvent } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { defineEvent } from '../events';
import { defineService } from '../manifest';
import { newId } from '../ids';
import { testTables } from '../../tools/local/src/testing/dynamo';
import { dynamoIdempotencyStore, type IdempotencyStore } from './idempotency';
import { queueConsumer } from './queue';

const ThingHappened = defineEvent({ name: 'ThingHappened', source: 'giving.test', version: 1, schema: z.object({ thing: z.string() }) });

const record = (id: string, detail: unknown, source = 'giving.test', detailType = 'ThingHappened') => ({
  messageId: `m-${id}`,
  receiptHandle: 'r',
  body: JSON.stringify({ version: '0', id, 'detail-type': detailType, source, detail }),
  attributes: {},
  messageAttributes: {},
  md5OfBody: '',
  eventSource: 'aws:sqs',
  eventSourceARN: 'arn',
  awsRegion: 'ap-southeast-2',
});
const envelope = (id: string, thing: string) => ({ metadata: { id, name: 'ThingHappened', version: 1, source: 'giving.test', occurredAt: new Date().toISOString() }, data: { thing } });
const sqs = (...records: ReturnType<typeof record>[]) => ({ Records: records }) as unknown as SQSEvent;

let store: IdempotencyStore;
beforeAll(async () => {
  const tables = await testTables([defineService({ service: 'accounts', table: { indexes: [] } })]);
  store = dynamoIdempotencyStore({ client: tables.client, tableName: tables.tableName('accounts') });
});

describe('queueConsumer (with the DynamoDB idempotency store)', () => {
  it('runs the work once when the same event is delivered twice', async () => {
    const handled: string[] = [];
    const consumer = queueConsumer({ events: [ThingHappened], idempotency: { scope: 'test', store: () => store } }, async (e) => {
      handled.push(e.data.thing);
    });
    const id = newId();
    expect(await consumer(sqs(record(id, envelope(id, 'a'))))).toEqual({ batchItemFailures: [] });
    expect(await consumer(sqs(record(id, envelope(id, 'a'))))).toEqual({ batchItemFailures: [] });
    expect(handled).toEqual(['a']);
  });

  it('reports only the failing record and lets its retry run the work', async () => {
    let fail = true;
    const handled: string[] = [];
    const consumer = queueConsumer({ events: [ThingHappened], idempotency: { scope: 'retry', store: () => store } }, async (e) => {
      if (e.data.thing === 'bad' && fail) throw new Error('downstream down');
      handled.push(e.data.thing);
    });
    const good = newId();
    const bad = newId();
    const result = await consumer(sqs(record(good, envelope(good, 'good')), record(bad, envelope(bad, 'bad'))));
    expect(result).toEqual({ batchItemFailures: [{ itemIdentifier: `m-${bad}` }] });
    fail = false;
    expect(await consumer(sqs(record(bad, envelope(bad, 'bad'))))).toEqual({ batchItemFailures: [] });
    expect(handled).toEqual(['good', 'bad']);
  });

  it('fails records whose event it does not consume or whose data breaks the schema (they end in the DLQ)', async () => {
    const consumer = queueConsumer({ events: [ThingHappened] }, async () => undefined);
    const a = newId();
    const b = newId();
    const result = await consumer(sqs(record(a, envelope(a, 'x'), 'giving.other'), record(b, { metadata: { id: b }, data: { thing: 42 } })));
    expect(result.batchItemFailures.map((f) => f.itemIdentifier)).toEqual([`m-${a}`, `m-${b}`]);
  });
});
