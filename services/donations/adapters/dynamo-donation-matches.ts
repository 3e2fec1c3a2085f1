import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { PutCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { DonationMatch, DonationMatchStore } from '../domain/donation-matches';

/**
 * A workplace's match of a donation sits beside the donation: DONATION#<donation id> / MATCH#<campaign id> (the
 * donation is / DONATION, its receipt / RECEIPT). One item per campaign, written once (a redelivered DonationMatched
 * changes nothing, so it never undoes a refund's give-back); no stream consumer filters on it.
 */
const pk = (donationId: string) => `DONATION#${donationId}`;

export function dynamoDonationMatches(client: DynamoDBDocumentClient, tableName: string): DonationMatchStore {
  return {
    async save(donationId, match) {
      try {
        await client.send(new PutCommand({ TableName: tableName, Item: { pk: pk(donationId), sk: `MATCH#${match.campaignId}`, ...match }, ConditionExpression: 'attribute_not_exists(pk)' }));
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
      }
    },
    async giveBack(donationId, campaignId, refundId, kept) {
      try {
        await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { pk: pk(donationId), sk: `MATCH#${campaignId}` },
            UpdateExpression: 'SET amount.cents = :kept, refundIds = list_append(if_not_exists(refundIds, :none), :refund)',
            ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(refundIds) OR NOT contains(refundIds, :refundId))',
            ExpressionAttributeValues: { ':kept': kept, ':none': [], ':refund': [refundId], ':refundId': refundId },
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          }),
        );
        return 'given';
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
        // Not kept yet (its DonationMatched is still on its way): the caller's queue tries again.
        return error.Item ? 'already' : 'missing';
      }
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
      // A match given back in full by a refund is no longer a match.
      return (result.Items ?? []).map(({ pk: _pk, sk: _sk, refundIds: _r, ...match }) => match as DonationMatch).filter((match) => match.amount.cents > 0);
    },
  };
}
