import { PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { DonationMatch, DonationMatchStore } from '../domain/donation-matches';

/**
 * A workplace's match of a donation sits beside the donation: DONATION#<donation id> / MATCH#<campaign id> (the
 * donation is / DONATION, its receipt / RECEIPT). One item per campaign, so a redelivered DonationMatched writes the
 * same item again; no stream consumer filters on it.
 */
const pk = (donationId: string) => `DONATION#${donationId}`;

export function dynamoDonationMatches(client: DynamoDBDocumentClient, tableName: string): DonationMatchStore {
  return {
    async save(donationId, match) {
      await client.send(new PutCommand({ TableName: tableName, Item: { pk: pk(donationId), sk: `MATCH#${match.campaignId}`, ...match } }));
    },
    async list(donationId) {
      const result = await client.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :match)',
          ExpressionAttributeValues: { ':pk': pk(donationId), ':match': 'MATCH#' },
          ConsistentRead: true,
        }),
      );
      return (result.Items ?? []).map(({ pk: _pk, sk: _sk, ...match }) => match as DonationMatch);
    },
  };
}
