import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, GetCommand, PutCommand, type BatchGetCommandOutput, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { IssuedReceipt, ReceiptStore } from '../domain/receipts';

/**
 * A donation's issued receipt sits beside it: DONATION#<donation id> / RECEIPT (the donation is / DONATION).
 * Written once (conditional put); the stream consumers filter on other sort keys, so it starts nothing.
 */
const receiptKey = (donationId: string) => ({ pk: `DONATION#${donationId}`, sk: 'RECEIPT' });

const toReceipt = (item: Record<string, unknown>): IssuedReceipt => {
  const { pk: _pk, sk: _sk, ...receipt } = item;
  return receipt as unknown as IssuedReceipt;
};

/** BatchGetItem takes at most 100 keys a call. */
const BATCH = 100;

export function dynamoReceiptStore(client: DynamoDBDocumentClient, tableName: string): ReceiptStore {
  const get = async (donationId: string) => {
    const result = await client.send(new GetCommand({ TableName: tableName, Key: receiptKey(donationId), ConsistentRead: true }));
    return result.Item ? toReceipt(result.Item) : undefined;
  };
  return {
    get,
    async issue(receipt) {
      try {
        await client.send(new PutCommand({ TableName: tableName, Item: { ...receiptKey(receipt.donationId), ...receipt }, ConditionExpression: 'attribute_not_exists(pk)' }));
        return receipt;
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
        // Issued already (a redelivered event, or two at once): the first one stands.
        const kept = await get(receipt.donationId);
        if (!kept) throw error;
        return kept;
      }
    },
    async getMany(donationIds) {
      const found = new Map<string, IssuedReceipt>();
      const ids = [...new Set(donationIds)];
      for (let start = 0; start < ids.length; start += BATCH) {
        let keys: Record<string, unknown>[] | undefined = ids.slice(start, start + BATCH).map(receiptKey);
        // Unprocessed keys (throttling) are asked for again until none are left.
        for (let attempt = 0; keys?.length; attempt++) {
          if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 50 * 2 ** attempt)));
          const result: BatchGetCommandOutput = await client.send(new BatchGetCommand({ RequestItems: { [tableName]: { Keys: keys, ConsistentRead: true } } }));
          for (const item of result.Responses?.[tableName] ?? []) {
            const receipt = toReceipt(item);
            found.set(receipt.donationId, receipt);
          }
          keys = result.UnprocessedKeys?.[tableName]?.Keys;
          if (attempt > 8 && keys?.length) throw new Error('DynamoDB kept receipts unprocessed');
        }
      }
      return found;
    },
  };
}
