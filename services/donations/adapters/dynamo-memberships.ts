import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { dynamoTenantRoleCopy } from '@giving/shared/dynamo-copies';
import type { MembershipDirectory } from '../domain/ports';

/**
 * Donations' copy of workplace memberships, filled from accounts' WorkplaceMembershipChanged:
 *   MEMBER#<member id> / WORKPLACE#<workplace id>   the newest version published (version orders them)
 * A removed membership is kept with no roles. The layout and the newest-version rule are shared/dynamo-copies.ts'.
 */
export function dynamoMembershipDirectory(client: DynamoDBDocumentClient, tableName: string): MembershipDirectory {
  const copy = dynamoTenantRoleCopy(client, tableName);
  return { workplacesOf: copy.workplacesOf, save: copy.saveWorkplaceMembership };
}
