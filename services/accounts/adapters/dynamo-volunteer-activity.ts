import { PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { transactWrite } from '@giving/shared/dynamo-transact';
import type { VolunteerActivityStore } from '../domain/volunteer-activity';
import { keys } from './keys';

/**
 * What completed volunteering writes: VOLUNTEERHOURS#<applicationId>/SEEN (the once-only marker, 365 days) and the
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
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...keys.recentActivity(record.country, record.recent.createdOn, record.recent.id), ...record.recent, expiresAt: record.expiresAt },
        }),
      );
    },
  };
}
