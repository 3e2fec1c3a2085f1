import { BatchWriteCommand, GetCommand, PutCommand, QueryCommand, type DynamoDBDocumentClient, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { CONTENT_STATUSES } from '@giving/shared/contracts/volunteering';
import { countAll, queryAll } from '@giving/shared/dynamo-query';
import { transactWrite, type TransactItems } from '@giving/shared/dynamo-transact';
import { invalid } from '@giving/shared/errors';
import type { OpportunityStore, SessionPlan, StoredComment, StoredOpportunity, StoredSession } from '../domain/ports';
import { indexKeys, keys, withoutKeys } from './keys';

/** Opportunities, their sessions (capacity), URL claims and comments. Layout: keys.ts. */

type Item = Record<string, unknown>;

function opportunityItem(opportunity: StoredOpportunity): Item {
  const listed = opportunity.contentStatus === 'Live' && opportunity.isOnline;
  return {
    ...keys.opportunity(opportunity.id),
    ...indexKeys.opportunityByCharity(opportunity.charity.id, opportunity.createdAt, opportunity.id),
    ...(listed ? indexKeys.listed(opportunity.country, opportunity.createdAt, opportunity.id) : {}),
    ...indexKeys.opportunityByStatus(opportunity.contentStatus, opportunity.createdAt, opportunity.id),
    ...opportunity,
  };
}

const sessionItem = (session: StoredSession): Item => ({
  ...keys.session(session.opportunityId, session.id),
  ...indexKeys.sessionById(session.id),
  ...session,
});

/** A session's schedule change: capacity can never go below the places already taken (a condition, not a read). */
function sessionUpdate(tableName: string, opportunityId: string, plan: SessionPlan): NonNullable<TransactItems[number]['Update']> {
  const set = ['startsAt = :startsAt', 'requiredPeople = :required', 'remaining = :required - placesTaken'];
  const remove: string[] = [];
  const values: Item = { ':startsAt': plan.startsAt, ':required': plan.requiredPeople };
  // A recurring role's roster has no end while its schedule has none.
  if (plan.endsAt !== undefined) {
    set.push('endsAt = :endsAt');
    values[':endsAt'] = plan.endsAt;
  } else remove.push('endsAt');
  if (plan.sessionTotalHours !== undefined) {
    set.push('sessionTotalHours = :hours');
    values[':hours'] = plan.sessionTotalHours;
  } else remove.push('sessionTotalHours');
  if (plan.location) {
    set.push('#location = :location');
    values[':location'] = plan.location;
  } else remove.push('#location');
  return {
    TableName: tableName,
    Key: keys.session(opportunityId, plan.id),
    UpdateExpression: `SET ${set.join(', ')}${remove.length ? ` REMOVE ${remove.join(', ')}` : ''}`,
    ConditionExpression: 'attribute_exists(pk) AND placesTaken <= :required',
    ExpressionAttributeNames: { '#location': 'location' },
    ExpressionAttributeValues: values,
  };
}

const CURSOR = /^[A-Za-z0-9_-]{1,400}$/;

export function dynamoOpportunityStore(client: DynamoDBDocumentClient, tableName: string): OpportunityStore {
  const query = (input: Omit<QueryCommandInput, 'TableName'>) => queryAll(client, { TableName: tableName, ...input });
  const toOpportunity = (item: Item) => withoutKeys<StoredOpportunity>(item);

  return {
    async create(opportunity, sessions) {
      const outcome = await transactWrite(client, [
        {
          Put: {
            TableName: tableName,
            Item: { ...keys.opportunityUrl(opportunity.charity.id, opportunity.opportunityUrl), opportunityId: opportunity.id },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        { Put: { TableName: tableName, Item: opportunityItem(opportunity), ConditionExpression: 'attribute_not_exists(pk)' } },
        ...sessions.map((session) => ({ Put: { TableName: tableName, Item: sessionItem(session), ConditionExpression: 'attribute_not_exists(pk)' } })),
      ]);
      if (outcome.ok) return 'created';
      if (outcome.failed.includes(0)) return 'urlTaken';
      throw new Error(`opportunity ${opportunity.id}: unexpected condition failure at ${outcome.failed.join(',')}`);
    },

    async get(opportunityId) {
      const result = await client.send(new GetCommand({ TableName: tableName, Key: keys.opportunity(opportunityId), ConsistentRead: true }));
      return result.Item ? toOpportunity(result.Item) : undefined;
    },

    async getByUrl(charityId, opportunityUrl) {
      const claim = await client.send(new GetCommand({ TableName: tableName, Key: keys.opportunityUrl(charityId, opportunityUrl), ConsistentRead: true }));
      const id = claim.Item?.opportunityId;
      return typeof id === 'string' ? this.get(id) : undefined;
    },

    async replace(current, next, sessions) {
      const writes: TransactItems = [
        {
          Put: {
            TableName: tableName,
            Item: opportunityItem(next),
            ConditionExpression: 'revision = :revision',
            ExpressionAttributeValues: { ':revision': current.revision },
          },
        },
      ];
      let claimIndex = -1;
      if (next.opportunityUrl !== current.opportunityUrl) {
        writes.push({ Delete: { TableName: tableName, Key: keys.opportunityUrl(current.charity.id, current.opportunityUrl) } });
        claimIndex = writes.length;
        writes.push({
          Put: {
            TableName: tableName,
            Item: { ...keys.opportunityUrl(next.charity.id, next.opportunityUrl), opportunityId: next.id },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        });
      }
      const updatedFrom = writes.length;
      for (const plan of sessions.updated) writes.push({ Update: sessionUpdate(tableName, next.id, plan) });
      for (const session of sessions.added) writes.push({ Put: { TableName: tableName, Item: sessionItem(session), ConditionExpression: 'attribute_not_exists(pk)' } });
      const removedFrom = writes.length;
      for (const sessionId of sessions.removed) {
        writes.push({
          Delete: {
            TableName: tableName,
            Key: keys.session(next.id, sessionId),
            ConditionExpression: 'attribute_not_exists(pk) OR placesTaken = :zero',
            ExpressionAttributeValues: { ':zero': 0 },
          },
        });
      }
      const outcome = await transactWrite(client, writes);
      if (outcome.ok) return 'saved';
      if (outcome.failed.includes(0)) return 'changed';
      if (claimIndex >= 0 && outcome.failed.includes(claimIndex)) return 'urlTaken';
      const updated = outcome.failed.find((i) => i >= updatedFrom && i < updatedFrom + sessions.updated.length);
      if (updated !== undefined) return { capacityBelowTaken: (sessions.updated[updated - updatedFrom] as SessionPlan).id };
      const removed = outcome.failed.find((i) => i >= removedFrom);
      if (removed !== undefined) return { sessionInUse: sessions.removed[removed - removedFrom] as string };
      return 'changed';
    },

    async delete(opportunity) {
      const outcome = await transactWrite(client, [
        {
          Delete: {
            TableName: tableName,
            Key: keys.opportunity(opportunity.id),
            ConditionExpression: 'revision = :revision',
            ExpressionAttributeValues: { ':revision': opportunity.revision },
          },
        },
        { Delete: { TableName: tableName, Key: keys.opportunityUrl(opportunity.charity.id, opportunity.opportunityUrl) } },
        ...opportunity.sessions.map((session) => ({
          Delete: {
            TableName: tableName,
            Key: keys.session(opportunity.id, session.id),
            ConditionExpression: 'attribute_not_exists(pk) OR placesTaken = :zero',
            ExpressionAttributeValues: { ':zero': 0 },
          },
        })),
      ]);
      if (!outcome.ok) return outcome.failed.includes(0) ? 'changed' : 'inUse';
      // Comments go with it (after: a comment left behind by a crash here is never shown, its opportunity is gone).
      const comments = await query({
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :comment)',
        ExpressionAttributeValues: { ':pk': keys.opportunity(opportunity.id).pk, ':comment': 'COMMENT#' },
        ProjectionExpression: 'pk, sk',
      });
      for (let i = 0; i < comments.length; i += 25) {
        await client.send(
          new BatchWriteCommand({ RequestItems: { [tableName]: comments.slice(i, i + 25).map((c) => ({ DeleteRequest: { Key: { pk: c.pk, sk: c.sk } } })) } }),
        );
      }
      return 'deleted';
    },

    async listListed(country) {
      const items = await query({
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :pk',
        ExpressionAttributeValues: { ':pk': indexKeys.listed(country, '', '').gsi2pk },
        ScanIndexForward: false,
      });
      return items.map(toOpportunity);
    },

    async listByCharity(charityId) {
      const items = await query({
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :opp)',
        ExpressionAttributeValues: { ':pk': `CHARITY#${charityId}`, ':opp': 'OPP#' },
        ScanIndexForward: false,
      });
      return items.map(toOpportunity);
    },

    async listByContentStatus(status, cursor) {
      if (cursor !== undefined && !CURSOR.test(cursor)) throw invalid([{ field: 'query.cursor', message: 'Invalid Input!' }]);
      let start: Item | undefined;
      if (cursor) {
        try {
          start = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Item;
        } catch {
          throw invalid([{ field: 'query.cursor', message: 'Invalid Input!' }]);
        }
        if (!start || start.gsi3pk !== `OPPS#${status}`) throw invalid([{ field: 'query.cursor', message: 'Invalid Input!' }]);
      }
      const result = await client.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: 'gsi3',
          KeyConditionExpression: 'gsi3pk = :pk',
          ExpressionAttributeValues: { ':pk': `OPPS#${status}` },
          ScanIndexForward: status !== 'Proposed',
          Limit: 50,
          ExclusiveStartKey: start,
        }),
      );
      const next = result.LastEvaluatedKey;
      return {
        items: (result.Items ?? []).map(toOpportunity),
        ...(next ? { nextCursor: Buffer.from(JSON.stringify(next)).toString('base64url') } : {}),
      };
    },

    async countByContentStatus(status) {
      return countAll(client, { TableName: tableName, IndexName: 'gsi3', KeyConditionExpression: 'gsi3pk = :pk', ExpressionAttributeValues: { ':pk': `OPPS#${status}` } });
    },

    async listAll() {
      const pages = await Promise.all(
        CONTENT_STATUSES.map((status) =>
          query({ IndexName: 'gsi3', KeyConditionExpression: 'gsi3pk = :pk', ExpressionAttributeValues: { ':pk': `OPPS#${status}` } }),
        ),
      );
      return pages.flat().map(toOpportunity);
    },

    async getSession(sessionId) {
      const found = await client.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk = :sk',
          ExpressionAttributeValues: { ':pk': `SESSION#${sessionId}`, ':sk': 'SESSION' },
          Limit: 1,
        }),
      );
      const hit = found.Items?.[0];
      if (!hit) return undefined;
      // The index is eventually consistent: capacity comes from the table.
      const result = await client.send(new GetCommand({ TableName: tableName, Key: { pk: hit.pk, sk: hit.sk }, ConsistentRead: true }));
      return result.Item ? withoutKeys<StoredSession>(result.Item) : undefined;
    },

    async listSessions(opportunityId) {
      const items = await query({
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :session)',
        ExpressionAttributeValues: { ':pk': keys.opportunity(opportunityId).pk, ':session': 'SESSION#' },
        ConsistentRead: true,
      });
      return items.map((item) => withoutKeys<StoredSession>(item));
    },

    async addComment(comment: StoredComment) {
      await client.send(
        new PutCommand({ TableName: tableName, Item: { ...keys.comment(comment.opportunityId, comment.createdAt, comment.id), ...comment }, ConditionExpression: 'attribute_not_exists(pk)' }),
      );
    },

    async listComments(opportunityId) {
      const items = await query({
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :comment)',
        ExpressionAttributeValues: { ':pk': keys.opportunity(opportunityId).pk, ':comment': 'COMMENT#' },
        ScanIndexForward: false,
      });
      return items.map((item) => withoutKeys<StoredComment>(item));
    },
  };
}
