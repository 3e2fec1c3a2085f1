import {
  DeleteMessageBatchCommand,
  ReceiveMessageCommand,
  type Message,
  type MessageAttributeValue,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import type { SQSEvent, SQSMessageAttributes, SQSRecord } from 'aws-lambda';
import { logger } from '@giving/shared/lambda/logger';
import { type ServiceManifest, type ServiceName } from '@giving/shared/manifest';
import { REGION } from '../config';
import { abortableDelay, pollerAborts } from '../runtime/abortable';
import { invokeHandler } from '../runtime/handlers';
import { findQueues, sqsClient, type SubscriptionQueue } from './queues';

/** Runs a manifest handler with a Lambda event and returns what it returned. */
export type QueueInvoker = (service: ServiceName, handler: string, event: SQSEvent) => Promise<unknown>;

export interface RunningPollers {
  queues: SubscriptionQueue[];
  /** Stops receiving, lets batches already handed to a consumer finish (and be deleted), then resolves. */
  stop(): Promise<void>;
}

/** How long a consumer may run before its batch counts as failed (Lambda's timeout when the manifest sets none). */
export const DEFAULT_CONSUMER_TIMEOUT_SECONDS = 30;
const SQS_MAX_BATCH = 10;

const log = logger.child({ component: 'sqs-pollers' });
const consumerTimeout = (queue: SubscriptionQueue) => queue.subscription.timeoutSeconds ?? DEFAULT_CONSUMER_TIMEOUT_SECONDS;

const invokeInProcess =
  (timeoutSeconds: number): QueueInvoker =>
  (service, handler, event) =>
    invokeHandler(service, handler, event, timeoutSeconds);

/**
 * The Lambda SQS event source mapping, for every manifest subscription: long-polls its queue, hands each batch to the
 * consumer as an SQSEvent, deletes the records that succeeded (all but batchItemFailures; none if the consumer throws
 * or times out) and leaves the rest to come back after the visibility timeout, so the queue's RedrivePolicy moves
 * a message to the DLQ after MAX_RECEIVE_COUNT receives. Delivery is at least once, as in AWS.
 */
export async function startQueuePollers(options: {
  sqsEndpoint: string;
  manifests: readonly ServiceManifest[];
  invoke?: QueueInvoker;
  /** ReceiveMessage long-poll wait; Lambda uses 20. */
  waitTimeSeconds?: number;
}): Promise<RunningPollers> {
  const queues = await findQueues(options);
  // Every queue holds a long poll open at once: the SDK's default of 50 sockets would make the 51st queue's poll wait
  // for another's 20-second wait to end, and its messages with it (Lambda polls each queue on its own).
  const client = sqsClient(options.sqsEndpoint, { maxSockets: queues.length * 2 + 10 });
  const aborts = pollerAborts();
  const loops = queues.map((queue) =>
    pollQueue({
      client,
      queue,
      invoke: options.invoke ?? invokeInProcess(consumerTimeout(queue)),
      signal: aborts.next(),
      waitTimeSeconds: options.waitTimeSeconds ?? 20,
    }),
  );
  let stopping: Promise<void> | undefined;
  return {
    queues,
    stop() {
      stopping ??= (async () => {
        aborts.abortAll();
        await Promise.all(loops);
        client.destroy();
      })();
      return stopping;
    },
  };
}

async function pollQueue(options: {
  client: SQSClient;
  queue: SubscriptionQueue;
  invoke: QueueInvoker;
  signal: AbortSignal;
  waitTimeSeconds: number;
}): Promise<void> {
  const { client, queue, signal } = options;
  const queueLog = log.child({ queue: queue.queueName });
  const batchLimit = Math.min(queue.subscription.batchSize ?? SQS_MAX_BATCH, SQS_MAX_BATCH);
  while (!signal.aborted) {
    let messages: Message[];
    try {
      // local-aws-sqs answers a long poll only when MaxNumberOfMessages are in or the wait is over, so wait for one
      // message, then take whatever else is there at once, which is what the Lambda poller hands a consumer.
      messages = await receive(client, queue.queueUrl, 1, options.waitTimeSeconds, signal);
      if (messages.length > 0 && batchLimit > 1) messages.push(...(await receive(client, queue.queueUrl, batchLimit - 1, 0)));
    } catch (error) {
      if (signal.aborted) return;
      queueLog.warn('receive failed', { error });
      await abortableDelay(1000, signal);
      continue;
    }
    if (messages.length === 0) continue;
    await handleBatch(options, [...new Map(messages.map((m) => [m.MessageId, m])).values()], queueLog);
  }
}

async function receive(client: SQSClient, queueUrl: string, max: number, waitTimeSeconds: number, signal?: AbortSignal) {
  const received = await client.send(
    new ReceiveMessageCommand({
      QueueUrl: queueUrl,
      MaxNumberOfMessages: max,
      WaitTimeSeconds: waitTimeSeconds,
      // local-aws-sqs reads only the older AttributeNames; AWS reads either.
      AttributeNames: ['All'],
      MessageSystemAttributeNames: ['All'],
      MessageAttributeNames: ['All'],
    }),
    signal ? { abortSignal: signal } : {},
  );
  return received.Messages ?? [];
}

async function handleBatch(
  options: { client: SQSClient; queue: SubscriptionQueue; invoke: QueueInvoker },
  messages: Message[],
  queueLog: typeof log,
): Promise<void> {
  const { client, queue } = options;
  const event = sqsEvent(messages, queue.queueArn);
  const ids = event.Records.map((record) => record.messageId);
  let failed: Set<string>;
  try {
    const result = await withTimeout(options.invoke(queue.service, queue.subscription.handler, event), consumerTimeout(queue));
    failed = failuresOf(result, ids);
  } catch (error) {
    queueLog.error('consumer failed; the batch returns to the queue', { messageIds: ids, error });
    failed = new Set(ids);
  }
  const done = event.Records.filter((record) => !failed.has(record.messageId));
  if (failed.size > 0) queueLog.info('records left for redelivery', { messageIds: [...failed] });
  if (done.length === 0) return;
  try {
    const deleted = await client.send(
      new DeleteMessageBatchCommand({
        QueueUrl: queue.queueUrl,
        Entries: done.map((record, index) => ({ Id: String(index), ReceiptHandle: record.receiptHandle })),
      }),
    );
    if (deleted.Failed?.length) queueLog.warn('some deletes failed; those records will be delivered again', { failed: deleted.Failed });
  } catch (error) {
    queueLog.warn('delete failed; the batch will be delivered again', { messageIds: done.map((r) => r.messageId), error });
  }
}

/**
 * Lambda's reading of a partial batch response: nothing or an empty list means all succeeded; an itemIdentifier
 * that is missing or not in the batch fails the whole batch.
 */
function failuresOf(result: unknown, ids: string[]): Set<string> {
  if (result === undefined || result === null) return new Set();
  if (typeof result !== 'object') return new Set(ids);
  const failures = (result as { batchItemFailures?: unknown }).batchItemFailures;
  if (failures === undefined || failures === null) return new Set();
  if (!Array.isArray(failures)) return new Set(ids);
  const failed = new Set<string>();
  for (const failure of failures) {
    const id = (failure as { itemIdentifier?: unknown } | null)?.itemIdentifier;
    if (typeof id !== 'string' || !ids.includes(id)) {
      log.warn('invalid batchItemFailures entry; the whole batch fails', { itemIdentifier: id });
      return new Set(ids);
    }
    failed.add(id);
  }
  return failed;
}

/** The SQSEvent a Lambda event source mapping builds from received messages. */
export function sqsEvent(messages: Message[], queueArn: string): SQSEvent {
  return {
    Records: messages.map((message): SQSRecord => {
      const attributes = message.Attributes ?? {};
      const record: SQSRecord = {
        messageId: message.MessageId ?? '',
        receiptHandle: message.ReceiptHandle ?? '',
        body: message.Body ?? '',
        attributes: {
          ApproximateReceiveCount: attributes.ApproximateReceiveCount ?? '1',
          SentTimestamp: attributes.SentTimestamp ?? '',
          SenderId: attributes.SenderId ?? '',
          ApproximateFirstReceiveTimestamp: attributes.ApproximateFirstReceiveTimestamp ?? '',
          ...attributes,
        },
        messageAttributes: messageAttributes(message.MessageAttributes),
        md5OfBody: message.MD5OfBody ?? '',
        eventSource: 'aws:sqs',
        eventSourceARN: queueArn,
        awsRegion: REGION,
      };
      if (message.MD5OfMessageAttributes) record.md5OfMessageAttributes = message.MD5OfMessageAttributes;
      return record;
    }),
  };
}

function messageAttributes(attributes: Record<string, MessageAttributeValue> | undefined): SQSMessageAttributes {
  const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
  const out: SQSMessageAttributes = {};
  for (const [name, value] of Object.entries(attributes ?? {})) {
    out[name] = {
      ...(value.StringValue !== undefined ? { stringValue: value.StringValue } : {}),
      ...(value.BinaryValue !== undefined ? { binaryValue: base64(value.BinaryValue) } : {}),
      stringListValues: value.StringListValues ?? [],
      binaryListValues: (value.BinaryListValues ?? []).map(base64),
      dataType: value.DataType ?? 'String',
    };
  }
  return out;
}

function withTimeout<T>(promise: Promise<T>, seconds: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`consumer timed out after ${seconds} s`)), seconds * 1000);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

