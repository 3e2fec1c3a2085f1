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
import { REGION } from '../config';
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
 */
export type StreamInvoker = (service: ServiceName, handler: string, event: DynamoDBStreamEvent) => Promise<unknown>;

export interface RunningStreamPollers {
  stop(): Promise<void>;
}

const IDLE_POLL_MS = 250;
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
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const sqs = sqsClient(options.sqsEndpoint);
  const aborts = pollerAborts();
  const loops: Promise<void>[] = [];

  for (const manifest of options.manifests) {
    if (manifest.streams.length === 0) continue;
    const table = await dynamodb.send(new DescribeTableCommand({ TableName: tableName(manifest.service, options.tablePrefix) }));
    const streamArn = table.Table?.LatestStreamArn;
    if (!streamArn) throw new Error(`table ${table.Table?.TableName} has no stream; set table.stream in its manifest`);
    for (const subscription of manifest.streams) {
      const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: streamDeadLetterQueueName(manifest.service, subscription.name) }));
      const mapping: Mapping = {
        service: manifest.service,
        subscription,
        streamArn,
        matches: compilePattern(subscription.filter),
        deadLetterQueueUrl: QueueUrl as string,
        invoke:
          options.invoke ??
          ((service, handler, event) => invokeHandler(service, handler, event, subscription.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS.stream)),
      };
      loops.push(followStream(mapping, { streams, sqs, signal: aborts.next(), idlePollMs: options.idlePollMs ?? IDLE_POLL_MS }));
    }
  }

  return {
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
}



/** Reads every shard once, children after their parents, finding new shards as the stream rolls them over. */
async function followStream(mapping: Mapping, clients: Clients): Promise<void> {
  const started = new Set<string>();
  const finished = new Set<string>();
  const running: Promise<void>[] = [];
  while (!clients.signal.aborted) {
    try {
      const { StreamDescription } = await clients.streams.send(new DescribeStreamCommand({ StreamArn: mapping.streamArn }));
      for (const shard of StreamDescription?.Shards ?? []) {
        const id = shard.ShardId as string;
        const parentDone = !shard.ParentShardId || finished.has(shard.ParentShardId) || !StreamDescription?.Shards?.some((s) => s.ShardId === shard.ParentShardId);
        if (started.has(id) || !parentDone) continue;
        started.add(id);
        running.push(readShard(mapping, clients, id).then(() => void finished.add(id)));
      }
    } catch (error) {
      if (!clients.signal.aborted) log.error('describing the stream failed', { error, stream: mapping.streamArn });
    }
    await abortableDelay(SHARD_RESCAN_MS, clients.signal);
  }
  await Promise.allSettled(running);
}

async function readShard(mapping: Mapping, clients: Clients, shardId: string): Promise<void> {
  let lastSequence: string | undefined;
  // After the last record handled, or from the oldest record while none has been.
  const positionIterator = async () =>
    (
      await clients.streams.send(
        new GetShardIteratorCommand({
          StreamArn: mapping.streamArn,
          ShardId: shardId,
          ...(lastSequence ? { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER', SequenceNumber: lastSequence } : { ShardIteratorType: 'TRIM_HORIZON' }),
        }),
      )
    ).ShardIterator;
  let iterator = await positionIterator();
  const batchSize = mapping.subscription.batchSize ?? DEFAULT_BATCH_SIZE;
  while (iterator && !clients.signal.aborted) {
    let page;
    try {
      page = await clients.streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: 1000 }));
    } catch (error) {
      if (clients.signal.aborted) return;
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
    const records = all.map(toLambdaRecord(mapping.streamArn)).filter((record) => mapping.matches(record));
    for (let i = 0; i < records.length && !clients.signal.aborted; i += batchSize) {
      await deliver(mapping, clients, records.slice(i, i + batchSize), shardId);
    }
    lastSequence = all.at(-1)?.dynamodb?.SequenceNumber ?? lastSequence;
    iterator = page.NextShardIterator;
    if (all.length === 0) await abortableDelay(clients.idlePollMs, clients.signal);
  }
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
