import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Once } from '../once';

/**
 * Records which messages a consumer has handled, so at-least-once delivery runs the work once.
 * A record is INPROGRESS while a consumer works (with a lock that expires if it crashes), then COMPLETED.
 */
export type IdempotencyStore = Once;

const DAY_SECONDS = 24 * 60 * 60;

export function dynamoIdempotencyStore(options: {
  client: DynamoDBDocumentClient;
  tableName: string;
  lockSeconds?: number;
  keepDays?: number;
  now?: () => Date;
}): IdempotencyStore {
  const now = () => Math.floor((options.now?.() ?? new Date()).getTime() / 1000);
  const keyOf = (key: string) => ({ pk: `IDEMPOTENCY#${key}`, sk: 'IDEMPOTENCY' });
  return {
    async begin(key) {
      const at = now();
      try {
        await options.client.send(
          new PutCommand({
            TableName: options.tableName,
            Item: {
              ...keyOf(key),
              status: 'INPROGRESS',
              lockedUntil: at + (options.lockSeconds ?? 60),
              expiresAt: at + (options.keepDays ?? 7) * DAY_SECONDS,
            },
            ConditionExpression: 'attribute_not_exists(pk) OR (#status = :inProgress AND lockedUntil < :now)',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':inProgress': 'INPROGRESS', ':now': at },
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          }),
        );
        return 'new';
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
        return error.Item?.status?.S === 'COMPLETED' ? 'done' : 'busy';
      }
    },
    async complete(key) {
      await options.client.send(
        new UpdateCommand({
          TableName: options.tableName,
          Key: keyOf(key),
          UpdateExpression: 'SET #status = :completed REMOVE lockedUntil',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':completed': 'COMPLETED' },
        }),
      );
    },
    async release(key) {
      await options.client.send(new DeleteCommand({ TableName: options.tableName, Key: keyOf(key) }));
    },
  };
}
