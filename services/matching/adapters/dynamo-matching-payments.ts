import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { MatchingPaymentRecord } from '@giving/shared/contracts/matching-payments';
import { queryAll } from '@giving/shared/dynamo-query';
import type { MatchEntry } from '../domain/ledger';
import type { MatchingPeriodRecord, PaymentBook, RecordPaymentOutcome } from '../domain/matching-payments';

/**
 * Matching payments in matching's table, beside the ledger (adapters/dynamo-ledger.ts), in the campaign's partition:
 *   LEDGER#<campaign id> / PERIOD#<YYYY-MM>       matchedCents, donationsMatched, DonationCents, VoucherCents (ADDed
 *                                                 with each bonus, in the ledger's transaction), paidCents, owedCents,
 *                                                 payments (each recorded payment, appended), the names to show;
 *                                                 gsi1 = MATCHINGPERIODS / <period>#<workplace id>#<campaign id>
 *   LEDGER#<campaign id> / PAYMENT#<payment id>   a recorded payment (its id is the request's Idempotency-Key)
 *   MATCHINGPAYMENTKEY#<payment id> / KEY          the key's claim, whichever campaign and month it was for: a
 *                                                 retry finds the payment it recorded, another request is refused
 * owedCents only falls through a condition that it stays at or above nothing, in the transaction that records the
 * payment: two payments for the same month can never together pay more than was matched.
 */
const pk = (campaignId: string) => `LEDGER#${campaignId}`;
export const periodKey = (campaignId: string, period: string) => ({ pk: pk(campaignId), sk: `PERIOD#${period}` });
const paymentKey = (campaignId: string, paymentId: string) => ({ pk: pk(campaignId), sk: `PAYMENT#${paymentId}` });
const ALL_PERIODS = 'MATCHINGPERIODS';
const keyClaim = (paymentId: string) => ({ pk: `MATCHINGPAYMENTKEY#${paymentId}`, sk: 'KEY' });

/** The month's totals, moved with one bonus: part of the ledger's transaction (dynamo-ledger.ts record). */
export function addToPeriod(tableName: string, entry: MatchEntry) {
  return {
    TableName: tableName,
    Key: periodKey(entry.campaignId, entry.period),
    UpdateExpression:
      'ADD matchedCents :amount, donationsMatched :one, owedCents :amount, #byType :amount ' +
      'SET workplaceId = :workplaceId, workplaceName = :workplaceName, campaignId = :campaignId, campaignName = :campaignName, ' +
      '#period = :period, currency = :currency, gsi1pk = :all, gsi1sk = :sort',
    ExpressionAttributeNames: { '#byType': `${entry.matchType}Cents`, '#period': 'period' },
    ExpressionAttributeValues: {
      ':amount': entry.amount,
      ':one': 1,
      ':workplaceId': entry.workplaceId,
      ':workplaceName': entry.workplaceName ?? '',
      ':campaignId': entry.campaignId,
      ':campaignName': entry.campaignName ?? '',
      ':period': entry.period,
      ':currency': entry.currency,
      ':all': ALL_PERIODS,
      ':sort': `${entry.period}#${entry.workplaceId}#${entry.campaignId}`,
    },
  };
}

function toPeriod(item: Record<string, unknown>): MatchingPeriodRecord {
  const number = (name: string) => Number(item[name] ?? 0);
  return {
    workplace: { id: String(item.workplaceId), name: String(item.workplaceName ?? '') },
    campaignId: String(item.campaignId),
    campaignName: String(item.campaignName ?? ''),
    period: String(item.period),
    currency: item.currency as MatchingPeriodRecord['currency'],
    matchedAmount: number('matchedCents'),
    donationsMatched: number('donationsMatched'),
    paidAmount: number('paidCents'),
    owedAmount: number('owedCents'),
    byMatchType: { Donation: number('DonationCents'), Voucher: number('VoucherCents') },
    payments: ((item.payments as MatchingPaymentRecord[] | undefined) ?? []).slice().sort((a, b) => a.recordedAt.localeCompare(b.recordedAt)),
  };
}

export function dynamoPaymentBook(client: DynamoDBDocumentClient, tableName: string): PaymentBook {
  return {
    async periodsOf(campaignId) {
      const items = await queryAll(client, {
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :period)',
        ExpressionAttributeValues: { ':pk': pk(campaignId), ':period': 'PERIOD#' },
      });
      return items.map(toPeriod);
    },

    async allPeriods() {
      const items = await queryAll(client, {
        TableName: tableName,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :all',
        ExpressionAttributeValues: { ':all': ALL_PERIODS },
        ScanIndexForward: false,
      });
      return items.map(toPeriod);
    },

    async period(campaignId, period) {
      const item = (await client.send(new GetCommand({ TableName: tableName, Key: periodKey(campaignId, period), ConsistentRead: true }))).Item;
      return item ? toPeriod(item) : undefined;
    },

    async recordPayment(campaignId, period, payment): Promise<RecordPaymentOutcome> {
      try {
        await client.send(
          new TransactWriteCommand({
            TransactItems: [
              { Put: { TableName: tableName, Item: { ...keyClaim(payment.paymentId), campaignId, period, ...payment }, ConditionExpression: 'attribute_not_exists(pk)' } },
              { Put: { TableName: tableName, Item: { ...paymentKey(campaignId, payment.paymentId), period, ...payment }, ConditionExpression: 'attribute_not_exists(pk)' } },
              {
                Update: {
                  TableName: tableName,
                  Key: periodKey(campaignId, period),
                  UpdateExpression: 'ADD paidCents :amount, owedCents :less SET payments = list_append(if_not_exists(payments, :none), :payment)',
                  ConditionExpression: 'attribute_exists(pk) AND owedCents >= :amount',
                  ExpressionAttributeValues: { ':amount': payment.amount, ':less': -payment.amount, ':none': [], ':payment': [payment] },
                },
              },
            ],
          }),
        );
        return { outcome: 'recorded', payment };
      } catch (error) {
        if (!(error instanceof TransactionCanceledException)) throw error;
        const [keyReason, paymentReason, periodReason] = error.CancellationReasons ?? [];
        if (keyReason?.Code === 'ConditionalCheckFailed' || paymentReason?.Code === 'ConditionalCheckFailed') {
          const stored = (await client.send(new GetCommand({ TableName: tableName, Key: keyClaim(payment.paymentId), ConsistentRead: true }))).Item;
          const { pk: _pk, sk: _sk, campaignId: storedCampaign, period: storedPeriod, ...record } = stored ?? {};
          return { outcome: 'already', payment: record as MatchingPaymentRecord, campaignId: String(storedCampaign), period: String(storedPeriod) };
        }
        if (periodReason?.Code === 'ConditionalCheckFailed') {
          return (await this.period(campaignId, period)) ? { outcome: 'more-than-owed' } : { outcome: 'no-period' };
        }
        throw error;
      }
    },
  };
}
