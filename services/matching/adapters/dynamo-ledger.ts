import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { queryAll } from '@giving/shared/dynamo-query';
import type { LedgerState, MatchEntry, MatchLedger } from '../domain/ledger';
import { addToPeriod } from './dynamo-matching-payments';

/**
 * The match ledger in matching's table, one partition per campaign:
 *   LEDGER#<campaign id> / MATCH#<donation id>   a bonus (at most one per donation: the put is conditional)
 *   LEDGER#<campaign id> / TOTALS                matchedCents, donationsMatched (ADDed in the same transaction)
 *   LEDGER#<campaign id> / MEMBER#<member id>    the member's matchedCents
 *   LEDGER#<campaign id> / ENTRY#<page id>       a fundraising page's matchedCents
 *   LEDGER#<campaign id> / PERIOD#<YYYY-MM>      what the campaign matched in a month, what was paid and is owed
 *                                                (adapters/dynamo-matching-payments.ts; gsi1 = MATCHINGPERIODS /
 *                                                <period>#<workplace>#<campaign>: the back office's list)
 * Every total is conditioned on staying at or under its limit, so the caps hold under any interleaving; the month's
 * totals move in the same transaction.
 */
const pk = (campaignId: string) => `LEDGER#${campaignId}`;
const keys = {
  match: (campaignId: string, donationId: string) => ({ pk: pk(campaignId), sk: `MATCH#${donationId}` }),
  totals: (campaignId: string) => ({ pk: pk(campaignId), sk: 'TOTALS' }),
  member: (campaignId: string, memberId: string) => ({ pk: pk(campaignId), sk: `MEMBER#${memberId}` }),
  entry: (campaignId: string, pageId: string) => ({ pk: pk(campaignId), sk: `ENTRY#${pageId}` }),
};

export function dynamoMatchLedger(client: DynamoDBDocumentClient, tableName: string): MatchLedger {
  const get = async (key: Record<string, string>) => (await client.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }))).Item;
  const cents = (item: Record<string, unknown> | undefined) => Number(item?.matchedCents ?? 0);
  const add = (key: Record<string, string>, amount: number, limit: number | undefined, extra = '') => ({
    Update: {
      TableName: tableName,
      Key: key,
      UpdateExpression: `ADD matchedCents :amount${extra}`,
      ...(limit === undefined ? {} : { ConditionExpression: 'attribute_not_exists(matchedCents) OR matchedCents <= :limit' }),
      ExpressionAttributeValues: { ':amount': amount, ...(limit === undefined ? {} : { ':limit': limit }), ...(extra ? { ':one': 1 } : {}) },
    },
  });
  return {
    async state(campaignId, donationId, memberId, pageId): Promise<LedgerState> {
      const [match, totals, member, entry] = await Promise.all([
        get(keys.match(campaignId, donationId)),
        get(keys.totals(campaignId)),
        get(keys.member(campaignId, memberId)),
        pageId ? get(keys.entry(campaignId, pageId)) : Promise.resolve(undefined),
      ]);
      return { matched: match !== undefined, campaignCents: cents(totals), memberCents: cents(member), entryCents: cents(entry) };
    },

    async record(entry: MatchEntry, limits) {
      try {
        await client.send(
          new TransactWriteCommand({
            TransactItems: [
              { Put: { TableName: tableName, Item: { ...keys.match(entry.campaignId, entry.donationId), ...entry }, ConditionExpression: 'attribute_not_exists(pk)' } },
              add(keys.totals(entry.campaignId), entry.amount, limits.campaign, ', donationsMatched :one'),
              add(keys.member(entry.campaignId, entry.memberId), entry.amount, limits.member),
              ...(entry.pageId && 'entry' in limits ? [add(keys.entry(entry.campaignId, entry.pageId), entry.amount, limits.entry)] : []),
              { Update: addToPeriod(tableName, entry) },
            ],
          }),
        );
        return 'recorded';
      } catch (error) {
        if (!(error instanceof TransactionCanceledException)) throw error;
        if (error.CancellationReasons?.[0]?.Code === 'ConditionalCheckFailed') return 'already';
        return 'conflict';
      }
    },

    async totals(campaignId) {
      const item = await get(keys.totals(campaignId));
      return { matchedCents: cents(item), donationsMatched: Number(item?.donationsMatched ?? 0) };
    },

    async entries(campaignId) {
      const items = await queryAll(client, {
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :match)',
        ExpressionAttributeValues: { ':pk': pk(campaignId), ':match': 'MATCH#' },
      });
      return items.map(({ pk: _pk, sk: _sk, ...entry }) => entry as unknown as MatchEntry);
    },
  };
}
