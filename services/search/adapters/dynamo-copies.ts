import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { queryAll } from '@giving/shared/dynamo-query';
import type { SearchIndexName, SearchItem } from '@giving/shared/contracts/search';
import type { DocumentCopies, RebuildState, StoredCopy } from '../domain/ports';

/**
 * Search's table:
 *   DOC#<index> / <document id>            the newest state of each document (`item` absent: not public, or removed),
 *                                          its `version`, and `seq` (+1 per accepted write: the index's external version)
 *   gsi1: GIFTS#<charity id> / <gift id>   a charity's gifts (their causes follow the charity's)
 *   INDEX#<index> / STATE                   a running rebuild (`building`, `startedAt`) and the last one's outcome
 */
type Item = Record<string, unknown>;

const docKey = (index: SearchIndexName, id: string) => ({ pk: `DOC#${index}`, sk: id });
const stateKey = (index: SearchIndexName) => ({ pk: `INDEX#${index}`, sk: 'STATE' });

function toCopy(item: Item): StoredCopy {
  return {
    index: (item.pk as string).slice('DOC#'.length) as SearchIndexName,
    id: item.sk as string,
    ...(item.item ? { item: item.item as SearchItem } : {}),
    version: item.version as string,
    seq: item.seq as number,
    ...(item.charityId ? { charityId: item.charityId as string } : {}),
  };
}

const PAGE_SIZE = 500;

export function dynamoDocumentCopies(client: DynamoDBDocumentClient, tableName: string): DocumentCopies {
  return {
    async record(document) {
      const set = ['version = :version', 'updatedAt = :now', ...(document.charityId ? ['charityId = :charityId', 'gsi1pk = :gsi1pk', 'gsi1sk = :id'] : [])];
      if (document.item) set.push('#item = :item');
      try {
        const result = await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: docKey(document.index, document.id),
            // An equal version is a refresh (a re-index sends the same state again); an older one never lands.
            ConditionExpression: 'attribute_not_exists(version) OR version <= :version',
            UpdateExpression: `SET ${set.join(', ')} ADD seq :one${document.item ? '' : ' REMOVE #item'}`,
            ExpressionAttributeNames: { '#item': 'item' },
            ExpressionAttributeValues: {
              ':version': document.version,
              ':now': new Date().toISOString(),
              ':one': 1,
              ...(document.item ? { ':item': document.item } : {}),
              ...(document.charityId ? { ':charityId': document.charityId, ':gsi1pk': `GIFTS#${document.charityId}`, ':id': document.id } : {}),
            },
            ReturnValues: 'ALL_NEW',
          }),
        );
        return toCopy(result.Attributes as Item);
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) return undefined;
        throw error;
      }
    },
    async get(index, id) {
      const result = await client.send(new GetCommand({ TableName: tableName, Key: docKey(index, id), ConsistentRead: true }));
      return result.Item ? toCopy(result.Item) : undefined;
    },
    async giftsOf(charityId) {
      const items = await queryAll(client, {
        TableName: tableName,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': `GIFTS#${charityId}` },
      });
      // The index is eventually consistent: read each gift's own item for its newest state.
      const copies = await Promise.all(items.map((item) => this.get('charitygifts-v2', item.sk as string)));
      return copies.filter((copy): copy is StoredCopy => copy !== undefined);
    },
    async page(index, cursor) {
      const result = await client.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': `DOC#${index}` },
          ConsistentRead: true,
          Limit: PAGE_SIZE,
          ...(cursor ? { ExclusiveStartKey: { pk: `DOC#${index}`, sk: cursor } } : {}),
        }),
      );
      const last = result.LastEvaluatedKey?.sk as string | undefined;
      return { items: (result.Items ?? []).map(toCopy), ...(last ? { cursor: last } : {}) };
    },
    async rebuildOf(index) {
      const result = await client.send(new GetCommand({ TableName: tableName, Key: stateKey(index), ConsistentRead: true }));
      if (!result.Item) return undefined;
      const { building, startedAt, lastRebuiltAt, lastDocuments } = result.Item as RebuildState;
      return { ...(building ? { building, startedAt } : {}), ...(lastRebuiltAt ? { lastRebuiltAt, lastDocuments } : {}) };
    },
    async startRebuild(index, building, now, staleAfterMs) {
      try {
        await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: stateKey(index),
            ConditionExpression: 'attribute_not_exists(building) OR startedAt < :stale',
            UpdateExpression: 'SET building = :building, startedAt = :now',
            ExpressionAttributeValues: { ':building': building, ':now': now.toISOString(), ':stale': new Date(now.getTime() - staleAfterMs).toISOString() },
          }),
        );
        return true;
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) return false;
        throw error;
      }
    },
    async finishRebuild(index, building, done) {
      try {
        await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: stateKey(index),
            ConditionExpression: 'building = :building',
            UpdateExpression: done ? 'REMOVE building, startedAt SET lastRebuiltAt = :now, lastDocuments = :documents' : 'REMOVE building, startedAt',
            ExpressionAttributeValues: { ':building': building, ...(done ? { ':now': done.now.toISOString(), ':documents': done.documents } : {}) },
          }),
        );
      } catch (error) {
        // Another rebuild took over after this one went stale: its state is not ours to clear.
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
      }
    },
  };
}
