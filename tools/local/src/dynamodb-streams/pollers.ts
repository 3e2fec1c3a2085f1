import { CreateQueueCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record,
} from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import {
  DEFAULT_TIMEOUT_SECONDS,
  MAX_RECEIVE_COUNT,
  streamDeadLetterQueueName,
  tableName,
  type ServiceManifest,
  type ServiceName,
  type StreamSubscriptionSpec,
} from '@giving/shared/manifest';
import { logger } from '@giving/shared/lambda/logger';
import { localAccessKey, REGION } from '../config';
import { dynamoClient } from '../dynamodb';
import { compilePattern } from '../eventbridge/pattern';
import { abortableDelay, pollerAborts } from '../runtime/abortable';
import { invokeHandler } from '../runtime/handlers';
import { sqsClient } from '../sqs/queues';

/**
 * Lambda's DynamoDB Streams event source mapping, for every manifest stream subscription: reads each shard of the
 * service table's stream from the start (TRIM_HORIZON), keeps the records that match the subscription's filter,
 * and hands them to the consumer in batches, in order. A failure reported at a record retries from that record;
 * after MAX_RECEIVE_COUNT attempts the batch's description goes to the subscription's dead-letter queue and the
 * shard moves on, as `retryAttempts` + `onFailure` do in AWS.
 *
 * In AWS each mapping reads the stream on its own. Here one reader per table stream fetches each page once and
 * hands it to every subscription of that table, and each subscription delivers at its own pace (one that is
 * retrying holds up no other). The readers back off while a stream is quiet. Both are about DynamoDB Local: it
 * answers every GetRecords on one SQLite thread, and a GetRecords on a quiet stream costs more the more records
 * other tables have written since (its stream records share one sequence), so ten readers polling four times a
 * second took most of that thread once a few tens of thousands of records had been written (docs/DECISIONS.md).
 */
export type StreamInvoker = (service: ServiceName, handler: string, event: DynamoDBStreamEvent) => Promise<unknown>;

export interface RunningStreamPollers {
  stop(): Promise<void>;
  /**
   * While held, the readers fetch nothing (the records wait in the stream); released, they carry on from where they
   * were. `npm run bench` holds them with the workflows while it measures the request path: in AWS the stream's
   * consumers run on other machines than the API's.
   */
  hold(held: boolean): void;
}

const IDLE_POLL_MS = 250;
/** A stream that has been quiet for this many polls in a row is polled every QUIET_POLL_FACTOR × the idle wait. */
const QUIET_AFTER_EMPTY_POLLS = 8;
const QUIET_POLL_FACTOR = 4;
/** A reader stops fetching while a subscription has this many records waiting (one that keeps failing, say). */
const MAX_WAITING_RECORDS = 5_000;
const SHARD_RESCAN_MS = 5_000;
const DEFAULT_BATCH_SIZE = 100;
const log = logger.child({ component: 'dynamodb-streams' });

export async function startStreamPollers(options: {
  dynamodbEndpoint: string;
  sqsEndpoint: string;
  manifests: readonly ServiceManifest[];
  tablePrefix?: string;
  invoke?: StreamInvoker;
  idlePollMs?: number;
}): Promise<RunningStreamPollers> {
  const dynamodb = dynamoClient(options.dynamodbEndpoint);
  const streams = new DynamoDBStreamsClient({
    endpoint: options.dynamodbEndpoint,
    region: REGION,
    credentials: { accessKeyId: localAccessKey(), secretAccessKey: 'local' },
  });
  const sqs = sqsClient(options.sqsEndpoint);
  const aborts = pollerAborts();
  const loops: Promise<void>[] = [];
  const control = { held: false };

  for (const manifest of options.manifests) {
    if (manifest.streams.length === 0) continue;
    const table = await dynamodb.send(new DescribeTableCommand({ TableName: tableName(manifest.service, options.tablePrefix) }));
    const streamArn = table.Table?.LatestStreamArn;
    if (!streamArn) throw new Error(`table ${table.Table?.TableName} has no stream; set table.stream in its manifest`);
    const mappings: Mapping[] = [];
    for (const subscription of manifest.streams) {
      const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: streamDeadLetterQueueName(manifest.service, subscription.name) }));
      mappings.push({
        service: manifest.service,
        subscription,
        streamArn,
        matches: compilePattern(subscription.filter),
        deadLetterQueueUrl: QueueUrl as string,
        invoke:
          options.invoke ??
          ((service, handler, event) => invokeHandler(service, handler, event, subscription.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS.stream)),
      });
    }
    loops.push(followStream(streamArn, mappings, { streams, sqs, signal: aborts.next(), idlePollMs: options.idlePollMs ?? IDLE_POLL_MS, control }));
  }

  return {
    hold(held) {
      control.held = held;
    },
    async stop() {
      aborts.abortAll();
      await Promise.allSettled(loops);
      streams.destroy();
      dynamodb.destroy();
      sqs.destroy();
    },
  };
}

interface Mapping {
  service: ServiceName;
  subscription: StreamSubscriptionSpec;
  streamArn: string;
  matches: (record: unknown) => boolean;
  deadLetterQueueUrl: string;
  invoke: StreamInvoker;
}

interface Clients {
  streams: DynamoDBStreamsClient;
  sqs: ReturnType<typeof sqsClient>;
  signal: AbortSignal;
  idlePollMs: number;
  control: { held: boolean };
}

/** Reads every shard once, children after their parents, finding new shards as the stream rolls them over. */
async function followStream(streamArn: string, mappings: Mapping[], clients: Clients): Promise<void> {
  const started = new Set<string>();
  const finished = new Set<string>();
  const running: Promise<void>[] = [];
  while (!clients.signal.aborted) {
    try {
      const { StreamDescription } = await clients.streams.send(new DescribeStreamCommand({ StreamArn: streamArn }));
      for (const shard of StreamDescription?.Shards ?? []) {
        const id = shard.ShardId as string;
        const parentDone = !shard.ParentShardId || finished.has(shard.ParentShardId) || !StreamDescription?.Shards?.some((s) => s.ShardId === shard.ParentShardId);
        if (started.has(id) || !parentDone) continue;
        started.add(id);
        running.push(readShard(streamArn, mappings, clients, id).then(() => void finished.add(id)));
      }
    } catch (error) {
      if (!clients.signal.aborted) log.error('describing the stream failed', { error, stream: streamArn });
    }
    await abortableDelay(SHARD_RESCAN_MS, clients.signal);
  }
  await Promise.allSettled(running);
}

/** One subscription's records from one shard, waiting to be delivered in order. */
class ShardConsumer {
  private readonly waiting: DynamoDBRecord[] = [];
  private draining: Promise<void> | undefined;

  constructor(
    private readonly mapping: Mapping,
    private readonly clients: Clients,
    private readonly shardId: string,
  ) {}

  matches(record: DynamoDBRecord): boolean {
    return this.mapping.matches(record);
  }

  get backlog(): number {
    return this.waiting.length;
  }

  add(records: DynamoDBRecord[]): void {
    if (records.length === 0) return;
    this.waiting.push(...records);
    this.draining ??= this.drain().finally(() => (this.draining = undefined));
  }

  /** Resolves once everything handed over so far has been delivered (or parked). */
  async idle(): Promise<void> {
    while (this.draining) await this.draining;
  }

  private async drain(): Promise<void> {
    const batchSize = this.mapping.subscription.batchSize ?? DEFAULT_BATCH_SIZE;
    while (this.waiting.length > 0 && !this.clients.signal.aborted) {
      await deliver(this.mapping, this.clients, this.waiting.splice(0, batchSize), this.shardId);
    }
  }
}

async function readShard(streamArn: string, mappings: Mapping[], clients: Clients, shardId: string): Promise<void> {
  const consumers = mappings.map((mapping) => new ShardConsumer(mapping, clients, shardId));
  let lastSequence: string | undefined;
  // After the last record read, or from the oldest record while none has been.
  const positionIterator = async () =>
    (
      await clients.streams.send(
        new GetShardIteratorCommand({
          StreamArn: streamArn,
          ShardId: shardId,
          ...(lastSequence ? { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER', SequenceNumber: lastSequence } : { ShardIteratorType: 'TRIM_HORIZON' }),
        }),
      )
    ).ShardIterator;
  let iterator = await positionIterator();
  let emptyPolls = 0;
  while (iterator && !clients.signal.aborted) {
    while ((clients.control.held || consumers.some((consumer) => consumer.backlog >= MAX_WAITING_RECORDS)) && !clients.signal.aborted) {
      await abortableDelay(clients.idlePollMs, clients.signal);
    }
    let page;
    try {
      page = await clients.streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: 1000 }));
    } catch (error) {
      if (clients.signal.aborted) break;
      const name = (error as Error).name;
      if (name === 'TrimmedDataAccessException' || name === 'ExpiredIteratorException') {
        // An iterator from an empty shard can fall behind DynamoDB Local's stream numbering (shared by all tables),
        // and iterators expire after 15 minutes: position a new one, as Lambda does.
        iterator = await positionIterator().catch(() => iterator);
        continue;
      }
      log.error('reading the stream failed', { error, shardId });
      await abortableDelay(1000, clients.signal);
      continue;
    }
    const all = page.Records ?? [];
    if (all.length > 0) {
      const records = all.map(toLambdaRecord(streamArn));
      for (const consumer of consumers) consumer.add(records.filter((record) => consumer.matches(record)));
    }
    lastSequence = all.at(-1)?.dynamodb?.SequenceNumber ?? lastSequence;
    iterator = page.NextShardIterator;
    emptyPolls = all.length === 0 ? emptyPolls + 1 : 0;
    if (emptyPolls > 0) await abortableDelay(clients.idlePollMs * (emptyPolls > QUIET_AFTER_EMPTY_POLLS ? QUIET_POLL_FACTOR : 1), clients.signal);
  }
  // A closed shard's children start only after every subscription has had all of its records.
  await Promise.all(consumers.map((consumer) => consumer.idle()));
}

/**
 * Delivers one batch until it succeeds, retrying from the first failed record. When a batch runs out of attempts,
 * the failing record is split off and tried alone (as bisectBatchOnError does), so only it reaches the dead-letter
 * queue and the records after it still arrive.
 */
async function deliver(mapping: Mapping, clients: Clients, batch: DynamoDBRecord[], shardId: string): Promise<void> {
  let pending = batch;
  let attempt = 0;
  while (pending.length > 0 && !clients.signal.aborted) {
    const failedAt = await invokeOnce(mapping, pending);
    if (failedAt < 0) return;
    pending = pending.slice(failedAt);
    attempt++;
    if (attempt < MAX_RECEIVE_COUNT) {
      await abortableDelay(Math.min(100 * 2 ** attempt, 2000), clients.signal);
      continue;
    }
    if (pending.length > 1) {
      await deliver(mapping, clients, pending.slice(0, 1), shardId);
      pending = pending.slice(1);
      attempt = 0;
      continue;
    }
    await clients.sqs.send(
      new SendMessageCommand({
        QueueUrl: mapping.deadLetterQueueUrl,
        MessageBody: JSON.stringify({
          requestContext: { condition: 'RetryAttemptsExhausted', approximateInvokeCount: attempt },
          DDBStreamBatchInfo: {
            shardId,
            startSequenceNumber: pending[0]?.dynamodb?.SequenceNumber,
            endSequenceNumber: pending[0]?.dynamodb?.SequenceNumber,
            batchSize: 1,
            streamArn: mapping.streamArn,
          },
        }),
      }),
    );
    log.error('stream record sent to the dead-letter queue', { subscription: mapping.subscription.name });
    return;
  }
}

/** Runs the consumer once; answers the index of the first record to retry, or -1 when the batch succeeded. */
async function invokeOnce(mapping: Mapping, records: DynamoDBRecord[]): Promise<number> {
  try {
    const response = (await mapping.invoke(mapping.service, mapping.subscription.handler, { Records: records })) as DynamoDBBatchResponse | undefined;
    const failure = response?.batchItemFailures?.[0]?.itemIdentifier;
    if (!failure) return -1;
    const index = records.findIndex((record) => record.dynamodb?.SequenceNumber === failure);
    return index < 0 ? 0 : index; // an identifier not in the batch fails the whole batch, as Lambda does
  } catch (error) {
    log.error('stream consumer failed', { error, subscription: mapping.subscription.name });
    return 0;
  }
}

/** A stream record in the shape Lambda hands to a DynamoDB Streams consumer (and filters on). */
function toLambdaRecord(streamArn: string) {
  return (record: _Record): DynamoDBRecord => ({
    eventID: record.eventID,
    eventName: record.eventName as DynamoDBRecord['eventName'],
    eventVersion: '1.1',
    eventSource: 'aws:dynamodb',
    awsRegion: REGION,
    eventSourceARN: streamArn,
    dynamodb: {
      ApproximateCreationDateTime: record.dynamodb?.ApproximateCreationDateTime
        ? Math.floor(new Date(record.dynamodb.ApproximateCreationDateTime).getTime() / 1000)
        : undefined,
      Keys: record.dynamodb?.Keys as never,
      NewImage: record.dynamodb?.NewImage as never,
      OldImage: record.dynamodb?.OldImage as never,
      SequenceNumber: record.dynamodb?.SequenceNumber,
      SizeBytes: record.dynamodb?.SizeBytes,
      StreamViewType: record.dynamodb?.StreamViewType as never,
    },
  });
}
