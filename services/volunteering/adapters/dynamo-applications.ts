import { GetCommand, QueryCommand, ScanCommand, UpdateCommand, type DynamoDBDocumentClient, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { ApplicationStatus } from '@giving/shared/contracts/volunteering';
import { queryAll } from '@giving/shared/dynamo-query';
import { isTransactionConflict, transactWrite, type TransactItems } from '@giving/shared/dynamo-transact';
import type { ApplicationStore, FeedItem, StoredApplication, StoredInvite } from '../domain/ports';
import { HOLDING_STATUSES } from '../domain/lifecycle';
import { indexKeys, keys, withoutKeys } from './keys';

/**
 * Applications, team invitations, the one-application-per-session claims and the feed. Every change of places is a
 * condition or a transaction on the session item's `remaining` (never below zero), never read-then-write.
 */

type Item = Record<string, unknown>;
const FEED_DAYS = 30;
/** Applying races many writers on one session item: more attempts than the default before answering 'busy'. */
const APPLY_ATTEMPTS = 20;

export function applicationItem(application: StoredApplication): Item {
  return {
    ...keys.application(application.id),
    ...indexKeys.applicationByMember(application.applicant.memberId, application.createdAt, application.id),
    ...indexKeys.applicationByOpportunity(application.opportunityId, application.sessionId, application.createdAt, application.id),
    ...indexKeys.applicationByCharity(application.charity.id, application.createdAt, application.id),
    ...application,
  };
}

export const inviteItem = (invite: StoredInvite, createdAt: string): Item => ({
  ...keys.invite(invite.applicationId, invite.email),
  ...indexKeys.inviteByEmail(invite.email, createdAt, invite.applicationId),
  ...invite,
});

/** SET/REMOVE for the fields a change names (undefined removes), plus the revision bump. */
function changeExpression(set: Partial<StoredApplication>, current: StoredApplication, from: readonly ApplicationStatus[]) {
  const names: Record<string, string> = { '#status': 'status', '#revision': 'revision' };
  const values: Item = { ':revision': current.revision, ':next': current.revision + 1 };
  const sets = ['#revision = :next'];
  const removes: string[] = [];
  Object.entries(set).forEach(([field, value], i) => {
    if (field === 'revision') return;
    names[`#f${i}`] = field;
    if (value === undefined) removes.push(`#f${i}`);
    else {
      sets.push(`#f${i} = :v${i}`);
      values[`:v${i}`] = value;
    }
  });
  from.forEach((status, i) => (values[`:from${i}`] = status));
  return {
    UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
    ConditionExpression: `#revision = :revision AND #status IN (${from.map((_, i) => `:from${i}`).join(', ')})`,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
}

export function dynamoApplicationStore(client: DynamoDBDocumentClient, tableName: string): ApplicationStore {
  const query = (input: Omit<QueryCommandInput, 'TableName'>) => queryAll(client, { TableName: tableName, ...input });
  const toApplication = (item: Item) => withoutKeys<StoredApplication>(item);
  const sessionKey = (application: StoredApplication) => keys.session(application.opportunityId, application.sessionId);
  const giveBack = (application: StoredApplication, seats: number) => ({
    Update: {
      TableName: tableName,
      Key: sessionKey(application),
      UpdateExpression: 'ADD placesTaken :taken, remaining :back',
      ExpressionAttributeValues: { ':taken': -seats, ':back': seats },
    },
  });

  return {
    async apply(application, invites, feed, now) {
      const writes: TransactItems = [
        {
          Update: {
            TableName: tableName,
            Key: sessionKey(application),
            UpdateExpression: 'ADD placesTaken :seats, remaining :taken',
            // A recurring role's roster without an end date takes applications for as long as it meets.
            ConditionExpression: 'attribute_exists(pk) AND remaining >= :seats AND (attribute_not_exists(endsAt) OR endsAt > :now)',
            ExpressionAttributeValues: { ':seats': application.seats, ':taken': -application.seats, ':now': now },
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          },
        },
        {
          ConditionCheck: {
            TableName: tableName,
            Key: keys.opportunity(application.opportunityId),
            ConditionExpression: 'contentStatus = :live AND isOnline = :true',
            ExpressionAttributeValues: { ':live': 'Live', ':true': true },
          },
        },
        {
          Put: {
            TableName: tableName,
            Item: { ...keys.sessionClaim(application.sessionId, application.applicant.memberId), applicationId: application.id },
            ConditionExpression: 'attribute_not_exists(pk)',
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          },
        },
        { Put: { TableName: tableName, Item: applicationItem(application), ConditionExpression: 'attribute_not_exists(pk)' } },
        ...invites.map((invite) => ({ Put: { TableName: tableName, Item: inviteItem(invite, application.createdAt), ConditionExpression: 'attribute_not_exists(pk)' } })),
        {
          Put: {
            TableName: tableName,
            Item: { ...keys.feed(feed.country, feed.createdOn, feed.id), ...feed, expiresAt: Math.floor(Date.parse(feed.createdOn) / 1000) + FEED_DAYS * 86400 },
          },
        },
      ];
      try {
        const outcome = await transactWrite(client, writes, { attempts: APPLY_ATTEMPTS });
        if (outcome.ok) return { outcome: 'applied' };
        if (outcome.failed.includes(2)) return { outcome: 'alreadyApplied', applicationId: String(outcome.oldItems[2]?.applicationId ?? '') };
        if (outcome.failed.includes(1)) return { outcome: 'notOpen' };
        if (outcome.failed.includes(0)) {
          const session = outcome.oldItems[0];
          if (!session) return { outcome: 'notOpen' };
          return { outcome: 'full', remaining: Number(session.remaining ?? 0), ended: session.endsAt !== undefined && String(session.endsAt) <= now };
        }
        throw new Error(`application ${application.id}: unexpected condition failure at ${outcome.failed.join(',')}`);
      } catch (error) {
        if (isTransactionConflict(error)) return { outcome: 'busy' };
        throw error;
      }
    },

    async get(applicationId) {
      const items = await query({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.application(applicationId).pk }, ConsistentRead: true });
      const app = items.find((item) => item.sk === 'APP');
      if (!app) return undefined;
      const team = items
        .filter((item) => String(item.sk).startsWith('INVITE#'))
        .map((item) => withoutKeys<StoredInvite>(item))
        .sort((a, b) => a.invitedAt.localeCompare(b.invitedAt) || a.email.localeCompare(b.email));
      return { application: toApplication(app), team };
    },

    async update(current, from, set) {
      try {
        await client.send(new UpdateCommand({ TableName: tableName, Key: keys.application(current.id), ...changeExpression(set, current, from) }));
        return 'saved';
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) return 'changed';
        throw error;
      }
    },

    async release(current, from, set) {
      const outcome = await transactWrite(client, [
        { Update: { TableName: tableName, Key: keys.application(current.id), ...changeExpression(set, current, from) } },
        giveBack(current, current.seats),
        { Delete: { TableName: tableName, Key: keys.sessionClaim(current.sessionId, current.applicant.memberId) } },
      ]);
      return outcome.ok ? 'saved' : 'changed';
    },

    async delete(current, team) {
      const holds = HOLDING_STATUSES.includes(current.status) && current.seats > 0;
      const outcome = await transactWrite(client, [
        {
          Delete: {
            TableName: tableName,
            Key: keys.application(current.id),
            ConditionExpression: '#revision = :revision',
            ExpressionAttributeNames: { '#revision': 'revision' },
            ExpressionAttributeValues: { ':revision': current.revision },
          },
        },
        ...(holds ? [giveBack(current, current.seats), { Delete: { TableName: tableName, Key: keys.sessionClaim(current.sessionId, current.applicant.memberId) } }] : []),
        ...team.map((invite) => ({ Delete: { TableName: tableName, Key: keys.invite(current.id, invite.email) } })),
      ]);
      return outcome.ok ? 'deleted' : 'changed';
    },

    async addInvites(current, invites) {
      const n = invites.length;
      const outcome = await transactWrite(client, [
        {
          Update: {
            TableName: tableName,
            Key: keys.application(current.id),
            UpdateExpression: 'ADD seats :n, #revision :one',
            ConditionExpression: '#revision = :revision AND #status IN (:applied, :accepted)',
            ExpressionAttributeNames: { '#revision': 'revision', '#status': 'status' },
            ExpressionAttributeValues: { ':n': n, ':one': 1, ':revision': current.revision, ':applied': 'Applied', ':accepted': 'Accepted' },
          },
        },
        {
          Update: {
            TableName: tableName,
            Key: sessionKey(current),
            UpdateExpression: 'ADD placesTaken :n, remaining :taken',
            ConditionExpression: 'remaining >= :n',
            ExpressionAttributeValues: { ':n': n, ':taken': -n },
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          },
        },
        ...invites.map((invite) => ({ Put: { TableName: tableName, Item: inviteItem(invite, current.createdAt), ConditionExpression: 'attribute_not_exists(pk)' } })),
      ]);
      if (outcome.ok) return 'saved';
      if (outcome.failed.includes(0) || outcome.failed.some((i) => i >= 2)) return 'changed';
      return { full: Number(outcome.oldItems[1]?.remaining ?? 0) };
    },

    async respond(current, invite, next, seatDelta) {
      const writes: TransactItems = [
        {
          Put: {
            TableName: tableName,
            Item: inviteItem(next, current.createdAt),
            ConditionExpression: 'attribute_exists(pk) AND responseStatus = :was',
            ExpressionAttributeValues: { ':was': invite.responseStatus },
          },
        },
        {
          Update: {
            TableName: tableName,
            Key: keys.application(current.id),
            UpdateExpression: 'ADD seats :delta, #revision :one',
            ConditionExpression: '#status IN (:applied, :accepted)',
            ExpressionAttributeNames: { '#revision': 'revision', '#status': 'status' },
            ExpressionAttributeValues: { ':delta': seatDelta, ':one': 1, ':applied': 'Applied', ':accepted': 'Accepted' },
          },
        },
      ];
      if (seatDelta !== 0) {
        writes.push({
          Update: {
            TableName: tableName,
            Key: sessionKey(current),
            UpdateExpression: 'ADD placesTaken :delta, remaining :opposite',
            ConditionExpression: 'remaining >= :needed',
            ExpressionAttributeValues: { ':delta': seatDelta, ':opposite': -seatDelta, ':needed': Math.max(0, seatDelta) },
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          },
        });
      }
      const outcome = await transactWrite(client, writes);
      if (outcome.ok) return 'saved';
      if (outcome.failed.includes(2)) return { full: Number(outcome.oldItems[2]?.remaining ?? 0) };
      return 'changed';
    },

    async listByMember(memberId) {
      const items = await query({
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :app)',
        ExpressionAttributeValues: { ':pk': `MEMBER#${memberId}`, ':app': 'APP#' },
        ScanIndexForward: false,
      });
      return items.map(toApplication);
    },

    async listByOpportunity(opportunityId, sessionId) {
      const items = await query({
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :pk AND begins_with(gsi2sk, :session)',
        ExpressionAttributeValues: { ':pk': `OPP#${opportunityId}`, ':session': sessionId ? `SESSION#${sessionId}#` : 'SESSION#' },
      });
      return items.map(toApplication).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    },

    async listByCharity(charityId) {
      const items = await query({
        IndexName: 'gsi3',
        KeyConditionExpression: 'gsi3pk = :pk AND begins_with(gsi3sk, :app)',
        ExpressionAttributeValues: { ':pk': `CHARITY#${charityId}`, ':app': 'APP#' },
        ScanIndexForward: false,
      });
      return items.map(toApplication);
    },

    async findForSession(sessionId, memberId) {
      const claim = await client.send(new GetCommand({ TableName: tableName, Key: keys.sessionClaim(sessionId, memberId), ConsistentRead: true }));
      const id = claim.Item?.applicationId;
      if (typeof id !== 'string') return undefined;
      return (await this.get(id))?.application;
    },

    async invitesFor(email) {
      const items = await query({
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': `INVITEE#${email}` },
        ScanIndexForward: false,
      });
      return items.map((item) => withoutKeys<StoredInvite>(item));
    },

    async listFeed(country, limit) {
      const result = await client.send(
        new QueryCommand({ TableName: tableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `FEED#${country}` }, ScanIndexForward: false, Limit: limit }),
      );
      return (result.Items ?? []).map((item) => withoutKeys<FeedItem>(item));
    },

    async listAll() {
      const applications: StoredApplication[] = [];
      const invites: StoredInvite[] = [];
      let start: Item | undefined;
      do {
        const page = await client.send(
          new ScanCommand({
            TableName: tableName,
            FilterExpression: 'begins_with(pk, :app)',
            ExpressionAttributeValues: { ':app': 'APP#' },
            ExclusiveStartKey: start,
          }),
        );
        for (const item of page.Items ?? []) {
          if (item.sk === 'APP') applications.push(toApplication(item));
          else if (String(item.sk).startsWith('INVITE#')) invites.push(withoutKeys<StoredInvite>(item));
        }
        start = page.LastEvaluatedKey;
      } while (start);
      return { applications, invites };
    },
  };
}
