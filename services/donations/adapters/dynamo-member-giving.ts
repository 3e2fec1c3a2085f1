import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import type { MerchantAccount } from '@giving/shared/contracts/payment-gateway';
import { DomainError } from '@giving/shared/errors';
import type {
  Donation,
  DonationHistory,
  RecurringDonation,
  RecurringDonationRepository,
  SavedCard,
  SavedCardRepository,
  SchedulePosition,
} from '../domain/ports';
import { donationFromItem } from './donation-items';

/**
 * A member's own giving in the donations table:
 *   MEMBER#<member> / GATEWAYCUSTOMER       -> the member's customer at the card gateway, Platform account
 *   MEMBER#<member> / GATEWAYCUSTOMER#<account> -> the member's customer in another merchant account (Trust)
 *   MEMBER#<member> / CARD#<card id>        -> a saved card (type, last 4, expiry, gateway customer + payment method)
 *   MEMBER#<member> / RECURRING#<schedule>  -> a monthly gift's schedule; sparse gsi3 while the job has work for it:
 *       gsi3pk RECURRING#DUE    / gsi3sk <next attempt day>#<schedule>  while Active
 *       gsi3pk RECURRING#NOTICE / gsi3sk <stopped at>#<schedule>        while Stopped and the donor not yet told
 *   DONATION#<id> (dynamo-payments.ts) carries gsi3pk MEMBER#<member> / gsi3sk <completed at>#<id> for a member's gift.
 */
const DUE = 'RECURRING#DUE';
const NOTICE = 'RECURRING#NOTICE';

export const memberPk = (memberId: string) => `MEMBER#${memberId}`;
/** The Platform account's customer keeps the key it had before there were accounts. */
const customerKey = (memberId: string, account: MerchantAccount) => ({ pk: memberPk(memberId), sk: account === 'Platform' ? 'GATEWAYCUSTOMER' : `GATEWAYCUSTOMER#${account}` });
const cardKey = (memberId: string, cardId: string) => ({ pk: memberPk(memberId), sk: `CARD#${cardId}` });
export const scheduleKey = (memberId: string, scheduleId: string) => ({ pk: memberPk(memberId), sk: `RECURRING#${scheduleId}` });
const dueSk = (day: string, scheduleId: string) => `${day}#${scheduleId}`;

function strip<T>(item: Record<string, unknown>): T {
  const { pk: _pk, sk: _sk, gsi3pk: _g3, gsi3sk: _g4, ...rest } = item;
  return rest as T;
}

/** Runs a conditional write; false when its condition did not hold (the change was made before, or no longer applies). */
async function conditionally(write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

export function dynamoSavedCards(client: DynamoDBDocumentClient, tableName: string): SavedCardRepository {
  return {
    async getCustomer(memberId, account) {
      const result = await client.send(new GetCommand({ TableName: tableName, Key: customerKey(memberId, account), ConsistentRead: true }));
      return result.Item?.customerId as string | undefined;
    },
    async keepCustomer(memberId, account, customerId) {
      const kept = await conditionally(() =>
        client.send(new PutCommand({ TableName: tableName, Item: { ...customerKey(memberId, account), customerId, account }, ConditionExpression: 'attribute_not_exists(pk)' })),
      );
      if (kept) return customerId;
      const existing = await client.send(new GetCommand({ TableName: tableName, Key: customerKey(memberId, account), ConsistentRead: true }));
      return existing.Item?.customerId as string;
    },
    async save(card: SavedCard) {
      await conditionally(() =>
        client.send(new PutCommand({ TableName: tableName, Item: { ...cardKey(card.memberId, card.cardId), ...card }, ConditionExpression: 'attribute_not_exists(pk)' })),
      );
    },
    async get(memberId, cardId) {
      const result = await client.send(new GetCommand({ TableName: tableName, Key: cardKey(memberId, cardId), ConsistentRead: true }));
      return result.Item ? strip<SavedCard>(result.Item) : undefined;
    },
    async list(memberId) {
      const result = await client.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :card)',
          ExpressionAttributeValues: { ':pk': memberPk(memberId), ':card': 'CARD#' },
          ConsistentRead: true,
        }),
      );
      return (result.Items ?? []).map((item) => strip<SavedCard>(item));
    },
    async remove(memberId, cardId) {
      await client.send(new DeleteCommand({ TableName: tableName, Key: cardKey(memberId, cardId) }));
    },
  };
}

export function dynamoRecurringDonations(client: DynamoDBDocumentClient, tableName: string): RecurringDonationRepository {
  /** A transition of the schedule, only while it is Active at this position (its period's charge date and attempt). */
  const transition = (at: SchedulePosition, update: string, values: Record<string, unknown>, names: Record<string, string> = {}) =>
    conditionally(() =>
      client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: scheduleKey(at.memberId, at.scheduleId),
          UpdateExpression: update,
          ConditionExpression: '#status = :active AND nextChargeOn = :chargeOn AND attempts = :attempts',
          ExpressionAttributeNames: { '#status': 'status', ...names },
          ExpressionAttributeValues: { ':active': 'Active', ':chargeOn': at.nextChargeOn, ':attempts': at.attempts, ...values },
        }),
      ),
    );

  const query = async (gsi3pk: string, bound: string, limit: number) => {
    const items: RecurringDonation[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const result = await client.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: 'gsi3',
          KeyConditionExpression: 'gsi3pk = :pk AND gsi3sk <= :bound',
          ExpressionAttributeValues: { ':pk': gsi3pk, ':bound': bound },
          Limit: limit - items.length,
          ExclusiveStartKey: start,
        }),
      );
      items.push(...(result.Items ?? []).map((item) => strip<RecurringDonation>(item)));
      start = result.LastEvaluatedKey;
    } while (start && items.length < limit);
    return items;
  };

  const get = async (memberId: string, scheduleId: string) => {
    const result = await client.send(new GetCommand({ TableName: tableName, Key: scheduleKey(memberId, scheduleId), ConsistentRead: true }));
    return result.Item ? strip<RecurringDonation>(result.Item) : undefined;
  };

  return {
    async create(schedule) {
      await conditionally(() =>
        client.send(
          new PutCommand({
            TableName: tableName,
            Item: { ...scheduleKey(schedule.memberId, schedule.scheduleId), ...schedule, gsi3pk: DUE, gsi3sk: dueSk(schedule.nextAttemptOn, schedule.scheduleId) },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        ),
      );
    },
    async listByMember(memberId) {
      const result = await client.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :recurring)',
          ExpressionAttributeValues: { ':pk': memberPk(memberId), ':recurring': 'RECURRING#' },
          ConsistentRead: true,
        }),
      );
      return (result.Items ?? []).map((item) => strip<RecurringDonation>(item));
    },
    // '~' sorts after every ULID character, so the bound takes in every schedule due on `day`.
    listDue: (day, limit) => query(DUE, `${day}#~`, limit),
    listStopNoticesDue: (limit) => query(NOTICE, '~', limit),
    advance: (at, next, now) =>
      transition(
        at,
        'SET nextChargeOn = :next, nextAttemptOn = :next, attempts = :zero, lastChargedPeriod = :period, updatedAt = :now, gsi3sk = :sk',
        { ':next': next.nextChargeOn, ':zero': 0, ':period': next.period, ':now': now.toISOString(), ':sk': dueSk(next.nextChargeOn, at.scheduleId) },
      ),
    retryLater: (at, nextAttemptOn, now) =>
      transition(at, 'SET attempts = :more, nextAttemptOn = :retryOn, updatedAt = :now, gsi3sk = :sk', {
        ':more': at.attempts + 1,
        ':retryOn': nextAttemptOn,
        ':now': now.toISOString(),
        ':sk': dueSk(nextAttemptOn, at.scheduleId),
      }),
    stop: (at, reason, now) =>
      transition(
        at,
        'SET #status = :stopped, stoppedReason = :reason, stopNoticeSent = :false, updatedAt = :now, gsi3pk = :notice, gsi3sk = :sk',
        { ':stopped': 'Stopped', ':reason': reason, ':false': false, ':now': now.toISOString(), ':notice': NOTICE, ':sk': `${now.toISOString()}#${at.scheduleId}` },
      ),
    async markStopNoticeSent(memberId, scheduleId) {
      await conditionally(() =>
        client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: scheduleKey(memberId, scheduleId),
            UpdateExpression: 'SET stopNoticeSent = :true REMOVE gsi3pk, gsi3sk',
            ConditionExpression: 'gsi3pk = :notice',
            ExpressionAttributeValues: { ':true': true, ':notice': NOTICE },
          }),
        ),
      );
    },
    get,
    async cancel(memberId, scheduleId, now) {
      const cancelled = await conditionally(() =>
        client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: scheduleKey(memberId, scheduleId),
            UpdateExpression: 'SET #status = :cancelled, cancelledAt = :now, updatedAt = :now REMOVE gsi3pk, gsi3sk',
            ConditionExpression: '#status = :active',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':cancelled': 'Cancelled', ':active': 'Active', ':now': now.toISOString() },
          }),
        ),
      );
      if (cancelled) return 'cancelled';
      return (await get(memberId, scheduleId)) ? 'not-active' : 'not-found';
    },
  };
}

/** A signed-in member's donation is in their history: gsi3 keys for the donation item (none for a guest's). */
export const memberHistoryKeys = (donation: Pick<Donation, 'memberId' | 'completedAt' | 'donationId'>) =>
  donation.memberId ? { gsi3pk: memberPk(donation.memberId), gsi3sk: `${donation.completedAt}#${donation.donationId}` } : {};

/** The member's history: a Query on gsi3 (written with each member's donation), newest first, with an opaque cursor. */
export function dynamoDonationHistory(client: DynamoDBDocumentClient, tableName: string): DonationHistory {
  return {
    async listCompleted(memberId, range) {
      const donations: Donation[] = [];
      let startKey: Record<string, unknown> | undefined;
      do {
        // gsi3sk is <completedAt>#<id>: "<from>#…" sorts after "<from>" and "<to>#…" after "<to>", so BETWEEN is [from, to).
        const result: QueryCommandOutput = await client.send(
          new QueryCommand({
            TableName: tableName,
            IndexName: 'gsi3',
            KeyConditionExpression: range ? 'gsi3pk = :pk AND gsi3sk BETWEEN :from AND :to' : 'gsi3pk = :pk',
            ExpressionAttributeValues: { ':pk': memberPk(memberId), ...(range ? { ':from': range.fromIso, ':to': range.toIso } : {}) },
            ExclusiveStartKey: startKey,
          }),
        );
        donations.push(...(result.Items ?? []).map(donationFromItem));
        startKey = result.LastEvaluatedKey;
      } while (startKey);
      return donations;
    },
    async listByMember(memberId, { limit, cursor }) {
      const result = await client.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: 'gsi3',
          KeyConditionExpression: 'gsi3pk = :pk',
          ExpressionAttributeValues: { ':pk': memberPk(memberId) },
          ScanIndexForward: false,
          Limit: limit,
          ExclusiveStartKey: cursor === undefined ? undefined : startKeyOf(cursor, memberId),
        }),
      );
      const items = (result.Items ?? []).map(donationFromItem);
      return { items, ...(result.LastEvaluatedKey ? { nextCursor: Buffer.from(JSON.stringify(result.LastEvaluatedKey)).toString('base64url') } : {}) };
    },
  };
}

/** A cursor is the last key of the previous page; one that is not this member's (or not a key at all) is a 400. */
function startKeyOf(cursor: string, memberId: string): Record<string, unknown> {
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    key = undefined;
  }
  const valid =
    typeof key === 'object' &&
    key !== null &&
    (key as Record<string, unknown>).gsi3pk === memberPk(memberId) &&
    Object.values(key).every((value) => typeof value === 'string') &&
    Object.keys(key).every((name) => ['pk', 'sk', 'gsi3pk', 'gsi3sk'].includes(name));
  if (!valid) throw new DomainError('ValidationFailed', 'query.cursor: Invalid cursor.', [{ field: 'query.cursor', message: 'Invalid cursor.' }]);
  return key as Record<string, unknown>;
}
