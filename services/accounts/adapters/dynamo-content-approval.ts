import { GetCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ContentItem } from '@giving/shared/contracts/accounts';
import type { ContentStore, ProfileChanges } from '../domain/content-approval';
import { transactWrite, type TransactItems } from './dynamo-transact';
import { indexKeys, keys, withoutKeys } from './keys';

/** The attribute of CHARITY#<id>/PENDINGCHANGE naming the content item waiting for approval. */
export const PENDING_CONTENT_ID = 'contentId';

/** Optional profile fields: an empty value removes them rather than storing ''. */
const REMOVABLE = new Set(['website', 'location']);

/** SET/REMOVE clauses applying approved changes to CHARITY#<id>/PROFILE. */
function profileUpdate(changes: ProfileChanges) {
  const set: string[] = [];
  const remove: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(changes)) {
    names[`#${field}`] = field;
    if (value === '' && REMOVABLE.has(field)) remove.push(`#${field}`);
    else {
      set.push(`#${field} = :${field}`);
      values[`:${field}`] = value;
    }
  }
  const expression = [set.length ? `SET ${set.join(', ')}` : '', remove.length ? `REMOVE ${remove.join(', ')}` : ''].filter(Boolean).join(' ');
  return { expression, names, values };
}

/**
 * Content items: CONTENT#<id>/CONTENT, listed by status through gsi3 (CONTENT#<status> / <submittedAt>).
 * A decision moves the item to its new status's list, and (approved) updates the charity profile, in one transaction.
 */
export function dynamoContentStore(client: DynamoDBDocumentClient, tableName: string): ContentStore {
  return {
    async get(contentId) {
      const result = await client.send(new GetCommand({ TableName: tableName, Key: keys.content(contentId), ConsistentRead: true }));
      return result.Item ? withoutKeys<ContentItem>(result.Item) : undefined;
    },

    async listByStatus(status, limit) {
      const result = await client.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: 'gsi3',
          KeyConditionExpression: 'gsi3pk = :pk',
          ExpressionAttributeValues: { ':pk': indexKeys.contentByStatus(status, '').gsi3pk },
          ScanIndexForward: false,
          Limit: limit,
        }),
      );
      return (result.Items ?? []).map((item) => withoutKeys<ContentItem>(item));
    },

    async decide(item, decision) {
      // The pointer is cleared only while it names this item; if a newer proposal replaces it meanwhile, look again.
      for (let attempt = 0; attempt < 5; attempt++) {
        const pointer = await client.send(
          new GetCommand({ TableName: tableName, Key: keys.charityPendingChange(item.charityId), ConsistentRead: true }),
        );
        const clearsPointer = pointer.Item?.[PENDING_CONTENT_ID] === item.id;

        const { status, decidedBy, decidedByName, decidedAt } = decision;
        const reason = decision.status === 'Denied' ? decision.reason : undefined;
        const writes: TransactItems = [
          {
            Update: {
              TableName: tableName,
              Key: keys.content(item.id),
              UpdateExpression: `SET #status = :status, decidedBy = :by, decidedByName = :byName, decidedAt = :at, gsi3pk = :list${reason !== undefined ? ', reason = :reason' : ''}`,
              ConditionExpression: '#status = :proposed',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: {
                ':status': status,
                ':by': decidedBy,
                ':byName': decidedByName,
                ':at': decidedAt,
                ':list': indexKeys.contentByStatus(status, item.submittedAt).gsi3pk,
                ':proposed': 'Proposed',
                ...(reason !== undefined ? { ':reason': reason } : {}),
              },
            },
          },
        ];
        const update = decision.status === 'Live' ? profileUpdate(decision.apply) : undefined;
        const profileIndex = update?.expression ? writes.length : -1;
        if (update?.expression) {
          writes.push({
            Update: {
              TableName: tableName,
              Key: keys.charityProfile(item.charityId),
              UpdateExpression: update.expression,
              ConditionExpression: 'attribute_exists(pk)',
              ExpressionAttributeNames: update.names,
              ...(Object.keys(update.values).length ? { ExpressionAttributeValues: update.values } : {}),
            },
          });
        }
        if (clearsPointer) {
          writes.push({
            Delete: {
              TableName: tableName,
              Key: keys.charityPendingChange(item.charityId),
              ConditionExpression: '#content = :id',
              ExpressionAttributeNames: { '#content': PENDING_CONTENT_ID },
              ExpressionAttributeValues: { ':id': item.id },
            },
          });
          // The charity's current proposal was denied: its settings show why until it sends another.
          if (reason !== undefined) {
            writes.push({
              Put: {
                TableName: tableName,
                Item: { ...keys.charityDeniedChange(item.charityId), contentId: item.id, submittedAt: item.submittedAt, changes: item.changes, reason, decidedAt },
              },
            });
          }
        }

        const outcome = await transactWrite(client, writes);
        if (outcome.ok) return 'decided';
        if (outcome.failed.includes(0)) return 'alreadyDecided';
        if (outcome.failed.includes(profileIndex)) return 'charityMissing';
      }
      throw new Error(`content ${item.id}: the charity's pending change kept changing`);
    },
  };
}
