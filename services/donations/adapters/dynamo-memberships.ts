import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { MembershipDirectory, WorkplaceMembership } from '../domain/ports';

/**
 * Donations' copy of workplace memberships, filled from accounts' WorkplaceMembershipChanged:
 *   MEMBER#<member id> / WORKPLACE#<workplace id>   the newest version published (version orders them)
 * A removed membership is kept with no roles. A version is written only when none is kept yet or the kept one is
 * older, so a late or repeated event never overwrites a newer one (a conditional put, not read-then-write).
 */
export const membershipKey = (memberId: string, workplaceId: string) => ({ pk: `MEMBER#${memberId}`, sk: `WORKPLACE#${workplaceId}` });

export function dynamoMembershipDirectory(client: DynamoDBDocumentClient, tableName: string): MembershipDirectory {
  return {
    async workplacesOf(memberId) {
      const items: Record<string, unknown>[] = [];
      let startKey: Record<string, unknown> | undefined;
      do {
        const page = await client.send(
          new QueryCommand({
            TableName: tableName,
            KeyConditionExpression: 'pk = :pk AND begins_with(sk, :workplace)',
            ExpressionAttributeValues: { ':pk': `MEMBER#${memberId}`, ':workplace': 'WORKPLACE#' },
            ConsistentRead: true,
            ExclusiveStartKey: startKey,
          }),
        );
        items.push(...(page.Items ?? []));
        startKey = page.LastEvaluatedKey;
      } while (startKey);
      return items
        .map(({ pk: _pk, sk: _sk, ...membership }) => membership as unknown as WorkplaceMembership)
        .filter((membership) => membership.roles.length > 0);
    },
    async save(membership) {
      try {
        await client.send(
          new PutCommand({
            TableName: tableName,
            Item: { ...membershipKey(membership.memberId, membership.workplaceId), ...membership },
            ConditionExpression: 'attribute_not_exists(pk) OR version < :version',
            ExpressionAttributeValues: { ':version': membership.version },
          }),
        );
        return 'saved';
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) return 'stale';
        throw error;
      }
    },
  };
}
