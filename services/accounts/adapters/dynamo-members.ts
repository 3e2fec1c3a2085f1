import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { PRIVACY_MESSAGES } from '@giving/shared/contracts/personal-data';
import { DomainError } from '@giving/shared/errors';
import { batchGetAll } from '@giving/shared/dynamo-query';
import { auditPut } from './dynamo-audit';
import { GetCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Badge, MemberBadge, MemberProfile } from '@giving/shared/contracts/accounts';
import type { MemberDirectory } from '../domain/people';
import { queryAll } from './dynamo-pages';
import { transactWrite } from './dynamo-transact';
import { indexKeys, keys } from './keys';

type Item = Record<string, unknown>;

/** gsi3 sort key of a member: "first last email", lower-cased (the back office searches it). */
export const memberListKey = (member: Pick<MemberProfile, 'firstName' | 'lastName' | 'email'>) =>
  `${member.firstName} ${member.lastName} ${member.email}`.trim().toLowerCase();

export const toMemberProfile = (item: Item): MemberProfile => ({
  id: item.id as string,
  email: (item.email as string | undefined) ?? '',
  firstName: (item.firstName as string | undefined) ?? '',
  lastName: (item.lastName as string | undefined) ?? '',
  ...(typeof item.profileImage === 'string' ? { profileImage: item.profileImage } : {}),
  adminRoles: (item.adminRoles as string[] | undefined) ?? [],
  createdAt: (item.createdAt as string | undefined) ?? '',
});

const sameRoles = (a: readonly string[], b: readonly string[]) => a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');

/**
 * MEMBER#<id> / PROFILE (gsi2 EMAIL#<email> / MEMBER, gsi3 LIST#MEMBER / "first last email"), the member's donation
 * tally (MEMBER#<id> / TALLY, written by the donation-activity subscription) and badges (MEMBER#<id> / BADGE#<badgeId>).
 * The site's active-user count (SITE / COUNTERS activeUsers) goes up in the same transaction that stores a member.
 */
export function dynamoMemberDirectory(client: DynamoDBDocumentClient, tableName: string): MemberDirectory {
  const get = async (memberId: string) => {
    const result = await client.send(new GetCommand({ TableName: tableName, Key: keys.memberProfile(memberId), ConsistentRead: true }));
    // A deleted account (or one being deleted) is never served again, whatever token still names it.
    if (result.Item && (result.Item.erasureRequestedAt !== undefined || result.Item.erasedAt !== undefined)) throw new DomainError('Unauthorized', PRIVACY_MESSAGES.accountDeleted);
    return result.Item ? toMemberProfile(result.Item) : undefined;
  };

  return {
    get,

    async signIn(member, tokenIssuedAt) {
      let stored = await get(member.id);
      if (!stored) {
        const email = member.email.toLowerCase();
        const outcome = await transactWrite(client, [
          {
            Put: {
              TableName: tableName,
              Item: {
                ...keys.memberProfile(member.id),
                ...(email ? indexKeys.memberByEmail(email) : {}),
                ...indexKeys.list('MEMBER', memberListKey(member)),
                ...member,
                email,
              },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            Update: {
              TableName: tableName,
              Key: keys.siteCounters(),
              UpdateExpression: 'ADD activeUsers :one',
              ExpressionAttributeValues: { ':one': 1 },
            },
          },
          auditPut(tableName, {
            memberId: member.id,
            at: member.createdAt,
            action: 'MemberJoined',
            actor: { id: member.id, name: [member.firstName, member.lastName].filter(Boolean).join(' ') || email },
            changes: [{ field: 'E-mail', to: email }],
          }),
        ]);
        if (outcome.ok) return { ...member, email };
        // Another first call stored the member (and counted them) first.
        stored = await get(member.id);
        if (!stored) throw new Error(`member ${member.id} neither stored nor found`);
      }
      if (sameRoles(stored.adminRoles, member.adminRoles)) return stored;
      try {
        await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.memberProfile(member.id),
            UpdateExpression: 'SET adminRoles = :roles',
            // A token issued before the back office last changed this member's roles must not undo that change.
            ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(adminRolesChangedAt) OR adminRolesChangedAt <= :issued)',
            ExpressionAttributeValues: { ':roles': member.adminRoles, ':issued': tokenIssuedAt ?? 0 },
          }),
        );
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
        return stored;
      }
      return { ...stored, adminRoles: [...member.adminRoles] };
    },

    async findByEmail(email) {
      const result = await client.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: 'gsi2',
          KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk = :sk',
          ExpressionAttributeValues: indexValues(indexKeys.memberByEmail(email.toLowerCase())),
          Limit: 1,
        }),
      );
      const item = result.Items?.[0];
      return item ? toMemberProfile(item) : undefined;
    },

    async rename(memberId, names) {
      const current = await get(memberId);
      if (!current) throw new Error(`member ${memberId} is not stored`);
      const changes = (['firstName', 'lastName'] as const)
        .filter((field) => current[field] !== names[field])
        .map((field) => ({ field: field === 'firstName' ? 'First name' : 'Last name', from: current[field], to: names[field] }));
      const at = new Date().toISOString();
      // The change and its audit entry (the member changed their own names), together or not at all.
      await transactWrite(client, [
        {
          Update: {
            TableName: tableName,
            Key: keys.memberProfile(memberId),
            UpdateExpression: 'SET firstName = :first, lastName = :last, gsi3sk = :listKey',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':first': names.firstName, ':last': names.lastName, ':listKey': memberListKey({ ...current, ...names }) },
          },
        },
        ...(changes.length > 0
          ? [auditPut(tableName, { memberId, at, action: 'ProfileChanged', actor: { id: memberId, name: [current.firstName, current.lastName].filter(Boolean).join(' ') || current.email }, changes })]
          : []),
      ]).then((outcome) => {
        if (!outcome.ok) throw new Error(`member ${memberId} is not stored`);
      });
      const result = { Attributes: { ...(await client.send(new GetCommand({ TableName: tableName, Key: keys.memberProfile(memberId), ConsistentRead: true }))).Item } };
      // The names a charity's or workplace's member list shows (denormalised on each membership).
      const memberships = await queryAll(client, {
        TableName: tableName,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': `MEMBER#${memberId}` },
        ProjectionExpression: 'pk, sk',
      });
      await Promise.all(
        memberships.map((membership) =>
          client
            .send(
              new UpdateCommand({
                TableName: tableName,
                Key: { pk: membership.pk, sk: membership.sk },
                UpdateExpression: 'SET firstName = :first, lastName = :last',
                ConditionExpression: 'attribute_exists(pk)',
                ExpressionAttributeValues: { ':first': names.firstName, ':last': names.lastName },
              }),
            )
            .catch((error: unknown) => {
              if (!(error instanceof ConditionalCheckFailedException)) throw error; // left the tenant meanwhile
            }),
        ),
      );
      return toMemberProfile(result.Attributes as Item);
    },

    async badges(memberId) {
      const held = await queryAll(client, {
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :badge)',
        ExpressionAttributeValues: { ':pk': keys.memberProfile(memberId).pk, ':badge': 'BADGE#' },
      });
      if (held.length === 0) return [];
      const badgeIdOf = (item: Item) => String(item.sk).slice('BADGE#'.length);
      const definitions = new Map(
        (await batchGetAll(client, tableName, held.map((item) => keys.badge(badgeIdOf(item))), { consistent: false })).map((item) => [String(item.id), item]),
      );
      return held.flatMap((item): MemberBadge[] => {
        const id = badgeIdOf(item);
        // A retired badge's definition is gone; the member keeps it with what was copied when it was awarded.
        const badge = { ...item, ...definitions.get(id) } as Partial<Badge> & Item;
        if (typeof badge.name !== 'string') return [];
        return [
          {
            id,
            name: badge.name,
            description: (badge.description as string | undefined) ?? '',
            icon: (badge.icon as string | undefined) ?? '',
            donationCount: Number(badge.donationCount ?? 0),
            awardedAt: (item.awardedAt as string | undefined) ?? '',
          },
        ];
      });
    },

    async completedDonations(memberId) {
      const result = await client.send(new GetCommand({ TableName: tableName, Key: keys.memberTally(memberId), ProjectionExpression: 'donationCount' }));
      return Number(result.Item?.donationCount ?? 0);
    },
  };
}

/** Expression values for an exact index key: { ':pk': ..., ':sk': ... }. */
function indexValues(indexKey: Record<string, string>): Record<string, string> {
  const [pk, sk] = Object.values(indexKey);
  return { ':pk': pk as string, ':sk': sk as string };
}
