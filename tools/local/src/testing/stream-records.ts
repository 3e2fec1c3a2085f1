import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBStreamEvent } from 'aws-lambda';

/** One table-stream record as Lambda hands it over (NEW_IMAGE streams: a REMOVE carries only the keys). */
export type TestStreamRecord =
  | { eventName: 'INSERT' | 'MODIFY'; sequenceNumber: string; item: Record<string, unknown> }
  | { eventName: 'REMOVE'; sequenceNumber: string; keys: { pk: string; sk: string } };

/** A DynamoDB stream event for a stream handler called in-process, from items read back from DynamoDB Local. */
export function streamEvent(records: readonly TestStreamRecord[]): DynamoDBStreamEvent {
  const image = (value: Record<string, unknown>) => marshall(value, { removeUndefinedValues: true }) as Record<string, AttributeValue>;
  return {
    Records: records.map((record) => {
      const keys = record.eventName === 'REMOVE' ? record.keys : { pk: record.item.pk, sk: record.item.sk };
      return {
        eventName: record.eventName,
        eventSource: 'aws:dynamodb',
        dynamodb: {
          SequenceNumber: record.sequenceNumber,
          Keys: image(keys),
          ...(record.eventName === 'REMOVE' ? {} : { NewImage: image(record.item) }),
          StreamViewType: 'NEW_IMAGE',
        },
      };
    }),
  } as DynamoDBStreamEvent;
}
