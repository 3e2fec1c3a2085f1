import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { tenantRoleKey } from '@giving/shared/dynamo-copies';
import { transactWrite } from '@giving/shared/dynamo-transact';
import { ID_TIME_LENGTH } from '@giving/shared/ids';
import type { AdminAction, MemberRecords, WorkplaceRoleRecord } from '../domain/personal-data';
import type { EmployeeRecord, PledgeRecord } from '../domain/ports';
import type { WorkplaceGift, WorkplaceVolunteering } from '../domain/giving-reports';
import type { WorkplaceBadge } from '../domain/badge-reports';
import type { StoredExternalDonation } from '../domain/external-donations';

/**
 * A member's own records in the workplace table, found and changed for "Download my data" and "Delete my account"
 * (item layout: adapters/dynamo-workplace.ts). The workplaces a member belongs or belonged to come from the role copy
 * (MEMBER#<id> / WORKPLACE#<id>, kept with no roles after a removal); within each workplace's partition their pledges,
 * gifts, badges and volunteering are read by prefix and kept by memberId (those items have no member index).
 */
type Item = Record<string, unknown>;
const pkOf = (workplaceId: string) => `WORKPLACE#${workplaceId}`;
const strip = <T>({ pk: _pk, sk: _sk, gsi1pk: _g1, gsi1sk: _g2, ...rest }: Item) => rest as T;
const isConditionFailure = (error: unknown) => error instanceof ConditionalCheckFailedException;

export function dynamoMemberRecords(client: DynamoDBDocumentClient, tableName: string): MemberRecords {
  async function* pages(input: QueryCommandInput): AsyncIterable<Item> {
    let start: QueryCommandInput['ExclusiveStartKey'];
    do {
      const result = await client.send(new QueryCommand({ ...input, ExclusiveStartKey: start }));
      yield* result.Items ?? [];
      start = result.LastEvaluatedKey;
    } while (start);
  }
  /** The member's items of one kind in a workplace's partition (a filtered Query: the partition is read a page at a time). */
  async function ofMember(workplaceId: string, prefix: string, memberId: string): Promise<Item[]> {
    const items: Item[] = [];
    for await (const item of pages({
      TableName: tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      FilterExpression: 'memberId = :member',
      ExpressionAttributeValues: { ':pk': pkOf(workplaceId), ':prefix': prefix, ':member': memberId },
      ConsistentRead: true,
    })) {
      items.push(item);
    }
    return items;
  }
  /** Replaces memberId on one item, only while it is still the member's (a second run finds nothing to change). */
  async function replaceMember(key: { pk: string; sk: string }, memberId: string, pseudonym: string): Promise<boolean> {
    try {
      await client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: key,
          UpdateExpression: 'SET memberId = :pseudonym',
          ConditionExpression: 'memberId = :member',
          ExpressionAttributeValues: { ':pseudonym': pseudonym, ':member': memberId },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }
  const keyOf = (item: Item) => ({ pk: String(item.pk), sk: String(item.sk) });

  return {
    async workplaceRoles(memberId) {
      const items: Item[] = [];
      for await (const item of pages({
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :workplace)',
        ExpressionAttributeValues: { ':pk': `MEMBER#${memberId}`, ':workplace': 'WORKPLACE#' },
        ConsistentRead: true,
      })) {
        items.push(item);
      }
      return items.map((item) => strip<WorkplaceRoleRecord>(item));
    },
    async deleteWorkplaceRole(memberId, workplaceId) {
      const result = await client.send(new DeleteCommand({ TableName: tableName, Key: tenantRoleKey(memberId, { kind: 'workplace', id: workplaceId }), ReturnValues: 'ALL_OLD' }));
      return result.Attributes !== undefined;
    },
    async deleteEmployee(workplaceId, memberId) {
      const result = await client.send(new DeleteCommand({ TableName: tableName, Key: { pk: pkOf(workplaceId), sk: `EMPLOYEE#${memberId}` }, ReturnValues: 'ALL_OLD' }));
      return result.Attributes ? strip<EmployeeRecord>(result.Attributes) : undefined;
    },
    pledges: async (workplaceId, memberId) => (await ofMember(workplaceId, 'PLEDGE#', memberId)).filter((item) => item.total !== undefined).map((item) => strip<PledgeRecord>(item)),
    gifts: async (workplaceId, memberId) => (await ofMember(workplaceId, 'GIVING#', memberId)).map((item) => strip<WorkplaceGift>(item)),
    volunteering: async (workplaceId, memberId) => (await ofMember(workplaceId, 'VOLUNTEERED#', memberId)).map((item) => strip<WorkplaceVolunteering>(item)),
    badges: async (workplaceId, memberId) => (await ofMember(workplaceId, 'BADGE#', memberId)).map((item) => strip<WorkplaceBadge>(item)),

    async anonymisePledges(workplaceId, memberId, pseudonym) {
      // Cancellations that came before their pledge have no amount: they are the member's all the same.
      let count = 0;
      for (const item of await ofMember(workplaceId, 'PLEDGE#', memberId)) if (await replaceMember(keyOf(item), memberId, pseudonym)) count += 1;
      return count;
    },
    async anonymiseGifts(workplaceId, memberId, pseudonym) {
      let count = 0;
      for (const item of await ofMember(workplaceId, 'GIVING#', memberId)) if (await replaceMember(keyOf(item), memberId, pseudonym)) count += 1;
      return count;
    },
    async anonymiseVolunteering(workplaceId, memberId, pseudonym) {
      let count = 0;
      for (const item of await ofMember(workplaceId, 'VOLUNTEERED#', memberId)) if (await replaceMember(keyOf(item), memberId, pseudonym)) count += 1;
      return count;
    },
    async anonymiseBadges(workplaceId, memberId, pseudonym) {
      // The member's id is part of a badge's key: it moves to a key with the pseudonym, in one transaction.
      let count = 0;
      for (const item of await ofMember(workplaceId, 'BADGE#', memberId)) {
        const badge = strip<WorkplaceBadge>(item);
        const outcome = await transactWrite(client, [
          { Delete: { TableName: tableName, Key: keyOf(item), ConditionExpression: 'memberId = :member', ExpressionAttributeValues: { ':member': memberId } } },
          { Put: { TableName: tableName, Item: { pk: pkOf(workplaceId), sk: `BADGE#${badge.awardedAt}#${pseudonym}#${badge.badgeId}`, ...badge, memberId: pseudonym } } },
        ]);
        if (outcome.ok) count += 1;
      }
      return count;
    },

    async adminActions(workplaceId, names) {
      if (names.length === 0) return [];
      const actions: AdminAction[] = [];
      for (const [prefix, field] of [
        ['EXTERNAL#', 'decidedBy'],
        ['ELIGIBILITY#', 'uploadedBy'],
      ] as const) {
        for await (const item of pages({
          TableName: tableName,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
          FilterExpression: `#by IN (${names.map((_, i) => `:n${i}`).join(', ')})`,
          ExpressionAttributeNames: { '#by': field },
          ExpressionAttributeValues: { ':pk': pkOf(workplaceId), ':prefix': prefix, ...Object.fromEntries(names.map((name, i) => [`:n${i}`, name])) },
          ConsistentRead: true,
        })) {
          actions.push(
            field === 'decidedBy'
              ? { kind: 'external-donation-decision', key: keyOf(item), by: String(item.decidedBy), at: String(item.decidedAt ?? ''), status: String(item.status ?? '') }
              : { kind: 'eligibility-upload', key: keyOf(item), by: String(item.uploadedBy), at: String(item.uploadedAt ?? ''), status: String(item.status ?? ''), fileName: String(item.fileName ?? '') },
          );
        }
      }
      return actions;
    },
    async renameActor(action, name) {
      const field = action.kind === 'external-donation-decision' ? 'decidedBy' : 'uploadedBy';
      try {
        await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: action.key,
            UpdateExpression: 'SET #by = :name',
            ConditionExpression: '#by = :was',
            ExpressionAttributeNames: { '#by': field },
            ExpressionAttributeValues: { ':name': name, ':was': action.by },
          }),
        );
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },

    async externalDonations(memberId) {
      const items: Item[] = [];
      for await (const item of pages({
        TableName: tableName,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': `MEMBEREXTERNAL#${memberId}` },
      })) {
        items.push(item);
      }
      return items.map((item) => strip<StoredExternalDonation>(item)).filter((donation) => donation.memberId === memberId);
    },
    async anonymiseExternalDonation(donation, pseudonym, name) {
      try {
        await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { pk: pkOf(donation.workplaceId), sk: `EXTERNAL#${donation.id.slice(ID_TIME_LENGTH)}` },
            UpdateExpression: 'SET memberId = :pseudonym, memberName = :name, memberEmail = :empty, receiptFileName = :empty REMOVE gsi1pk, gsi1sk, note',
            ConditionExpression: 'id = :id AND memberId = :member',
            ExpressionAttributeValues: { ':pseudonym': pseudonym, ':name': name, ':empty': '', ':id': donation.id, ':member': donation.memberId },
          }),
        );
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },
    async deleteExternalDonation(donation) {
      const result = await client.send(
        new DeleteCommand({
          TableName: tableName,
          Key: { pk: pkOf(donation.workplaceId), sk: `EXTERNAL#${donation.id.slice(ID_TIME_LENGTH)}` },
          ConditionExpression: 'id = :id',
          ExpressionAttributeValues: { ':id': donation.id },
          ReturnValues: 'ALL_OLD',
        }),
      ).catch((error: unknown) => {
        if (isConditionFailure(error)) return { Attributes: undefined };
        throw error;
      });
      return result.Attributes !== undefined;
    },
  };
}
