import { EventBridgeClient, PutEventsCommand, TestEventPatternCommand } from '@aws-sdk/client-eventbridge';
import { DeleteMessageCommand, ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DonationCompleted } from '@giving/shared/events/donations';
import { eventBridgePublisher } from '@giving/shared/lambda/publisher';
import { EVENT_BUS_NAME, defineService } from '@giving/shared/manifest';
import { manifests } from '../../../../services';
import { ACCOUNT_ID, REGION, applyHandlerEnvironment } from '../config';
import { createQueues, sqsClient, type SubscriptionQueue } from '../sqs/queues';
import { startSqs, type RunningSqs } from '../sqs/server';
import { startEventBus, type EventBridgeEvent, type RunningEventBus } from './server';

const testService = defineService({
  service: 'search',
  subscriptions: [
    {
      name: 'large-gifts',
      pattern: { source: ['giving.test'], 'detail-type': ['GiftAdded'], detail: { data: { cents: [{ numeric: ['>=', 10_000] }] } } },
      handler: 'handlers/unused',
      access: {},
    },
  ],
});
const allManifests = [...manifests, testService];

let sqs: RunningSqs;
let bus: RunningEventBus;
let queues: SubscriptionQueue[];
let client: EventBridgeClient;
const sqsApi = () => sqsClient(sqs.url);

beforeAll(async () => {
  sqs = await startSqs({ port: 0 });
  queues = await createQueues({ sqsEndpoint: sqs.url, manifests: allManifests });
  bus = await startEventBus({ port: 0, manifests: allManifests, sqsEndpoint: sqs.url });
  client = new EventBridgeClient({ endpoint: bus.url, region: REGION, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
});

afterAll(async () => {
  client.destroy();
  await bus.stop();
  await sqs.stop();
});

beforeEach(() => bus.clearEvents());

const queueOf = (name: string) => {
  const queue = queues.find((q) => q.queueName === name);
  if (!queue) throw new Error(`no queue ${name}`);
  return queue;
};

async function drain(queueUrl: string) {
  const api = sqsApi();
  const { Messages = [] } = await api.send(new ReceiveMessageCommand({ QueueUrl: queueUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: 0 }));
  for (const message of Messages) await api.send(new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: message.ReceiptHandle }));
  api.destroy();
  return Messages.map((message) => JSON.parse(message.Body ?? '') as EventBridgeEvent);
}

const entry = (overrides: Record<string, unknown> = {}) => ({
  EventBusName: EVENT_BUS_NAME,
  Source: 'giving.test',
  DetailType: 'GiftAdded',
  Detail: JSON.stringify({ metadata: { id: 'evt-1' }, data: { cents: 25_000 } }),
  ...overrides,
});

describe('PutEvents', () => {
  it('delivers a matching event to the rule queue as the full EventBridge event JSON', async () => {
    const result = await client.send(new PutEventsCommand({ Entries: [entry({ Resources: ['arn:aws:test:::gift/1'] })] }));

    expect(result.FailedEntryCount).toBe(0);
    const eventId = result.Entries?.[0]?.EventId;
    expect(eventId).toMatch(/^[0-9a-f-]{36}$/);
    const [delivered, ...more] = await drain(queueOf('giving-search-large-gifts').queueUrl);
    expect(more).toEqual([]);
    expect(delivered).toEqual({
      version: '0',
      id: eventId,
      'detail-type': 'GiftAdded',
      source: 'giving.test',
      account: ACCOUNT_ID,
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      region: REGION,
      resources: ['arn:aws:test:::gift/1'],
      detail: { metadata: { id: 'evt-1' }, data: { cents: 25_000 } },
    });
  });

  it('does not deliver an event the rule pattern does not match, but captures it', async () => {
    const result = await client.send(new PutEventsCommand({ Entries: [entry({ Detail: JSON.stringify({ data: { cents: 500 } }) })] }));

    expect(result.FailedEntryCount).toBe(0);
    expect(await drain(queueOf('giving-search-large-gifts').queueUrl)).toEqual([]);
    expect(bus.events({ detailType: 'GiftAdded' }).map((e) => e.detail)).toEqual([{ data: { cents: 500 } }]);
  });

  it('keeps the event time given by the caller', async () => {
    await client.send(new PutEventsCommand({ Entries: [entry({ Time: new Date('2024-02-29T10:11:12.345Z') })] }));

    const [delivered] = await drain(queueOf('giving-search-large-gifts').queueUrl);
    expect(delivered?.time).toBe('2024-02-29T10:11:12Z');
  });

  it('answers each entry on its own, as AWS does', async () => {
    const result = await client.send(
      new PutEventsCommand({
        Entries: [
          entry(),
          entry({ DetailType: undefined }),
          entry({ Source: undefined }),
          entry({ Detail: undefined }),
          entry({ Detail: '{not json' }),
          entry({ Detail: '[1, 2]' }),
          entry({ EventBusName: 'default' }),
          entry({ Source: 'aws.ec2' }),
          entry({ EventBusName: `arn:aws:events:${REGION}:${ACCOUNT_ID}:event-bus/${EVENT_BUS_NAME}` }),
        ],
      }),
    );

    expect(result.FailedEntryCount).toBe(7);
    expect(result.Entries?.map((e) => e.EventId ?? e.ErrorCode)).toEqual([
      expect.any(String),
      'InvalidArgument',
      'InvalidArgument',
      'InvalidArgument',
      'MalformedDetail',
      'MalformedDetail',
      'InvalidArgument',
      'NotAuthorizedForSourceException',
      expect.any(String),
    ]);
    expect(result.Entries?.[1]?.ErrorMessage).toBe('Parameter DetailType is not valid. Reason: DetailType is a required argument.');
    expect(result.Entries?.[6]?.ErrorMessage).toContain('the only event bus is "giving"');
    expect(await drain(queueOf('giving-search-large-gifts').queueUrl)).toHaveLength(2);
  });

  it('refuses more than 10 entries', async () => {
    const put = client.send(new PutEventsCommand({ Entries: Array.from({ length: 11 }, () => entry()) }));

    await expect(put).rejects.toMatchObject({ name: 'ValidationException', $metadata: { httpStatusCode: 400 } });
  });

  it('routes DonationCompleted from the real publisher (through AWS_ENDPOINT_URL_EVENTBRIDGE) to the receipt queue', async () => {
    process.env.AWS_ENDPOINT_URL_EVENTBRIDGE = bus.url;
    applyHandlerEnvironment();
    const data = {
      donationId: 'D1',
      trackingNumber: 'D1',
      pageType: 'GIFT' as const,
      country: 'nz',
      charity: { id: 'C1', name: 'Kiwi Rescue', charityUrl: 'kiwi-rescue' },
      quantity: 1,
      amount: { cents: 2500, currency: 'NZD' as const },
      tip: { cents: 0, currency: 'NZD' as const },
      total: { cents: 2500, currency: 'NZD' as const },
      paymentType: 'CARD' as const,
      isAnonymous: false,
      receiptName: 'Ana',
      completedAt: '2024-01-01T00:00:00.000Z',
    };

    const envelope = await eventBridgePublisher().publish(DonationCompleted, data, { id: 'D1' });

    const [delivered] = await drain(queueOf('giving-donations-send-donation-receipt').queueUrl);
    expect(delivered?.source).toBe('giving.donations');
    expect(delivered?.['detail-type']).toBe('DonationCompleted');
    expect(delivered?.detail).toEqual(JSON.parse(JSON.stringify(envelope)));
    expect(await drain(queueOf('giving-search-large-gifts').queueUrl)).toEqual([]);
  });
});

describe('the event capture', () => {
  it('lists recent events over HTTP, filtered by detail type and source', async () => {
    await client.send(
      new PutEventsCommand({
        Entries: [entry(), entry({ DetailType: 'GiftRemoved' }), entry({ Source: 'giving.other', DetailType: 'GiftRemoved' })],
      }),
    );

    const get = async (query: string) =>
      ((await (await fetch(`${bus.url}/_local/events${query}`)).json()) as { events: EventBridgeEvent[] }).events;
    expect(await get('')).toHaveLength(3);
    expect((await get('?detailType=GiftRemoved')).map((e) => e.source)).toEqual(['giving.test', 'giving.other']);
    expect((await get('?detailType=GiftRemoved&source=giving.other')).map((e) => e.source)).toEqual(['giving.other']);
    expect((await fetch(`${bus.url}/_local/events`, { method: 'DELETE' })).status).toBe(204);
    expect(await get('')).toEqual([]);
    await drain(queueOf('giving-search-large-gifts').queueUrl);
  });
});

describe('TestEventPattern', () => {
  it('answers with the same matcher the rules use', async () => {
    const event = JSON.stringify({ source: 'giving.test', detail: { amount: 7 } });
    const test = (pattern: unknown) => client.send(new TestEventPatternCommand({ EventPattern: JSON.stringify(pattern), Event: event }));

    expect((await test({ detail: { amount: [{ numeric: ['>', 5] }] } })).Result).toBe(true);
    expect((await test({ detail: { amount: [{ numeric: ['>', 8] }] } })).Result).toBe(false);
    await expect(test({ detail: { amount: [{ contains: 'x' }] } })).rejects.toMatchObject({ name: 'InvalidEventPatternException' });
  });
});

describe('startup', () => {
  it('refuses a manifest whose pattern it cannot match exactly', async () => {
    const broken = defineService({
      service: 'matching',
      subscriptions: [{ name: 'broken', pattern: { detail: { name: [{ contains: 'x' }] } }, handler: 'handlers/x', access: {} }],
    });

    await expect(startEventBus({ port: 0, manifests: [broken], sqsEndpoint: sqs.url })).rejects.toThrow(
      'services/matching subscription broken: Event pattern is not valid. Reason: unsupported operator "contains" at "detail.name"',
    );
  });
});
