import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import type { Donation, NewPayment, Payment, PaymentRepository, PricedPayment } from '../domain/ports';

/**
 * Items in the donations table:
 *   PAYMENTKEY#<idempotency key> / PAYMENTKEY  -> the tracking number it created (expires after 7 days)
 *   PAYMENT#<tracking number>    / PAYMENT     -> the payment; while unfinished, gsi1 = OPEN#<day> / createdAt
 *   DONATION#<donation id>       / DONATION    -> the donation; gsi1 = CHARITY#<charity id> / DONATION#<id>
 */
const KEY_TTL_SECONDS = 7 * 24 * 60 * 60;
const OPEN_DAYS_SCANNED = 3;

const paymentKey = (trackingNumber: string) => ({ pk: `PAYMENT#${trackingNumber}`, sk: 'PAYMENT' });
const donationKey = (donationId: string) => ({ pk: `DONATION#${donationId}`, sk: 'DONATION' });
const openDay = (iso: string) => `OPEN#${iso.slice(0, 10)}`;

type PaymentItem = Payment & { pk: string; sk: string; gsi1pk?: string; gsi1sk?: string };

function toPayment(item: Record<string, unknown>): Payment {
  const { pk: _pk, sk: _sk, gsi1pk: _g1, gsi1sk: _g2, ...payment } = item as unknown as PaymentItem;
  return payment;
}

export function dynamoPaymentRepository(client: DynamoDBDocumentClient, tableName: string): PaymentRepository {
  return {
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
        const existing = await client.send(
          new GetCommand({ TableName: tableName, Key: { pk: `PAYMENTKEY#${payment.idempotencyKey}`, sk: 'PAYMENTKEY' }, ConsistentRead: true }),
        );
        const found = existing.Item as { trackingNumber: string; fingerprint: string } | undefined;
        if (!found) throw error;
        return { created: false as const, trackingNumber: found.trackingNumber, fingerprint: found.fingerprint };
      }
    },

    async get(trackingNumber) {
      const result = await client.send(new GetCommand({ TableName: tableName, Key: paymentKey(trackingNumber), ConsistentRead: true }));
      return result.Item ? toPayment(result.Item) : undefined;
    },

    async markProcessing(trackingNumber, priced: PricedPayment, at) {
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
                  Item: {
                    ...donationKey(donation.donationId),
                    ...donation,
                    gsi1pk: `CHARITY#${donation.priced.charity.id}`,
                    gsi1sk: `DONATION#${donation.donationId}`,
                  },
                  ConditionExpression: 'attribute_not_exists(pk)',
                },
              },
              {
                Update: {
                  TableName: tableName,
                  Key: paymentKey(donation.trackingNumber),
                  UpdateExpression: 'SET #status = :completed, chargeId = :chargeId, updatedAt = :at REMOVE gsi1pk, gsi1sk',
                  ConditionExpression: '#status = :processing',
                  ExpressionAttributeNames: { '#status': 'status' },
                  ExpressionAttributeValues: {
                    ':completed': 'Completed',
                    ':processing': 'Processing',
                    ':chargeId': donation.chargeId,
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
      const { pk: _pk, sk: _sk, gsi1pk: _g1, gsi1sk: _g2, ...donation } = result.Item;
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
