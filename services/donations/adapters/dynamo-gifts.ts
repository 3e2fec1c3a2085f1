import { GetCommand, PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Gift } from '@giving/shared/contracts/donations';
import type { GiftCatalog } from '../domain/ports';

/**
 * Gifts ("dollar handles") keyed for the pages that read them:
 *   CHARITYURL#<charity url> / GIFT#<product url>  (gift page, a charity's gift list)
 *   gsi1: GIFT#<gift id> / GIFT                      (checkout looks a gift up by id)
 */
const giftKey = (charityUrl: string, productUrl: string) => ({ pk: `CHARITYURL#${charityUrl}`, sk: `GIFT#${productUrl}` });

function toGift(item: Record<string, unknown>): Gift {
  const { pk: _pk, sk: _sk, gsi1pk: _g1, gsi1sk: _g2, ...gift } = item;
  return gift as Gift;
}

export function dynamoGiftCatalog(client: DynamoDBDocumentClient, tableName: string): GiftCatalog & { put(gift: Gift): Promise<void> } {
  return {
    async getById(giftId) {
      const result = await client.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk = :sk',
          ExpressionAttributeValues: { ':pk': `GIFT#${giftId}`, ':sk': 'GIFT' },
          Limit: 1,
        }),
      );
      return result.Items?.[0] ? toGift(result.Items[0]) : undefined;
    },
    async getByUrl(charityUrl, productUrl) {
      const result = await client.send(new GetCommand({ TableName: tableName, Key: giftKey(charityUrl, productUrl) }));
      return result.Item ? toGift(result.Item) : undefined;
    },
    async listByCharity(charityUrl, limit) {
      const result = await client.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :gift)',
          ExpressionAttributeValues: { ':pk': `CHARITYURL#${charityUrl}`, ':gift': 'GIFT#' },
          Limit: limit,
        }),
      );
      return (result.Items ?? []).map(toGift);
    },
    /** Used by the demo seed and by later admin screens. */
    async put(gift) {
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...giftKey(gift.charity.charityUrl, gift.productUrl), gsi1pk: `GIFT#${gift.id}`, gsi1sk: 'GIFT', ...gift },
        }),
      );
    },
  };
}
