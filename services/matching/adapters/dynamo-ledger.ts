import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, QueryCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { batchGetAll, queryAll } from '@giving/shared/dynamo-query';
import type { LedgerState, MatchEntry, MatchLedger } from '../domain/ledger';
import { isErasedMember } from '../domain/personal-data';
import { addToPeriod, periodKey } from './dynamo-matching-payments';

/**
 * The match ledger in matching's table, one partition per campaign:
 *   LEDGER#<campaign id> / MATCH#<donation id>   a bonus (at most one per donation: the put is conditional);
 *                                                gsi1 = DONATIONMATCH#<donation id> / <campaign id> (a refund finds it)
 *   LEDGER#<campaign id> / TOTALS                matchedCents, donationsMatched (ADDed in the same transaction)
 *   LEDGER#<campaign id> / MEMBER#<member id>    the member's matchedCents
 *   LEDGER#<campaign id> / ENTRY#<page id>       a fundraising page's matchedCents
 *   LEDGER#<campaign id> / PERIOD#<YYYY-MM>      what the campaign matched in a month, what was paid and is owed
 *                                                (adapters/dynamo-matching-payments.ts; gsi1 = MATCHINGPERIODS /
 *                                                <period>#<workplace>#<campaign>: the back office's list)
 * Every total is conditioned on staying at or under its limit, so the caps hold under any interleaving; the month's
 * totals move in the same transaction. A refund's give-back moves every one of them down in one transaction too.
 */
const pk = (campaignId: string) => `LEDGER#${campaignId}`;
const keys = {
  match: (campaignId: string, donationId: string) => ({ pk: pk(campaignId), sk: `MATCH#${donationId}` }),
  totals: (campaignId: string) => ({ pk: pk(campaignId), sk: 'TOTALS' }),
  member: (campaignId: string, memberId: string) => ({ pk: pk(campaignId), sk: `MEMBER#${memberId}` }),
  entry: (campaignId: string, pageId: string) => ({ pk: pk(campaignId), sk: `ENTRY#${pageId}` }),
};

const toEntry = ({ pk: _pk, sk: _sk, gsi1pk: _g1, gsi1sk: _g2, ...entry }: Record<string, unknown>) => entry as unknown as MatchEntry;

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
      // One consistent batch read for the four items (a busy campaign reads them on every attempt).
      const wanted = [keys.match(campaignId, donationId), keys.totals(campaignId), keys.member(campaignId, memberId), ...(pageId ? [keys.entry(campaignId, pageId)] : [])];
      const found = new Map((await batchGetAll(client, tableName, wanted)).map((item) => [String(item.sk), item]));
      const at = (key: { sk: string }) => found.get(key.sk);
      return {
        matched: at(keys.match(campaignId, donationId)) !== undefined,
        campaignCents: cents(at(keys.totals(campaignId))),
        memberCents: cents(at(keys.member(campaignId, memberId))),
        entryCents: pageId ? cents(at(keys.entry(campaignId, pageId))) : 0,
      };
    },

    async record(entry: MatchEntry, limits) {
      try {
        await client.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Put: {
                  TableName: tableName,
                  Item: { ...keys.match(entry.campaignId, entry.donationId), ...entry, gsi1pk: `DONATIONMATCH#${entry.donationId}`, gsi1sk: entry.campaignId },
                  ConditionExpression: 'attribute_not_exists(pk)',
                },
              },
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
      return items.map(toEntry);
    },

    async matchesOf(donationId) {
      const result = await client.send(
        new QueryCommand({ TableName: tableName, IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :donation', ExpressionAttributeValues: { ':donation': `DONATIONMATCH#${donationId}` } }),
      );
      // The index is eventually consistent: each entry is read again from the table.
      const entries = await Promise.all((result.Items ?? []).map((item) => get(keys.match(String(item.campaignId), donationId))));
      return entries.filter((item): item is Record<string, unknown> => item !== undefined).map(toEntry);
    },

    async giveBack(entry, refundId, kept, withEntry) {
      const back = entry.amount - kept;
      const down = (key: Record<string, string>, extra = '') => ({
        Update: { TableName: tableName, Key: key, UpdateExpression: `ADD matchedCents :back${extra}`, ExpressionAttributeValues: { ':back': -back, ...(extra ? { ':less': -1 } : {}) } },
      });
      try {
        await client.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Update: {
                  TableName: tableName,
                  Key: keys.match(entry.campaignId, entry.donationId),
                  UpdateExpression:
                    'SET amount = :kept, givenBackCents = if_not_exists(givenBackCents, :zero) + :back, refundIds = list_append(if_not_exists(refundIds, :none), :refund), lastGiveBack = :last',
                  ConditionExpression: 'amount = :seen AND (attribute_not_exists(refundIds) OR NOT contains(refundIds, :refundId))',
                  ExpressionAttributeValues: {
                    ':kept': kept,
                    ':zero': 0,
                    ':back': back,
                    ':none': [],
                    ':refund': [refundId],
                    ':refundId': refundId,
                    ':seen': entry.amount,
                    ':last': { refundId, cents: back },
                  },
                },
              },
              ...(back > 0
                ? [
                    // A bonus given back in full no longer counts as a donation matched.
                    down(keys.totals(entry.campaignId), kept === 0 ? ', donationsMatched :less' : ''),
                    // An erased member's running total was deleted with them: nothing is left to take it from.
                    ...(isErasedMember(entry.memberId) ? [] : [down(keys.member(entry.campaignId, entry.memberId))]),
                    ...(withEntry && entry.pageId ? [down(keys.entry(entry.campaignId, entry.pageId))] : []),
                    {
                      Update: {
                        TableName: tableName,
                        Key: periodKey(entry.campaignId, entry.period),
                        UpdateExpression: `ADD matchedCents :less, owedCents :less, #byType :less, givenBackCents :back${kept === 0 ? ', donationsMatched :minusOne' : ''}`,
                        ExpressionAttributeNames: { '#byType': `${entry.matchType}Cents` },
                        ExpressionAttributeValues: { ':less': -back, ':back': back, ...(kept === 0 ? { ':minusOne': -1 } : {}) },
                      },
                    },
                  ]
                : []),
            ],
          }),
        );
        return 'given';
      } catch (error) {
        if (!(error instanceof TransactionCanceledException)) throw error;
        const now = await get(keys.match(entry.campaignId, entry.donationId));
        return Array.isArray(now?.refundIds) && now.refundIds.includes(refundId) ? 'already' : 'changed';
      }
    },
  };
}
