import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { dynamoCharityCopy } from '@giving/shared/dynamo-copies';
import type { CharityDirectory } from '../domain/ports';

/**
 * Donations' copy of each charity's public profile, filled from accounts' CharityProfilePublished:
 *   CHARITY#<charity id> / PROJECTION            the newest version published (version orders them)
 *   gsi1: CHARITYURL#<charity url> / CHARITY     look-up by the charity page's URL
 * The layout and the newest-version rule are shared/dynamo-copies.ts'.
 */
export function dynamoCharityDirectory(client: DynamoDBDocumentClient, tableName: string): CharityDirectory {
  return dynamoCharityCopy(client, tableName);
}
