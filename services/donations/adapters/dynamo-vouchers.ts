import { queryAll, queryPage } from '@giving/shared/dynamo-query';
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { MESSAGES } from '@giving/shared/contracts/messages';
import { invalid } from '@giving/shared/errors';
import { money, type Currency } from '@giving/shared/money';
import type { RateLimiter, Voucher, VoucherRedemption, VoucherRepository } from '../domain/ports';
import { completePaymentUpdate, paymentKey } from './dynamo-payments';

/**
 * Gift voucher items in the donations table:
 *   VOUCHER#<code hash>                 / VOUCHER     -> the voucher, its balance as balanceCents (conditional decrements)
 *                                                        gsi3 = BUYER#<buyer e-mail, lower case> / <createdAt>#<id> (the buyer's list)
 *                                                        gsi2 = VOUCHERS / <createdAt>#<id> (the back office's list, newest first)
 *                                                        gsi1 = WORKPLACEVOUCHERS#<workplace id> / <createdAt>#<id> (a workplace's
 *                                                        order vouchers: its console's list)
 *   VOUCHERREDEMPTION#<tracking number> / REDEMPTION  -> what one payment took from a voucher (at most one per payment)
 *   VOUCHERREDEMPTION#<tracking number> / REFUND#<refund id> -> a refund's part given back to that voucher (once each)
 *   RATELIMIT#<key>#<window>            / RATELIMIT   -> calls counted in a window (expires with it)
 * The payment's own item (dynamo-payments.ts) gets `redemption` and `purchasedVoucher` in the same transactions.
 * A voucher's expiry is stored as `validUntil` (ISO text): `expiresAt` is the table's TTL attribute, and a voucher
 * must never be deleted when it expires.
 */
export const voucherKey = (codeHash: string) => ({ pk: `VOUCHER#${codeHash}`, sk: 'VOUCHER' });
const redemptionKey = (trackingNumber: string) => ({ pk: `VOUCHERREDEMPTION#${trackingNumber}`, sk: 'REDEMPTION' });
const buyerPartition = (email: string) => `BUYER#${email.trim().toLowerCase()}`;
const ALL_VOUCHERS = 'VOUCHERS';
const workplacePartition = (workplaceId: string) => `WORKPLACEVOUCHERS#${workplaceId}`;

interface VoucherItem extends Omit<Voucher, 'balance' | 'expiresAt'> {
  pk: string;
  validUntil: string;
  sk: string;
  balanceCents: number;
  currency: Currency;
  buyerEmailLower: string;
  gsi3pk: string;
  gsi3sk: string;
  gsi2pk: string;
  gsi2sk: string;
  gsi1pk?: string;
  gsi1sk?: string;
}

/** The voucher's item, as completePurchase writes it (the seed writes the demo's vouchers with it too). */
export function voucherItem(voucher: Voucher): VoucherItem {
  const { balance, expiresAt, ...rest } = voucher;
  const sortKey = `${voucher.createdAt}#${voucher.voucherId}`;
  return {
    ...voucherKey(voucher.codeHash),
    ...rest,
    validUntil: expiresAt,
    balanceCents: balance.cents,
    currency: balance.currency,
    buyerEmailLower: voucher.buyer.email.toLowerCase(),
    gsi3pk: buyerPartition(voucher.buyer.email),
    gsi3sk: sortKey,
    gsi2pk: ALL_VOUCHERS,
    gsi2sk: sortKey,
    ...(voucher.workplace ? { gsi1pk: workplacePartition(voucher.workplace.id), gsi1sk: sortKey } : {}),
  };
}

function toVoucher(item: Record<string, unknown>): Voucher {
  const {
    pk: _pk,
    sk: _sk,
    balanceCents,
    currency,
    validUntil,
    buyerEmailLower: _b,
    gsi3pk: _g1,
    gsi3sk: _g2,
    gsi2pk: _g3,
    gsi2sk: _g4,
    gsi1pk: _g5,
    gsi1sk: _g6,
    ...voucher
  } = item as unknown as VoucherItem;
  return { ...voucher, expiresAt: validUntil, balance: money(balanceCents, currency) };
}

function toRedemption(item: Record<string, unknown>): VoucherRedemption {
  const { trackingNumber, codeHash, amountCents, currency, redeemedAt, reversedAt } = item as Record<string, string | number>;
  return {
    trackingNumber: String(trackingNumber),
    codeHash: String(codeHash),
    amount: money(Number(amountCents), currency as Currency),
    redeemedAt: String(redeemedAt),
    ...(reversedAt ? { reversedAt: String(reversedAt) } : {}),
  };
}

const badCursor = () => invalid([{ field: 'query.cursor', message: MESSAGES.invalidInput }]);
const reasonCodes = (error: TransactionCanceledException) => (error.CancellationReasons ?? []).map((reason) => reason.Code);


export function dynamoVoucherRepository(client: DynamoDBDocumentClient, tableName: string): VoucherRepository {
  const getRedemption = async (trackingNumber: string) => {
    const result = await client.send(new GetCommand({ TableName: tableName, Key: redemptionKey(trackingNumber), ConsistentRead: true }));
    return result.Item ? toRedemption(result.Item) : undefined;
  };

  return {
    async completePurchase(voucher, { trackingNumber, chargeId }) {
      try {
        await client.send(
          new TransactWriteCommand({
            TransactItems: [
              { Put: { TableName: tableName, Item: voucherItem(voucher), ConditionExpression: 'attribute_not_exists(pk)' } },
              { Update: completePaymentUpdate(tableName, trackingNumber, { at: voucher.createdAt, chargeId, set: { purchasedVoucher: { codeHash: voucher.codeHash } } }) },
            ],
          }),
        );
        return 'created';
      } catch (error) {
        if (!(error instanceof TransactionCanceledException)) throw error;
        const [voucherReason, paymentReason] = reasonCodes(error);
        if (paymentReason === 'ConditionalCheckFailed') return 'ended';
        if (voucherReason === 'ConditionalCheckFailed') return 'codeTaken';
        throw error;
      }
    },

    async getByCodeHash(codeHash) {
      const result = await client.send(new GetCommand({ TableName: tableName, Key: voucherKey(codeHash), ConsistentRead: true }));
      return result.Item ? toVoucher(result.Item) : undefined;
    },

    async redeem({ codeHash, trackingNumber, amount, at }) {
      const now = at.toISOString();
      try {
        await client.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                // The balance never goes below zero, whatever else redeems this voucher at the same moment.
                Update: {
                  TableName: tableName,
                  Key: voucherKey(codeHash),
                  UpdateExpression: 'ADD balanceCents :minus',
                  ConditionExpression: 'balanceCents >= :amount AND validUntil > :now AND currency = :currency',
                  ExpressionAttributeValues: { ':minus': -amount.cents, ':amount': amount.cents, ':now': now, ':currency': amount.currency },
                },
              },
              {
                Put: {
                  TableName: tableName,
                  Item: { ...redemptionKey(trackingNumber), trackingNumber, codeHash, amountCents: amount.cents, currency: amount.currency, redeemedAt: now },
                  ConditionExpression: 'attribute_not_exists(pk)',
                },
              },
              {
                Update: {
                  TableName: tableName,
                  Key: paymentKey(trackingNumber),
                  UpdateExpression: 'SET redemption = :redemption, updatedAt = :now',
                  ConditionExpression: '#status = :processing',
                  ExpressionAttributeNames: { '#status': 'status' },
                  ExpressionAttributeValues: { ':redemption': { amount }, ':processing': 'Processing', ':now': now },
                },
              },
            ],
          }),
        );
        return { outcome: 'redeemed' };
      } catch (error) {
        if (!(error instanceof TransactionCanceledException)) throw error;
        const [voucherReason, redemptionReason, paymentReason] = reasonCodes(error);
        if (redemptionReason === 'ConditionalCheckFailed') {
          const redemption = await getRedemption(trackingNumber);
          if (redemption) return { outcome: 'repeat', redemption };
        }
        if (paymentReason === 'ConditionalCheckFailed') return { outcome: 'paymentEnded' };
        // Another redemption changed the balance first, or was writing it at the same moment: read it again.
        if (voucherReason === 'ConditionalCheckFailed' || voucherReason === 'TransactionConflict') return { outcome: 'balanceChanged' };
        throw error;
      }
    },

    getRedemption,

    async reverse(trackingNumber, at) {
      const redemption = await getRedemption(trackingNumber);
      if (!redemption) return 'none';
      if (redemption.reversedAt) return 'alreadyReversed';
      try {
        await client.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Update: {
                  TableName: tableName,
                  Key: redemptionKey(trackingNumber),
                  UpdateExpression: 'SET reversedAt = :at',
                  ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(reversedAt)',
                  ExpressionAttributeValues: { ':at': at.toISOString() },
                },
              },
              {
                Update: {
                  TableName: tableName,
                  Key: voucherKey(redemption.codeHash),
                  UpdateExpression: 'ADD balanceCents :amount',
                  ConditionExpression: 'attribute_exists(pk)',
                  ExpressionAttributeValues: { ':amount': redemption.amount.cents },
                },
              },
            ],
          }),
        );
        return 'reversed';
      } catch (error) {
        if (error instanceof TransactionCanceledException && reasonCodes(error)[0] === 'ConditionalCheckFailed') return 'alreadyReversed';
        throw error;
      }
    },

    async returnPart(trackingNumber, refundId, amount, at) {
      const redemption = await getRedemption(trackingNumber);
      if (!redemption) return 'none';
      try {
        await client.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Put: {
                  TableName: tableName,
                  Item: { pk: redemptionKey(trackingNumber).pk, sk: `REFUND#${refundId}`, amountCents: amount, codeHash: redemption.codeHash, returnedAt: at.toISOString() },
                  ConditionExpression: 'attribute_not_exists(pk)',
                },
              },
              {
                Update: {
                  TableName: tableName,
                  Key: voucherKey(redemption.codeHash),
                  UpdateExpression: 'ADD balanceCents :amount',
                  ConditionExpression: 'attribute_exists(pk)',
                  ExpressionAttributeValues: { ':amount': amount },
                },
              },
            ],
          }),
        );
        return 'returned';
      } catch (error) {
        if (error instanceof TransactionCanceledException && reasonCodes(error)[0] === 'ConditionalCheckFailed') return 'already';
        throw error;
      }
    },

    async listByBuyerEmail(email) {
      const items = await queryAll(client, {
        TableName: tableName,
        IndexName: 'gsi3',
        KeyConditionExpression: 'gsi3pk = :buyer',
        ExpressionAttributeValues: { ':buyer': buyerPartition(email) },
        ScanIndexForward: false,
      });
      return items.map(toVoucher);
    },

    async search({ q, cursor }, limit) {
      const page = await queryPage(
        client,
        {
          TableName: tableName,
          KeyConditionExpression: 'gsi2pk = :all',
          ...(q ? { FilterExpression: 'contains(buyerEmailLower, :q)' } : {}),
          ExpressionAttributeValues: { ':all': ALL_VOUCHERS, ...(q ? { ':q': q.toLowerCase() } : {}) },
        },
        { index: 'gsi2', partition: ALL_VOUCHERS, limit, ...(cursor ? { cursor } : {}), badCursor },
      );
      return { items: page.items.map(toVoucher), ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) };
    },

    async completeOrder(vouchers, { trackingNumber, chargeId }) {
      if (vouchers.length === 0 || vouchers.length > 99) throw new Error(`an order of ${vouchers.length} vouchers does not fit one transaction`);
      try {
        await client.send(
          new TransactWriteCommand({
            TransactItems: [
              ...vouchers.map((voucher) => ({ Put: { TableName: tableName, Item: voucherItem(voucher), ConditionExpression: 'attribute_not_exists(pk)' } })),
              {
                Update: completePaymentUpdate(tableName, trackingNumber, {
                  at: (vouchers[0] as Voucher).createdAt,
                  chargeId,
                  set: { purchasedVouchers: vouchers.map(({ voucherId, codeHash }) => ({ voucherId, codeHash })) },
                }),
              },
            ],
          }),
        );
        return { outcome: 'created' };
      } catch (error) {
        if (!(error instanceof TransactionCanceledException)) throw error;
        const reasons = reasonCodes(error);
        if (reasons[vouchers.length] === 'ConditionalCheckFailed') return { outcome: 'ended' };
        const positions = reasons.flatMap((reason, index) => (index < vouchers.length && reason === 'ConditionalCheckFailed' ? [index] : []));
        if (positions.length > 0) return { outcome: 'codeTaken', positions };
        throw error;
      }
    },

    async issue(voucher) {
      try {
        await client.send(new PutCommand({ TableName: tableName, Item: voucherItem(voucher), ConditionExpression: 'attribute_not_exists(pk)' }));
        return 'created';
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
        const stored = await client.send(new GetCommand({ TableName: tableName, Key: voucherKey(voucher.codeHash), ConsistentRead: true }));
        return stored.Item?.voucherId === voucher.voucherId ? 'exists' : 'codeTaken';
      }
    },

    async listByWorkplace(workplaceId, { cursor }, limit) {
      const partition = workplacePartition(workplaceId);
      const page = await queryPage(
        client,
        { TableName: tableName, KeyConditionExpression: 'gsi1pk = :workplace', ExpressionAttributeValues: { ':workplace': partition } },
        { index: 'gsi1', partition, limit, ...(cursor ? { cursor } : {}), badCursor },
      );
      return { items: page.items.map(toVoucher), ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) };
    },

    async balancesOfWorkplace(workplaceId) {
      const items = await queryAll(client, {
        TableName: tableName,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :workplace',
        ExpressionAttributeValues: { ':workplace': workplacePartition(workplaceId) },
        ProjectionExpression: '#value, balanceCents, currency, validUntil',
        ExpressionAttributeNames: { '#value': 'value' },
      });
      return items.map((item) => ({
        value: item.value as Voucher['value'],
        balance: money(Number(item.balanceCents), item.currency as Currency),
        expiresAt: String(item.validUntil),
      }));
    },
  };
}

/**
 * A fixed-window counter per key: one conditional increment per call (never read-then-write), refused once the
 * window's count reaches the limit. Counters expire with their window (TTL).
 */
export function dynamoRateLimiter(
  client: DynamoDBDocumentClient,
  tableName: string,
  options: { limit: number; windowSeconds: number },
): RateLimiter {
  return {
    async allow(key, at) {
      const window = Math.floor(at.getTime() / 1000 / options.windowSeconds);
      try {
        await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { pk: `RATELIMIT#${key}#${window}`, sk: 'RATELIMIT' },
            UpdateExpression: 'ADD hits :one SET expiresAt = if_not_exists(expiresAt, :expires)',
            ConditionExpression: 'attribute_not_exists(hits) OR hits < :limit',
            ExpressionAttributeValues: { ':one': 1, ':limit': options.limit, ':expires': (window + 2) * options.windowSeconds },
          }),
        );
        return { allowed: true as const };
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
        return { allowed: false as const, retryAfterSeconds: (window + 1) * options.windowSeconds - at.getTime() / 1000 };
      }
    },
  };
}
