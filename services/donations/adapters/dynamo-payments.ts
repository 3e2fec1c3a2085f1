import { ConditionalCheckFailedException, PutItemCommand, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import { hotPathClient } from '@giving/shared/dynamo-hot-path';
import { queryAll } from '@giving/shared/dynamo-query';
import { ID_TIME_LENGTH, idFor, seededTail } from '@giving/shared/ids';
import type { Donation, NewPayment, Payment, PaymentRepository, PricedPayment, PricedVoucherPurchase } from '../domain/ports';
import { donationFromItem, takeRefunds } from './donation-items';
import { donationReportKeys } from './dynamo-donation-report';
import { memberHistoryKeys } from './dynamo-member-giving';

/**
 * Items in the donations table:
 *   PAYMENT#<key tail>           / PAYMENT     -> the payment, with the idempotency key and request fingerprint that
 *                                                 made it; while unfinished, gsi1 = OPEN#<day> / createdAt;
 *                                                 gsi4 = PAYMENTS#<month> / <createdAt>#<tracking number> (the back
 *                                                 office's list, newest first), donorEmailLower (its search);
 *                                                 gsi3 = PAYER#<donor e-mail, lower case> / <createdAt>#<tracking
 *                                                 number> (a person's payments, signed in or not: their own data)
 *   DONATION#<donation id>       / DONATION    -> the donation; gsi1 = CHARITY#<charity id> / DONATION#<id>
 *                                                 gsi2 = CHARITY#<charity id>#DONATIONS / <completedAt>#<id> (the donation report)
 *                                                 gsi3 = MEMBER#<member id> / <completedAt>#<id> (the member's history)
 *
 * A payment is keyed by its key tail: the 16 characters its tracking number shares with every tracking number its
 * idempotency key could be given (shared/ids idFor). Accepting a payment is then one conditional PutItem — the key's
 * claim and the payment are the same item — and a repeat finds the first payment, and its fingerprint, in the
 * answer to the refused write. The status look-up finds a payment from its tracking number's tail.
 */
const OPEN_DAYS_SCANNED = 3;

/** The payment's item key, from its tracking number (the idempotency key's tail follows the 10 time characters). */
export const paymentKey = (trackingNumber: string) => ({ pk: `PAYMENT#${trackingNumber.slice(ID_TIME_LENGTH)}`, sk: 'PAYMENT' });
const paymentKeyOf = (idempotencyKey: string) => ({ pk: `PAYMENT#${seededTail(idempotencyKey)}`, sk: 'PAYMENT' });
export const donationKey = (donationId: string) => ({ pk: `DONATION#${donationId}`, sk: 'DONATION' });
/** A payment's place among the payments made with its donor's e-mail (gsi3): how a person's own data finds them. */
const payerKeys = (email: string, createdAt: string, trackingNumber: string) => ({ gsi3pk: `PAYER#${email.trim().toLowerCase()}`, gsi3sk: `${createdAt}#${trackingNumber}` });

/**
 * The one write that completes a payment, inside the transaction that records what it paid for (a donation, a voucher,
 * a membership): Processing -> Completed with its charge (none when a gift voucher paid it all) and anything else the
 * record sets on the payment. A payment being compensated can never complete; a completed one never again.
 */
export function completePaymentUpdate(tableName: string, trackingNumber: string, completion: { at: string; chargeId?: string; set?: Record<string, unknown> }) {
  const extra = Object.entries(completion.set ?? {});
  const assignments = [
    '#status = :completed',
    ...(completion.chargeId ? ['chargeId = :chargeId'] : []),
    ...extra.map(([name]) => `${name} = :${name}`),
    'updatedAt = :at',
  ];
  return {
    TableName: tableName,
    Key: paymentKey(trackingNumber),
    UpdateExpression: `SET ${assignments.join(', ')} REMOVE gsi1pk, gsi1sk`,
    ConditionExpression: '#status = :processing AND attribute_not_exists(compensating)',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':completed': 'Completed',
      ':processing': 'Processing',
      ...(completion.chargeId ? { ':chargeId': completion.chargeId } : {}),
      ...Object.fromEntries(extra.map(([name, value]) => [`:${name}`, value])),
      ':at': completion.at,
    },
  };
}

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

type PaymentItem = Payment & { pk: string; sk: string; gsi1pk?: string; gsi1sk?: string; gsi3pk?: string; gsi3sk?: string; gsi4pk?: string; gsi4sk?: string; donorEmailLower?: string; fingerprint: string };

export function toPayment(item: Record<string, unknown>): Payment {
  const { pk: _pk, sk: _sk, gsi1pk: _g1, gsi1sk: _g2, gsi3pk: _p1, gsi3sk: _p2, gsi4pk: _g3, gsi4sk: _g4, donorEmailLower: _e, fingerprint: _f, ...rest } = item as unknown as PaymentItem;
  const payment = rest as unknown as Record<string, unknown>;
  // A voucher purchase's or membership fee's refunds are kept on its payment (a donation's on the donation).
  const refunds = takeRefunds(item, payment);
  if (refunds) payment.refunds = refunds;
  return payment as unknown as Payment;
}

/** The back office's list: payments by the month they were made (UTC), newest first within it. */
export const paymentsMonth = (iso: string) => `PAYMENTS#${iso.slice(0, 7)}`;

/** The first payment made with this key, as much of it as a repeat needs. */
function heldBy(item: Record<string, unknown> | undefined, idempotencyKey: string) {
  // Another key with the same 80-bit tail is not a practical event; it would be refused as a reused key, never merged.
  if (!item) return undefined;
  return { trackingNumber: item.trackingNumber as string, fingerprint: item.idempotencyKey === idempotencyKey ? (item.fingerprint as string) : '' };
}

export function dynamoPaymentRepository(client: DynamoDBDocumentClient, tableName: string): PaymentRepository {
  const accepting = hotPathClient(client);
  return {
    async findByKey(idempotencyKey: string) {
      const result = await client.send(new GetCommand({ TableName: tableName, Key: paymentKeyOf(idempotencyKey), ConsistentRead: true }));
      return heldBy(result.Item, idempotencyKey);
    },

    async createOnce(payment: NewPayment, fingerprint: string) {
      const trackingNumber = idFor(payment.idempotencyKey, Date.parse(payment.createdAt));
      const item: PaymentItem = {
        ...paymentKeyOf(payment.idempotencyKey),
        ...payment,
        trackingNumber,
        fingerprint,
        status: 'Initiated',
        messages: [],
        updatedAt: payment.createdAt,
        gsi1pk: openDay(payment.createdAt),
        gsi1sk: payment.createdAt,
        gsi4pk: paymentsMonth(payment.createdAt),
        gsi4sk: `${payment.createdAt}#${trackingNumber}`,
        donorEmailLower: payment.donor.email.trim().toLowerCase(),
        ...payerKeys(payment.donor.email, payment.createdAt, trackingNumber),
      };
      try {
        // The submission path's one write, through the client that keeps its middleware resolved (shared/dynamo-hot-path.ts).
        await accepting.send(
          new PutItemCommand({
            TableName: tableName,
            Item: marshall(item, { removeUndefinedValues: true }),
            ConditionExpression: 'attribute_not_exists(pk)',
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          }),
        );
        return { created: true as const, trackingNumber };
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException) || !error.Item) throw error;
        const held = heldBy(unmarshall(error.Item), payment.idempotencyKey) as { trackingNumber: string; fingerprint: string };
        return { created: false as const, ...held };
      }
    },

    async get(trackingNumber) {
      const result = await client.send(new GetCommand({ TableName: tableName, Key: paymentKey(trackingNumber), ConsistentRead: true }));
      // The tail finds the item; the whole tracking number must match (another time part is another, unknown payment).
      return result.Item?.trackingNumber === trackingNumber ? toPayment(result.Item) : undefined;
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

    async recordDonation(donation: Donation) {
      try {
        await client.send(new PutCommand({ TableName: tableName, Item: donationItem(donation), ConditionExpression: 'attribute_not_exists(pk)' }));
        return 'recorded';
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) return 'exists';
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
              { Update: completePaymentUpdate(tableName, donation.trackingNumber, { at: donation.completedAt, ...(donation.chargeId ? { chargeId: donation.chargeId } : {}) }) },
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
      return result.Item ? donationFromItem(result.Item) : undefined;
    },

    async listByDonorEmail(email) {
      const items = await queryAll(client, {
        TableName: tableName,
        IndexName: 'gsi3',
        KeyConditionExpression: 'gsi3pk = :payer',
        ExpressionAttributeValues: { ':payer': payerKeys(email, '', '').gsi3pk },
      });
      return items.map(toPayment);
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
