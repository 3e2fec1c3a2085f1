import type { DynamoDBStreamEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { streamConsumer } from './stream';

const record = (sequence: string, trackingNumber: string) => ({
  eventName: 'INSERT' as const,
  dynamodb: { SequenceNumber: sequence, NewImage: { trackingNumber: { S: trackingNumber }, quantity: { N: '2' } } },
});

describe('streamConsumer', () => {
  it('hands each record’s new image, unmarshalled, to the consumer in order', async () => {
    const seen: unknown[] = [];
    const consumer = streamConsumer<{ trackingNumber: string; quantity: number }>(async ({ newImage, eventName }) => void seen.push({ eventName, ...newImage }));
    const result = await consumer({ Records: [record('1', 'A'), record('2', 'B')] } as DynamoDBStreamEvent);
    expect(result).toEqual({ batchItemFailures: [] });
    expect(seen).toEqual([
      { eventName: 'INSERT', trackingNumber: 'A', quantity: 2 },
      { eventName: 'INSERT', trackingNumber: 'B', quantity: 2 },
    ]);
  });

  it('hands a REMOVE record’s keys, which are all the stream has of a deleted item', async () => {
    const seen: unknown[] = [];
    const consumer = streamConsumer(async ({ eventName, keys, newImage }) => void seen.push({ eventName, keys, newImage }));
    await consumer({
      Records: [{ eventName: 'REMOVE', dynamodb: { SequenceNumber: '7', Keys: { pk: { S: 'WORKPLACE#w1' }, sk: { S: 'MEMBER#m1' } } } }],
    } as DynamoDBStreamEvent);
    expect(seen).toEqual([{ eventName: 'REMOVE', keys: { pk: 'WORKPLACE#w1', sk: 'MEMBER#m1' }, newImage: undefined }]);
  });

  it('stops at the first failure and reports its sequence number, leaving later records for the retry', async () => {
    const seen: string[] = [];
    const consumer = streamConsumer<{ trackingNumber: string }>(async ({ newImage }) => {
      if (newImage?.trackingNumber === 'B') throw new Error('workflow service unavailable');
      seen.push(newImage?.trackingNumber ?? '');
    });
    const result = await consumer({ Records: [record('1', 'A'), record('2', 'B'), record('3', 'C')] } as DynamoDBStreamEvent);
    expect(result).toEqual({ batchItemFailures: [{ itemIdentifier: '2' }] });
    expect(seen).toEqual(['A']);
  });
});
