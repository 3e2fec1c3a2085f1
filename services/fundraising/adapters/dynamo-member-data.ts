import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, ScanCommand, UpdateCommand, type DynamoDBDocumentClient, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { queryAll } from '@giving/shared/dynamo-query';
import type { CopiedRole, DonationDigest, MemberDataStore, StoredComment, StoredDonor, StoredEvent, StoredInvitation, StoredOfflineDonation, StoredPage } from '../domain/ports';
import { eventItem, pageItem } from './dynamo-store';
import { keys, withoutKeys } from './keys';

type Item = Record<string, unknown>;
const REWRITE_ATTEMPTS = 6;
const isConditionFailure = (error: unknown) => error instanceof ConditionalCheckFailedException;

/** A member's records for "Download my data" and "Delete my account" that FundraisingStore does not find by member. Layout: keys.ts. */
export function dynamoMemberDataStore(client: DynamoDBDocumentClient, tableName: string): MemberDataStore {
  const copies = (memberId: string) =>
    queryAll(client, { TableName: tableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `MEMBER#${memberId}` }, ConsistentRead: true });
  const isCopy = (sk: string) => sk === 'NAMES' || sk.startsWith('CHARITY#') || sk.startsWith('WORKPLACE#');

  /** A conditional update: false when its condition failed (the record changed or went meanwhile). */
  const update = async (input: Omit<UpdateCommandInput, 'TableName'>) => {
    try {
      await client.send(new UpdateCommand({ TableName: tableName, ...input }));
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  };

  /**
   * Reads a page or an event, changes it and writes it back only if its version is still the one read (a donation's
   * ADD moves the version: the totals read are never written over newer ones), reading again when it moved.
   */
  async function rewrite<T extends { version: number }>(key: { pk: string; sk: string }, toItem: (value: T) => Item, change: (value: T) => T | undefined): Promise<T | undefined> {
    for (let attempt = 1; ; attempt++) {
      const found = await client.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }));
      if (!found.Item) return undefined;
      const current = withoutKeys<T>(found.Item);
      const changed = change(current);
      if (!changed) return undefined;
      const next = { ...changed, version: current.version + 1 };
      try {
        await client.send(new PutCommand({ TableName: tableName, Item: toItem(next), ConditionExpression: 'version = :version', ExpressionAttributeValues: { ':version': current.version } }));
        return next;
      } catch (error) {
        if (!isConditionFailure(error) || attempt >= REWRITE_ATTEMPTS) throw error;
      }
    }
  }

  return {
    async donorEntriesOf(member) {
      const partitions = [`DONOR#${member.memberId}`, ...(member.email ? [`DONOREMAIL#${member.email}`] : [])];
      const found = await Promise.all(
        partitions.map((partition) => queryAll(client, { TableName: tableName, IndexName: 'gsi2', KeyConditionExpression: 'gsi2pk = :pk', ExpressionAttributeValues: { ':pk': partition } })),
      );
      return found.flat().map((item) => withoutKeys<StoredDonor>(item));
    },

    async writtenBy(memberId) {
      // No index finds these by their writer: a member's own data is asked for rarely.
      const comments: StoredComment[] = [];
      const offlineEntered: StoredOfflineDonation[] = [];
      const invitationsSent: StoredInvitation[] = [];
      let start: Item | undefined;
      do {
        const page = await client.send(
          new ScanCommand({
            TableName: tableName,
            FilterExpression:
              '(begins_with(sk, :comment) AND author.memberId = :member) OR (sk = :offline AND enteredBy.memberId = :member) OR (begins_with(sk, :invite) AND invitedBy.memberId = :member)',
            ExpressionAttributeValues: { ':comment': 'COMMENT#', ':offline': 'OFFLINE', ':invite': 'INVITE#', ':member': memberId },
            ExclusiveStartKey: start,
            ConsistentRead: true,
          }),
        );
        for (const item of page.Items ?? []) {
          const sk = String(item.sk);
          if (sk.startsWith('COMMENT#')) comments.push(withoutKeys<StoredComment>(item));
          else if (sk === 'OFFLINE') offlineEntered.push(withoutKeys<StoredOfflineDonation>(item));
          else invitationsSent.push(withoutKeys<StoredInvitation>(item));
        }
        start = page.LastEvaluatedKey;
      } while (start);
      return { comments, offlineEntered, invitationsSent };
    },

    async copiesOf(memberId) {
      let names: { firstName: string; lastName: string } | undefined;
      const roles: CopiedRole[] = [];
      for (const item of await copies(memberId)) {
        const sk = String(item.sk);
        if (!isCopy(sk)) continue;
        if (sk === 'NAMES') names = { firstName: String(item.firstName ?? ''), lastName: String(item.lastName ?? '') };
        else
          roles.push({
            kind: sk.startsWith('CHARITY#') ? 'charity' : 'workplace',
            id: sk.slice(sk.indexOf('#') + 1),
            ...(typeof item.workplaceName === 'string' && item.workplaceName ? { workplaceName: item.workplaceName } : {}),
            roles: Array.isArray(item.roles) ? item.roles.filter((role): role is string => typeof role === 'string') : [],
          });
      }
      return { ...(names ? { names } : {}), roles };
    },

    async digestOf(pageId) {
      const found = await client.send(new GetCommand({ TableName: tableName, Key: keys.digest(pageId), ConsistentRead: true }));
      return found.Item ? withoutKeys<DonationDigest>(found.Item) : undefined;
    },

    closePageOf: (pageId, memberId, owner) =>
      rewrite<StoredPage>(keys.page(pageId), pageItem, ({ ownerEmail: _email, ...page }) =>
        page.owner.memberId === memberId ? { ...page, owner, story: '', isOnline: false } : undefined,
      ),

    async releaseEventOf(eventId, memberId, owner, close) {
      const event = await rewrite<StoredEvent>(keys.event(eventId), eventItem, (current) =>
        current.owner.memberId === memberId ? { ...current, owner, ...(close ? { story: '', isOnline: false } : {}) } : undefined,
      );
      if (!event || !close) return event;
      // Its pages follow it offline, as when its owner takes it offline (each write is idempotent).
      const pages = await queryAll(client, { TableName: tableName, IndexName: 'gsi3', KeyConditionExpression: 'gsi3pk = :pk', ExpressionAttributeValues: { ':pk': `EVENT#${eventId}` } });
      for (const page of pages) {
        if (page.eventOnline === false) continue;
        await rewrite<StoredPage>(keys.page(String(page.id)), pageItem, (current) => (current.eventOnline ? { ...current, eventOnline: false } : undefined));
      }
      return event;
    },

    async deleteDigest(pageId) {
      const result = await client.send(new DeleteCommand({ TableName: tableName, Key: keys.digest(pageId), ReturnValues: 'ALL_OLD' }));
      return result.Attributes !== undefined;
    },

    async anonymiseDonor(donor, name) {
      const done = await update({
        Key: keys.donor(donor.pageId, donor.donatedOn, donor.id),
        UpdateExpression: 'SET #name = :name REMOVE message, isMessageAnonymous, donorMemberId, donorEmail, gsi2pk, gsi2sk',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#name': 'name' },
        ExpressionAttributeValues: { ':name': name },
      });
      // Its line in the owner's next e-mail, if that has not gone yet.
      await update({
        Key: keys.digest(donor.pageId),
        UpdateExpression: 'SET entries.#donation.#name = :name REMOVE entries.#donation.message',
        ConditionExpression: 'attribute_exists(entries.#donation)',
        ExpressionAttributeNames: { '#donation': donor.id, '#name': 'name' },
        ExpressionAttributeValues: { ':name': name },
      });
      return done;
    },

    replaceInvitationSender: (invitation, memberId, sender) =>
      update({
        Key: keys.invitation(invitation.target, invitation.email),
        UpdateExpression: 'SET invitedBy = :sender',
        ConditionExpression: 'id = :id AND invitedBy.memberId = :member',
        ExpressionAttributeValues: { ':sender': sender, ':id': invitation.id, ':member': memberId },
      }),

    replaceOfflineEnteredBy: (donationId, memberId, enteredBy) =>
      update({
        Key: keys.offlineDonation(donationId),
        UpdateExpression: 'SET enteredBy = :enteredBy',
        ConditionExpression: 'enteredBy.memberId = :member',
        ExpressionAttributeValues: { ':enteredBy': enteredBy, ':member': memberId },
      }),

    async deleteCopies(memberId) {
      const counts = { names: 0, roles: 0 };
      for (const item of await copies(memberId)) {
        const sk = String(item.sk);
        if (!isCopy(sk)) continue;
        await client.send(new DeleteCommand({ TableName: tableName, Key: { pk: item.pk, sk: item.sk } }));
        if (sk === 'NAMES') counts.names++;
        else counts.roles++;
      }
      return counts;
    },
  };
}
