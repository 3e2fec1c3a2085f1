import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { CharityMember, WorkplaceMember } from '@giving/shared/contracts/accounts';
import { notFound } from '@giving/shared/errors';
import type { TenantKind, TenantRef } from '@giving/shared/permissions';
import type { Association, Joiner, MembershipStore, RemoveOutcome, TenantSummary, WorkplaceMemberChange } from '../domain/people';
import type { AuditActor } from '../domain/personal-data';
import { auditPut } from './dynamo-audit';
import { batchGetAll } from '@giving/shared/dynamo-query';
import { queryAll } from './dynamo-pages';
import { transactWrite, type TransactItems } from './dynamo-transact';
import { indexKeys, keys } from './keys';

type Item = Record<string, unknown>;

/** The role whose last holder a tenant must keep (its `adminCount` counts the holders). */
export const ADMIN_ROLE: Readonly<Record<TenantKind, string>> = { charity: 'Charity.Admin', workplace: 'WorkplaceGiver.Admin' };

/** Attempts when another writer changed a membership between our read and our conditional write. */
const CHANGED_ATTEMPTS = 10;

export const membershipKey = (tenant: TenantRef, memberId: string) =>
  tenant.kind === 'charity' ? keys.charityMembership(tenant.id, memberId) : keys.workplaceMembership(tenant.id, memberId);
/** The charity profile or workplace item, which carries the tenant's counts. */
export const tenantKey = (tenant: TenantRef) => (tenant.kind === 'charity' ? keys.charityProfile(tenant.id) : keys.workplace(tenant.id));

const toCharityMember = (item: Item): CharityMember => ({
  memberId: item.memberId as string,
  firstName: (item.firstName as string | undefined) ?? '',
  lastName: (item.lastName as string | undefined) ?? '',
  email: (item.email as string | undefined) ?? '',
  roles: (item.roles as string[] | undefined) ?? [],
  joinedAt: (item.joinedAt as string | undefined) ?? '',
});

const toWorkplaceMember = (item: Item): WorkplaceMember => ({
  ...toCharityMember(item),
  employmentType: (item.employmentType as WorkplaceMember['employmentType'] | undefined) ?? 'Permanent',
  ...(typeof item.businessUnitId === 'string' ? { businessUnitId: item.businessUnitId } : {}),
  ...(typeof item.employeeNumber === 'string' ? { employeeNumber: item.employeeNumber } : {}),
  ...(typeof item.employmentEndDate === 'string' ? { employmentEndDate: item.employmentEndDate } : {}),
});

/**
 * The writes that put a member in a tenant with a role, for a membership read as `existing` (conditioned on it
 * still being as read): a new membership item, or the role added to the existing one; plus the tenant's counts
 * (a workplace's memberCount; adminCount when the role is the tenant's admin role). Empty when nothing changes.
 */
export function joinWrites(tableName: string, tenant: TenantSummary, joiner: Joiner, existing: { roles: string[] } | undefined, at: Date): TransactItems {
  const { member, role } = joiner;
  const key = membershipKey(tenant, member.id);
  const isAdminRole = role === ADMIN_ROLE[tenant.kind];
  const writes: TransactItems = [];
  const counts: string[] = [];
  if (!existing) {
    const prefix = tenant.kind === 'charity' ? 'charity' : 'workplace';
    writes.push({
      Put: {
        TableName: tableName,
        Item: {
          ...key,
          ...indexKeys.membershipByMember(member.id, tenant.kind === 'charity' ? 'CHARITY' : 'WORKPLACE', tenant.id),
          memberId: member.id,
          [`${prefix}Id`]: tenant.id,
          [`${prefix}Name`]: tenant.name,
          ...(tenant.logo ? { [`${prefix}Logo`]: tenant.logo } : {}),
          firstName: member.firstName,
          lastName: member.lastName,
          email: member.email,
          roles: [role],
          ...(tenant.kind === 'workplace'
            ? { employmentType: joiner.employmentType ?? 'Permanent', ...(joiner.businessUnitId ? { businessUnitId: joiner.businessUnitId } : {}) }
            : {}),
          joinedAt: at.toISOString(),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    });
    if (tenant.kind === 'workplace') counts.push('memberCount');
  } else if (!existing.roles.includes(role)) {
    writes.push({
      Update: {
        TableName: tableName,
        Key: key,
        UpdateExpression: 'SET #roles = list_append(#roles, :roles)',
        ConditionExpression: 'attribute_exists(pk) AND NOT contains(#roles, :role)',
        ExpressionAttributeNames: { '#roles': 'roles' },
        ExpressionAttributeValues: { ':roles': [role], ':role': role },
      },
    });
  } else {
    return [];
  }
  if (isAdminRole) counts.push('adminCount');
  if (counts.length > 0) {
    writes.push({
      Update: {
        TableName: tableName,
        Key: tenantKey(tenant),
        UpdateExpression: `ADD ${counts.map((name) => `${name} :one`).join(', ')}`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':one': 1 },
      },
    });
  }
  return writes;
}

/** Holds the tenant's admin role exactly as read (so a count changes once per real change). */
const adminCondition = (wasAdmin: boolean) => `attribute_exists(pk) AND ${wasAdmin ? '' : 'NOT '}contains(#roles, :admin)`;

/**
 * Memberships: CHARITY#<id> / MEMBER#<memberId> and WORKPLACE#<id> / MEMBER#<memberId>, both listed per member
 * through gsi1 (MEMBER#<memberId> / CHARITY#<id> | WORKPLACE#<id>). They copy the member's names and e-mail and the
 * tenant's name and logo, so lists need no joins. The tenant item keeps `adminCount` (holders of its admin role) and,
 * for a workplace, `memberCount`; a write that would take the last admin away is refused by the condition
 * `adminCount > 1` in the same transaction, never by reading first.
 */
export function dynamoMembershipStore(client: DynamoDBDocumentClient, tableName: string): MembershipStore {
  const read = async (tenant: TenantRef, memberId: string) => {
    const result = await client.send(new GetCommand({ TableName: tableName, Key: membershipKey(tenant, memberId), ConsistentRead: true }));
    return result.Item;
  };

  const listMembers = (tenant: TenantRef) =>
    queryAll(client, {
      TableName: tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :member)',
      ExpressionAttributeValues: { ':pk': tenantKey(tenant).pk, ':member': 'MEMBER#' },
    });

  async function remove(tenant: TenantRef, memberId: string, actor?: AuditActor): Promise<RemoveOutcome> {
    for (let attempt = 0; attempt < CHANGED_ATTEMPTS; attempt++) {
      const existing = await read(tenant, memberId);
      if (!existing) return 'not-found';
      const wasAdmin = ((existing.roles as string[] | undefined) ?? []).includes(ADMIN_ROLE[tenant.kind]);
      const counts = [...(tenant.kind === 'workplace' ? ['memberCount'] : []), ...(wasAdmin ? ['adminCount'] : [])];
      const writes: TransactItems = [
        {
          Delete: {
            TableName: tableName,
            Key: membershipKey(tenant, memberId),
            ConditionExpression: adminCondition(wasAdmin),
            ExpressionAttributeNames: { '#roles': 'roles' },
            ExpressionAttributeValues: { ':admin': ADMIN_ROLE[tenant.kind] },
          },
        },
      ];
      if (counts.length > 0) {
        writes.push({
          Update: {
            TableName: tableName,
            Key: tenantKey(tenant),
            UpdateExpression: `ADD ${counts.map((name) => `${name} :minusOne`).join(', ')}`,
            ConditionExpression: wasAdmin ? 'adminCount > :one' : 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':minusOne': -1, ...(wasAdmin ? { ':one': 1 } : {}) },
          },
        });
      }
      const tenantName = String(existing.charityName ?? existing.workplaceName ?? tenant.id);
      writes.push(
        auditPut(tableName, {
          memberId,
          at: new Date().toISOString(),
          action: tenant.kind === 'charity' ? 'CharityMemberRemoved' : 'WorkplaceMemberRemoved',
          actor: actor ?? { name: 'Koha' },
          changes: [{ field: 'Roles', from: ((existing.roles as string[] | undefined) ?? []).join(', '), to: '' }],
          detail: tenantName,
        }),
      );
      const outcome = await transactWrite(client, writes);
      if (outcome.ok) return 'removed';
      if (outcome.failed.includes(1)) {
        if (wasAdmin) return 'last-admin';
        throw notFound(tenant.kind === 'charity' ? 'Charity' : 'Workplace');
      }
      // The membership changed since we read it: read it again.
    }
    throw new Error(`membership ${tenant.kind} ${tenant.id}/${memberId} kept changing`);
  }

  return {
    async ofMember(memberId) {
      const memberships = await queryAll(client, {
        TableName: tableName,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': `MEMBER#${memberId}` },
      });
      const refs = memberships.flatMap((item): (TenantRef & { item: Item })[] => {
        const [kind, id] = String(item.gsi1sk).split('#');
        if (kind === 'CHARITY' && id) return [{ kind: 'charity', id, item }];
        if (kind === 'WORKPLACE' && id) return [{ kind: 'workplace', id, item }];
        return [];
      });
      // Names and logos change (a workplace is renamed, a charity gets a logo): read them from the tenants.
      const tenants = new Map(
        (await batchGetAll(client, tableName, refs.map((ref) => tenantKey(ref)), { consistent: false })).map((item) => [String(item.pk), item]),
      );
      return refs.map(({ kind, id, item }): Association => {
        const tenant = tenants.get(tenantKey({ kind, id }).pk);
        const name = (tenant?.name ?? item[`${kind}Name`] ?? '') as string;
        const logo = (kind === 'charity' ? (tenant?.logoImageUrl ?? item.charityLogo) : (tenant?.logo ?? item.workplaceLogo)) as string | undefined;
        return { kind, tenantId: id, tenantName: name, ...(logo ? { tenantLogo: logo } : {}), roles: (item.roles as string[] | undefined) ?? [] };
      });
    },

    async rolesIn(tenant, memberId) {
      const item = await read(tenant, memberId);
      return item ? ((item.roles as string[] | undefined) ?? []) : undefined;
    },

    async join(tenant, joiner, at) {
      for (let attempt = 0; attempt < CHANGED_ATTEMPTS; attempt++) {
        const existing = await read(tenant, joiner.member.id);
        const writes = joinWrites(tableName, tenant, joiner, existing ? { roles: (existing.roles as string[] | undefined) ?? [] } : undefined, at);
        if (writes.length === 0) return;
        const outcome = await transactWrite(client, writes);
        if (outcome.ok) return;
        if (outcome.failed.includes(writes.length - 1) && writes.length > 1) throw notFound(tenant.kind === 'charity' ? 'Charity' : 'Workplace');
      }
      throw new Error(`membership ${tenant.kind} ${tenant.id}/${joiner.member.id} kept changing`);
    },

    async listCharityMembers(charityId) {
      return (await listMembers({ kind: 'charity', id: charityId })).map(toCharityMember);
    },

    async listWorkplaceMembers(workplaceId) {
      return (await listMembers({ kind: 'workplace', id: workplaceId })).map(toWorkplaceMember);
    },

    removeCharityMember: (charityId, memberId, actor) => remove({ kind: 'charity', id: charityId }, memberId, actor),
    removeWorkplaceMember: (workplaceId, memberId, actor) => remove({ kind: 'workplace', id: workplaceId }, memberId, actor),

    async updateWorkplaceMember(workplaceId, memberId, change: WorkplaceMemberChange, actor?: AuditActor) {
      const tenant: TenantRef = { kind: 'workplace', id: workplaceId };
      const admin = ADMIN_ROLE.workplace;
      for (let attempt = 0; attempt < CHANGED_ATTEMPTS; attempt++) {
        const existing = await read(tenant, memberId);
        if (!existing) return { outcome: 'not-found' as const };
        const current = toWorkplaceMember(existing);
        const roles = change.roles ?? current.roles;
        const wasAdmin = current.roles.includes(admin);
        const isAdmin = roles.includes(admin);
        const set = ['#roles = :roles'];
        const values: Record<string, unknown> = { ':roles': roles, ':admin': admin };
        if (change.employmentType !== undefined) {
          set.push('employmentType = :employmentType');
          values[':employmentType'] = change.employmentType;
        }
        if (typeof change.businessUnitId === 'string') {
          set.push('businessUnitId = :businessUnitId');
          values[':businessUnitId'] = change.businessUnitId;
        }
        const writes: TransactItems = [
          {
            Update: {
              TableName: tableName,
              Key: membershipKey(tenant, memberId),
              UpdateExpression: `SET ${set.join(', ')}${change.businessUnitId === null ? ' REMOVE businessUnitId' : ''}`,
              ConditionExpression: adminCondition(wasAdmin),
              ExpressionAttributeNames: { '#roles': 'roles' },
              ExpressionAttributeValues: values,
            },
          },
        ];
        if (wasAdmin !== isAdmin) {
          writes.push({
            Update: {
              TableName: tableName,
              Key: tenantKey(tenant),
              UpdateExpression: 'ADD adminCount :change',
              ConditionExpression: wasAdmin ? 'adminCount > :one' : 'attribute_exists(pk)',
              ExpressionAttributeValues: { ':change': wasAdmin ? -1 : 1, ...(wasAdmin ? { ':one': 1 } : {}) },
            },
          });
        }
        const changes = [
          ...(roles.join(', ') !== current.roles.join(', ') ? [{ field: 'Roles', from: current.roles.join(', '), to: roles.join(', ') }] : []),
          ...(change.employmentType !== undefined && change.employmentType !== current.employmentType ? [{ field: 'Employment type', from: current.employmentType, to: change.employmentType }] : []),
          ...(change.businessUnitId !== undefined && (change.businessUnitId ?? undefined) !== current.businessUnitId
            ? [{ field: 'Business unit', ...(current.businessUnitId ? { from: current.businessUnitId } : {}), ...(change.businessUnitId ? { to: change.businessUnitId } : {}) }]
            : []),
        ];
        if (changes.length > 0) {
          writes.push(
            auditPut(tableName, {
              memberId,
              at: new Date().toISOString(),
              action: 'WorkplaceRoleChanged',
              actor: actor ?? { name: 'Koha' },
              changes,
              detail: String(existing.workplaceName ?? workplaceId),
            }),
          );
        }
        const outcome = await transactWrite(client, writes);
        if (outcome.ok) {
          const { businessUnitId: _previous, ...rest } = current;
          const businessUnitId = change.businessUnitId === null ? undefined : (change.businessUnitId ?? current.businessUnitId);
          return {
            outcome: 'updated' as const,
            member: { ...rest, roles, employmentType: change.employmentType ?? current.employmentType, ...(businessUnitId ? { businessUnitId } : {}) },
          };
        }
        if (outcome.failed.includes(1)) {
          if (wasAdmin) return { outcome: 'last-admin' as const };
          throw notFound('Workplace');
        }
      }
      throw new Error(`membership workplace ${workplaceId}/${memberId} kept changing`);
    },
  };
}
