import { PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { CharityProfile } from '@giving/shared/contracts/accounts';
import type { CharityDirectory } from '../domain/charities';

/** CHARITY#<id> / PROFILE, found by URL through gsi1: CHARITYURL#<charity url> / CHARITY. */
export function dynamoCharityDirectory(client: DynamoDBDocumentClient, tableName: string): CharityDirectory {
  return {
    async getByUrl(charityUrl) {
      const result = await client.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk = :sk',
          ExpressionAttributeValues: { ':pk': `CHARITYURL#${charityUrl}`, ':sk': 'CHARITY' },
          Limit: 1,
        }),
      );
      const item = result.Items?.[0];
      if (!item) return undefined;
      const { pk: _pk, sk: _sk, gsi1pk: _g1, gsi1sk: _g2, ...charity } = item;
      return charity as CharityProfile;
    },
    async put(charity) {
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: { pk: `CHARITY#${charity.id}`, sk: 'PROFILE', gsi1pk: `CHARITYURL#${charity.charityUrl}`, gsi1sk: 'CHARITY', ...charity },
        }),
      );
    },
  };
}
