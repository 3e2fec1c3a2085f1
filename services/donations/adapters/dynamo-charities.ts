import { GetCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { CharityDirectory, CharityProjection } from '../domain/ports';
import { putNewerVersion } from './put-newer-version';

/**
 * Donations' copy of each charity's public profile, filled from accounts' CharityProfilePublished:
 *   CHARITY#<charity id> / PROJECTION            the newest version published (version orders them)
 *   gsi1: CHARITYURL#<charity url> / CHARITY     look-up by the charity page's URL
 * A version is written only when none is kept yet or the kept one is older, so a late or repeated event never
 * overwrites a newer one (a conditional put, not read-then-write).
 */
const projectionKey = (charityId: string) => ({ pk: `CHARITY#${charityId}`, sk: 'PROJECTION' });

function toCharity(item: Record<string, unknown>): CharityProjection {
  const { pk: _pk, sk: _sk, gsi1pk: _g1, gsi1sk: _g2, ...charity } = item;
  return charity as unknown as CharityProjection;
}

export function dynamoCharityDirectory(client: DynamoDBDocumentClient, tableName: string): CharityDirectory {
  return {
    async getById(charityId) {
      const result = await client.send(new GetCommand({ TableName: tableName, Key: projectionKey(charityId), ConsistentRead: true }));
      return result.Item ? toCharity(result.Item) : undefined;
    },
    async getByUrl(charityUrl) {
      const result = await client.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk = :sk',
          ExpressionAttributeValues: { ':pk': `CHARITYURL#${charityUrl}`, ':sk': 'CHARITY' },
        }),
      );
      // A charity that changed its URL leaves no old item behind (one item per id), but a URL handed on to another
      // charity could briefly match two until the first one's change arrives: the newest wins.
      const items = (result.Items ?? []).map(toCharity).sort((a, b) => b.version.localeCompare(a.version));
      return items[0];
    },
    save: (charity) =>
      putNewerVersion(client, tableName, { ...projectionKey(charity.id), gsi1pk: `CHARITYURL#${charity.charityUrl}`, gsi1sk: 'CHARITY', ...charity }),
  };
}
