import { ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineService, streamDeadLetterQueueName } from '@giving/shared/manifest';
import { localAccessKey } from '../config';
import { startSqs, type RunningSqs } from '../sqs/server';
import { sqsClient } from '../sqs/queues';
import { testTables } from '../testing/dynamo';
import { captureProcessWarnings } from '../testing/warnings';
import { startStreamPollers, type RunningStreamPollers } from './pollers';

/** The stream event source mapping against DynamoDB Local's real stream. */
const manifest = defineService({
  service: 'fundraising',
  table: { indexes: ['gsi1'], ttlAttribute: 'expiresAt', stream: 'NEW_IMAGE' },
  streams: [
    { name: 'new-pages', handler: 'h/pages', filter: { eventName: ['INSERT'], dynamodb: { NewImage: { sk: { S: ['PAGE'] } } } }, batchSize: 2, access: {} },
    { name: 'audit', handler: 'h/audit', filter: { eventName: ['INSERT'] }, access: {} },
  ],
});

let sqs: RunningSqs;
const warnings = captureProcessWarnings();
let pollers: RunningStreamPollers;
let tables: Awaited<ReturnType<typeof testTables>>;
const delivered: DynamoDBStreamEvent[] = [];
const audited: { key: string | undefined; at: number }[] = [];
let failOn: string | undefined;
let failures = 0;

const put = (pk: string, sk: string) => tables.client.send(new PutCommand({ TableName: tables.tableName('fundraising'), Item: { pk, sk } }));
const until = async (check: () => boolean, ms = 10_000) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};
const keysOf = (events: DynamoDBStreamEvent[]) => events.flatMap((e) => e.Records.map((r) => r.dynamodb?.NewImage?.pk?.S));

beforeAll(async () => {
  // The pollers sign with the platform's access key (config.ts), so the tables live in that database.
  tables = await testTables([manifest], { accessKeyId: localAccessKey() });
  sqs = await startSqs({ port: 0 });
  pollers = await startStreamPollers({
    dynamodbEndpoint: tables.endpoint,
    sqsEndpoint: sqs.url,
    manifests: [manifest],
    tablePrefix: tables.tableName('fundraising').replace(/-fundraising$/, ''),
    idlePollMs: 50,
    invoke: async (_service, handler, event) => {
      if (handler === 'h/audit') {
        audited.push(...event.Records.map((r) => ({ key: r.dynamodb?.NewImage?.pk?.S, at: Date.now() })));
        return { batchItemFailures: [] };
      }
      const failing = event.Records.find((r) => r.dynamodb?.NewImage?.pk?.S === failOn);
      if (failing) {
        failures++;
        return { batchItemFailures: [{ itemIdentifier: failing.dynamodb?.SequenceNumber }] };
      }
      delivered.push(event);
      return { batchItemFailures: [] };
    },
  });
});

afterAll(async () => {
  warnings.stop();
  await pollers?.stop();
  await sqs?.stop();
});

describe('DynamoDB Streams event source mapping', () => {
  it('delivers only the records that match the filter, in order, in batches of the subscription size', async () => {
    for (const [pk, sk] of [['p1', 'PAGE'], ['x1', 'OTHER'], ['p2', 'PAGE'], ['p3', 'PAGE']]) await put(pk as string, sk as string);
    await until(() => keysOf(delivered).length >= 3);
    expect(keysOf(delivered)).toEqual(['p1', 'p2', 'p3']);
    expect(Math.max(...delivered.map((e) => e.Records.length))).toBeLessThanOrEqual(2);
    const record = delivered[0]?.Records[0];
    expect(record).toMatchObject({ eventName: 'INSERT', eventSource: 'aws:dynamodb', dynamodb: { Keys: { pk: { S: 'p1' }, sk: { S: 'PAGE' } } } });
  });

  it('hands every subscription of the stream its own matching records (the filter is per subscription)', async () => {
    await until(() => audited.some((a) => a.key === 'p3'));
    expect(audited.map((a) => a.key).slice(0, 4)).toEqual(['p1', 'x1', 'p2', 'p3']);
  });

  it('retries a failing record, then parks only it in the dead-letter queue and delivers the records after it', async () => {
    delivered.length = 0;
    failOn = 'bad';
    await put('bad', 'PAGE');
    await put('after', 'PAGE');
    await until(() => keysOf(delivered).includes('after'), 20_000);
    const deliveredAfterAt = Date.now();
    expect(failures).toBeGreaterThanOrEqual(5); // 5 tries; 5 more if it first came in a batch with 'after'
    expect(keysOf(delivered)).not.toContain('bad');
    // The other subscription of the same stream was not held up by these retries (about 3 s of back-off).
    const auditedAfter = audited.find((a) => a.key === 'after')?.at ?? Infinity;
    expect(auditedAfter).toBeLessThan(deliveredAfterAt - 1500);
    const client = sqsClient(sqs.url);
    const queueUrl = `${sqs.url}/000000000000/${streamDeadLetterQueueName('fundraising', 'new-pages')}`;
    const { Messages } = await client.send(new ReceiveMessageCommand({ QueueUrl: queueUrl, MaxNumberOfMessages: 10 }));
    expect(Messages).toHaveLength(1);
    expect(JSON.parse(Messages?.[0]?.Body ?? '{}')).toMatchObject({ requestContext: { condition: 'RetryAttemptsExhausted', approximateInvokeCount: 5 }, DDBStreamBatchInfo: { batchSize: 1 } });
    client.destroy();
  });

  it('reads nothing while held, and carries on from where it was when released', async () => {
    pollers.hold(true);
    await new Promise((resolve) => setTimeout(resolve, 300)); // a fetch already under way finishes
    await put('held', 'PAGE');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(keysOf(delivered)).not.toContain('held');
    pollers.hold(false);
    await until(() => keysOf(delivered).includes('held'));
  });

  it('sleeps between idle polls without adding a listener per sleep (npm start warned of 11 abort listeners)', async () => {
    // 50 ms idle polls: well over ten sleeps in this second alone, on top of the tests above.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(warnings.seen().filter((w) => w.startsWith('MaxListenersExceededWarning'))).toEqual([]);
  });
});
