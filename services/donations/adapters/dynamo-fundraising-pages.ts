import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { FundraisingPageCopy, FundraisingPageDirectory } from '../domain/ports';

/**
 * Donations' copy of fundraising pages, from fundraising's PageModified documents:
 *   FPAGE#<page id> / PAGE     the newest version published (a later or repeated older one changes nothing)
 */
export function dynamoFundraisingPageDirectory(client: DynamoDBDocumentClient, tableName: string): FundraisingPageDirectory {
  const key = (pageId: string) => ({ pk: `FPAGE#${pageId}`, sk: 'PAGE' });
  return {
    async get(pageId) {
      // Consistent: a page just taken offline must stop taking donations at once.
      const result = await client.send(new GetCommand({ TableName: tableName, Key: key(pageId), ConsistentRead: true }));
      if (!result.Item) return undefined;
      const { pk: _pk, sk: _sk, ...page } = result.Item;
      return page as FundraisingPageCopy;
    },
    async save(page) {
      try {
        await client.send(
          new PutCommand({
            TableName: tableName,
            Item: { ...key(page.id), ...page },
            ConditionExpression: 'attribute_not_exists(pk) OR version < :version',
            ExpressionAttributeValues: { ':version': page.version },
          }),
        );
        return 'saved';
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) return 'stale';
        throw error;
      }
    },
  };
}
