import { CreateQueueCommand, GetQueueAttributesCommand, GetQueueUrlCommand, QueueDoesNotExist, SQSClient } from '@aws-sdk/client-sqs';
import {
  MAX_RECEIVE_COUNT,
  deadLetterQueueName,
  queueName,
  type ServiceManifest,
  type ServiceName,
  type SubscriptionSpec,
} from '@giving/shared/manifest';
import { REGION } from '../config';

/** The queue pair behind one manifest subscription. */
export interface SubscriptionQueue {
  service: ServiceName;
  subscription: SubscriptionSpec;
  queueName: string;
  queueUrl: string;
  queueArn: string;
  deadLetterQueueUrl: string;
  deadLetterQueueArn: string;
}

/** AWS's default; the local platform and tests pass a short one so failed messages come back quickly. */
export const DEFAULT_VISIBILITY_TIMEOUT_SECONDS = 30;

export function sqsClient(endpoint: string, options: { maxSockets?: number } = {}): SQSClient {
  return new SQSClient({
    endpoint,
    region: REGION,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    ...(options.maxSockets ? { requestHandler: { httpAgent: { keepAlive: true, maxSockets: options.maxSockets } } } : {}),
  });
}

/**
 * Creates each subscription's queue and dead-letter queue as the stateful stack does: the queue redrives to its DLQ
 * after MAX_RECEIVE_COUNT receives. Failed messages return after the visibility timeout (we never rely on
 * ChangeMessageVisibility(0), which local-aws-sqs gets wrong on queues with a RedrivePolicy).
 * Creating an existing queue with the same attributes is a no-op, so this is safe to call again.
 */
export async function createQueues(options: {
  sqsEndpoint: string;
  manifests: readonly ServiceManifest[];
  visibilityTimeoutSeconds?: number;
}): Promise<SubscriptionQueue[]> {
  const client = sqsClient(options.sqsEndpoint);
  const visibilityTimeout = String(options.visibilityTimeoutSeconds ?? DEFAULT_VISIBILITY_TIMEOUT_SECONDS);
  try {
    for (const manifest of options.manifests) {
      for (const subscription of manifest.subscriptions) {
        const dlq = await createQueue(client, deadLetterQueueName(manifest.service, subscription.name), {
          MessageRetentionPeriod: String(14 * 24 * 3600),
        });
        await createQueue(client, queueName(manifest.service, subscription.name), {
          VisibilityTimeout: visibilityTimeout,
          RedrivePolicy: JSON.stringify({ deadLetterTargetArn: dlq.arn, maxReceiveCount: MAX_RECEIVE_COUNT }),
        });
      }
    }
  } finally {
    client.destroy();
  }
  return findQueues(options);
}

async function createQueue(client: SQSClient, name: string, attributes: Record<string, string>) {
  const { QueueUrl } = await client.send(new CreateQueueCommand({ QueueName: name, Attributes: attributes }));
  if (!QueueUrl) throw new Error(`CreateQueue ${name} returned no QueueUrl`);
  return { url: QueueUrl, arn: await queueArn(client, QueueUrl) };
}

/** The queues of every manifest subscription, which must exist already (createQueues makes them). */
export async function findQueues(options: { sqsEndpoint: string; manifests: readonly ServiceManifest[] }): Promise<SubscriptionQueue[]> {
  const client = sqsClient(options.sqsEndpoint);
  try {
    const queues: SubscriptionQueue[] = [];
    for (const manifest of options.manifests) {
      for (const subscription of manifest.subscriptions) {
        const name = queueName(manifest.service, subscription.name);
        const queue = await findQueue(client, name);
        const dlq = await findQueue(client, deadLetterQueueName(manifest.service, subscription.name));
        queues.push({
          service: manifest.service,
          subscription,
          queueName: name,
          queueUrl: queue.url,
          queueArn: queue.arn,
          deadLetterQueueUrl: dlq.url,
          deadLetterQueueArn: dlq.arn,
        });
      }
    }
    return queues;
  } finally {
    client.destroy();
  }
}

async function findQueue(client: SQSClient, name: string) {
  try {
    const { QueueUrl } = await client.send(new GetQueueUrlCommand({ QueueName: name }));
    if (!QueueUrl) throw new Error(`GetQueueUrl ${name} returned no QueueUrl`);
    return { url: QueueUrl, arn: await queueArn(client, QueueUrl) };
  } catch (error) {
    if (error instanceof QueueDoesNotExist) throw new Error(`queue ${name} does not exist; create the queues first (createQueues)`);
    throw error;
  }
}

async function queueArn(client: SQSClient, queueUrl: string): Promise<string> {
  const { Attributes } = await client.send(new GetQueueAttributesCommand({ QueueUrl: queueUrl, AttributeNames: ['QueueArn'] }));
  const arn = Attributes?.QueueArn;
  if (!arn) throw new Error(`GetQueueAttributes ${queueUrl} returned no QueueArn`);
  return arn;
}
