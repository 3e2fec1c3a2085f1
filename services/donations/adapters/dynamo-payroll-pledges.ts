import { queryAll } from '@giving/shared/dynamo-query';
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { PayrollPledgeRepository, StoredPayrollPledge } from '../domain/ports';

/**
 * Payroll pledges in the donations table:
 *   MEMBER#<member id> / PAYROLLPLEDGE#<pledge id>     the pledge (ULID ids, so the member's pledges sort by time)
 *   PLEDGEKEY#<member id>#<idempotency key> / PLEDGEKEY -> the pledge it created and the request's fingerprint (7 days)
 * The key is the member's own, so nobody else's retries can collide with it.
 */
const KEY_TTL_SECONDS = 7 * 24 * 60 * 60;

export const pledgeKey = (memberId: string, pledgeId: string) => ({ pk: `MEMBER#${memberId}`, sk: `PAYROLLPLEDGE#${pledgeId}` });
const idempotencyKeyOf = (memberId: string, key: string) => ({ pk: `PLEDGEKEY#${memberId}#${key}`, sk: 'PLEDGEKEY' });

const toPledge = (item: Record<string, unknown>): StoredPayrollPledge => {
  const { pk: _pk, sk: _sk, ...pledge } = item;
  return pledge as unknown as StoredPayrollPledge;
};

export function dynamoPayrollPledgeRepository(client: DynamoDBDocumentClient, tableName: string): PayrollPledgeRepository {
  return {
    async createOnce(pledge, idempotencyKey, fingerprint) {
      const keyItem = idempotencyKeyOf(pledge.memberId, idempotencyKey);
      try {
        await client.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Put: {
                  TableName: tableName,
                  Item: { ...keyItem, pledgeId: pledge.pledgeId, fingerprint, expiresAt: Math.floor(Date.parse(pledge.createdAt) / 1000) + KEY_TTL_SECONDS },
                  ConditionExpression: 'attribute_not_exists(pk)',
                },
              },
              { Put: { TableName: tableName, Item: { ...pledgeKey(pledge.memberId, pledge.pledgeId), ...pledge }, ConditionExpression: 'attribute_not_exists(pk)' } },
            ],
          }),
        );
        return { created: true as const };
      } catch (error) {
        if (!(error instanceof TransactionCanceledException) || error.CancellationReasons?.[0]?.Code !== 'ConditionalCheckFailed') throw error;
        const existing = await client.send(new GetCommand({ TableName: tableName, Key: keyItem, ConsistentRead: true }));
        const found = existing.Item as { pledgeId: string; fingerprint: string } | undefined;
        if (!found) throw error;
        return { created: false as const, pledgeId: found.pledgeId, fingerprint: found.fingerprint };
      }
    },

    async get(memberId, pledgeId) {
      const result = await client.send(new GetCommand({ TableName: tableName, Key: pledgeKey(memberId, pledgeId), ConsistentRead: true }));
      return result.Item ? toPledge(result.Item) : undefined;
    },

    async listByMember(memberId) {
      const items = await queryAll(client, {
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :pledge)',
        ExpressionAttributeValues: { ':pk': `MEMBER#${memberId}`, ':pledge': 'PAYROLLPLEDGE#' },
        ScanIndexForward: false,
      });
      return items.map(toPledge);
    },

    async cancel(memberId, pledgeId, cancellation) {
      try {
        await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: pledgeKey(memberId, pledgeId),
            UpdateExpression: 'SET #status = :cancelled, cancelledAt = :at, cancellationId = :id',
            ConditionExpression: '#status = :active',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':cancelled': 'Cancelled', ':active': 'Active', ':at': cancellation.at, ':id': cancellation.id },
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          }),
        );
        return 'cancelled';
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
        return error.Item ? 'already-cancelled' : 'not-found';
      }
    },
  };
}
