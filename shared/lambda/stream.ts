import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { logger as rootLogger, type Logger } from './logger';
import { loadSecrets } from './secrets';

export type StreamHandler = (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse>;

export interface StreamRecord<T> {
  eventName: 'INSERT' | 'MODIFY' | 'REMOVE';
  sequenceNumber: string;
  /** The item's key attributes, unmarshalled: the only part of a REMOVE record (the stream carries new images). */
  keys: Record<string, unknown>;
  newImage?: T;
}

/** A batch's new images, unmarshalled, in order (undefined for a REMOVE): for a consumer that handles the batch as one. */
export function newImagesOf<T = Record<string, unknown>>(event: DynamoDBStreamEvent): (T | undefined)[] {
  return event.Records.map((record) => {
    const image = record.dynamodb?.NewImage as Record<string, AttributeValue> | undefined;
    return image ? (unmarshall(image) as T) : undefined;
  });
}

/**
 * The one table-stream wrapper. Records arrive in order per item; each is handled in turn and the first failure is
 * reported with its sequence number, so the event source mapping retries from there (records after it are not
 * skipped, and the ones before it are not redone).
 */
export function streamConsumer<T>(handle: (record: StreamRecord<T>, context: { log: Logger }) => Promise<void>): StreamHandler {
  return async (event) => {
    try {
      await loadSecrets();
    } catch (error) {
      rootLogger.error('secrets could not be read', { error });
      return { batchItemFailures: event.Records.slice(0, 1).map((record) => ({ itemIdentifier: record.dynamodb?.SequenceNumber ?? '' })) };
    }
    for (const record of event.Records) {
      const sequenceNumber = record.dynamodb?.SequenceNumber ?? '';
      const log = rootLogger.child({ sequenceNumber, eventName: record.eventName });
      try {
        const image = record.dynamodb?.NewImage as Record<string, AttributeValue> | undefined;
        const keys = unmarshall((record.dynamodb?.Keys ?? {}) as Record<string, AttributeValue>);
        await handle(
          { eventName: record.eventName as StreamRecord<T>['eventName'], sequenceNumber, keys, newImage: image ? (unmarshall(image) as T) : undefined },
          { log },
        );
      } catch (error) {
        log.error('stream record failed', { error });
        return { batchItemFailures: [{ itemIdentifier: sequenceNumber }] };
      }
    }
    return { batchItemFailures: [] };
  };
}
