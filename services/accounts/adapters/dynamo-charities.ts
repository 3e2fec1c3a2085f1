import { GetCommand, PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { CharityProfile } from '@giving/shared/contracts/accounts';
import type { CharityDirectory } from '../domain/charities';
import { keys } from './keys';

/**
 * CHARITY#<id> / PROFILE, found by URL through gsi1 (CHARITYURL#<charity url> / CHARITY)
 * listed by country through gsi2 (COUNTRY#<code> / CHARITY#<lower-case name>) and in the back office through gsi3.
 */
const strip = (item: Record<string, unknown>) => {
  // adminCount and createdAt are the accounts service's own bookkeeping, not part of the public profile.
  const { pk: _pk, sk: _sk, gsi1pk: _g1, gsi1sk: _g2, gsi2pk: _g3, gsi2sk: _g4, gsi3pk: _g5, gsi3sk: _g6, adminCount: _a, createdAt: _c, ...charity } = item;
  return charity as CharityProfile;
};

export function dynamoCharityDirectory(client: DynamoDBDocumentClient, tableName: string): CharityDirectory {
  return {
    async getById(charityId) {
      const result = await client.send(new GetCommand({ TableName: tableName, Key: keys.charityProfile(charityId), ConsistentRead: true }));
      return result.Item ? strip(result.Item) : undefined;
    },
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
      return item ? strip(item) : undefined;
    },
    async listByCountry(country, limit) {
      const result = await client.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: 'gsi2',
          KeyConditionExpression: 'gsi2pk = :pk',
          ExpressionAttributeValues: { ':pk': `COUNTRY#${country}` },
          Limit: limit,
        }),
      );
      return (result.Items ?? []).map(strip);
    },
    async put(charity) {
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            pk: `CHARITY#${charity.id}`,
            sk: 'PROFILE',
            gsi1pk: `CHARITYURL#${charity.charityUrl}`,
            gsi1sk: 'CHARITY',
            gsi2pk: `COUNTRY#${charity.country}`,
            gsi2sk: `CHARITY#${charity.name.toLowerCase()}`,
            gsi3pk: 'LIST#CHARITY',
            gsi3sk: charity.name.toLowerCase(),
            ...charity,
          },
        }),
      );
    },
  };
}
