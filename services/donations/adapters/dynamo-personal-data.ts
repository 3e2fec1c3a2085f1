import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { MerchantAccount } from '@giving/shared/contracts/payment-gateway';
import { queryAll } from '@giving/shared/dynamo-query';
import { ERASED_MEMBER_NAME } from '@giving/shared/personal-data';
import type { MemberRecords, TenantRoleRecord } from '../domain/personal-data';
import { blockKey, declinesKey } from './dynamo-card-testing';
import { lookupKey, membershipKey, membershipSearchText } from './dynamo-charity-memberships';
import { memberPk, scheduleKey } from './dynamo-member-giving';
import { donationKey, paymentKey } from './dynamo-payments';
import { pledgeKey } from './dynamo-payroll-pledges';
import { voucherKey } from './dynamo-vouchers';

/**
 * A member's records in the donations table for "Download my data" and "Delete my account" (domain/personal-data.ts),
 * beyond what the repositories read and write:
 *   MEMBER#<member> / CHARITY#<id>, WORKPLACE#<id>      donations' copies of their roles (shared/dynamo-copies.ts)
 *   MEMBER#<member> / GATEWAYCUSTOMER[#<account>]       their customer at the card gateway (dynamo-member-giving.ts)
 *   MEMBER#<member> / RECURRING#<id>, PAYROLLPLEDGE#<id> deleted (a schedule leaves the hourly job's index with it)
 *   CARDTESTING#email#<hash> / DECLINES, CARDTESTING#BLOCKS / email#<hash>   declines counted against their e-mail
 * and, kept without the member's identity, their DONATION#<id> / DONATION, PAYMENT#<tail> / PAYMENT, VOUCHER#<hash> /
 * VOUCHER and MEMBERSHIP#<id> / MEMBERSHIP items (their MEMBERSHIPOF#<member> / PLAN#<plan> look-up deleted). Each of
 * those writes is conditional on the item still naming the member, so a repeat writes nothing and answers false; each
 * removes the item's member or e-mail index keys in the same write that takes out the identity.
 */
const ERASED_PERSON = { firstName: ERASED_MEMBER_NAME, lastName: '', email: '' };

export function dynamoMemberRecords(client: DynamoDBDocumentClient, tableName: string): MemberRecords {
  /** The member partition's items whose sort key starts with `prefix`. */
  const partition = (memberId: string, prefix: string) =>
    queryAll(client, {
      TableName: tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': memberPk(memberId), ':prefix': prefix },
      ConsistentRead: true,
    });

  /** Deletes the item; whether there was one. */
  const remove = async (key: Record<string, string>) => {
    const result = await client.send(new DeleteCommand({ TableName: tableName, Key: key, ReturnValues: 'ALL_OLD' }));
    return result.Attributes !== undefined;
  };

  const removeAll = async (items: Record<string, unknown>[]) => {
    let removed = 0;
    for (const item of items) if (await remove({ pk: String(item.pk), sk: String(item.sk) })) removed++;
    return removed;
  };

  /** An update under its condition: false when the condition did not hold (missing, or done before). */
  const conditionally = async (input: ConstructorParameters<typeof UpdateCommand>[0]) => {
    try {
      await client.send(new UpdateCommand(input));
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  };

  const get = async (key: Record<string, string>) => (await client.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }))).Item;

  return {
    async tenantRoles(memberId) {
      const [charities, workplaces] = await Promise.all([partition(memberId, 'CHARITY#'), partition(memberId, 'WORKPLACE#')]);
      const roles = (item: Record<string, unknown>) => (Array.isArray(item.roles) ? item.roles.filter((role): role is string => typeof role === 'string') : []);
      return [
        ...charities.map((item): TenantRoleRecord => ({ tenant: 'charity', tenantId: String(item.charityId), roles: roles(item) })),
        ...workplaces.map((item): TenantRoleRecord => ({ tenant: 'workplace', tenantId: String(item.workplaceId), tenantName: String(item.workplaceName ?? ''), roles: roles(item) })),
      ];
    },

    async gatewayCustomers(memberId) {
      const items = await partition(memberId, 'GATEWAYCUSTOMER');
      // The Platform account's customer was kept before there were accounts: without `account`.
      return items.map((item) => ({ account: (item.account ?? 'Platform') as MerchantAccount, customerId: String(item.customerId) }));
    },

    async cardTesting(key) {
      const [declines, block] = await Promise.all([get(declinesKey(key)), get(blockKey(key))]);
      if (!declines && !block) return undefined;
      const entries = [...((declines?.declines as Set<string> | undefined) ?? [])].sort();
      return {
        declines: entries.map((entry) => {
          const [seconds, trackingNumber = ''] = entry.split('#');
          return { at: new Date(Number(seconds) * 1000).toISOString(), trackingNumber };
        }),
        ...(typeof block?.blockedUntil === 'string' ? { blockedUntil: block.blockedUntil } : {}),
      };
    },

    anonymiseDonation: (donationId) =>
      conditionally({
        TableName: tableName,
        Key: donationKey(donationId),
        UpdateExpression: 'SET donorName = :name, receiptName = :name, donorEmail = :none REMOVE memberId, gsi3pk, gsi3sk, message, donorMessage',
        ConditionExpression: 'attribute_exists(pk) AND (attribute_exists(memberId) OR attribute_exists(gsi3pk) OR donorName <> :name OR donorEmail <> :none)',
        ExpressionAttributeValues: { ':name': ERASED_MEMBER_NAME, ':none': '' },
      }),

    async anonymisePayment(trackingNumber, memberId) {
      const item = await get(paymentKey(trackingNumber));
      // The key is the tracking number's tail: another time part is another payment, not this one.
      if (item?.trackingNumber !== trackingNumber) return false;
      const card = item.card as Record<string, unknown> | undefined;
      const removed = ['memberId', 'clientAddress', 'donorEmailLower', 'gsi3pk', 'gsi3sk', 'message', 'donorMessage', ...(card ? ['card.customerId', 'card.savedCardId'] : [])];
      // The item stays keyed by the key's tail; the key itself is only compared by a repeat, which no one can now send.
      const key = String(item.idempotencyKey ?? '');
      const namesMember = memberId !== '' && key.includes(memberId);
      return conditionally({
        TableName: tableName,
        Key: paymentKey(trackingNumber),
        UpdateExpression: `SET donor = :donor, receiptName = :name${namesMember ? ', idempotencyKey = :key' : ''} REMOVE ${removed.join(', ')}`,
        // Only an ended payment: one still being charged is the workflow's, and it is never one of the member's records here.
        ConditionExpression:
          'trackingNumber = :trackingNumber AND #status IN (:completed, :failed) AND (attribute_exists(memberId) OR attribute_exists(donorEmailLower) OR attribute_exists(gsi3pk) OR donor.email <> :none OR receiptName <> :name)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':donor': ERASED_PERSON,
          ':name': ERASED_MEMBER_NAME,
          ':none': '',
          ':trackingNumber': trackingNumber,
          ':completed': 'Completed',
          ':failed': 'Failed',
          ...(namesMember ? { ':key': key.split(memberId).join('erased-member') } : {}),
        },
      });
    },

    async anonymiseVoucher(codeHash, buyerEmail) {
      const item = await get(voucherKey(codeHash));
      const email = buyerEmail.trim().toLowerCase();
      if (item?.buyerEmailLower !== email) return false;
      // A matched voucher is the member's own (they are its recipient too); a gift's recipient is someone else's to keep.
      const recipient = item.recipient as { email?: string } | undefined;
      const recipientIsBuyer = recipient?.email?.trim().toLowerCase() === email;
      return conditionally({
        TableName: tableName,
        Key: voucherKey(codeHash),
        UpdateExpression: `SET buyer = :buyer REMOVE buyerEmailLower, gsi3pk, gsi3sk, message${recipientIsBuyer ? ', recipient' : ''}`,
        ConditionExpression: 'buyerEmailLower = :email',
        ExpressionAttributeValues: { ':buyer': ERASED_PERSON, ':email': email },
      });
    },

    async anonymiseMembership(membership, memberId, at) {
      const member = { name: ERASED_MEMBER_NAME, email: '' };
      try {
        await client.send(
          new TransactWriteCommand({
            TransactItems: [
              { Delete: { TableName: tableName, Key: lookupKey(memberId, membership.plan.planId) } },
              {
                Update: {
                  TableName: tableName,
                  Key: membershipKey(membership.membershipId),
                  // Cancelled as the member's own cancellation does (no renewal, no reminder), and out of the renewal,
                  // reminder and member indexes; the charity's list (gsi1) keeps it, from "Deleted member".
                  UpdateExpression:
                    'SET #member = :member, searchText = :searchText, autoRenew = :false, cancelledAt = if_not_exists(cancelledAt, :at) REMOVE gsi2pk, gsi2sk, gsi3pk, gsi3sk, gsi4pk, gsi4sk, savedCardId, nextRenewalOn, renewalAttempts',
                  ConditionExpression: '#member.memberId = :memberId',
                  ExpressionAttributeNames: { '#member': 'member' },
                  ExpressionAttributeValues: {
                    ':member': member,
                    ':searchText': membershipSearchText({ member, membershipNumber: membership.membershipNumber }),
                    ':false': false,
                    ':at': at,
                    ':memberId': memberId,
                  },
                },
              },
            ],
          }),
        );
        return true;
      } catch (error) {
        if (error instanceof TransactionCanceledException && error.CancellationReasons?.[1]?.Code === 'ConditionalCheckFailed') return false;
        throw error;
      }
    },

    removeSchedule: (memberId, scheduleId) => remove(scheduleKey(memberId, scheduleId)),
    removePledge: (memberId, pledgeId) => remove(pledgeKey(memberId, pledgeId)),
    removeTenantRoles: async (memberId) => removeAll([...(await partition(memberId, 'CHARITY#')), ...(await partition(memberId, 'WORKPLACE#'))]),
    removeGatewayCustomers: async (memberId) => removeAll(await partition(memberId, 'GATEWAYCUSTOMER')),
    async removeCardTesting(key) {
      // One record to the member (as their export shows it): the declines and the block they led to.
      const [declines, block] = [await remove(declinesKey(key)), await remove(blockKey(key))];
      return declines || block ? 1 : 0;
    },
  };
}
