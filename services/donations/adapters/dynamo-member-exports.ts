import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { MemberExportStore, StoredMemberExport } from '../domain/member-exports';

/**
 * The charity's members files (domain/member-exports.ts) in the donations table:
 *   CHARITY#<charity id> / MEMBEREXPORT#<export id>   an export; its INSERT is the job's stream record (service.ts)
 * Export ids are ULIDs, so the partition's MEMBEREXPORT# items are oldest to newest. An export goes (TTL) after 29
 * days, before the bucket's 30-day lifecycle takes its file.
 */
export const memberExportItemKey = (charityId: string, exportId: string) => ({ pk: `CHARITY#${charityId}`, sk: `MEMBEREXPORT#${exportId}` });
const KEPT_SECONDS = 29 * 24 * 60 * 60;

function stored(item: Record<string, unknown>): StoredMemberExport {
  const { pk: _pk, sk: _sk, expiresAt: _expiresAt, ...rest } = item;
  return rest as unknown as StoredMemberExport;
}

export function dynamoMemberExportStore(client: DynamoDBDocumentClient, tableName: string): MemberExportStore {
  /** An update that applies only while the export is Preparing: false when it is not (or is not there). */
  async function whilePreparing(charityId: string, exportId: string, update: string, values: Record<string, unknown>): Promise<boolean> {
    try {
      await client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: memberExportItemKey(charityId, exportId),
          UpdateExpression: update,
          ConditionExpression: '#status = :preparing',
          ExpressionAttributeNames: { '#status': 'status', ...(update.includes('#rows') ? { '#rows': 'rows' } : {}) },
          ExpressionAttributeValues: { ':preparing': 'Preparing', ...values },
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }

  return {
    async create(memberExport) {
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            ...memberExportItemKey(memberExport.charityId, memberExport.exportId),
            ...memberExport,
            expiresAt: Math.floor(Date.parse(memberExport.requestedAt) / 1000) + KEPT_SECONDS,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
    },

    async get(charityId, exportId) {
      const { Item } = await client.send(new GetCommand({ TableName: tableName, Key: memberExportItemKey(charityId, exportId), ConsistentRead: true }));
      return Item ? stored(Item) : undefined;
    },

    async latest(charityId) {
      const { Items } = await client.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'pk = :charity AND begins_with(sk, :exports)',
          ExpressionAttributeValues: { ':charity': `CHARITY#${charityId}`, ':exports': 'MEMBEREXPORT#' },
          ScanIndexForward: false,
          Limit: 1,
          ConsistentRead: true,
        }),
      );
      const item = Items?.[0];
      return item ? stored(item) : undefined;
    },

    async progress(charityId, exportId, rows) {
      await whilePreparing(charityId, exportId, 'SET #rows = :rows', { ':rows': rows });
    },

    async markReady(charityId, exportId, { fileKey, rows, bytes, readyAt }) {
      const marked = await whilePreparing(charityId, exportId, 'SET #status = :ready, #rows = :rows, bytes = :bytes, fileKey = :fileKey, readyAt = :readyAt', {
        ':ready': 'Ready',
        ':rows': rows,
        ':bytes': bytes,
        ':fileKey': fileKey,
        ':readyAt': readyAt,
      });
      return marked ? 'ready' : 'not-preparing';
    },

    async markFailed(charityId, exportId, failedAt) {
      await whilePreparing(charityId, exportId, 'SET #status = :failed, failedAt = :failedAt', { ':failed': 'Failed', ':failedAt': failedAt });
    },
  };
}
