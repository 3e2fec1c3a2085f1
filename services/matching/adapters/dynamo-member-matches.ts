import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { tenantRoleKey } from '@giving/shared/dynamo-copies';
import { queryAll } from '@giving/shared/dynamo-query';
import type { MatchEntry } from '../domain/ledger';
import type { MemberMatches, MembershipCopy } from '../domain/personal-data';

/**
 * A member's own records in matching's table, found and changed for "Download my data" and "Delete my account"
 * (item layout: adapters/dynamo-ledger.ts, adapters/dynamo-campaigns.ts). Ledger entries are kept per campaign with no
 * member index: a campaign's entries are read a page at a time and kept by memberId.
 */
type Item = Record<string, unknown>;
const isConditionFailure = (error: unknown) => error instanceof ConditionalCheckFailedException;

export function dynamoMemberMatches(client: DynamoDBDocumentClient, tableName: string): MemberMatches {
  const memberTotalKey = (campaignId: string, memberId: string) => ({ pk: `LEDGER#${campaignId}`, sk: `MEMBER#${memberId}` });
  return {
    async memberships(memberId) {
      const items = await queryAll(client, {
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :workplace)',
        ExpressionAttributeValues: { ':pk': `MEMBER#${memberId}`, ':workplace': 'WORKPLACE#' },
        ConsistentRead: true,
      });
      return items.map(({ pk: _pk, sk: _sk, ...membership }: Item) => membership as unknown as MembershipCopy);
    },
    async deleteMembership(memberId, workplaceId) {
      const result = await client.send(new DeleteCommand({ TableName: tableName, Key: tenantRoleKey(memberId, { kind: 'workplace', id: workplaceId }), ReturnValues: 'ALL_OLD' }));
      return result.Attributes !== undefined;
    },
    async entries(campaignId, memberId) {
      const items = await queryAll(client, {
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :match)',
        FilterExpression: 'memberId = :member',
        ExpressionAttributeValues: { ':pk': `LEDGER#${campaignId}`, ':match': 'MATCH#', ':member': memberId },
        ConsistentRead: true,
      });
      return items.map(({ pk: _pk, sk: _sk, gsi1pk: _g1, gsi1sk: _g2, ...entry }: Item) => entry as unknown as MatchEntry);
    },
    async anonymiseEntry(entry: MatchEntry, pseudonym) {
      try {
        await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { pk: `LEDGER#${entry.campaignId}`, sk: `MATCH#${entry.donationId}` },
            // The amounts stay as they are: the campaign's and the month's totals were added from them.
            UpdateExpression: 'SET memberId = :pseudonym REMOVE #member',
            ConditionExpression: 'memberId = :member',
            ExpressionAttributeNames: { '#member': 'member' },
            ExpressionAttributeValues: { ':pseudonym': pseudonym, ':member': entry.memberId },
          }),
        );
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },
    async memberTotal(campaignId, memberId) {
      const item = (await client.send(new GetCommand({ TableName: tableName, Key: memberTotalKey(campaignId, memberId), ConsistentRead: true }))).Item;
      return item ? Number(item.matchedCents ?? 0) : undefined;
    },
    async deleteMemberTotal(campaignId, memberId) {
      const result = await client.send(new DeleteCommand({ TableName: tableName, Key: memberTotalKey(campaignId, memberId), ReturnValues: 'ALL_OLD' }));
      return result.Attributes !== undefined;
    },
  };
}
