import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { batchGetAll } from '@giving/shared/dynamo-query';
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
      for (const item of await batchGetAll(client, tableName, [...new Set(donationIds)].map(receiptKey))) {
        const receipt = toReceipt(item);
        found.set(receipt.donationId, receipt);
      }
      return found;
    },
  };
}
