import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import {
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  SendMessageBatchCommand,
  SendMessageCommand,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_BUS_NAME, MAX_RECEIVE_COUNT, defineService, type ServiceManifest } from '@giving/shared/manifest';
import { REGION } from '../config';
import { startEventBus, type RunningEventBus } from '../eventbridge/server';
import { startQueuePollers, type QueueInvoker, type RunningPollers } from './pollers';
import { createQueues, sqsClient, type SubscriptionQueue } from './queues';
import { startSqs, type RunningSqs } from './server';
import { captureProcessWarnings } from '../testing/warnings';

/**
 * The event source mapping against the real local-aws-sqs: each test gets its own subscription (queue + DLQ),
 * a 1 s visibility timeout, and a consumer that records what it was given.
 */
let sqs: RunningSqs;
let api: SQSClient;
const running: RunningPollers[] = [];

beforeAll(async () => {
  sqs = await startSqs({ port: 0 });
  api = sqsClient(sqs.url);
});

afterEach(async () => {
  await Promise.all(running.splice(0).map((pollers) => pollers.stop()));
});

afterAll(async () => {
  api.destroy();
  await sqs.stop();
});

let counter = 0;
async function subscription(options: { batchSize?: number } = {}) {
  const name = `consumer-${++counter}`;
  const manifest = defineService({
    service: 'search',
    subscriptions: [{ name, pattern: { source: ['giving.test'], 'detail-type': [name] }, handler: 'handlers/test', access: {}, ...options }],
  });
  const [queue] = await createQueues({ sqsEndpoint: sqs.url, manifests: [manifest], visibilityTimeoutSeconds: 1 });
  return { manifest, queue: queue as SubscriptionQueue, detailType: name };
}

function consumer(respond: (event: SQSEvent, call: number) => SQSBatchResponse | void | Promise<SQSBatchResponse | void>) {
  const calls: SQSEvent[] = [];
  const invoke: QueueInvoker = async (_service, _handler, event) => {
    calls.push(event);
    return respond(event, calls.length);
  };
  return { calls, invoke };
}

async function poll(manifest: ServiceManifest, invoke: QueueInvoker) {
  const pollers = await startQueuePollers({ sqsEndpoint: sqs.url, manifests: [manifest], invoke, waitTimeSeconds: 1 });
  running.push(pollers);
  return pollers;
}

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function depth(queueUrl: string) {
  const { Attributes = {} } = await api.send(
    new GetQueueAttributesCommand({ QueueUrl: queueUrl, AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'] }),
  );
  return Number(Attributes.ApproximateNumberOfMessages) + Number(Attributes.ApproximateNumberOfMessagesNotVisible);
}

const records = (calls: SQSEvent[]) => calls.flatMap((event) => event.Records);

describe('queue pollers', () => {
  let bus: RunningEventBus;
  afterEach(async () => bus?.stop());

  it('delivers at once on each of 60 queues, each long-polling at the same time (more than the SDK’s 50 sockets)', async () => {
    const names = Array.from({ length: 60 }, () => `many-${++counter}`);
    const manifest = defineService({
      service: 'search',
      subscriptions: names.map((name) => ({ name, pattern: { source: ['giving.test'], 'detail-type': [name] }, handler: 'handlers/test', access: {} })),
    });
    const queues = await createQueues({ sqsEndpoint: sqs.url, manifests: [manifest], visibilityTimeoutSeconds: 1 });
    const { calls, invoke } = consumer(() => undefined);
    // Lambda's 20-second long polls: a poll that waited for a free socket would hold the message up to 20 s.
    const pollers = await startQueuePollers({ sqsEndpoint: sqs.url, manifests: [manifest], invoke, waitTimeSeconds: 20 });
    running.push(pollers);
    await new Promise((resolve) => setTimeout(resolve, 500)); // every poll is open
    const last = queues.at(-1)!;
    const sent = Date.now();
    await api.send(new SendMessageCommand({ QueueUrl: last.queueUrl, MessageBody: JSON.stringify({ n: 1 }) }));
    await until(() => calls.length === 1, 15_000);
    expect(Date.now() - sent).toBeLessThan(5_000);
  }, 30_000);

  it('delivers an event put on the bus to the consumer once, as a Lambda SQSEvent, and deletes it', async () => {
    const { manifest, queue, detailType } = await subscription();
    bus = await startEventBus({ port: 0, manifests: [manifest], sqsEndpoint: sqs.url });
    const { calls, invoke } = consumer(() => ({ batchItemFailures: [] }));
    await poll(manifest, invoke);
    const events = new EventBridgeClient({ endpoint: bus.url, region: REGION, credentials: { accessKeyId: 'l', secretAccessKey: 'l' } });

    const put = await events.send(
      new PutEventsCommand({
        Entries: [{ EventBusName: EVENT_BUS_NAME, Source: 'giving.test', DetailType: detailType, Detail: JSON.stringify({ metadata: { id: 'e1' }, data: {} }) }],
      }),
    );
    events.destroy();

    await until(() => calls.length === 1);
    const [record] = records(calls);
    expect(record).toEqual({
      messageId: expect.any(String),
      receiptHandle: expect.any(String),
      body: expect.any(String),
      attributes: expect.objectContaining({
        ApproximateReceiveCount: '1',
        SentTimestamp: expect.stringMatching(/^\d+$/),
        SenderId: expect.any(String),
        ApproximateFirstReceiveTimestamp: expect.stringMatching(/^\d+$/),
      }),
      messageAttributes: {},
      md5OfBody: expect.stringMatching(/^[0-9a-f]{32}$/),
      eventSource: 'aws:sqs',
      eventSourceARN: queue.queueArn,
      awsRegion: REGION,
    });
    expect(JSON.parse(record?.body ?? '')).toMatchObject({ id: put.Entries?.[0]?.EventId, 'detail-type': detailType, detail: { metadata: { id: 'e1' } } });
    await until(async () => (await depth(queue.queueUrl)) === 0);
    await new Promise((resolve) => setTimeout(resolve, 1500)); // past the visibility timeout: it must not come back
    expect(calls).toHaveLength(1);
  });

  it(`retries a message the consumer always fails ${MAX_RECEIVE_COUNT} times, then it lands in the DLQ`, async () => {
    const { manifest, queue } = await subscription();
    const { calls, invoke } = consumer((event) => ({ batchItemFailures: event.Records.map((r) => ({ itemIdentifier: r.messageId })) }));
    await poll(manifest, invoke);

    await api.send(new SendMessageCommand({ QueueUrl: queue.queueUrl, MessageBody: '{"poison":true}' }));

    await until(async () => (await depth(queue.deadLetterQueueUrl)) === 1);
    const receiveCounts = records(calls).map((r) => r.attributes.ApproximateReceiveCount);
    expect(receiveCounts).toEqual(['1', '2', '3', '4', '5']);
    expect(await depth(queue.queueUrl)).toBe(0);
    const { Messages = [] } = await api.send(new ReceiveMessageCommand({ QueueUrl: queue.deadLetterQueueUrl, WaitTimeSeconds: 0 }));
    expect(Messages.map((m) => m.Body)).toEqual(['{"poison":true}']);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(calls).toHaveLength(MAX_RECEIVE_COUNT);
  }, 20_000);

  it('a partial batch failure deletes only the records that succeeded', async () => {
    const { manifest, queue } = await subscription();
    await api.send(
      new SendMessageBatchCommand({
        QueueUrl: queue.queueUrl,
        Entries: ['a', 'b', 'c'].map((body) => ({ Id: body, MessageBody: body })),
      }),
    );
    const { calls, invoke } = consumer((event, call) => ({
      batchItemFailures: call === 1 ? event.Records.filter((r) => r.body === 'b').map((r) => ({ itemIdentifier: r.messageId })) : [],
    }));

    await poll(manifest, invoke);

    await until(() => calls.length === 2);
    expect(calls.map((event) => event.Records.map((r) => r.body).sort())).toEqual([['a', 'b', 'c'], ['b']]);
    expect(calls[1]?.Records[0]?.attributes.ApproximateReceiveCount).toBe('2');
    await until(async () => (await depth(queue.queueUrl)) === 0);
  });

  it('a consumer that throws leaves the whole batch for redelivery', async () => {
    const { manifest, queue } = await subscription();
    await api.send(new SendMessageBatchCommand({ QueueUrl: queue.queueUrl, Entries: [{ Id: '1', MessageBody: 'x' }, { Id: '2', MessageBody: 'y' }] }));
    const { calls, invoke } = consumer((_event, call) => {
      if (call === 1) throw new Error('database unavailable');
    });

    await poll(manifest, invoke);

    await until(() => records(calls).length === 4);
    expect(records(calls).map((r) => [r.body, r.attributes.ApproximateReceiveCount]).sort()).toEqual([
      ['x', '1'],
      ['x', '2'],
      ['y', '1'],
      ['y', '2'],
    ]);
    await until(async () => (await depth(queue.queueUrl)) === 0);
  });

  it('an itemIdentifier that is not in the batch fails the whole batch, as Lambda does', async () => {
    const { manifest, queue } = await subscription();
    await api.send(new SendMessageCommand({ QueueUrl: queue.queueUrl, MessageBody: 'only' }));
    const { calls, invoke } = consumer((_event, call) => ({ batchItemFailures: call === 1 ? [{ itemIdentifier: 'not-in-batch' }] : [] }));

    await poll(manifest, invoke);

    await until(() => calls.length === 2);
    expect(records(calls).map((r) => r.attributes.ApproximateReceiveCount)).toEqual(['1', '2']);
  });

  it('hands the consumer at most batchSize records', async () => {
    const { manifest, queue } = await subscription({ batchSize: 2 });
    await api.send(
      new SendMessageBatchCommand({ QueueUrl: queue.queueUrl, Entries: ['1', '2', '3', '4', '5'].map((id) => ({ Id: id, MessageBody: id })) }),
    );
    const { calls, invoke } = consumer(() => undefined);

    await poll(manifest, invoke);

    await until(() => records(calls).length === 5);
    expect(Math.max(...calls.map((event) => event.Records.length))).toBeLessThanOrEqual(2);
  });

  it('stops without waiting for the long poll, and receives nothing afterwards', async () => {
    const { manifest, queue } = await subscription();
    const { calls, invoke } = consumer(() => undefined);
    const pollers = await startQueuePollers({ sqsEndpoint: sqs.url, manifests: [manifest], invoke, waitTimeSeconds: 20 });
    await new Promise((resolve) => setTimeout(resolve, 100));

    const started = Date.now();
    await pollers.stop();

    expect(Date.now() - started).toBeLessThan(1000);
    await api.send(new SendMessageCommand({ QueueUrl: queue.queueUrl, MessageBody: 'after stop' }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(calls).toHaveLength(0);
  });

  it('lets a batch already handed to the consumer finish and be deleted when stopped', async () => {
    const { manifest, queue } = await subscription();
    await api.send(new SendMessageCommand({ QueueUrl: queue.queueUrl, MessageBody: 'slow' }));
    let release: () => void = () => undefined;
    const { calls, invoke } = consumer(() => new Promise<void>((resolve) => (release = resolve)));
    const pollers = await poll(manifest, invoke);
    await until(() => calls.length === 1);

    const stopped = pollers.stop();
    release();
    await stopped;

    expect(await depth(queue.queueUrl)).toBe(0);
  });

  it('long-polls a dozen queues at once without piling abort listeners on one signal (npm start warned of it)', async () => {
    const subscriptions = await Promise.all(Array.from({ length: 12 }, () => subscription()));
    const manifest = defineService({ service: 'search', subscriptions: subscriptions.flatMap((s) => s.manifest.subscriptions) });
    const warnings = captureProcessWarnings();
    const pollers = await poll(manifest, consumer(() => undefined).invoke);
    // Every loop is now inside a long poll (1 s wait); a second round starts as the first ends.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await pollers.stop();
    warnings.stop();
    expect(warnings.seen().filter((w) => w.startsWith('MaxListenersExceededWarning'))).toEqual([]);
  });

  it('startSqs rejects when its port is taken', async () => {
    await expect(startSqs({ port: sqs.port })).rejects.toThrow('EADDRINUSE');
  });

  it('refuses to start when a subscription has no queue', async () => {
    const manifest = defineService({
      service: 'search',
      subscriptions: [{ name: 'never-created', pattern: { source: ['x'] }, handler: 'handlers/x', access: {} }],
    });

    await expect(startQueuePollers({ sqsEndpoint: sqs.url, manifests: [manifest] })).rejects.toThrow(
      'queue giving-search-never-created does not exist; create the queues first (createQueues)',
    );
  });
});
