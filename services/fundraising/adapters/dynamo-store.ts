import { DIGEST_LIMIT } from '../domain/owner-mail';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { invalid } from '@giving/shared/errors';
import { queryAll } from '@giving/shared/dynamo-query';
import { transactWrite, type TransactItems } from '@giving/shared/dynamo-transact';
import type {
  CharityRef,
  FundraisingStore,
  ListPage,
  DonationDigest,
  StoredComment,
  StoredDonor,
  StoredEvent,
  StoredInvitation,
  StoredMembership,
  StoredOfflineDonation,
  StoredPage,
  StoredTotals,
} from '../domain/ports';
import { keys, raisedKey, withoutKeys } from './keys';

type Item = Record<string, unknown>;
const PAGE_SIZE = 24;
const CURSOR = /^[A-Za-z0-9_-]{1,600}$/;
const MUTATE_ATTEMPTS = 6;

export const raisedOf = (totals: StoredTotals) => totals.onlineAmount + totals.offlineAmount + totals.matchedAmount;

/** An event's item with its index keys: listed (and ranked by amount) while online. */
export function eventItem(event: StoredEvent): Item {
  return {
    ...event,
    ...keys.event(event.id),
    gsi2pk: `CHARITY#${event.charity.id}`,
    gsi2sk: `EVENT#${event.createdOn}#${event.id}`,
    gsi4pk: 'ALL',
    gsi4sk: `EVENT#${event.createdOn}#${event.id}`,
    ...(event.isOnline
      ? {
          gsi1pk: `LISTED#EVENTS#${event.country}`,
          gsi1sk: `${event.createdOn}#${event.id}`,
          gsi5pk: `RAISED#EVENTS#${event.country}`,
          gsi5sk: raisedKey(raisedOf(event), event.id),
        }
      : {}),
  };
}

/** A page's item with its index keys: listed (and ranked) while it and its event are online; ranked in its event always. */
export function pageItem(page: StoredPage): Item {
  const listed = page.isOnline && page.eventOnline;
  return {
    ...page,
    ...keys.page(page.id),
    gsi2pk: `CHARITY#${page.charity.id}`,
    gsi2sk: `PAGE#${page.createdOn}#${page.id}`,
    gsi3pk: `EVENT#${page.eventId}`,
    gsi3sk: raisedKey(raisedOf(page), page.id),
    gsi4pk: 'ALL',
    gsi4sk: `PAGE#${page.createdOn}#${page.id}`,
    ...(listed
      ? {
          gsi1pk: `LISTED#PAGES#${page.country}`,
          gsi1sk: `${page.createdOn}#${page.id}`,
          gsi5pk: `RAISED#PAGES#${page.country}`,
          gsi5sk: raisedKey(raisedOf(page), page.id),
        }
      : {}),
  };
}

const membershipItem = (membership: StoredMembership): Item => ({
  ...membership,
  ...keys.member(membership.target, membership.memberId),
  gsi1pk: `MEMBER#${membership.memberId}`,
  gsi1sk: keys.team(membership.target),
});

/** A donor entry, found by its donor (gsi2) when they gave signed in or as a guest with an e-mail. */
export function donorItem(donor: StoredDonor): Item {
  const by = donor.donorMemberId ? `DONOR#${donor.donorMemberId}` : donor.donorEmail ? `DONOREMAIL#${donor.donorEmail}` : undefined;
  return { ...donor, ...keys.donor(donor.pageId, donor.donatedOn, donor.id), ...(by ? { gsi2pk: by, gsi2sk: `${donor.donatedOn}#${donor.id}` } : {}) };
}

const invitationItem = (invitation: StoredInvitation): Item => ({
  ...invitation,
  ...keys.invitation(invitation.target, invitation.email),
  gsi1pk: `INVITEE#${invitation.email}`,
  gsi1sk: `${invitation.invitedOn}#${invitation.id}`,
  gsi2pk: `INVITATION#${invitation.id}`,
  gsi2sk: 'INVITATION',
});

const isConditionFailure = (error: unknown) => error instanceof ConditionalCheckFailedException;

function decodeCursor(cursor: string | undefined, partition: { attribute: string; value: string }): Item | undefined {
  if (cursor === undefined) return undefined;
  const refuse = () => invalid([{ field: 'query.cursor', message: 'Invalid Input!' }]);
  if (!CURSOR.test(cursor)) throw refuse();
  let start: unknown;
  try {
    start = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw refuse();
  }
  if (!start || typeof start !== 'object' || (start as Item)[partition.attribute] !== partition.value) throw refuse();
  return start as Item;
}
const encodeCursor = (key: Item | undefined) => (key ? { nextCursor: Buffer.from(JSON.stringify(key)).toString('base64url') } : {});

export function dynamoFundraisingStore(client: DynamoDBDocumentClient, tableName: string): FundraisingStore {
  const get = async <T>(key: { pk: string; sk: string }, consistent = false) => {
    const result = await client.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: consistent }));
    return result.Item ? withoutKeys<T>(result.Item) : undefined;
  };
  const query = async (input: Omit<QueryCommandInput, 'TableName'>) => queryAll(client, { TableName: tableName, ...input });
  const pageOf = async <T>(index: string, partition: string, options: { cursor?: string; limit?: number; forward?: boolean; prefix?: string }): Promise<ListPage<T>> => {
    const start = decodeCursor(options.cursor, { attribute: `${index}pk`, value: partition });
    const result = await client.send(
      new QueryCommand({
        TableName: tableName,
        IndexName: index,
        KeyConditionExpression: options.prefix ? `${index}pk = :pk AND begins_with(${index}sk, :prefix)` : `${index}pk = :pk`,
        ExpressionAttributeValues: { ':pk': partition, ...(options.prefix ? { ':prefix': options.prefix } : {}) },
        ScanIndexForward: options.forward ?? false,
        Limit: options.limit ?? PAGE_SIZE,
        ExclusiveStartKey: start,
      }),
    );
    return { items: (result.Items ?? []).map((item) => withoutKeys<T>(item)), ...encodeCursor(result.LastEvaluatedKey) };
  };

  /**
   * Reads an event or a page, changes it, and writes it back only if nobody changed it meanwhile (its version), trying
   * again when someone did: content, online status and the index keys they decide stay consistent with the totals
   * that donations ADD concurrently.
   */
  async function mutate<T extends { version: number }>(key: { pk: string; sk: string }, toItem: (value: T) => Item, change: (value: T) => T): Promise<T | undefined> {
    for (let attempt = 1; ; attempt++) {
      const current = await get<T>(key, true);
      if (!current) return undefined;
      const next = { ...change(current), version: current.version + 1 };
      try {
        await client.send(new PutCommand({ TableName: tableName, Item: toItem(next), ConditionExpression: 'version = :version', ExpressionAttributeValues: { ':version': current.version } }));
        return next;
      } catch (error) {
        if (!isConditionFailure(error) || attempt >= MUTATE_ATTEMPTS) throw error;
      }
    }
  }

  const put = (item: Item, condition = 'attribute_not_exists(pk)') => ({ Put: { TableName: tableName, Item: item, ConditionExpression: condition } });
  const addressClaim = (key: { pk: string; sk: string }, target: Item) => put({ ...key, ...target });

  return {
    async createEvent(event, owner) {
      const outcome = await transactWrite(client, [addressClaim(keys.eventUrl(event.eventUrl), { eventId: event.id }), put(eventItem(event)), put(membershipItem(owner))]);
      return outcome.ok ? 'created' : 'addressTaken';
    },

    async createSinglePageEvent(event, page, owner) {
      const outcome = await transactWrite(client, [
        addressClaim(keys.eventUrl(event.eventUrl), { eventId: event.id }),
        addressClaim(keys.pageUrl(event.id, page.pageUrl), { pageId: page.id }),
        put(eventItem(event)),
        put(pageItem(page)),
        put(membershipItem(owner.event)),
        put(membershipItem(owner.page)),
      ]);
      return outcome.ok ? 'created' : 'addressTaken';
    },

    async createPage(page, owner) {
      const items: TransactItems = [
        addressClaim(keys.pageUrl(page.eventId, page.pageUrl), { pageId: page.id }),
        put(pageItem(page)),
        put(membershipItem(owner)),
        {
          Update: {
            TableName: tableName,
            Key: keys.event(page.eventId),
            UpdateExpression: 'ADD pagesCount :one, version :one',
            ConditionExpression: 'attribute_exists(pk) AND isOnline = :true AND kind = :multi',
            ExpressionAttributeValues: { ':one': 1, ':true': true, ':multi': 'MultiPage' },
          },
        },
      ];
      const outcome = await transactWrite(client, items);
      if (outcome.ok) return 'created';
      return outcome.failed.includes(3) ? 'eventClosed' : 'addressTaken';
    },

    getEvent: (id) => get<StoredEvent>(keys.event(id)),
    async getEventByUrl(eventUrl) {
      const claim = await get<{ eventId: string }>(keys.eventUrl(eventUrl));
      return claim ? get<StoredEvent>(keys.event(claim.eventId)) : undefined;
    },
    getPage: (id, options) => get<StoredPage>(keys.page(id), options?.consistent ?? false),
    async getPageByUrl(eventId, pageUrl) {
      const claim = await get<{ pageId: string }>(keys.pageUrl(eventId, pageUrl));
      return claim ? get<StoredPage>(keys.page(claim.pageId)) : undefined;
    },

    async isEventUrlTaken(eventUrls) {
      return takenOf(eventUrls.map((url) => ({ url, key: keys.eventUrl(url) })));
    },
    async isPageUrlTaken(eventId, pageUrls) {
      return takenOf(pageUrls.map((url) => ({ url, key: keys.pageUrl(eventId, url) })));
    },

    updateEventContent: (id, change) => mutate<StoredEvent>(keys.event(id), eventItem, (event) => ({ ...event, ...change, imageUrl: change.imageUrl ?? event.imageUrl })),
    updatePageContent: (id, change) => mutate<StoredPage>(keys.page(id), pageItem, (page) => ({ ...page, ...change, imageUrl: change.imageUrl ?? page.imageUrl })),

    async setEventOnline(id, isOnline) {
      const event = await mutate<StoredEvent>(keys.event(id), eventItem, (current) => ({ ...current, isOnline }));
      if (!event) return undefined;
      // Each page follows its event (idempotent: running it again after a crash finishes the job).
      const pages = await query({ IndexName: 'gsi3', KeyConditionExpression: 'gsi3pk = :pk', ExpressionAttributeValues: { ':pk': `EVENT#${id}` } });
      for (const page of pages) {
        if (page.eventOnline === isOnline) continue;
        await mutate<StoredPage>(keys.page(String(page.id)), pageItem, (current) => ({ ...current, eventOnline: isOnline }));
      }
      return event;
    },
    setPageOnline: (id, isOnline) => mutate<StoredPage>(keys.page(id), pageItem, (page) => ({ ...page, isOnline })),

    listEvents: (country, options) =>
      options.sort === 'mostRaised'
        ? pageOf<StoredEvent>('gsi5', `RAISED#EVENTS#${country}`, options)
        : pageOf<StoredEvent>('gsi1', `LISTED#EVENTS#${country}`, options),
    listPages: (country, options) =>
      options.sort === 'mostRaised'
        ? pageOf<StoredPage>('gsi5', `RAISED#PAGES#${country}`, options)
        : pageOf<StoredPage>('gsi1', `LISTED#PAGES#${country}`, options),

    async pagesOfEvent(eventId, options) {
      const pages: StoredPage[] = [];
      let start: Item | undefined;
      const limit = options.limit ?? Number.POSITIVE_INFINITY;
      do {
        const result = await client.send(
          new QueryCommand({
            TableName: tableName,
            IndexName: 'gsi3',
            KeyConditionExpression: 'gsi3pk = :pk',
            ExpressionAttributeValues: { ':pk': `EVENT#${eventId}`, ...(options.all ? {} : { ':true': true }) },
            ...(options.all ? {} : { FilterExpression: 'isOnline = :true' }),
            ScanIndexForward: false,
            ExclusiveStartKey: start,
          }),
        );
        pages.push(...(result.Items ?? []).map((item) => withoutKeys<StoredPage>(item)));
        start = result.LastEvaluatedKey;
      } while (start && pages.length < limit);
      return pages.slice(0, limit);
    },

    async eventsOfCharity(charityId) {
      const items = await query({ IndexName: 'gsi2', KeyConditionExpression: 'gsi2pk = :pk AND begins_with(gsi2sk, :kind)', ExpressionAttributeValues: { ':pk': `CHARITY#${charityId}`, ':kind': 'EVENT#' }, ScanIndexForward: false });
      return items.map((item) => withoutKeys<StoredEvent>(item));
    },
    async pagesOfCharity(charityId) {
      const items = await query({ IndexName: 'gsi2', KeyConditionExpression: 'gsi2pk = :pk AND begins_with(gsi2sk, :kind)', ExpressionAttributeValues: { ':pk': `CHARITY#${charityId}`, ':kind': 'PAGE#' }, ScanIndexForward: false });
      return items.map((item) => withoutKeys<StoredPage>(item));
    },
    allEvents: (options) => pageOf<StoredEvent>('gsi4', 'ALL', { ...options, prefix: 'EVENT#', limit: options.limit ?? 50 }),
    allPages: (options) => pageOf<StoredPage>('gsi4', 'ALL', { ...options, prefix: 'PAGE#', limit: options.limit ?? 50 }),

    membership: (target, memberId) => get<StoredMembership>(keys.member(target, memberId), true),
    async members(target) {
      const items = await query({ KeyConditionExpression: 'pk = :pk AND begins_with(sk, :member)', ExpressionAttributeValues: { ':pk': keys.team(target), ':member': 'MEMBER#' }, ConsistentRead: true });
      return items.map((item) => withoutKeys<StoredMembership>(item));
    },
    async membershipsOf(memberId) {
      const items = await query({ IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': `MEMBER#${memberId}` } });
      return items.map((item) => withoutKeys<StoredMembership>(item));
    },
    async addMember(membership) {
      try {
        await client.send(new PutCommand({ TableName: tableName, Item: membershipItem(membership), ConditionExpression: 'attribute_not_exists(pk)' }));
        return 'added';
      } catch (error) {
        if (isConditionFailure(error)) return 'exists';
        throw error;
      }
    },
    async setMemberRole(target, memberId, role) {
      try {
        await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.member(target, memberId),
            UpdateExpression: 'SET #role = :role',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeNames: { '#role': 'role' },
            ExpressionAttributeValues: { ':role': role },
          }),
        );
        return 'updated';
      } catch (error) {
        if (isConditionFailure(error)) return 'missing';
        throw error;
      }
    },
    async removeMember(target, memberId) {
      try {
        await client.send(new DeleteCommand({ TableName: tableName, Key: keys.member(target, memberId), ConditionExpression: 'attribute_exists(pk)' }));
        return 'removed';
      } catch (error) {
        if (isConditionFailure(error)) return 'missing';
        throw error;
      }
    },

    async addInvitations(invitations) {
      const outcome = await transactWrite(client, invitations.map((invitation) => put(invitationItem(invitation))));
      if (outcome.ok) return { ok: true };
      return { ok: false, alreadyInvited: outcome.failed.map((index) => invitations[index]!.email) };
    },
    async invitations(target) {
      const items = await query({ KeyConditionExpression: 'pk = :pk AND begins_with(sk, :invite)', ExpressionAttributeValues: { ':pk': keys.team(target), ':invite': 'INVITE#' }, ConsistentRead: true });
      return items.map((item) => withoutKeys<StoredInvitation>(item));
    },
    async invitationsFor(email) {
      const items = await query({ IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': `INVITEE#${email}` }, ScanIndexForward: false });
      return items.map((item) => withoutKeys<StoredInvitation>(item));
    },
    async getInvitation(id) {
      const items = await query({ IndexName: 'gsi2', KeyConditionExpression: 'gsi2pk = :pk', ExpressionAttributeValues: { ':pk': `INVITATION#${id}` } });
      if (!items[0]) return undefined;
      // The index may lag: the table's own item is the truth.
      const stored = withoutKeys<StoredInvitation>(items[0]);
      const current = await get<StoredInvitation>(keys.invitation(stored.target, stored.email), true);
      return current?.id === id ? current : undefined;
    },
    async removeInvitation(invitation) {
      try {
        await client.send(
          new DeleteCommand({ TableName: tableName, Key: keys.invitation(invitation.target, invitation.email), ConditionExpression: 'id = :id', ExpressionAttributeValues: { ':id': invitation.id } }),
        );
        return 'removed';
      } catch (error) {
        if (isConditionFailure(error)) return 'missing';
        throw error;
      }
    },
    async markInvitationSent(invitation, at) {
      await client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.invitation(invitation.target, invitation.email),
          UpdateExpression: 'SET lastSentOn = :at',
          ConditionExpression: 'id = :id',
          ExpressionAttributeValues: { ':at': at, ':id': invitation.id },
        }),
      );
    },
    async acceptInvitation(invitation, membership) {
      const outcome = await transactWrite(client, [
        { Delete: { TableName: tableName, Key: keys.invitation(invitation.target, invitation.email), ConditionExpression: 'id = :id', ExpressionAttributeValues: { ':id': invitation.id } } },
        // A member who joined meanwhile keeps their membership; the invitation still goes.
        { Put: { TableName: tableName, Item: membershipItem(membership) } },
      ]);
      return outcome.ok ? 'accepted' : 'answered';
    },

    async addComment(comment) {
      await client.send(new PutCommand({ TableName: tableName, Item: { ...comment, ...keys.comment(comment.pageId, comment.id) }, ConditionExpression: 'attribute_not_exists(pk)' }));
    },
    async comments(pageId) {
      const items = await query({ KeyConditionExpression: 'pk = :pk AND begins_with(sk, :comment)', ExpressionAttributeValues: { ':pk': `PAGE#${pageId}`, ':comment': 'COMMENT#' }, ScanIndexForward: false, Limit: 100 });
      return items.slice(0, 100).map((item) => withoutKeys<StoredComment>(item));
    },
    getComment: (pageId, commentId) => get<StoredComment>(keys.comment(pageId, commentId), true),
    async removeComment(pageId, commentId) {
      await client.send(new DeleteCommand({ TableName: tableName, Key: keys.comment(pageId, commentId) }));
    },

    async donors(pageId, options) {
      const start = decodeCursor(options.cursor, { attribute: 'pk', value: `PAGE#${pageId}` });
      const result = await client.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :donor)',
          ExpressionAttributeValues: { ':pk': `PAGE#${pageId}`, ':donor': 'DONOR#' },
          ScanIndexForward: false,
          Limit: options.limit ?? 50,
          ExclusiveStartKey: start,
        }),
      );
      return { items: (result.Items ?? []).map((item) => withoutKeys<StoredDonor>(item)), ...encodeCursor(result.LastEvaluatedKey) };
    },

    async addOfflineDonation(donation) {
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            ...donation,
            ...keys.offlineDonation(donation.id),
            gsi2pk: `CHARITY#${donation.charityId}`,
            gsi2sk: `OFFLINE#${donation.createdOn}#${donation.id}`,
            gsi3pk: `PAGEOFFLINE#${donation.pageId}`,
            gsi3sk: `${donation.createdOn}#${donation.id}`,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
    },
    getOfflineDonation: (id) => get<StoredOfflineDonation>(keys.offlineDonation(id), true),
    async offlineDonationsOfPage(pageId) {
      const items = await query({ IndexName: 'gsi3', KeyConditionExpression: 'gsi3pk = :pk', ExpressionAttributeValues: { ':pk': `PAGEOFFLINE#${pageId}` }, ScanIndexForward: false });
      return items.map((item) => withoutKeys<StoredOfflineDonation>(item));
    },
    async offlineDonationsOfCharity(charityId) {
      const items = await query({ IndexName: 'gsi2', KeyConditionExpression: 'gsi2pk = :pk AND begins_with(gsi2sk, :offline)', ExpressionAttributeValues: { ':pk': `CHARITY#${charityId}`, ':offline': 'OFFLINE#' }, ScanIndexForward: false });
      return items.map((item) => withoutKeys<StoredOfflineDonation>(item));
    },
    async confirmOfflineDonation(donation, donor) {
      const add = (key: { pk: string; sk: string }) => ({
        Update: {
          TableName: tableName,
          Key: key,
          UpdateExpression: 'ADD offlineAmount :amount, donationsCount :one, version :one',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':amount': donation.amount, ':one': 1 },
        },
      });
      const outcome = await transactWrite(client, [
        {
          Update: {
            TableName: tableName,
            Key: keys.offlineDonation(donation.id),
            UpdateExpression: 'SET #status = :confirmed',
            ConditionExpression: '#status = :pending',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':confirmed': 'Confirmed', ':pending': 'Pending' },
          },
        },
        { Put: { TableName: tableName, Item: { ...donor, ...keys.donor(donor.pageId, donor.donatedOn, donor.id) }, ConditionExpression: 'attribute_not_exists(pk)' } },
        add(keys.page(donation.pageId)),
        add(keys.event(donation.eventId)),
      ]);
      return outcome.ok ? 'confirmed' : 'alreadyConfirmed';
    },

    async recordOnlineDonation(donor, eventId) {
      const add = (key: { pk: string; sk: string }) => ({
        Update: {
          TableName: tableName,
          Key: key,
          UpdateExpression: 'ADD onlineAmount :amount, donationsCount :one, version :one',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':amount': donor.amount, ':one': 1 },
        },
      });
      const outcome = await transactWrite(client, [
        { Put: { TableName: tableName, Item: donorItem(donor), ConditionExpression: 'attribute_not_exists(pk)' } },
        add(keys.page(donor.pageId)),
        add(keys.event(eventId)),
      ]);
      if (outcome.ok) return 'recorded';
      if (outcome.failed.includes(0)) return 'repeat';
      throw new Error(`page ${donor.pageId} or event ${eventId} is gone: the donation cannot be counted`);
    },

    async recordMatch(match, eventId) {
      const add = (key: { pk: string; sk: string }) => ({
        Update: {
          TableName: tableName,
          Key: key,
          UpdateExpression: 'ADD matchedAmount :amount, version :one',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':amount': match.amount, ':one': 1 },
        },
      });
      const outcome = await transactWrite(client, [
        { Put: { TableName: tableName, Item: { ...keys.match(match.pageId, match.id), ...match }, ConditionExpression: 'attribute_not_exists(pk)' } },
        add(keys.page(match.pageId)),
        add(keys.event(eventId)),
      ]);
      if (outcome.ok) return 'recorded';
      if (outcome.failed.includes(0)) return 'repeat';
      throw new Error(`page ${match.pageId} or event ${eventId} is gone: the match cannot be counted`);
    },

    async recordRefund(refund, eventId) {
      const full = refund.remaining <= 0;
      const take = (key: { pk: string; sk: string }) => ({
        Update: {
          TableName: tableName,
          Key: key,
          UpdateExpression: `ADD onlineAmount :amount, version :one${full ? ', donationsCount :less' : ''}`,
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':amount': -refund.amount, ':one': 1, ...(full ? { ':less': -1 } : {}) },
        },
      });
      const donor = keys.donor(refund.pageId, refund.donatedOn, refund.donationId);
      const outcome = await transactWrite(client, [
        { Put: { TableName: tableName, Item: { pk: `PAGE#${refund.pageId}`, sk: `REFUND#${refund.refundId}`, ...refund }, ConditionExpression: 'attribute_not_exists(pk)' } },
        take(keys.page(refund.pageId)),
        take(keys.event(eventId)),
        // A donor refunded in full is no longer on the page; in part, they show what is left.
        full
          ? { Delete: { TableName: tableName, Key: donor } }
          : { Update: { TableName: tableName, Key: donor, UpdateExpression: 'SET amount = :remaining', ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeValues: { ':remaining': refund.remaining } } },
      ]);
      if (outcome.ok) return 'recorded';
      if (outcome.failed.includes(0)) return 'repeat';
      throw new Error(`page ${refund.pageId}, its event ${eventId} or the donation's donor entry is not there yet: the refund cannot be counted`);
    },

    async recordMatchGivenBack(giveBack, eventId) {
      const take = (key: { pk: string; sk: string }) => ({
        Update: { TableName: tableName, Key: key, UpdateExpression: 'ADD matchedAmount :amount, version :one', ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeValues: { ':amount': -giveBack.amount, ':one': 1 } },
      });
      const outcome = await transactWrite(client, [
        {
          Put: {
            TableName: tableName,
            Item: { pk: `PAGE#${giveBack.pageId}`, sk: `MATCHBACK#${giveBack.refundId}#${giveBack.campaignId}`, ...giveBack },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        take(keys.page(giveBack.pageId)),
        take(keys.event(eventId)),
      ]);
      if (outcome.ok) return 'recorded';
      if (outcome.failed.includes(0)) return 'repeat';
      throw new Error(`page ${giveBack.pageId} or event ${eventId} is gone: the give-back cannot be counted`);
    },

    async addToDigest(pageId, donationId, entry, dueAt) {
      // Two steps, each idempotent: the digest item (with its due time, once), then the donation's entry in its map.
      await client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.digest(pageId),
          UpdateExpression: 'SET pageId = :pageId, dueAt = if_not_exists(dueAt, :due), gsi1pk = :digests, gsi1sk = if_not_exists(gsi1sk, :sort), entries = if_not_exists(entries, :empty)',
          ExpressionAttributeValues: { ':pageId': pageId, ':due': dueAt, ':digests': 'DIGESTS', ':sort': `${dueAt}#${pageId}`, ':empty': {} },
        }),
      );
      try {
        await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.digest(pageId),
            UpdateExpression: 'SET entries.#donation = :entry ADD #count :one',
            // A full digest lists no more (the item stays far below DynamoDB's 400 KB): it counts them instead.
            ConditionExpression: 'attribute_not_exists(entries.#donation) AND (attribute_not_exists(#count) OR #count < :limit)',
            ExpressionAttributeNames: { '#donation': donationId, '#count': 'count' },
            ExpressionAttributeValues: { ':entry': entry, ':one': 1, ':limit': DIGEST_LIMIT },
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          }),
        );
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
        const old = (error as { Item?: Record<string, { M?: Record<string, unknown> }> }).Item;
        if (old?.entries?.M?.[donationId]) return; // a redelivered donation: listed already
        await client.send(
          new UpdateCommand({ TableName: tableName, Key: keys.digest(pageId), UpdateExpression: 'ADD overflow :one', ExpressionAttributeValues: { ':one': 1 } }),
        );
      }
    },
    async dueDigests(now) {
      const items = await query({ IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk <= :now', ExpressionAttributeValues: { ':pk': 'DIGESTS', ':now': `${now}#~` } });
      return items.map((item) => withoutKeys<DonationDigest>(item)).filter((digest) => (digest.count ?? 0) > 0 || (digest.overflow ?? 0) > 0);
    },
    async takeDigest(digest, sent, nextDueAt) {
      const names = Object.fromEntries(sent.donationIds.map((id, i) => [`#d${i}`, id]));
      const removing = sent.donationIds.map((_, i) => `entries.#d${i}`);
      try {
        await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.digest(digest.pageId),
            UpdateExpression: `SET dueAt = :due, gsi1sk = :sort ADD #count :less, overflow :fewer${removing.length ? ` REMOVE ${removing.join(', ')}` : ''}`,
            // Every entry taken must still be there: another run that took them first makes this one take nothing.
            ConditionExpression: removing.length ? removing.map((path) => `attribute_exists(${path})`).join(' AND ') : 'overflow >= :overflow',
            ExpressionAttributeNames: { '#count': 'count', ...names },
            ExpressionAttributeValues: {
              ':due': nextDueAt,
              ':sort': `${nextDueAt}#${digest.pageId}`,
              ':less': -sent.donationIds.length,
              ':fewer': -sent.overflow,
              ...(removing.length ? {} : { ':overflow': sent.overflow }),
            },
          }),
        );
      } catch (error) {
        if (isConditionFailure(error)) return 'already';
        throw error;
      }
      // Empty now (nothing joined meanwhile): it goes.
      try {
        await client.send(
          new DeleteCommand({
            TableName: tableName,
            Key: keys.digest(digest.pageId),
            ConditionExpression: '#count = :zero AND (attribute_not_exists(overflow) OR overflow = :zero)',
            ExpressionAttributeNames: { '#count': 'count' },
            ExpressionAttributeValues: { ':zero': 0 },
          }),
        );
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
      return 'taken';
    },
    async markTargetReached(pageId, at) {
      try {
        await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.page(pageId),
            UpdateExpression: 'SET targetReachedOn = :at',
            ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(targetReachedOn)',
            ExpressionAttributeValues: { ':at': at },
          }),
        );
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },

    async charitiesOf(country) {
      const items = await query({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `CHARITIES#${country}` } });
      return items
        .filter((item) => item.isActive === true)
        .map((item) => ({ id: String(item.id), name: String(item.name), charityUrl: String(item.charityUrl), logoImageUrl: String(item.logoImageUrl ?? '') }) satisfies CharityRef)
        .sort((a, b) => a.name.localeCompare(b.name));
    },
    async saveCharityListing(charity) {
      try {
        await client.send(
          new PutCommand({
            TableName: tableName,
            Item: { ...keys.charityListing(charity.country, charity.id), ...charity },
            ConditionExpression: 'attribute_not_exists(pk) OR version < :version',
            ExpressionAttributeValues: { ':version': charity.version },
          }),
        );
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
    },
  };

  async function takenOf(candidates: { url: string; key: { pk: string; sk: string } }[]): Promise<Set<string>> {
    if (candidates.length === 0) return new Set();
    const result = await client.send(new BatchGetCommand({ RequestItems: { [tableName]: { Keys: candidates.map((candidate) => candidate.key) } } }));
    const found = new Set((result.Responses?.[tableName] ?? []).map((item) => `${String(item.pk)}|${String(item.sk)}`));
    return new Set(candidates.filter((candidate) => found.has(`${candidate.key.pk}|${candidate.key.sk}`)).map((candidate) => candidate.url));
  }
}

/** The raised sort keys an item should have now (its totals moved by ADDs): what the stream consumer puts right. */
export async function fixRaisedKeys(client: DynamoDBDocumentClient, tableName: string, item: Item): Promise<'fixed' | 'current'> {
  const raised = raisedOf(item as unknown as StoredTotals);
  const id = String(item.id);
  const wanted = raisedKey(raised, id);
  const isPage = item.sk === 'PAGE';
  const stale = (isPage && item.gsi3sk !== wanted) || (item.gsi5pk !== undefined && item.gsi5sk !== wanted);
  if (!stale) return 'current';
  const sets = [...(isPage ? ['gsi3sk = :wanted'] : []), ...(item.gsi5pk !== undefined ? ['gsi5sk = :wanted'] : [])];
  try {
    await client.send(
      new UpdateCommand({
        TableName: tableName,
        Key: { pk: item.pk, sk: item.sk },
        UpdateExpression: `SET ${sets.join(', ')}`,
        // Only the version seen: a newer one brings its own stream record, which fixes it then.
        ConditionExpression: 'version = :version',
        ExpressionAttributeValues: { ':wanted': wanted, ':version': item.version },
      }),
    );
    return 'fixed';
  } catch (error) {
    if (isConditionFailure(error)) return 'current';
    throw error;
  }
}
