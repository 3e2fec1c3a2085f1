import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { RefundParts } from '@giving/shared/contracts/back-office-payments';
import { queryAll } from '@giving/shared/dynamo-query';
import type { RefundBook, StoredRefund } from '../domain/refunds';
import { ledgerKey, monthKey } from './dynamo-charity-ledger';
import { givingStatsUpdates } from './dynamo-giving-stats';
import { partAttribute, REFUND_PARTS } from './donation-items';
import { donationKey } from './dynamo-payments';

/**
 * Refunds in the donations table (domain/refunds.ts):
 *   DONATION#<donation id> / REFUND#<refund id>   the refund (its parts, status, who asked and why); an INSERT starts
 *                                                 the refund workflow (the manifest's stream)
 *   REFUNDKEY#<idempotency key> / REFUNDKEY       the refund a request key stored (expires after 30 days)
 * and on the donation's own item, flat so DynamoDB can ADD to them: refundVersion, held<Part>Cents (reserved by
 * refunds requested or completed), refunded<Part>Cents and refundCount (completed). A reservation is conditioned on
 * the version it was planned against, so concurrent refunds are planned one after the other, never both from the same
 * balance.
 */
const KEY_TTL_SECONDS = 30 * 24 * 60 * 60;
const refundKey = (donationId: string, refundId: string) => ({ pk: `DONATION#${donationId}`, sk: `REFUND#${refundId}` });
const requestKey = (idempotencyKey: string) => ({ pk: `REFUNDKEY#${idempotencyKey}`, sk: 'REFUNDKEY' });

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
                  Key: donationKey(refund.donationId),
                  UpdateExpression: `SET refundVersion = :next ADD ${held.add}`,
                  ConditionExpression: `attribute_exists(pk) AND ${version === 0 ? 'attribute_not_exists(refundVersion)' : 'refundVersion = :version'}`,
                  ExpressionAttributeValues: { ':next': version + 1, ...(version === 0 ? {} : { ':version': version }), ...held.values },
                },
              },
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
        // The donation's version moved (another refund), or another write to it at that instant: plan again.
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
      const amount = refund.parts.charity;
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
                  Key: donationKey(refund.donationId),
                  UpdateExpression: `ADD ${refunded.add}, refundCount :one`,
                  ConditionExpression: 'attribute_exists(pk)',
                  ExpressionAttributeValues: { ...refunded.values, ':one': 1 },
                },
              },
              {
                Update: {
                  TableName: tableName,
                  Key: ledgerKey(refund.charityId),
                  UpdateExpression: 'ADD owedCents :taken, refundedCents :amount SET currency = if_not_exists(currency, :currency), charityId = :charityId',
                  ExpressionAttributeValues: { ':taken': -amount, ':amount': amount, ':currency': refund.currency, ':charityId': refund.charityId },
                },
              },
              {
                Update: {
                  TableName: tableName,
                  Key: monthKey(refund.charityId, month),
                  UpdateExpression: 'ADD refundedCents :amount SET #month = :month, currency = if_not_exists(currency, :currency)',
                  ExpressionAttributeNames: { '#month': 'month' },
                  ExpressionAttributeValues: { ':amount': amount, ':month': month, ':currency': refund.currency },
                },
              },
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
                  Key: donationKey(refund.donationId),
                  UpdateExpression: `SET refundVersion = refundVersion + :one ADD ${released.add}`,
                  ConditionExpression: 'attribute_exists(refundVersion)',
                  ExpressionAttributeValues: { ...released.values, ':one': 1 },
                },
              },
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
