import { queryAll as queryAllItems } from '@giving/shared/dynamo-query';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, QueryCommand, TransactWriteCommand, type DynamoDBDocumentClient, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { DomainError } from '@giving/shared/errors';
import type { Currency } from '@giving/shared/money';
import type { CharityLedger, LedgerMonth, StoredPayout } from '../domain/ports';
import { donationKey } from './dynamo-payments';
import { givingStatsUpdates } from './dynamo-giving-stats';

/**
 * What each charity is owed and was paid:
 *   CHARITY#<charity id> / LEDGER                      received, refunded, paid and owed cents overall, donation count, currency
 *   CHARITY#<charity id> / LEDGER#MONTH#<YYYY-MM>      received, refunded and paid cents, donation count, in that local month
 *   CHARITY#<charity id> / PAYOUT#<paidAt>#<payout id> a payout the back office recorded
 *   PAYOUTKEY#<idempotency key> / PAYOUTKEY           the payout a request key recorded (expires after 30 days)
 * A donation is counted in one transaction with `ledgerMonth` set on its own item (only if not set yet), so a
 * redelivered stream record counts nothing twice; the dashboards' figures (adapters/dynamo-giving-stats.ts) are added
 * in the same transaction. A payout is taken from `owedCents` under the condition
 * `owedCents >= amount` in the transaction that stores it: never paid beyond what is owed, whatever runs concurrently.
 * A refund (adapters/dynamo-refunds.ts) takes its donation part from `owedCents` in the month it is made; when the
 * charity was already paid, what it is owed goes below zero and the next payouts wait until donations make it up.
 */
const PAYOUT_KEY_TTL_SECONDS = 30 * 24 * 60 * 60;
export const PAYOUT_BUSY_MESSAGE = 'The charity’s balance was changing at that moment. Nothing was recorded: please try again.';

export const ledgerKey = (charityId: string) => ({ pk: `CHARITY#${charityId}`, sk: 'LEDGER' });
export const monthKey = (charityId: string, month: string) => ({ pk: `CHARITY#${charityId}`, sk: `LEDGER#MONTH#${month}` });
const payoutKey = (payout: Pick<StoredPayout, 'charityId' | 'paidAt' | 'payoutId'>) => ({ pk: `CHARITY#${payout.charityId}`, sk: `PAYOUT#${payout.paidAt}#${payout.payoutId}` });
const payoutRequestKey = (idempotencyKey: string) => ({ pk: `PAYOUTKEY#${idempotencyKey}`, sk: 'PAYOUTKEY' });

type Item = Record<string, unknown>;
const cents = (value: unknown) => (typeof value === 'number' ? value : 0);

function toPayout(item: Item): StoredPayout {
  const { pk: _pk, sk: _sk, ...payout } = item;
  return payout as unknown as StoredPayout;
}

export function dynamoCharityLedger(client: DynamoDBDocumentClient, tableName: string): CharityLedger {
  const queryAll = (input: QueryCommandInput) => queryAllItems(client, input);

  return {
    async countDonation(donation) {
      const { donationId, charityId, month, amount } = donation;
      const add = { ':amount': amount.cents, ':one': 1, ':currency': amount.currency };
      try {
        await client.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Update: {
                  TableName: tableName,
                  Key: donationKey(donationId),
                  UpdateExpression: 'SET ledgerMonth = :month',
                  ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(ledgerMonth)',
                  ExpressionAttributeValues: { ':month': month },
                },
              },
              {
                Update: {
                  TableName: tableName,
                  Key: ledgerKey(charityId),
                  UpdateExpression: 'ADD receivedCents :amount, owedCents :amount, donationCount :one SET currency = if_not_exists(currency, :currency), charityId = :charityId',
                  ExpressionAttributeValues: { ...add, ':charityId': charityId },
                },
              },
              {
                Update: {
                  TableName: tableName,
                  Key: monthKey(charityId, month),
                  UpdateExpression: 'ADD receivedCents :amount, donationCount :one SET #month = :month, currency = if_not_exists(currency, :currency)',
                  ExpressionAttributeNames: { '#month': 'month' },
                  ExpressionAttributeValues: { ...add, ':month': month },
                },
              },
              ...givingStatsUpdates(tableName, donation),
            ],
          }),
        );
        return 'counted';
      } catch (error) {
        if (error instanceof TransactionCanceledException && error.CancellationReasons?.[0]?.Code === 'ConditionalCheckFailed') return 'already';
        throw error;
      }
    },

    async recordPayout(payout, month, idempotencyKey, fingerprint) {
      const amount = payout.amount.cents;
      try {
        await client.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Put: {
                  TableName: tableName,
                  Item: {
                    ...payoutRequestKey(idempotencyKey),
                    payoutSk: payoutKey(payout).sk,
                    charityId: payout.charityId,
                    fingerprint,
                    expiresAt: Math.floor(Date.parse(payout.recordedAt) / 1000) + PAYOUT_KEY_TTL_SECONDS,
                  },
                  ConditionExpression: 'attribute_not_exists(pk)',
                },
              },
              { Put: { TableName: tableName, Item: { ...payoutKey(payout), ...payout }, ConditionExpression: 'attribute_not_exists(pk)' } },
              {
                Update: {
                  TableName: tableName,
                  Key: ledgerKey(payout.charityId),
                  UpdateExpression: 'ADD owedCents :taken, paidCents :amount',
                  ConditionExpression: 'owedCents >= :amount AND currency = :currency',
                  ExpressionAttributeValues: { ':taken': -amount, ':amount': amount, ':currency': payout.amount.currency },
                },
              },
              {
                Update: {
                  TableName: tableName,
                  Key: monthKey(payout.charityId, month),
                  UpdateExpression: 'ADD paidCents :amount SET #month = :month, currency = if_not_exists(currency, :currency)',
                  ExpressionAttributeNames: { '#month': 'month' },
                  ExpressionAttributeValues: { ':amount': amount, ':month': month, ':currency': payout.amount.currency },
                },
              },
            ],
          }),
        );
        return { outcome: 'recorded' };
      } catch (error) {
        if (!(error instanceof TransactionCanceledException)) throw error;
        const [keyReason, , ledgerReason] = error.CancellationReasons ?? [];
        if (keyReason?.Code === 'ConditionalCheckFailed') {
          const claim = await client.send(new GetCommand({ TableName: tableName, Key: payoutRequestKey(idempotencyKey), ConsistentRead: true }));
          const found = claim.Item as { payoutSk: string; charityId: string; fingerprint: string } | undefined;
          if (!found) throw error;
          const stored = await client.send(new GetCommand({ TableName: tableName, Key: { pk: `CHARITY#${found.charityId}`, sk: found.payoutSk }, ConsistentRead: true }));
          if (!stored.Item) throw error;
          return { outcome: 'repeat', payout: toPayout(stored.Item), fingerprint: found.fingerprint };
        }
        if (ledgerReason?.Code === 'ConditionalCheckFailed') return { outcome: 'more-than-owed' };
        // Another write to the balance at the same instant (a donation being counted): nothing was written; say so.
        if (error.CancellationReasons?.some((reason) => reason.Code === 'TransactionConflict')) throw new DomainError('Conflict', PAYOUT_BUSY_MESSAGE);
        throw error;
      }
    },

    async get(charityId, payoutLimit) {
      const [ledger, months, payouts] = await Promise.all([
        client.send(new GetCommand({ TableName: tableName, Key: ledgerKey(charityId), ConsistentRead: true })),
        queryAll({
          TableName: tableName,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :month)',
          ExpressionAttributeValues: { ':pk': `CHARITY#${charityId}`, ':month': 'LEDGER#MONTH#' },
          ConsistentRead: true,
        }),
        client.send(
          new QueryCommand({
            TableName: tableName,
            KeyConditionExpression: 'pk = :pk AND begins_with(sk, :payout)',
            ExpressionAttributeValues: { ':pk': `CHARITY#${charityId}`, ':payout': 'PAYOUT#' },
            ScanIndexForward: false,
            Limit: payoutLimit,
            ConsistentRead: true,
          }),
        ),
      ]);
      const totals = ledger.Item ?? {};
      return {
        ...(typeof totals.currency === 'string' ? { currency: totals.currency as Currency } : {}),
        receivedCents: cents(totals.receivedCents),
        refundedCents: cents(totals.refundedCents),
        paidCents: cents(totals.paidCents),
        owedCents: cents(totals.owedCents),
        months: months.map(
          (item): LedgerMonth => ({
            month: String(item.month),
            donationCount: cents(item.donationCount),
            receivedCents: cents(item.receivedCents),
            refundedCents: cents(item.refundedCents),
            paidCents: cents(item.paidCents),
          }),
        ),
        payouts: (payouts.Items ?? []).map(toPayout),
      };
    },
  };
}
