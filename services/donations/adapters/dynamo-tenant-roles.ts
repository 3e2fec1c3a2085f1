import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { PermissionSource } from '@giving/shared/permissions';
import type { TenantRoleDirectory } from '../domain/ports';
import { putNewerVersion } from './put-newer-version';

/**
 * Donations' copy of members' roles in tenants, from accounts' membership events:
 *   MEMBER#<member id> / CHARITY#<charity id>       CharityMembershipChanged (this file)
 *   MEMBER#<member id> / WORKPLACE#<workplace id>   WorkplaceMembershipChanged (adapters/dynamo-memberships.ts)
 * Each keeps `roles` and the `version` (accounts' stream sequence number) it came from; a removed membership is kept
 * with no roles. A version is written only over an older one (conditional put), so a late event never undoes a newer.
 */
export const tenantRoleKey = (memberId: string, tenant: { kind: 'charity' | 'workplace'; id: string }) => ({
  pk: `MEMBER#${memberId}`,
  sk: `${tenant.kind === 'charity' ? 'CHARITY' : 'WORKPLACE'}#${tenant.id}`,
});

export function dynamoTenantRoleDirectory(client: DynamoDBDocumentClient, tableName: string): TenantRoleDirectory {
  return {
    async rolesOf(memberId, tenant) {
      // Consistent: a role just taken away must stop working at once.
      const result = await client.send(new GetCommand({ TableName: tableName, Key: tenantRoleKey(memberId, tenant), ConsistentRead: true }));
      const roles = result.Item?.roles;
      return Array.isArray(roles) ? roles.filter((role): role is string => typeof role === 'string') : [];
    },
    saveCharityMembership: (membership) =>
      putNewerVersion(client, tableName, { ...tenantRoleKey(membership.memberId, { kind: 'charity', id: membership.charityId }), ...membership }),
  };
}

/**
 * The permissions routine's source for donations' routes: tenant roles from the copy above. Donations has no site
 * features of its own and no CMS routes, so those parts are empty; the back office comes from the token's groups.
 */
export function donationsPermissionSource(roles: Pick<TenantRoleDirectory, 'rolesOf'>): PermissionSource {
  return {
    siteFeatures: async () => [],
    tenantRoles: (memberId, tenant) => roles.rolesOf(memberId, tenant),
    corporateRoles: async () => [],
  };
}
