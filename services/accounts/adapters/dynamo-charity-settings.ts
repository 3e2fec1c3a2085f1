import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { REPLACED_PROPOSAL } from '../domain/charity-console';
import type { CharitySettingsStore, PendingChange } from '../domain/people';
import { transactWrite, type TransactItems } from './dynamo-transact';
import { indexKeys, keys } from './keys';

const ATTEMPTS = 10;

/**
 * A charity's proposed profile changes: the content item CONTENT#<id> / CONTENT (gsi3 CONTENT#<status> / submittedAt,
 * which the back office's content approval reads), the pointer CHARITY#<id> / PENDINGCHANGE to the open proposal, and
 * CHARITY#<id> / DENIEDCHANGE, the last proposal the back office denied (written with the denial).
 */
export function dynamoCharitySettingsStore(client: DynamoDBDocumentClient, tableName: string): CharitySettingsStore {
  const pendingChange = async (charityId: string): Promise<PendingChange | undefined> => {
    const result = await client.send(new GetCommand({ TableName: tableName, Key: keys.charityPendingChange(charityId), ConsistentRead: true }));
    const item = result.Item;
    return item ? { contentId: item.contentId as string, submittedAt: item.submittedAt as string, changes: (item.changes ?? {}) as Record<string, unknown> } : undefined;
  };

  return {
    pendingChange,

    async deniedChange(charityId) {
      const result = await client.send(new GetCommand({ TableName: tableName, Key: keys.charityDeniedChange(charityId), ConsistentRead: true }));
      const item = result.Item;
      if (!item) return undefined;
      return {
        contentId: item.contentId as string,
        submittedAt: item.submittedAt as string,
        changes: (item.changes ?? {}) as Record<string, unknown>,
        reason: item.reason as string,
        decidedAt: item.decidedAt as string,
      };
    },

    /**
     * In one transaction: the new content item, the pointer (only if it still names the proposal we read, or none),
     * and the proposal it replaces marked Denied (only if it is still Proposed: the back office may have decided it).
     */
    async propose(content) {
      const decided = new Set<string>();
      for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
        const previous = await pendingChange(content.charityId);
        const writes: TransactItems = [
          {
            Put: {
              TableName: tableName,
              Item: { ...keys.content(content.id), ...indexKeys.contentByStatus('Proposed', content.submittedAt), ...content },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            Put: {
              TableName: tableName,
              Item: { ...keys.charityPendingChange(content.charityId), contentId: content.id, submittedAt: content.submittedAt, changes: content.changes },
              ...(previous
                ? { ConditionExpression: 'contentId = :previous', ExpressionAttributeValues: { ':previous': previous.contentId } }
                : { ConditionExpression: 'attribute_not_exists(pk)' }),
            },
          },
        ];
        if (previous && !decided.has(previous.contentId)) {
          writes.push({
            Update: {
              TableName: tableName,
              Key: keys.content(previous.contentId),
              UpdateExpression: 'SET #status = :denied, reason = :reason, decidedAt = :at, gsi3pk = :deniedList',
              ConditionExpression: '#status = :proposed',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: {
                ':denied': 'Denied',
                ':proposed': 'Proposed',
                ':reason': REPLACED_PROPOSAL,
                ':at': content.submittedAt,
                ':deniedList': indexKeys.contentByStatus('Denied', '').gsi3pk,
              },
            },
          });
        }
        // A new proposal replaces the denial the settings showed.
        writes.push({ Delete: { TableName: tableName, Key: keys.charityDeniedChange(content.charityId) } });
        const outcome = await transactWrite(client, writes);
        if (outcome.ok) return;
        if (outcome.failed.includes(0)) throw new Error(`content ${content.id} already exists`);
        // The old proposal was decided meanwhile: replace the pointer without touching it.
        if (previous && outcome.failed.includes(2)) decided.add(previous.contentId);
        // Otherwise the pointer changed since we read it: read it again.
      }
      throw new Error(`charity ${content.charityId}: the pending change kept changing`);
    },
  };
}
