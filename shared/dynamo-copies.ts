import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { CharityCopy, CharityProjection, MemberNameCopy, MemberNames, TenantRoleCopy, WorkplaceMembership } from './copies';
import { queryAll } from './dynamo-query';

/**
 * Keeps one version of a copy of another service's data (charity profiles, tenant roles): `item` is written only when
 * none is kept yet or the kept one is older, so a late or repeated event never overwrites a newer one. A conditional
 * put, not read-then-write. `version` is accounts' zero-padded stream sequence number, so text order is event order.
 */
export async function putNewerVersion(
  client: DynamoDBDocumentClient,
  tableName: string,
  item: { pk: string; sk: string; version: string } & Record<string, unknown>,
): Promise<'saved' | 'stale'> {
  try {
    await client.send(
      new PutCommand({
        TableName: tableName,
        Item: item,
        ConditionExpression: 'attribute_not_exists(pk) OR version < :version',
        ExpressionAttributeValues: { ':version': item.version },
      }),
    );
    return 'saved';
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return 'stale';
    throw error;
  }
}

/**
 * A service's copy of members' roles in tenants, from accounts' membership events:
 *   MEMBER#<member id> / CHARITY#<charity id>       CharityMembershipChanged
 *   MEMBER#<member id> / WORKPLACE#<workplace id>   WorkplaceMembershipChanged (with the workplace's name)
 * Each keeps `roles` and the `version` it came from; a removed membership is kept with no roles, so a late older event
 * cannot bring it back.
 */
export const tenantRoleKey = (memberId: string, tenant: { kind: 'charity' | 'workplace'; id: string }) => ({
  pk: `MEMBER#${memberId}`,
  sk: `${tenant.kind === 'charity' ? 'CHARITY' : 'WORKPLACE'}#${tenant.id}`,
});

export function dynamoTenantRoleCopy(client: DynamoDBDocumentClient, tableName: string): TenantRoleCopy {
  return {
    async rolesOf(memberId, tenant) {
      // Consistent: a role just taken away must stop working at once.
      const result = await client.send(new GetCommand({ TableName: tableName, Key: tenantRoleKey(memberId, tenant), ConsistentRead: true }));
      const roles = result.Item?.roles;
      return Array.isArray(roles) ? roles.filter((role): role is string => typeof role === 'string') : [];
    },
    async workplacesOf(memberId) {
      const items = await queryAll(client, {
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :workplace)',
        ExpressionAttributeValues: { ':pk': `MEMBER#${memberId}`, ':workplace': 'WORKPLACE#' },
        ConsistentRead: true,
      });
      return items
        .map(({ pk: _pk, sk: _sk, ...membership }) => membership as unknown as WorkplaceMembership)
        .filter((membership) => Array.isArray(membership.roles) && membership.roles.length > 0);
    },
    saveCharityMembership: (membership) =>
      putNewerVersion(client, tableName, { ...tenantRoleKey(membership.memberId, { kind: 'charity', id: membership.charityId }), ...membership }),
    saveWorkplaceMembership: (membership) =>
      putNewerVersion(client, tableName, { ...tenantRoleKey(membership.memberId, { kind: 'workplace', id: membership.workplaceId }), ...membership }),
  };
}

/**
 * A service's copy of each charity's public profile, from accounts' CharityProfilePublished:
 *   CHARITY#<charity id> / PROJECTION            the newest version published (version orders them)
 *   gsi1: CHARITYURL#<charity url> / CHARITY     look-up by the charity page's URL
 */
const projectionKey = (charityId: string) => ({ pk: `CHARITY#${charityId}`, sk: 'PROJECTION' });

function toCharity(item: Record<string, unknown>): CharityProjection {
  const { pk: _pk, sk: _sk, gsi1pk: _g1, gsi1sk: _g2, ...charity } = item;
  return charity as unknown as CharityProjection;
}

export function dynamoCharityCopy(client: DynamoDBDocumentClient, tableName: string): CharityCopy {
  return {
    async getById(charityId) {
      const result = await client.send(new GetCommand({ TableName: tableName, Key: projectionKey(charityId), ConsistentRead: true }));
      return result.Item ? toCharity(result.Item) : undefined;
    },
    async getByUrl(charityUrl) {
      const result = await client.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk = :sk',
          ExpressionAttributeValues: { ':pk': `CHARITYURL#${charityUrl}`, ':sk': 'CHARITY' },
        }),
      );
      // A charity that changed its URL leaves no old item behind (one item per id), but a URL handed on to another
      // charity could briefly match two until the first one's change arrives: the newest wins.
      const items = (result.Items ?? []).map(toCharity).sort((a, b) => b.version.localeCompare(a.version));
      return items[0];
    },
    save: (charity) =>
      putNewerVersion(client, tableName, { ...projectionKey(charity.id), gsi1pk: `CHARITYURL#${charity.charityUrl}`, gsi1sk: 'CHARITY', ...charity }),
  };
}

/** A service's copy of members' names, from MemberNamesChanged: MEMBER#<member id> / NAMES. */
export function dynamoMemberNameCopy(client: DynamoDBDocumentClient, tableName: string): MemberNameCopy {
  const key = (memberId: string) => ({ pk: `MEMBER#${memberId}`, sk: 'NAMES' });
  return {
    async namesOf(memberId) {
      const result = await client.send(new GetCommand({ TableName: tableName, Key: key(memberId) }));
      if (!result.Item) return undefined;
      const { pk: _pk, sk: _sk, ...names } = result.Item;
      return names as MemberNames;
    },
    save: (names) => putNewerVersion(client, tableName, { ...key(names.memberId), ...names }),
  };
}
