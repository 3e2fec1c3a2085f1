import { queryAll } from '@giving/shared/dynamo-query';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { MembershipDirectory, WorkplaceMembership } from '../domain/ports';
import { putNewerVersion } from './put-newer-version';
import { tenantRoleKey } from './dynamo-tenant-roles';

/**
 * Donations' copy of workplace memberships, filled from accounts' WorkplaceMembershipChanged:
 *   MEMBER#<member id> / WORKPLACE#<workplace id>   the newest version published (version orders them)
 * A removed membership is kept with no roles. A version is written only when none is kept yet or the kept one is
 * older, so a late or repeated event never overwrites a newer one (a conditional put, not read-then-write).
 */

export function dynamoMembershipDirectory(client: DynamoDBDocumentClient, tableName: string): MembershipDirectory {
  return {
    async workplacesOf(memberId) {
      const items = await queryAll(client, {
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :workplace)',
        ExpressionAttributeValues: { ':pk': `MEMBER#${memberId}`, ':workplace': 'WORKPLACE#' },
        ConsistentRead: true,
      });
      return items
        .map(({ pk: _pk, sk: _sk, ...membership }) => membership as unknown as WorkplaceMembership)
        .filter((membership) => membership.roles.length > 0);
    },
    save: (membership) =>
      putNewerVersion(client, tableName, { ...tenantRoleKey(membership.memberId, { kind: 'workplace', id: membership.workplaceId }), ...membership }),
  };
}
