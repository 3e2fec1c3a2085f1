import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Invitation } from '@giving/shared/contracts/accounts';
import type { TenantRef } from '@giving/shared/permissions';
import type { AcceptOutcome, InvitationStore } from '../domain/people';
import { membershipKey, joinWrites } from './dynamo-memberships';
import { queryAll } from './dynamo-pages';
import { auditPut } from './dynamo-audit';
import { transactWrite, type TransactItems } from './dynamo-transact';
import { indexKeys, keys } from './keys';

type Item = Record<string, unknown>;
type TransactItem = TransactItems[number];

const ATTEMPTS = 10;

/**
 * Invitations: INVITATION#<id> / INVITATION, listed per tenant through gsi1 (TENANT#<kind>#<id> / INVITATION#<createdAt>)
 * and per invitee through gsi2 (INVITEE#<email> / INVITATION#<createdAt>). They stay as history (Accepted, Revoked).
 * The expiry is kept as the ISO string `validUntil`: the table's TTL attribute (expiresAt) would delete the record.
 *
 * The pending-invitation guard TENANT#<kind>#<id> / INVITEE#<email> holds the id of the one open invitation for that
 * address; it is put with the invitation (so a second one is refused) and deleted when it is accepted or revoked.
 * Its `expiresAt` (epoch seconds) is the invitation's expiry: TTL clears it, and a new invitation may take over a
 * guard whose invitation expired.
 */
export function dynamoInvitationStore(client: DynamoDBDocumentClient, tableName: string): InvitationStore {
  const toInvitation = (item: Item): Invitation => ({
    id: item.id as string,
    tenant: item.tenant as Invitation['tenant'],
    email: item.email as string,
    role: item.role as string,
    status: item.status as Invitation['status'],
    invitedBy: item.invitedBy as string,
    createdAt: item.createdAt as string,
    expiresAt: item.validUntil as string,
  });

  const get = async (invitationId: string) => {
    const result = await client.send(new GetCommand({ TableName: tableName, Key: keys.invitation(invitationId), ConsistentRead: true }));
    return result.Item ? toInvitation(result.Item) : undefined;
  };

  const guardKey = (invitation: Invitation) => keys.pendingInvitationGuard(invitation.tenant.kind, invitation.tenant.id, invitation.email);

  /** Deletes the guard if it still belongs to this invitation (a newer one may hold it after this one expired). */
  const releaseGuard = (invitation: Invitation): TransactItem => ({
    Delete: {
      TableName: tableName,
      Key: guardKey(invitation),
      ConditionExpression: 'attribute_not_exists(pk) OR invitationId = :id',
      ExpressionAttributeValues: { ':id': invitation.id },
    },
  });

  const listBy = async (indexName: 'gsi1' | 'gsi2', pk: string) =>
    (
      await queryAll(client, {
        TableName: tableName,
        IndexName: indexName,
        KeyConditionExpression: `${indexName}pk = :pk AND begins_with(${indexName}sk, :invitation)`,
        ExpressionAttributeValues: { ':pk': pk, ':invitation': 'INVITATION#' },
        ScanIndexForward: false,
      })
    ).map(toInvitation);

  return {
    async create(invitation) {
      const { expiresAt, ...fields } = invitation;
      const outcome = await transactWrite(client, [
        {
          Put: {
            TableName: tableName,
            Item: { ...guardKey(invitation), invitationId: invitation.id, expiresAt: Math.ceil(Date.parse(expiresAt) / 1000) },
            // Free, or held by an invitation that has expired.
            ConditionExpression: 'attribute_not_exists(pk) OR expiresAt <= :now',
            ExpressionAttributeValues: { ':now': Math.floor(Date.parse(invitation.createdAt) / 1000) },
          },
        },
        {
          Put: {
            TableName: tableName,
            Item: {
              ...keys.invitation(invitation.id),
              ...indexKeys.invitationByTenant(invitation.tenant.kind, invitation.tenant.id, invitation.createdAt),
              ...indexKeys.invitationByInvitee(invitation.email, invitation.createdAt),
              ...fields,
              validUntil: expiresAt,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
      ]);
      if (outcome.ok) return 'created';
      if (outcome.failed.includes(0)) return 'already-pending';
      throw new Error(`invitation ${invitation.id} already exists`);
    },

    get,

    listForTenant: (tenant: TenantRef) => listBy('gsi1', indexKeys.invitationByTenant(tenant.kind, tenant.id, '').gsi1pk),
    listForInvitee: (email: string) => listBy('gsi2', indexKeys.invitationByInvitee(email.toLowerCase(), '').gsi2pk),

    async accept(invitation, joiner, tenant, at): Promise<AcceptOutcome> {
      let guard = true;
      for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
        const existing = (await client.send(new GetCommand({ TableName: tableName, Key: membershipKey(tenant, joiner.member.id), ConsistentRead: true }))).Item;
        const membership = joinWrites(tableName, tenant, joiner, existing ? { roles: (existing.roles as string[] | undefined) ?? [] } : undefined, at);
        const writes: TransactItems = [
          {
            Update: {
              TableName: tableName,
              Key: keys.invitation(invitation.id),
              UpdateExpression: 'SET #status = :accepted, acceptedAt = :at, acceptedBy = :member',
              ConditionExpression: '#status = :pending AND validUntil > :at',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: { ':accepted': 'Accepted', ':pending': 'Pending', ':at': at.toISOString(), ':member': joiner.member.id },
            },
          },
          ...membership,
          auditPut(tableName, {
            memberId: joiner.member.id,
            at: at.toISOString(),
            action: 'InvitationAccepted',
            actor: { id: joiner.member.id, name: [joiner.member.firstName, joiner.member.lastName].filter(Boolean).join(' ') || joiner.member.email },
            changes: [{ field: 'Roles', ...(existing ? { from: ((existing.roles as string[] | undefined) ?? []).join(', ') } : {}), to: [...new Set([...((existing?.roles as string[] | undefined) ?? []), joiner.role])].join(', ') }],
            detail: `${tenant.name} (invited by ${invitation.invitedBy})`,
          }),
          // Last: a failure here is the guard's (see below).
          ...(guard ? [releaseGuard(invitation)] : []),
        ];
        const outcome = await transactWrite(client, writes);
        if (outcome.ok) return 'accepted';
        if (outcome.failed.includes(0)) {
          const now = await get(invitation.id);
          if (now?.status === 'Accepted') return 'already-accepted';
          if (now?.status === 'Pending' && now.expiresAt <= at.toISOString()) return 'expired';
          return 'not-pending';
        }
        if (guard && outcome.failed.includes(writes.length - 1)) guard = false;
        // Otherwise the membership (or the tenant) changed since we read it: build the writes again.
      }
      throw new Error(`invitation ${invitation.id}: could not accept (the membership kept changing)`);
    },

    async revoke(invitation, at) {
      for (const guard of [true, false]) {
        const outcome = await transactWrite(client, [
          {
            Update: {
              TableName: tableName,
              Key: keys.invitation(invitation.id),
              UpdateExpression: 'SET #status = :revoked, revokedAt = :at',
              ConditionExpression: '#status = :pending',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: { ':revoked': 'Revoked', ':pending': 'Pending', ':at': at.toISOString() },
            },
          },
          ...(guard ? [releaseGuard(invitation)] : []),
        ]);
        if (outcome.ok) return 'revoked';
        if (outcome.failed.includes(0)) return 'not-pending';
      }
      throw new Error(`invitation ${invitation.id}: could not revoke`);
    },
  };
}
