import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { RefundParts } from '@giving/shared/contracts/back-office-payments';
import { queryAll } from '@giving/shared/dynamo-query';
import type { RefundBook, StoredRefund } from '../domain/refunds';
import { ledgerKey, monthKey } from './dynamo-charity-ledger';
import { givingStatsUpdates } from './dynamo-giving-stats';
import { partAttribute, REFUND_PARTS } from './donation-items';
import { membershipKey } from './dynamo-charity-memberships';
import { donationKey, paymentKey } from './dynamo-payments';
import { voucherKey } from './dynamo-vouchers';

/**
 * Refunds in the donations table (domain/refunds.ts, domain/payment-refunds.ts):
 *   DONATION#<donation id> / REFUND#<refund id>   the refund (its parts, status, who asked and why); an INSERT starts
 *                                                 the refund workflow (the manifest's stream). A voucher purchase's or
 *                                                 membership fee's refund is filed the same way under its tracking number.
 *   REFUNDKEY#<idempotency key> / REFUNDKEY       the refund a request key stored (expires after 30 days)
 * and on the donation's own item (a voucher purchase's or membership fee's: its payment's), flat so DynamoDB can ADD
 * to them: refundVersion, held<Part>Cents (reserved by refunds requested or completed), refunded<Part>Cents and
 * refundCount (completed). A reservation is conditioned on the version it was planned against, so concurrent refunds
 * are planned one after the other, never both from the same balance; a voucher purchase's also takes its part off the
 * vouchers' balances, each conditioned on the balance, so what a recipient spends at that moment is never refunded.
 */
const KEY_TTL_SECONDS = 30 * 24 * 60 * 60;
const refundKey = (donationId: string, refundId: string) => ({ pk: `DONATION#${donationId}`, sk: `REFUND#${refundId}` });
const requestKey = (idempotencyKey: string) => ({ pk: `REFUNDKEY#${idempotencyKey}`, sk: 'REFUNDKEY' });
/** The item a refund's sums are kept on: its donation, or the voucher purchase's or membership fee's payment. */
const holderKey = (refund: Pick<StoredRefund, 'subject' | 'donationId' | 'trackingNumber'>) => (refund.subject ? paymentKey(refund.trackingNumber) : donationKey(refund.donationId));

/** Each voucher's balance taken down by what a voucher purchase's refund takes (`sign` 1), or put back (-1). */
const voucherBalanceUpdates = (tableName: string, refund: StoredRefund, sign: 1 | -1) =>
  (refund.voucherTakes ?? []).map((take) => ({
    Update: {
      TableName: tableName,
      Key: voucherKey(take.codeHash),
      UpdateExpression: 'ADD balanceCents :change',
      ConditionExpression: sign === 1 ? 'balanceCents >= :cents' : 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':change': -sign * take.cents, ...(sign === 1 ? { ':cents': take.cents } : {}) },
    },
  }));

const toRefund = (item: Record<string, unknown>): StoredRefund => {
  const { pk: _pk, sk: _sk, ...refund } = item;
  return refund as unknown as StoredRefund;
};

/** `ADD heldCharityCents :heldCharity, …` and its values, each part times `sign`. */
function addParts(prefix: 'held' | 'refunded', parts: RefundParts, sign: 1 | -1) {
  const names = REFUND_PARTS.map((part) => `${partAttribute(prefix, part)} :${prefix}_${part}`);
  const values = Object.fromEntries(REFUND_PARTS.map((part) => [`:${prefix}_${part}`, sign * parts[part]]));
  return { add: names.join(', '), values };
}

/** The charity's ledger: what it is owed less the refund's part of its money, in all and in the month given. */
const ledgerUpdates = (tableName: string, charityId: string, month: string, amount: number, currency: string) => [
  {
    Update: {
      TableName: tableName,
      Key: ledgerKey(charityId),
      UpdateExpression: 'ADD owedCents :taken, refundedCents :amount SET currency = if_not_exists(currency, :currency), charityId = :charityId',
      ExpressionAttributeValues: { ':taken': -amount, ':amount': amount, ':currency': currency, ':charityId': charityId },
    },
  },
  {
    Update: {
      TableName: tableName,
      Key: monthKey(charityId, month),
      UpdateExpression: 'ADD refundedCents :amount SET #month = :month, currency = if_not_exists(currency, :currency)',
      ExpressionAttributeNames: { '#month': 'month' },
      ExpressionAttributeValues: { ':amount': amount, ':month': month, ':currency': currency },
    },
  },
];

/** A membership's full refund of its latest fee: it ends now (cancelled, never renewed). */
const endMembershipUpdate = (tableName: string, membershipId: string, at: Date) => ({
  Update: {
    TableName: tableName,
    Key: membershipKey(membershipId),
    UpdateExpression: 'SET cancelledAt = if_not_exists(cancelledAt, :at), autoRenew = :false REMOVE gsi2pk, gsi2sk, nextRenewalOn',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':at': at.toISOString(), ':false': false },
  },
});

export function dynamoRefundBook(client: DynamoDBDocumentClient, tableName: string): RefundBook {
  const get = async (key: Record<string, string>) => (await client.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }))).Item;

  return {
    async reserve(refund, version, idempotencyKey, fingerprint) {
      const held = addParts('held', refund.parts, 1);
      try {
        await client.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Put: {
                  TableName: tableName,
                  Item: {
                    ...requestKey(idempotencyKey),
                    donationId: refund.donationId,
                    refundId: refund.refundId,
                    fingerprint,
                    expiresAt: Math.floor(Date.parse(refund.requestedAt) / 1000) + KEY_TTL_SECONDS,
                  },
                  ConditionExpression: 'attribute_not_exists(pk)',
                },
              },
              { Put: { TableName: tableName, Item: { ...refundKey(refund.donationId, refund.refundId), ...refund }, ConditionExpression: 'attribute_not_exists(pk)' } },
              {
                Update: {
                  TableName: tableName,
                  Key: holderKey(refund),
                  UpdateExpression: `SET refundVersion = :next ADD ${held.add}`,
                  ConditionExpression: `attribute_exists(pk) AND ${version === 0 ? 'attribute_not_exists(refundVersion)' : 'refundVersion = :version'}`,
                  ExpressionAttributeValues: { ':next': version + 1, ...(version === 0 ? {} : { ':version': version }), ...held.values },
                },
              },
              ...voucherBalanceUpdates(tableName, refund, 1),
            ],
          }),
        );
        return { outcome: 'reserved' };
      } catch (error) {
        if (!(error instanceof TransactionCanceledException)) throw error;
        const [keyReason] = error.CancellationReasons ?? [];
        if (keyReason?.Code === 'ConditionalCheckFailed') {
          const claim = await get(requestKey(idempotencyKey));
          const stored = claim ? await get(refundKey(String(claim.donationId), String(claim.refundId))) : undefined;
          if (!claim || !stored) throw error;
          return { outcome: 'repeat', refund: toRefund(stored), fingerprint: String(claim.fingerprint) };
        }
        // The donation's version moved (another refund), a voucher's balance was spent, or another write at that instant: plan again.
        return { outcome: 'changed' };
      }
    },

    async get(donationId, refundId) {
      const item = await get(refundKey(donationId, refundId));
      return item ? toRefund(item) : undefined;
    },

    async list(donationId) {
      const items = await queryAll(client, {
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :refund)',
        ExpressionAttributeValues: { ':pk': `DONATION#${donationId}`, ':refund': 'REFUND#' },
        ScanIndexForward: false,
        ConsistentRead: true,
      });
      return items.map(toRefund);
    },

    async complete(refund, at, month, figures) {
      const refunded = addParts('refunded', refund.parts, 1);
      try {
        await client.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Update: {
                  TableName: tableName,
                  Key: refundKey(refund.donationId, refund.refundId),
                  UpdateExpression: 'SET #status = :completed, completedAt = :at, ledgerMonth = :month',
                  ConditionExpression: '#status = :requested',
                  ExpressionAttributeNames: { '#status': 'status' },
                  ExpressionAttributeValues: { ':completed': 'Completed', ':requested': 'Requested', ':at': at.toISOString(), ':month': month },
                },
              },
              {
                Update: {
                  TableName: tableName,
                  Key: holderKey(refund),
                  UpdateExpression: `ADD ${refunded.add}, refundCount :one`,
                  // Whether the donation leaves the dashboards' counts was worked out from what had been refunded: two
                  // refunds completing at once must not both read "some is left" (the later one fails here, and its
                  // workflow step reads the donation again and retries).
                  ConditionExpression: figures
                    ? `attribute_exists(pk) AND (${figures.refundedBefore === 0 ? 'attribute_not_exists(refundedCharityCents) OR ' : ''}refundedCharityCents = :before)`
                    : 'attribute_exists(pk)',
                  ExpressionAttributeValues: { ...refunded.values, ':one': 1, ...(figures ? { ':before': figures.refundedBefore } : {}) },
                },
              },
              // A donation's or membership fee's charity is owed less; a voucher purchase has no charity (its money never was one's).
              ...(refund.charityId ? ledgerUpdates(tableName, refund.charityId, month, refund.parts.charity, refund.currency) : []),
              ...(refund.endsMembership ? [endMembershipUpdate(tableName, refund.endsMembership, at)] : []),
              ...(figures ? givingStatsUpdates(tableName, figures.entry, { donations: -figures.donations, cents: -figures.entry.amount.cents }) : []),
            ],
          }),
        );
        return 'completed';
      } catch (error) {
        if (error instanceof TransactionCanceledException && error.CancellationReasons?.[0]?.Code === 'ConditionalCheckFailed') return 'already';
        throw error;
      }
    },

    async fail(refund, message, at) {
      const released = addParts('held', refund.parts, -1);
      try {
        await client.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Update: {
                  TableName: tableName,
                  Key: refundKey(refund.donationId, refund.refundId),
                  UpdateExpression: 'SET #status = :failed, completedAt = :at, message = :message',
                  ConditionExpression: '#status = :requested',
                  ExpressionAttributeNames: { '#status': 'status' },
                  ExpressionAttributeValues: { ':failed': 'Failed', ':requested': 'Requested', ':at': at.toISOString(), ':message': message },
                },
              },
              {
                Update: {
                  TableName: tableName,
                  Key: holderKey(refund),
                  UpdateExpression: `SET refundVersion = refundVersion + :one ADD ${released.add}`,
                  ConditionExpression: 'attribute_exists(refundVersion)',
                  ExpressionAttributeValues: { ...released.values, ':one': 1 },
                },
              },
              ...voucherBalanceUpdates(tableName, refund, -1),
            ],
          }),
        );
        return 'failed';
      } catch (error) {
        if (error instanceof TransactionCanceledException && error.CancellationReasons?.[0]?.Code === 'ConditionalCheckFailed') return 'already';
        throw error;
      }
    },
  };
}
