import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import type { Donation, NewPayment, Payment, PaymentRepository, PricedPayment, PricedVoucherPurchase } from '../domain/ports';
import { donationReportKeys } from './dynamo-donation-report';
import { memberHistoryKeys } from './dynamo-member-giving';

/**
 * Items in the donations table:
 *   PAYMENTKEY#<idempotency key> / PAYMENTKEY  -> the tracking number it created (expires after 7 days)
 *   PAYMENT#<tracking number>    / PAYMENT     -> the payment; while unfinished, gsi1 = OPEN#<day> / createdAt
 *   DONATION#<donation id>       / DONATION    -> the donation; gsi1 = CHARITY#<charity id> / DONATION#<id>
 *                                                 gsi2 = CHARITY#<charity id>#DONATIONS / <completedAt>#<id> (the donation report)
 *                                                 gsi3 = MEMBER#<member id> / <completedAt>#<id> (the member's history)
 */
const KEY_TTL_SECONDS = 7 * 24 * 60 * 60;
const OPEN_DAYS_SCANNED = 3;

const paymentKey = (trackingNumber: string) => ({ pk: `PAYMENT#${trackingNumber}`, sk: 'PAYMENT' });
export const donationKey = (donationId: string) => ({ pk: `DONATION#${donationId}`, sk: 'DONATION' });

/** The donation's item: its key, gsi1 (CHARITY#<id> / DONATION#<id>) and the donation report's gsi2 (dynamo-donation-report.ts). */
export const donationItem = (donation: Donation) => ({
  ...donationKey(donation.donationId),
  ...donation,
  gsi1pk: `CHARITY#${donation.priced.charity.id}`,
  gsi1sk: `DONATION#${donation.donationId}`,
  ...donationReportKeys(donation),
  ...memberHistoryKeys(donation),
});
const openDay = (iso: string) => `OPEN#${iso.slice(0, 10)}`;

type PaymentItem = Payment & { pk: string; sk: string; gsi1pk?: string; gsi1sk?: string };

function toPayment(item: Record<string, unknown>): Payment {
  const { pk: _pk, sk: _sk, gsi1pk: _g1, gsi1sk: _g2, ...payment } = item as unknown as PaymentItem;
  return payment;
}

export function dynamoPaymentRepository(client: DynamoDBDocumentClient, tableName: string): PaymentRepository {
  const findByKey = async (idempotencyKey: string) => {
    const result = await client.send(
      new GetCommand({ TableName: tableName, Key: { pk: `PAYMENTKEY#${idempotencyKey}`, sk: 'PAYMENTKEY' }, ConsistentRead: true }),
    );
    const found = result.Item as { trackingNumber: string; fingerprint: string } | undefined;
    return found ? { trackingNumber: found.trackingNumber, fingerprint: found.fingerprint } : undefined;
  };
  return {
    findByKey,
    async createOnce(payment: NewPayment, fingerprint: string) {
      const item: PaymentItem = {
        ...paymentKey(payment.trackingNumber),
        ...payment,
        status: 'Initiated',
        messages: [],
        updatedAt: payment.createdAt,
        gsi1pk: openDay(payment.createdAt),
        gsi1sk: payment.createdAt,
      };
      try {
        await client.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Put: {
                  TableName: tableName,
                  Item: {
                    pk: `PAYMENTKEY#${payment.idempotencyKey}`,
                    sk: 'PAYMENTKEY',
                    trackingNumber: payment.trackingNumber,
                    fingerprint,
                    expiresAt: Math.floor(Date.parse(payment.createdAt) / 1000) + KEY_TTL_SECONDS,
                  },
                  ConditionExpression: 'attribute_not_exists(pk)',
                },
              },
              { Put: { TableName: tableName, Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
            ],
          }),
        );
        return { created: true as const };
      } catch (error) {
        if (!(error instanceof TransactionCanceledException) || error.CancellationReasons?.[0]?.Code !== 'ConditionalCheckFailed') {
          throw error;
        }
        const found = await findByKey(payment.idempotencyKey);
        if (!found) throw error;
        return { created: false as const, trackingNumber: found.trackingNumber, fingerprint: found.fingerprint };
      }
    },

    async get(trackingNumber) {
      const result = await client.send(new GetCommand({ TableName: tableName, Key: paymentKey(trackingNumber), ConsistentRead: true }));
      return result.Item ? toPayment(result.Item) : undefined;
    },

    async markProcessing(trackingNumber, priced: PricedPayment | PricedVoucherPurchase, at) {
      try {
        await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: paymentKey(trackingNumber),
            UpdateExpression: 'SET #status = :processing, priced = :priced, updatedAt = :at',
            ConditionExpression: '#status IN (:initiated, :processing)',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':processing': 'Processing', ':initiated': 'Initiated', ':priced': priced, ':at': at.toISOString() },
          }),
        );
        return true;
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) return false;
        throw error;
      }
    },

    async complete(donation: Donation) {
      try {
        await client.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Put: {
                  TableName: tableName,
                  Item: donationItem(donation),
                  ConditionExpression: 'attribute_not_exists(pk)',
                },
              },
              {
                Update: {
                  TableName: tableName,
                  Key: paymentKey(donation.trackingNumber),
                  // No chargeId when a gift voucher paid it all; a payment being compensated can no longer complete.
                  UpdateExpression: `SET #status = :completed, ${donation.chargeId ? 'chargeId = :chargeId, ' : ''}updatedAt = :at REMOVE gsi1pk, gsi1sk`,
                  ConditionExpression: '#status = :processing AND attribute_not_exists(compensating)',
                  ExpressionAttributeNames: { '#status': 'status' },
                  ExpressionAttributeValues: {
                    ':completed': 'Completed',
                    ':processing': 'Processing',
                    ...(donation.chargeId ? { ':chargeId': donation.chargeId } : {}),
                    ':at': donation.completedAt,
                  },
                },
              },
            ],
          }),
        );
      } catch (error) {
        if (!(error instanceof TransactionCanceledException)) throw error;
        // Already recorded by an earlier attempt: nothing to do.
        if (error.CancellationReasons?.[0]?.Code === 'ConditionalCheckFailed') return;
        throw new Error(`payment ${donation.trackingNumber} is not Processing; donation not recorded`);
      }
    },

    async markCompensating(trackingNumber, at) {
      try {
        await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: paymentKey(trackingNumber),
            UpdateExpression: 'SET compensating = :true, updatedAt = :at',
            ConditionExpression: '#status = :processing',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':true': true, ':processing': 'Processing', ':at': at.toISOString() },
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          }),
        );
        return 'compensating';
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
        return error.Item?.status?.S === 'Completed' ? 'completed' : 'ended';
      }
    },

    async fail(trackingNumber, messages, at) {
      try {
        await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: paymentKey(trackingNumber),
            UpdateExpression: 'SET #status = :failed, messages = :messages, updatedAt = :at REMOVE gsi1pk, gsi1sk',
            ConditionExpression: '#status IN (:initiated, :processing)',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: {
              ':failed': 'Failed',
              ':initiated': 'Initiated',
              ':processing': 'Processing',
              ':messages': messages,
              ':at': at.toISOString(),
            },
          }),
        );
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
      }
    },

    async getDonation(donationId) {
      const result = await client.send(new GetCommand({ TableName: tableName, Key: donationKey(donationId), ConsistentRead: true }));
      if (!result.Item) return undefined;
      const { pk: _pk, sk: _sk, gsi1pk: _g1, gsi1sk: _g2, gsi2pk: _g3, gsi2sk: _g4, gsi3pk: _g5, gsi3sk: _g6, ledgerMonth: _l, ...donation } = result.Item;
      return donation as Donation;
    },

    async listStuck(before, limit) {
      const stuck: Payment[] = [];
      for (let day = 0; day < OPEN_DAYS_SCANNED && stuck.length < limit; day++) {
        const date = new Date(before.getTime() - day * 24 * 60 * 60 * 1000).toISOString();
        const result = await client.send(
          new QueryCommand({
            TableName: tableName,
            IndexName: 'gsi1',
            KeyConditionExpression: 'gsi1pk = :day AND gsi1sk < :before',
            ExpressionAttributeValues: { ':day': openDay(date), ':before': before.toISOString() },
            Limit: limit - stuck.length,
          }),
        );
        for (const item of result.Items ?? []) {
          const payment = toPayment(item);
          if (Date.parse(payment.updatedAt) < before.getTime()) stuck.push(payment);
        }
      }
      return stuck;
    },
  };
}
