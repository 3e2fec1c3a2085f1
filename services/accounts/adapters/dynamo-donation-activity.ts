import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { DonationActivityStore } from '../domain/donation-activity';
import { transactWrite, type TransactItems } from './dynamo-transact';
import { indexKeys, keys } from './keys';

const conditionFailed = (error: unknown) => {
  if (error instanceof ConditionalCheckFailedException) return false;
  throw error;
};

/**
 * What completed donations write: DONATION#<id>/SEEN (the once-only marker), the country's SITE#<cc>/STATS total,
 * the ticker's SITE#<cc>/RECENT#<date>#<id>, and for a member MEMBER#<id>/TALLY and MEMBER#<id>/BADGE#<badgeId>.
 * A member badge keeps the badge's name and icon as awarded (retiring the definition leaves it whole), and carries
 * `mailPending` until its e-mail is sent.
 */
export function dynamoDonationActivityStore(client: DynamoDBDocumentClient, tableName: string): DonationActivityStore {
  return {
    async findMemberById(memberId) {
      const result = await client.send(new GetCommand({ TableName: tableName, Key: keys.memberProfile(memberId), ConsistentRead: true }));
      const item = result.Item;
      return item ? { id: item.id as string, email: item.email as string, firstName: (item.firstName as string | undefined) ?? '' } : undefined;
    },

    async findMemberByEmail(email) {
      const { gsi2pk, gsi2sk } = indexKeys.memberByEmail(email);
      const result = await client.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: 'gsi2',
          KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk = :sk',
          ExpressionAttributeValues: { ':pk': gsi2pk, ':sk': gsi2sk },
          Limit: 1,
        }),
      );
      const item = result.Items?.[0];
      return item ? { id: item.id as string, email: item.email as string, firstName: (item.firstName as string | undefined) ?? '' } : undefined;
    },

    async record(donation) {
      const writes: TransactItems = [
        {
          Put: {
            TableName: tableName,
            Item: { ...keys.donationSeen(donation.donationId), donationId: donation.donationId, expiresAt: donation.seenExpiresAt },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        {
          Update: {
            TableName: tableName,
            Key: keys.countryStats(donation.country),
            UpdateExpression: 'ADD donationsCents :amount',
            ExpressionAttributeValues: { ':amount': donation.amountCents },
          },
        },
        {
          Put: {
            TableName: tableName,
            Item: {
              ...keys.recentActivity(donation.country, donation.recent.kind === 'fundraising' ? donation.recent.createdOn : donation.recent.donationDate, donation.donationId),
              ...donation.recent,
              expiresAt: donation.recentExpiresAt,
            },
          },
        },
      ];
      if (donation.memberId) {
        writes.push({
          Update: {
            TableName: tableName,
            Key: keys.memberTally(donation.memberId),
            UpdateExpression: 'ADD donationCount :one',
            ExpressionAttributeValues: { ':one': 1 },
          },
        });
      }
      const outcome = await transactWrite(client, writes);
      if (outcome.ok) return 'recorded';
      if (outcome.failed.length === 1 && outcome.failed[0] === 0) return 'duplicate';
      throw new Error(`donation ${donation.donationId}: unexpected condition failure at ${outcome.failed.join(',')}`);
    },

    async donationCount(memberId) {
      const result = await client.send(new GetCommand({ TableName: tableName, Key: keys.memberTally(memberId), ConsistentRead: true }));
      return Number(result.Item?.donationCount ?? 0);
    },

    async memberBadges(memberId) {
      const result = await client.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :badge)',
          ExpressionAttributeValues: { ':pk': keys.memberProfile(memberId).pk, ':badge': 'BADGE#' },
          ConsistentRead: true,
        }),
      );
      return (result.Items ?? []).map((item) => ({
        badgeId: item.badgeId as string,
        name: (item.name as string | undefined) ?? '',
        description: (item.description as string | undefined) ?? '',
        mailPending: item.mailPending === true,
      }));
    },

    async awardBadge(memberId, badge, awardedAt) {
      return client
        .send(
          new PutCommand({
            TableName: tableName,
            Item: {
              ...keys.memberBadge(memberId, badge.id),
              memberId,
              badgeId: badge.id,
              name: badge.name,
              description: badge.description,
              icon: badge.icon,
              donationCount: badge.donationCount,
              awardedAt,
              mailPending: true,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        )
        .then(() => true, conditionFailed);
    },

    async claimBadgeMail(memberId, badgeId) {
      return client
        .send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.memberBadge(memberId, badgeId),
            UpdateExpression: 'REMOVE mailPending',
            ConditionExpression: 'mailPending = :true',
            ExpressionAttributeValues: { ':true': true },
          }),
        )
        .then(() => true, conditionFailed);
    },

    async releaseBadgeMail(memberId, badgeId) {
      await client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.memberBadge(memberId, badgeId),
          UpdateExpression: 'SET mailPending = :true',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':true': true },
        }),
      );
    },
  };
}
