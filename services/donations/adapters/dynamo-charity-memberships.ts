import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { MembershipPlan } from '@giving/shared/contracts/memberships';
import { MESSAGES } from '@giving/shared/contracts/messages';
import { queryAll, queryPage } from '@giving/shared/dynamo-query';
import { invalid } from '@giving/shared/errors';
import type { MembershipStore, StoredMembership } from '../domain/charity-memberships';
import { ledgerKey, monthKey } from './dynamo-charity-ledger';
import { completePaymentUpdate, paymentKey } from './dynamo-payments';

/**
 * Charity memberships in the donations table (domain/charity-memberships.ts):
 *   MEMBERSHIPPLAN#<plan id> / PLAN            a plan; gsi1 = MEMBERSHIPPLANS#<charity id> / <createdAt>#<plan id>
 *   CHARITY#<charity id> / MEMBERSHIPCOUNTER   the charity's last membership number (an atomic ADD)
 *   MEMBERSHIP#<id> / MEMBERSHIP               a membership; gsi1 = CHARITYMEMBERS#<charity id> / <createdAt>#<id> (the
 *                                              charity's list, newest first); gsi3 = MEMBERSHIPS#<member id> / <createdAt>#<id>
 *                                              (the member's); searchText: name, e-mail and number in lower case
 *   MEMBERSHIPOF#<member id> / PLAN#<plan id>  the member's membership on a plan (joining again renews it)
 *   MEMBERSHIPKEY#<idempotency key> / KEY      the membership a charity's "add a member" request stored
 * and on a membership, sparse: gsi2 = MEMBERSHIPRENEWALS / <next renewal day>#<id> while it renews by card, gsi4 =
 * MEMBERSHIPENDS / <paid until>#<id> while it has an end (the hourly job's renewals and reminders: Queries, no Scan).
 * A paid membership payment completes the payment, writes the membership and adds the fee to the charity's ledger in
 * one transaction conditioned on the payment still Processing: a retried step records nothing twice.
 */
const planKey = (planId: string) => ({ pk: `MEMBERSHIPPLAN#${planId}`, sk: 'PLAN' });
export const membershipKey = (membershipId: string) => ({ pk: `MEMBERSHIP#${membershipId}`, sk: 'MEMBERSHIP' });
export const lookupKey = (memberId: string, planId: string) => ({ pk: `MEMBERSHIPOF#${memberId}`, sk: `PLAN#${planId}` });
const requestKey = (idempotencyKey: string) => ({ pk: `MEMBERSHIPKEY#${idempotencyKey}`, sk: 'KEY' });
const KEY_TTL_SECONDS = 30 * 24 * 60 * 60;

const KEY_ATTRIBUTES = ['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'gsi3pk', 'gsi3sk', 'gsi4pk', 'gsi4sk', 'searchText'];
const RENEWALS = 'MEMBERSHIPRENEWALS';
const ENDS = 'MEMBERSHIPENDS';
const renews = (m: StoredMembership) => m.autoRenew && m.savedCardId !== undefined && !m.cancelledAt && !m.renewalStopped && m.paidUntil !== undefined && m.nextRenewalOn !== undefined;
function strip<T>(item: Record<string, unknown>): T {
  const rest = { ...item };
  for (const key of KEY_ATTRIBUTES) delete rest[key];
  return rest as T;
}

/** What the charity's list searches (its `q`): the member's name, e-mail and membership number, lower case. */
export const membershipSearchText = (membership: Pick<StoredMembership, 'member' | 'membershipNumber'>) =>
  `${membership.member.name} ${membership.member.email} ${membership.membershipNumber}`.toLowerCase();

const membershipItem = (membership: StoredMembership) => ({
  ...membershipKey(membership.membershipId),
  ...membership,
  gsi1pk: `CHARITYMEMBERS#${membership.charity.id}`,
  gsi1sk: `${membership.createdAt}#${membership.membershipId}`,
  ...(membership.member.memberId ? { gsi3pk: `MEMBERSHIPS#${membership.member.memberId}`, gsi3sk: `${membership.createdAt}#${membership.membershipId}` } : {}),
  searchText: membershipSearchText(membership),
  // Sparse: the hourly job's renewals (by the day the next attempt is due) and reminders (by the day it is paid until).
  ...(renews(membership) ? { gsi2pk: RENEWALS, gsi2sk: `${membership.nextRenewalOn}#${membership.membershipId}` } : {}),
  ...(membership.paidUntil ? { gsi4pk: ENDS, gsi4sk: `${membership.paidUntil}#${membership.membershipId}` } : {}),
});

const badCursor = () => invalid([{ field: 'query.cursor', message: MESSAGES.invalidInput }]);

export function dynamoMembershipStore(client: DynamoDBDocumentClient, tableName: string): MembershipStore {
  const get = async (key: Record<string, string>) => (await client.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }))).Item;
  const membershipOf = async (membershipId: string) => {
    const item = await get(membershipKey(membershipId));
    return item ? strip<StoredMembership>(item) : undefined;
  };

  return {
    async savePlan(plan, isNew) {
      try {
        await client.send(
          new PutCommand({
            TableName: tableName,
            Item: { ...planKey(plan.planId), ...plan, gsi1pk: `MEMBERSHIPPLANS#${plan.charityId}`, gsi1sk: `${plan.createdAt}#${plan.planId}` },
            ConditionExpression: isNew ? 'attribute_not_exists(pk)' : 'attribute_exists(pk)',
          }),
        );
        return 'saved';
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) return 'missing';
        throw error;
      }
    },

    async getPlan(charityId, planId) {
      const item = await get(planKey(planId));
      return item && item.charityId === charityId ? strip<MembershipPlan>(item) : undefined;
    },

    async planById(planId) {
      const item = await get(planKey(planId));
      return item ? strip<MembershipPlan>(item) : undefined;
    },

    async listPlans(charityId) {
      const items = await queryAll(client, {
        TableName: tableName,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :plans',
        ExpressionAttributeValues: { ':plans': `MEMBERSHIPPLANS#${charityId}` },
      });
      return items.map((item) => strip<MembershipPlan>(item));
    },

    async nextNumber(charityId) {
      const result = await client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: { pk: `CHARITY#${charityId}`, sk: 'MEMBERSHIPCOUNTER' },
          UpdateExpression: 'ADD lastNumber :one',
          ExpressionAttributeValues: { ':one': 1 },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      return Number(result.Attributes?.lastNumber);
    },

    get: membershipOf,

    async findByMemberAndPlan(memberId, planId) {
      const lookup = await get(lookupKey(memberId, planId));
      return lookup ? membershipOf(String(lookup.membershipId)) : undefined;
    },

    async listByMember(memberId) {
      const items = await queryAll(client, {
        TableName: tableName,
        IndexName: 'gsi3',
        KeyConditionExpression: 'gsi3pk = :member',
        ExpressionAttributeValues: { ':member': `MEMBERSHIPS#${memberId}` },
        ScanIndexForward: false,
      });
      return items.map((item) => strip<StoredMembership>(item));
    },

    async listByCharity(charityId, { q }, limit, cursor) {
      const partition = `CHARITYMEMBERS#${charityId}`;
      const page = await queryPage(
        client,
        {
          TableName: tableName,
          KeyConditionExpression: 'gsi1pk = :members',
          ...(q ? { FilterExpression: 'contains(searchText, :q)' } : {}),
          ExpressionAttributeValues: { ':members': partition, ...(q ? { ':q': q.toLowerCase() } : {}) },
        },
        { index: 'gsi1', partition, limit, ...(cursor ? { cursor } : {}), badCursor },
      );
      return { items: page.items.map((item) => strip<StoredMembership>(item)), ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) };
    },

    async addManual(membership, idempotencyKey) {
      try {
        await client.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Put: {
                  TableName: tableName,
                  Item: { ...requestKey(idempotencyKey), membershipId: membership.membershipId, expiresAt: Math.floor(Date.parse(membership.createdAt) / 1000) + KEY_TTL_SECONDS },
                  ConditionExpression: 'attribute_not_exists(pk)',
                },
              },
              { Put: { TableName: tableName, Item: membershipItem(membership), ConditionExpression: 'attribute_not_exists(pk)' } },
            ],
          }),
        );
        return membership;
      } catch (error) {
        if (!(error instanceof TransactionCanceledException) || error.CancellationReasons?.[0]?.Code !== 'ConditionalCheckFailed') throw error;
        const claim = await get(requestKey(idempotencyKey));
        const stored = claim ? await membershipOf(String(claim.membershipId)) : undefined;
        if (!stored) throw error;
        return stored;
      }
    },

    async cancel(membershipId, at) {
      try {
        await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: membershipKey(membershipId),
            UpdateExpression: 'SET cancelledAt = :at, autoRenew = :false REMOVE gsi2pk, gsi2sk',
            ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(cancelledAt)',
            ExpressionAttributeValues: { ':at': at, ':false': false },
          }),
        );
        return 'cancelled';
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) return 'already';
        throw error;
      }
    },

    async datesOfCharity(charityId) {
      const items = await queryAll(client, {
        TableName: tableName,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :members',
        ProjectionExpression: 'joinedOn, paidUntil, cancelledAt',
        ExpressionAttributeValues: { ':members': `CHARITYMEMBERS#${charityId}` },
      });
      return items.map((item) => ({
        joinedOn: String(item.joinedOn),
        ...(typeof item.paidUntil === 'string' ? { paidUntil: item.paidUntil } : {}),
        ...(typeof item.cancelledAt === 'string' ? { cancelledAt: item.cancelledAt } : {}),
      }));
    },

    async listDueRenewals(day, limit) {
      const result = await client.send(
        new QueryCommand({ TableName: tableName, IndexName: 'gsi2', KeyConditionExpression: 'gsi2pk = :renewals AND gsi2sk <= :day', ExpressionAttributeValues: { ':renewals': RENEWALS, ':day': `${day}#~` }, Limit: limit }),
      );
      // The index is eventually consistent: each is read again from the table.
      const found = await Promise.all((result.Items ?? []).map((item) => membershipOf(String(item.membershipId))));
      return found.filter((m): m is StoredMembership => m !== undefined && renews(m));
    },

    async listEnding(from, to, limit) {
      const result = await client.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: 'gsi4',
          KeyConditionExpression: 'gsi4pk = :ends AND gsi4sk BETWEEN :from AND :to',
          ExpressionAttributeValues: { ':ends': ENDS, ':from': `${from}#`, ':to': `${to}#~` },
          Limit: limit,
        }),
      );
      return (result.Items ?? []).map((item) => strip<StoredMembership>(item));
    },

    async retryRenewal(membershipId, paidUntil, attempts, nextRenewalOn) {
      try {
        await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: membershipKey(membershipId),
            UpdateExpression: 'SET renewalAttempts = :next, nextRenewalOn = :on, gsi2sk = :sort',
            ConditionExpression: `paidUntil = :paidUntil AND attribute_exists(gsi2pk) AND ${attempts === 0 ? '(attribute_not_exists(renewalAttempts) OR renewalAttempts = :attempts)' : 'renewalAttempts = :attempts'}`,
            ExpressionAttributeValues: { ':next': attempts + 1, ':on': nextRenewalOn, ':sort': `${nextRenewalOn}#${membershipId}`, ':paidUntil': paidUntil, ':attempts': attempts },
          }),
        );
        return 'moved';
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) return 'stale';
        throw error;
      }
    },

    async stopRenewal(membershipId, paidUntil, attempts, reason) {
      try {
        await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: membershipKey(membershipId),
            UpdateExpression: 'SET autoRenew = :false, renewalStopped = :reason REMOVE gsi2pk, gsi2sk',
            ConditionExpression: `paidUntil = :paidUntil AND attribute_exists(gsi2pk) AND ${attempts === 0 ? '(attribute_not_exists(renewalAttempts) OR renewalAttempts = :attempts)' : 'renewalAttempts = :attempts'}`,
            ExpressionAttributeValues: { ':false': false, ':reason': reason, ':paidUntil': paidUntil, ':attempts': attempts },
          }),
        );
        return 'stopped';
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) return 'stale';
        throw error;
      }
    },

    async recordPayment(payment, membership, month, chargeId) {
      const fee = membership.plan.fee;
      try {
        await client.send(
          new TransactWriteCommand({
            TransactItems: [
              { Update: completePaymentUpdate(tableName, payment.trackingNumber, { at: membership.lastPayment?.paidAt ?? membership.createdAt, chargeId }) },
              { Put: { TableName: tableName, Item: membershipItem(membership) } },
              ...(membership.member.memberId
                ? [{ Put: { TableName: tableName, Item: { ...lookupKey(membership.member.memberId, membership.plan.planId), membershipId: membership.membershipId } } }]
                : []),
              {
                Update: {
                  TableName: tableName,
                  Key: ledgerKey(membership.charity.id),
                  UpdateExpression: 'ADD receivedCents :amount, owedCents :amount, membershipCents :amount SET currency = if_not_exists(currency, :currency), charityId = :charityId',
                  ExpressionAttributeValues: { ':amount': fee.cents, ':currency': fee.currency, ':charityId': membership.charity.id },
                },
              },
              {
                Update: {
                  TableName: tableName,
                  Key: monthKey(membership.charity.id, month),
                  UpdateExpression: 'ADD receivedCents :amount, membershipCents :amount SET #month = :month, currency = if_not_exists(currency, :currency)',
                  ExpressionAttributeNames: { '#month': 'month' },
                  ExpressionAttributeValues: { ':amount': fee.cents, ':month': month, ':currency': fee.currency },
                },
              },
            ],
          }),
        );
      } catch (error) {
        if (!(error instanceof TransactionCanceledException) || error.CancellationReasons?.[0]?.Code !== 'ConditionalCheckFailed') throw error;
        // Recorded by an earlier attempt: nothing to do; anything else is a payment that can no longer complete.
        const now = await get(paymentKey(payment.trackingNumber));
        if (now?.status !== 'Completed') throw new Error(`membership payment ${payment.trackingNumber} is not Processing; not recorded`);
      }
    },
  };
}
