import { DeleteCommand, GetCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { AuditEntry } from '@giving/shared/contracts/personal-data';
import type { PersonalDataService } from '@giving/shared/events/privacy';
import type { ErasedDataset, PersonalDataset } from '@giving/shared/personal-data';
import type { AuditActor, PersonalDataStore, StoredErasure, StoredExport } from '../domain/personal-data';
import type { TenantRef } from '@giving/shared/permissions';
import { AUDIT_SK_PREFIX, auditPut } from './dynamo-audit';
import { ADMIN_ROLE, tenantKey } from './dynamo-memberships';
import { decodeKeyCursor, encodeKeyCursor, queryAll } from './dynamo-pages';
import { transactWrite } from './dynamo-transact';
import { indexKeys, keys, withoutKeys } from './keys';

type Item = Record<string, unknown>;

const toExport = (item: Item): StoredExport => ({
  id: String(item.id),
  memberId: String(item.memberId),
  email: String(item.email ?? ''),
  status: item.status as StoredExport['status'],
  requestedAt: String(item.requestedAt),
  ...(typeof item.readyAt === 'string' ? { readyAt: item.readyAt } : {}),
  ...(typeof item.expiresAt === 'string' ? { expiresAt: item.expiresAt } : {}),
  ...(typeof item.archiveKey === 'string' ? { archiveKey: item.archiveKey } : {}),
  ...(typeof item.bytes === 'number' ? { bytes: item.bytes } : {}),
  partsDone: [...((item.partsDone as Set<string> | undefined) ?? [])].sort() as PersonalDataService[],
});

const toErasure = (item: Item): StoredErasure => ({
  id: String(item.id),
  memberId: String(item.memberId),
  ...(typeof item.email === 'string' ? { email: item.email } : {}),
  status: item.status as StoredErasure['status'],
  requestedAt: String(item.requestedAt),
  ...(typeof item.erasedAt === 'string' ? { erasedAt: item.erasedAt } : {}),
  partsDone: [...((item.partsDone as Set<string> | undefined) ?? [])].sort() as PersonalDataService[],
  results: (item.results as StoredErasure['results'] | undefined) ?? {},
});

/** How long a Preparing export blocks another request: after this a member may ask again (a part never came). */
const EXPORT_STALE_MS = 60 * 60 * 1000;

const isConditionFailure = (error: unknown) => error instanceof ConditionalCheckFailedException;

/** An audit trail's cursor: the base table's key of the last entry read. */
const AUDIT_CURSOR_KEYS = ['pk', 'sk'] as const;

/**
 * A member's data exports (MEMBER#<id> / EXPORT#<exportId>), their deletion (MEMBER#<id> / ERASURE) and the audit
 * trail (dynamo-audit.ts). One export at a time: the profile's `exportInProgress` is claimed in the transaction that
 * stores the export, and let go when it is ready (or after an hour, if a part never came).
 */
export function dynamoPersonalDataStore(client: DynamoDBDocumentClient, tableName: string): PersonalDataStore {
  const audit = (entry: Parameters<typeof auditPut>[1]) => auditPut(tableName, entry);

  /** The member's charity and workplace memberships, through gsi1 (MEMBER#<id> / CHARITY#<id> or WORKPLACE#<id>). */
  const membershipItemsOf = (memberId: string) =>
    queryAll(client, { TableName: tableName, IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': `MEMBER#${memberId}` } });

  const getExport = async (memberId: string, exportId: string) => {
    const result = await client.send(new GetCommand({ TableName: tableName, Key: keys.dataExport(memberId, exportId), ConsistentRead: true }));
    return result.Item ? toExport(result.Item) : undefined;
  };
  const getErasure = async (memberId: string) => {
    const result = await client.send(new GetCommand({ TableName: tableName, Key: keys.memberErasure(memberId), ConsistentRead: true }));
    return result.Item ? toErasure(result.Item) : undefined;
  };

  return {
    getExport,
    getErasure,

    async createExport(request, actor: AuditActor) {
      const { memberId, exportId, email, requestedAt } = request;
      const outcome = await transactWrite(client, [
        {
          Update: {
            TableName: tableName,
            Key: keys.memberProfile(memberId),
            UpdateExpression: 'SET exportInProgress = :id, exportRequestedAt = :at',
            ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(erasureRequestedAt) AND (attribute_not_exists(exportInProgress) OR exportRequestedAt < :stale)',
            ExpressionAttributeValues: { ':id': exportId, ':at': requestedAt, ':stale': new Date(Date.parse(requestedAt) - EXPORT_STALE_MS).toISOString() },
          },
        },
        {
          Put: {
            TableName: tableName,
            Item: { ...keys.dataExport(memberId, exportId), id: exportId, memberId, email, status: 'Preparing', requestedAt },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        audit({ memberId, at: requestedAt, action: 'DataExportRequested', actor }),
      ]);
      return outcome.ok ? 'created' : 'in-progress';
    },

    async listExports(memberId) {
      const items = await queryAll(client, {
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :export)',
        ExpressionAttributeValues: { ':pk': keys.memberProfile(memberId).pk, ':export': 'EXPORT#' },
        ScanIndexForward: false,
      });
      return items.map(toExport);
    },

    async recordExportPart(memberId, exportId, service) {
      try {
        const result = await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.dataExport(memberId, exportId),
            UpdateExpression: 'ADD partsDone :part',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':part': new Set([service]) },
            ReturnValues: 'ALL_NEW',
          }),
        );
        return toExport(result.Attributes as Item);
      } catch (error) {
        if (isConditionFailure(error)) return undefined; // erased meanwhile
        throw error;
      }
    },

    async markExportReady(stored, ready) {
      const outcome = await transactWrite(client, [
        {
          Update: {
            TableName: tableName,
            Key: keys.dataExport(stored.memberId, stored.id),
            UpdateExpression: 'SET #status = :ready, readyAt = :at, expiresAt = :expires, archiveKey = :key, #bytes = :bytes',
            ConditionExpression: '#status = :preparing',
            ExpressionAttributeNames: { '#status': 'status', '#bytes': 'bytes' },
            ExpressionAttributeValues: { ':ready': 'Ready', ':preparing': 'Preparing', ':at': ready.readyAt, ':expires': ready.expiresAt, ':key': ready.archiveKey, ':bytes': ready.bytes },
          },
        },
        audit({ id: `${stored.id}-ready`, memberId: stored.memberId, at: ready.readyAt, action: 'DataExportReady', actor: { name: 'Koha' }, detail: `${ready.bytes} bytes` }),
      ]);
      if (!outcome.ok) return false;
      // Another export may be asked for now (unless a newer one has already taken the place).
      await client
        .send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.memberProfile(stored.memberId),
            UpdateExpression: 'REMOVE exportInProgress, exportRequestedAt',
            ConditionExpression: 'exportInProgress = :id',
            ExpressionAttributeValues: { ':id': stored.id },
          }),
        )
        .catch((error: unknown) => {
          if (!isConditionFailure(error)) throw error;
        });
      return true;
    },

    async createErasure(request, actor) {
      const { memberId, erasureId, email, requestedAt } = request;
      const outcome = await transactWrite(client, [
        {
          Put: {
            TableName: tableName,
            Item: { ...keys.memberErasure(memberId), id: erasureId, memberId, email, status: 'Erasing', requestedAt, results: {} },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        {
          Update: {
            TableName: tableName,
            Key: keys.memberProfile(memberId),
            UpdateExpression: 'SET erasureRequestedAt = :at',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':at': requestedAt },
          },
        },
        audit({ memberId, at: requestedAt, action: 'AccountDeletionRequested', actor }),
      ]);
      if (outcome.ok) return { created: true, erasure: (await getErasure(memberId)) as StoredErasure };
      const existing = await getErasure(memberId);
      if (!existing) throw new Error(`member ${memberId} is not stored`);
      return { created: false, erasure: existing };
    },

    async recordErasedPart(memberId, service, datasets) {
      try {
        const result = await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.memberErasure(memberId),
            UpdateExpression: 'ADD partsDone :part SET results.#service = :datasets',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeNames: { '#service': service },
            ExpressionAttributeValues: { ':part': new Set([service]), ':datasets': datasets.map((d) => ({ name: d.name, erased: d.erased, anonymised: d.anonymised })) },
            ReturnValues: 'ALL_NEW',
          }),
        );
        return toErasure(result.Attributes as Item);
      } catch (error) {
        if (isConditionFailure(error)) return undefined;
        throw error;
      }
    },

    async markErased(erasure, at, detail) {
      const outcome = await transactWrite(client, [
        {
          Update: {
            TableName: tableName,
            Key: keys.memberErasure(erasure.memberId),
            UpdateExpression: 'SET #status = :erased, erasedAt = :at REMOVE email',
            ConditionExpression: '#status = :erasing',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':erased': 'Erased', ':erasing': 'Erasing', ':at': at },
          },
        },
        audit({ id: `${erasure.id}-done`, memberId: erasure.memberId, at, action: 'AccountDeleted', actor: { name: 'Koha' }, detail }),
      ]);
      return outcome.ok;
    },

    async auditTrail(memberId, options) {
      const pk = keys.memberProfile(memberId).pk;
      const start = options.cursor ? decodeKeyCursor(options.cursor, AUDIT_CURSOR_KEYS, (key) => key.pk === pk && key.sk.startsWith(AUDIT_SK_PREFIX)) : undefined;
      const result = await client.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :audit)',
          ExpressionAttributeValues: { ':pk': pk, ':audit': AUDIT_SK_PREFIX },
          ScanIndexForward: false,
          Limit: options.limit,
          ExclusiveStartKey: start,
        }),
      );
      const entries = (result.Items ?? []).map((item) => withoutKeys<AuditEntry>(item));
      const last = result.LastEvaluatedKey;
      return { entries, ...(last ? { nextCursor: encodeKeyCursor(AUDIT_CURSOR_KEYS, last) } : {}) };
    },

    async collectOwn(memberId, email) {
      const own = await queryAll(client, {
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.memberProfile(memberId).pk },
      });
      const bySk = (prefix: string) => own.filter((item) => String(item.sk).startsWith(prefix));
      const profile = own.find((item) => item.sk === 'PROFILE');
      const tally = own.find((item) => item.sk === 'TALLY');
      const memberships = await membershipItemsOf(memberId);
      const invitations = email
        ? await queryAll(client, {
            TableName: tableName,
            IndexName: 'gsi2',
            KeyConditionExpression: 'gsi2pk = :pk',
            ExpressionAttributeValues: { ':pk': indexKeys.invitationByInvitee(email, '').gsi2pk },
          })
        : [];
      const datasets: PersonalDataset[] = [
        {
          name: 'profile',
          description: 'Your account: your names, e-mail address, when you joined and any platform roles you hold.',
          rows: profile
            ? [
                {
                  memberId,
                  email: String(profile.email ?? ''),
                  firstName: String(profile.firstName ?? ''),
                  lastName: String(profile.lastName ?? ''),
                  profileImage: (profile.profileImage as string | undefined) ?? null,
                  adminRoles: (profile.adminRoles as string[] | undefined) ?? [],
                  createdAt: String(profile.createdAt ?? ''),
                  completedDonations: Number(tally?.donationCount ?? 0),
                },
              ]
            : [],
        },
        {
          name: 'charities-and-workplaces',
          description: 'The charities and workplaces you belong to on Koha, with your roles there.',
          rows: memberships.map((item) => ({
            kind: String(item.sk).startsWith('MEMBER#') && String(item.pk).startsWith('CHARITY#') ? 'charity' : 'workplace',
            id: String(item.charityId ?? item.workplaceId ?? ''),
            name: String(item.charityName ?? item.workplaceName ?? ''),
            roles: (item.roles as string[] | undefined) ?? [],
            joinedAt: String(item.joinedAt ?? ''),
            employmentType: (item.employmentType as string | undefined) ?? null,
            businessUnitId: (item.businessUnitId as string | undefined) ?? null,
            employeeNumber: (item.employeeNumber as string | undefined) ?? null,
          })),
        },
        {
          name: 'badges',
          description: 'The badges you earned for giving.',
          rows: bySk('BADGE#').map((item) => ({ badgeId: String(item.sk).slice('BADGE#'.length), name: String(item.name ?? ''), awardedAt: String(item.awardedAt ?? '') })),
        },
        {
          name: 'invitations',
          description: 'Invitations sent to your e-mail address to join a charity or workplace.',
          rows: invitations.map((item) => ({
            invitationId: String(item.id ?? ''),
            tenantName: String((item.tenant as { name?: string } | undefined)?.name ?? ''),
            role: String(item.role ?? ''),
            status: String(item.status ?? ''),
            createdAt: String(item.createdAt ?? ''),
          })),
        },
        {
          name: 'data-requests',
          description: 'Each time you asked for your data.',
          rows: bySk('EXPORT#').map((item) => ({ exportId: String(item.id), status: String(item.status), requestedAt: String(item.requestedAt) })),
        },
        {
          name: 'record-changes',
          description: 'Changes made to your account records, by whom and when (the audit trail).',
          rows: bySk(AUDIT_SK_PREFIX).map((item) => {
            const entry = withoutKeys<AuditEntry>(item);
            return { at: entry.at, action: entry.action, by: entry.actor.name, changes: entry.changes, detail: entry.detail ?? null };
          }),
        },
      ];
      return datasets;
    },

    async eraseOwn(memberId, email, erasedAt, removeMembership) {
      const own = await queryAll(client, {
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.memberProfile(memberId).pk },
      });
      const deleteItem = (key: { pk: unknown; sk: unknown }) => client.send(new DeleteCommand({ TableName: tableName, Key: { pk: key.pk, sk: key.sk } }));

      // Charities and workplaces: removed as their consoles remove a member (counts kept; never their last admin).
      const memberships = await membershipItemsOf(memberId);
      let membershipsErased = 0;
      let membershipsKept = 0;
      for (const item of memberships) {
        const [kind, id] = String(item.gsi1sk).split('#');
        if (!id || (kind !== 'CHARITY' && kind !== 'WORKPLACE')) continue;
        const outcome = await removeMembership({ kind: kind === 'CHARITY' ? 'charity' : 'workplace', id }, memberId);
        if (outcome !== 'last-admin') {
          membershipsErased += 1;
          continue;
        }
        // Its only administrator (they became so after asking): the place stays, without their name or e-mail.
        await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { pk: item.pk, sk: item.sk },
            UpdateExpression: 'SET firstName = :first, lastName = :last, email = :none',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':first': 'Deleted', ':last': 'member', ':none': '' },
          }),
        );
        membershipsKept += 1;
      }

      // Invitations to their address, and the guards that kept them one per tenant.
      let invitationsErased = 0;
      if (email) {
        const invitations = await queryAll(client, {
          TableName: tableName,
          IndexName: 'gsi2',
          KeyConditionExpression: 'gsi2pk = :pk',
          ExpressionAttributeValues: { ':pk': indexKeys.invitationByInvitee(email, '').gsi2pk },
        });
        for (const invitation of invitations) {
          const tenant = invitation.tenant as { kind?: 'charity' | 'workplace'; id?: string } | undefined;
          if (tenant?.kind && tenant.id) await deleteItem(keys.pendingInvitationGuard(tenant.kind, tenant.id, email));
          await deleteItem({ pk: invitation.pk, sk: invitation.sk });
          invitationsErased += 1;
        }
      }

      const badges = own.filter((item) => String(item.sk).startsWith('BADGE#'));
      const exports = own.filter((item) => String(item.sk).startsWith('EXPORT#'));
      for (const item of [...badges, ...exports, ...own.filter((item) => item.sk === 'TALLY')]) await deleteItem({ pk: item.pk, sk: item.sk });

      // The profile becomes a tombstone: no e-mail, no names (named "Deleted member" wherever a name shows), out of
      // every list; it stays so the member id is never stored again by a token issued before the deletion.
      const profile = own.find((item) => item.sk === 'PROFILE');
      let profileErased = 0;
      if (profile && profile.erasedAt === undefined) {
        const outcome = await transactWrite(client, [
          {
            Put: {
              TableName: tableName,
              Item: {
                ...keys.memberProfile(memberId),
                id: memberId,
                email: '',
                firstName: 'Deleted',
                lastName: 'member',
                adminRoles: [],
                createdAt: String(profile.createdAt ?? erasedAt),
                erasureRequestedAt: String(profile.erasureRequestedAt ?? erasedAt),
                erasedAt,
              },
              ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(erasedAt)',
            },
          },
          { Update: { TableName: tableName, Key: keys.siteCounters(), UpdateExpression: 'ADD activeUsers :minusOne', ExpressionAttributeValues: { ':minusOne': -1 } } },
        ]);
        if (outcome.ok) profileErased = 1;
      }
      const datasets: ErasedDataset[] = [
        { name: 'profile', erased: profileErased, anonymised: 0 },
        { name: 'charities-and-workplaces', erased: membershipsErased, anonymised: membershipsKept },
        { name: 'badges', erased: badges.length, anonymised: 0 },
        { name: 'invitations', erased: invitationsErased, anonymised: 0 },
        { name: 'data-requests', erased: exports.length, anonymised: 0 },
      ];
      return datasets;
    },

    async soleAdministratorOf(memberId) {
      const memberships = await membershipItemsOf(memberId);
      for (const item of memberships) {
        const [kind, id] = String(item.gsi1sk).split('#');
        if (!id || (kind !== 'CHARITY' && kind !== 'WORKPLACE')) continue;
        const tenant: TenantRef = { kind: kind === 'CHARITY' ? 'charity' : 'workplace', id };
        if (!((item.roles as string[] | undefined) ?? []).includes(ADMIN_ROLE[tenant.kind])) continue;
        const result = await client.send(new GetCommand({ TableName: tableName, Key: tenantKey(tenant), ProjectionExpression: 'adminCount, #name', ExpressionAttributeNames: { '#name': 'name' }, ConsistentRead: true }));
        if (Number(result.Item?.adminCount ?? 0) <= 1) return String(result.Item?.name ?? item.charityName ?? item.workplaceName ?? '');
      }
      return undefined;
    },

    async isErased(memberId) {
      const result = await client.send(
        new GetCommand({ TableName: tableName, Key: keys.memberProfile(memberId), ProjectionExpression: 'erasureRequestedAt, erasedAt', ConsistentRead: true }),
      );
      return result.Item !== undefined && (result.Item.erasureRequestedAt !== undefined || result.Item.erasedAt !== undefined);
    },
  };
}
