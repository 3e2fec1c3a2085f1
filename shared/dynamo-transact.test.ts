import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { transactWrite } from './dynamo-transact';

const canceled = (...codes: string[]) =>
  new TransactionCanceledException({ message: 'Transaction cancelled', $metadata: {}, CancellationReasons: codes.map((Code) => ({ Code })) });

/** A client whose TransactWriteItems answers with each of `outcomes` in turn (an error is thrown). */
function stubClient(outcomes: (Error | 'ok')[]) {
  const calls: unknown[] = [];
  const client = {
    async send(command: unknown) {
      calls.push(command);
      const next = outcomes.shift() ?? 'ok';
      if (next !== 'ok') throw next;
      return {};
    },
  } as unknown as DynamoDBDocumentClient;
  return { client, calls };
}

const ITEMS = [{ Put: { TableName: 't', Item: { pk: 'a', sk: 'b' } } }];

describe('transactWrite', () => {
  it('tries again when the transaction only collided with another writer (DynamoDB does this under load; Local rarely)', async () => {
    const { client, calls } = stubClient([canceled('None', 'TransactionConflict'), canceled('TransactionConflict', 'None'), 'ok']);
    expect(await transactWrite(client, ITEMS)).toEqual({ ok: true });
    expect(calls).toHaveLength(3);
  });

  it('answers with the items whose condition failed, without trying again', async () => {
    const { client, calls } = stubClient([canceled('ConditionalCheckFailed', 'None', 'ConditionalCheckFailed')]);
    expect(await transactWrite(client, ITEMS)).toEqual({ ok: false, failed: [0, 2], oldItems: {} });
    expect(calls).toHaveLength(1);
  });

  it('gives up after repeated collisions, and passes other errors on', async () => {
    const { client } = stubClient(Array.from({ length: 8 }, () => canceled('TransactionConflict')));
    await expect(transactWrite(client, ITEMS)).rejects.toBeInstanceOf(TransactionCanceledException);
    const other = stubClient([new Error('network down')]);
    await expect(transactWrite(other.client, ITEMS)).rejects.toThrow('network down');
  });
});
