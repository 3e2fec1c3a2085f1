import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { copiedRolesPermissionSource } from '@giving/shared/copies';
import { dynamoTenantRoleCopy } from '@giving/shared/dynamo-copies';
import type { PermissionSource } from '@giving/shared/permissions';
import type { TenantRoleDirectory } from '../domain/ports';

export { tenantRoleKey } from '@giving/shared/dynamo-copies';

/**
 * Donations' copy of members' roles in tenants, from accounts' membership events (the layout and the newest-version
 * rule are shared/dynamo-copies.ts'): CharityMembershipChanged here, WorkplaceMembershipChanged in
 * adapters/dynamo-memberships.ts.
 */
export function dynamoTenantRoleDirectory(client: DynamoDBDocumentClient, tableName: string): TenantRoleDirectory {
  const copy = dynamoTenantRoleCopy(client, tableName);
  return { rolesOf: copy.rolesOf, saveCharityMembership: copy.saveCharityMembership };
}

/** The permissions routine's source for donations' routes: tenant roles from the copy above. */
export function donationsPermissionSource(roles: Pick<TenantRoleDirectory, 'rolesOf'>): PermissionSource {
  return copiedRolesPermissionSource(roles);
}
