import { PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { transactWrite } from '@giving/shared/dynamo-transact';
import type { RecentActivity } from '@giving/shared/contracts/accounts';
import type { VolunteerActivityStore } from '../domain/volunteer-activity';
import type { VoucherActivityStore } from '../domain/voucher-activity';
import { keys } from './keys';

/**
 * The ticker's writes of sign-ups and voucher purchases, and what completed volunteering writes: VOLUNTEERHOURS#<applicationId>/SEEN (the once-only marker, 365 days) and the
 * country's SITE#<cc>/STATS volunteeredHours, in one transaction. A sign-up writes the ticker's SITE#<cc>/RECENT item.
 */
export function dynamoVolunteerActivityStore(client: DynamoDBDocumentClient, tableName: string): VolunteerActivityStore {
  return {
    async recordHours(record) {
      const outcome = await transactWrite(client, [
        {
          Put: {
            TableName: tableName,
            Item: { ...keys.volunteerHoursSeen(record.applicationId), applicationId: record.applicationId, hours: record.hours, expiresAt: record.seenExpiresAt },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        {
          Update: {
            TableName: tableName,
            Key: keys.countryStats(record.country),
            UpdateExpression: 'ADD volunteeredHours :hours',
            ExpressionAttributeValues: { ':hours': record.hours },
          },
        },
      ]);
      if (outcome.ok) return 'recorded';
      if (outcome.failed.length === 1 && outcome.failed[0] === 0) return 'duplicate';
      throw new Error(`volunteer hours ${record.applicationId}: unexpected condition failure at ${outcome.failed.join(',')}`);
    },

    async recordSignUp(record) {
      await putRecentActivity(client, tableName, record);
    },
  };
}

/** One ticker item, keyed by its time and id: the same activity again writes the same item. */
export async function putRecentActivity(client: DynamoDBDocumentClient, tableName: string, record: { country: string; recent: RecentActivity; expiresAt: number }) {
  const at = record.recent.kind === 'donation' ? record.recent.donationDate : record.recent.createdOn;
  await client.send(new PutCommand({ TableName: tableName, Item: { ...keys.recentActivity(record.country, at, record.recent.id), ...record.recent, expiresAt: record.expiresAt } }));
}

/** Gift voucher purchases in the ticker. */
export function dynamoVoucherActivityStore(client: DynamoDBDocumentClient, tableName: string): VoucherActivityStore {
  return { recordVoucherPurchase: (record) => putRecentActivity(client, tableName, record) };
}
