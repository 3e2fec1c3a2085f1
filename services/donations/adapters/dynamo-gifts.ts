import { queryAll as queryAllItems } from '@giving/shared/dynamo-query';
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand, type DynamoDBDocumentClient, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { AdminGift } from '@giving/shared/contracts/dollar-handles';
import type { Gift } from '@giving/shared/contracts/donations';
import { invalid } from '@giving/shared/errors';
import { MESSAGES } from '@giving/shared/contracts/messages';
import type { GiftAdminStore, GiftCatalog, GiftRecord } from '../domain/ports';

/**
 * Gifts ("dollar handles") keyed for the pages that read them:
 *   CHARITYURL#<charity url> / GIFT#<product url>   gift page, a charity's gift list; the key makes the page address
 *                                                    unique within the charity (a conditional put)
 *   gsi1: GIFT#<gift id> / GIFT                      checkout and the consoles look a gift up by id
 *   gsi2: GIFTS / CHARITY#<charity id>#GIFT#<id>     the consoles: one charity's gifts (begins_with), or everyone's
 * Besides the gift: createdAt, updatedAt, `revision` (each write is conditioned on the one read), `createKey` (the
 * Idempotency-Key that created it, until its first change) and `searchText` (lower-case title and charity name, for the back office's search).
 */
const giftKey = (charityUrl: string, productUrl: string) => ({ pk: `CHARITYURL#${charityUrl}`, sk: `GIFT#${productUrl}` });
const ALL_GIFTS = 'GIFTS';
const charityPrefix = (charityId: string) => `CHARITY#${charityId}#`;

type Item = Record<string, unknown>;

/** Exactly the public gift's fields: nothing internal leaves through the gift page. */
function toGift(item: Item): Gift {
  const { id, title, description, imageUrl, iconUrl, productUrl, price, isActive, charity } = item as unknown as Gift;
  return { id, title, description, imageUrl, iconUrl, productUrl, price, isActive, charity };
}

function toAdminGift(item: Item): AdminGift {
  return { ...toGift(item), createdAt: (item.createdAt as string | undefined) ?? '', updatedAt: (item.updatedAt as string | undefined) ?? '' };
}

const isGiftItem = (item: Item) => String(item.pk).startsWith('CHARITYURL#') && String(item.sk).startsWith('GIFT#') && typeof item.id === 'string';

/** A gift item as read from the table or its stream, with its revision; undefined for any other item. */
export function giftRecordOf(item: Item | undefined): GiftRecord | undefined {
  return item && isGiftItem(item) ? { gift: toAdminGift(item), revision: Number(item.revision ?? 0) } : undefined;
}

function itemFor(gift: AdminGift, revision: number, createKey?: string): Item {
  return {
    ...giftKey(gift.charity.charityUrl, gift.productUrl),
    gsi1pk: `GIFT#${gift.id}`,
    gsi1sk: 'GIFT',
    gsi2pk: ALL_GIFTS,
    gsi2sk: `${charityPrefix(gift.charity.id)}GIFT#${gift.id}`,
    ...gift,
    revision,
    ...(createKey ? { createKey } : {}),
    searchText: `${gift.title} ${gift.charity.name}`.toLowerCase(),
  };
}

const CURSOR_KEYS = ['pk', 'sk', 'gsi2pk', 'gsi2sk'] as const;
const badCursor = () => invalid([{ field: 'query.cursor', message: MESSAGES.invalidInput }]);

function encodeCursor(item: Item): string {
  return Buffer.from(JSON.stringify(CURSOR_KEYS.map((key) => item[key]))).toString('base64url');
}

/** A cursor from another list, or made up, is refused rather than handed to DynamoDB. */
function decodeCursor(cursor: string, charityId: string | undefined): Item {
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  if (!Array.isArray(values) || values.length !== CURSOR_KEYS.length || !values.every((v) => typeof v === 'string') || values[2] !== ALL_GIFTS) throw badCursor();
  if (charityId && !(values[3] as string).startsWith(charityPrefix(charityId))) throw badCursor();
  return Object.fromEntries(CURSOR_KEYS.map((key, i) => [key, values[i]]));
}

export function dynamoGiftCatalog(client: DynamoDBDocumentClient, tableName: string): GiftCatalog & GiftAdminStore & { put(gift: Gift, at?: Date): Promise<void> } {
  const byId = async (giftId: string): Promise<Item | undefined> => {
    const result = await client.send(
      new QueryCommand({
        TableName: tableName,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk = :sk',
        ExpressionAttributeValues: { ':pk': `GIFT#${giftId}`, ':sk': 'GIFT' },
        Limit: 1,
      }),
    );
    return result.Items?.[0];
  };

  const queryAll = (input: QueryCommandInput) => queryAllItems(client, input);

  return {
    async getById(giftId) {
      const item = await byId(giftId);
      return item ? toGift(item) : undefined;
    },
    async getByUrl(charityUrl, productUrl) {
      const result = await client.send(new GetCommand({ TableName: tableName, Key: giftKey(charityUrl, productUrl) }));
      return result.Item ? toGift(result.Item) : undefined;
    },
    async listByCharity(charityUrl, limit) {
      const result = await client.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :gift)',
          ExpressionAttributeValues: { ':pk': `CHARITYURL#${charityUrl}`, ':gift': 'GIFT#' },
          Limit: limit,
        }),
      );
      return (result.Items ?? []).map(toGift);
    },
    /** The demo seed's gifts. */
    async put(gift, at = new Date()) {
      const stamp = at.toISOString();
      await client.send(new PutCommand({ TableName: tableName, Item: itemFor({ ...gift, createdAt: stamp, updatedAt: stamp }, 1) }));
    },

    async getRecord(giftId) {
      const found = await byId(giftId);
      if (!found) return undefined;
      // The index is eventually consistent: the revision the next write is conditioned on comes from the table.
      const result = await client.send(new GetCommand({ TableName: tableName, Key: { pk: found.pk, sk: found.sk }, ConsistentRead: true }));
      if (!result.Item || result.Item.id !== giftId) return undefined;
      return { gift: toAdminGift(result.Item), revision: Number(result.Item.revision ?? 0) };
    },

    async create(gift, createKey) {
      try {
        await client.send(new PutCommand({ TableName: tableName, Item: itemFor(gift, 1, createKey), ConditionExpression: 'attribute_not_exists(pk)' }));
        return { outcome: 'created' };
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
        const existing = await client.send(
          new GetCommand({ TableName: tableName, Key: giftKey(gift.charity.charityUrl, gift.productUrl), ConsistentRead: true }),
        );
        if (existing.Item && existing.Item.createKey === createKey) return { outcome: 'repeat', gift: toAdminGift(existing.Item) };
        return { outcome: 'taken' };
      }
    },

    async replace(current: GiftRecord, next) {
      const revision = current.revision + 1;
      const oldKey = giftKey(current.gift.charity.charityUrl, current.gift.productUrl);
      const newKey = giftKey(next.charity.charityUrl, next.productUrl);
      if (oldKey.pk === newKey.pk && oldKey.sk === newKey.sk) {
        try {
          await client.send(
            new PutCommand({
              TableName: tableName,
              Item: itemFor(next, revision),
              ConditionExpression: '#revision = :revision',
              ExpressionAttributeNames: { '#revision': 'revision' },
              ExpressionAttributeValues: { ':revision': current.revision },
            }),
          );
          return 'saved';
        } catch (error) {
          if (error instanceof ConditionalCheckFailedException) return 'changed';
          throw error;
        }
      }
      try {
        await client.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Delete: {
                  TableName: tableName,
                  Key: oldKey,
                  ConditionExpression: '#revision = :revision',
                  ExpressionAttributeNames: { '#revision': 'revision' },
                  ExpressionAttributeValues: { ':revision': current.revision },
                },
              },
              { Put: { TableName: tableName, Item: itemFor(next, revision), ConditionExpression: 'attribute_not_exists(pk)' } },
            ],
          }),
        );
        return 'saved';
      } catch (error) {
        if (!(error instanceof TransactionCanceledException)) throw error;
        const [oldReason, newReason] = error.CancellationReasons ?? [];
        if (oldReason?.Code === 'ConditionalCheckFailed') return 'changed';
        if (newReason?.Code === 'ConditionalCheckFailed') return 'taken';
        if (error.CancellationReasons?.some((reason) => reason.Code === 'TransactionConflict')) return 'changed';
        throw error;
      }
    },

    async listByCharityId(charityId) {
      const items = await queryAll({
        TableName: tableName,
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :all AND begins_with(gsi2sk, :charity)',
        ExpressionAttributeValues: { ':all': ALL_GIFTS, ':charity': charityPrefix(charityId) },
      });
      return items.map(toAdminGift).sort((a, b) => a.title.localeCompare(b.title));
    },

    async listAll() {
      // The index's copies are whole items, so each gift comes with the revision of the state read (an older one at
      // worst, never a newer one). While a gift moves to a new page address the index can hold both keys for a
      // moment: the higher revision is kept.
      const items = await queryAll({ TableName: tableName, IndexName: 'gsi2', KeyConditionExpression: 'gsi2pk = :all', ExpressionAttributeValues: { ':all': ALL_GIFTS } });
      const byId = new Map<string, GiftRecord>();
      for (const record of items.map(giftRecordOf)) {
        if (record && (byId.get(record.gift.id)?.revision ?? -1) < record.revision) byId.set(record.gift.id, record);
      }
      return [...byId.values()];
    },

    async search({ q, charityId, cursor }, limit) {
      const text = q?.trim().toLowerCase();
      let start = cursor ? decodeCursor(cursor, charityId) : undefined;
      const items: Item[] = [];
      // A filter reads past what it drops, so a page may take several reads; it ends at its last item.
      while (items.length < limit) {
        const result = await client.send(
          new QueryCommand({
            TableName: tableName,
            IndexName: 'gsi2',
            KeyConditionExpression: charityId ? 'gsi2pk = :all AND begins_with(gsi2sk, :charity)' : 'gsi2pk = :all',
            ...(text ? { FilterExpression: 'contains(searchText, :q)' } : {}),
            ExpressionAttributeValues: { ':all': ALL_GIFTS, ...(charityId ? { ':charity': charityPrefix(charityId) } : {}), ...(text ? { ':q': text } : {}) },
            ExclusiveStartKey: start,
            Limit: 100,
          }),
        );
        for (const item of result.Items ?? []) {
          if (items.length < limit) items.push(item);
        }
        start = result.LastEvaluatedKey;
        if (!start) break;
      }
      const last = items[items.length - 1];
      const more = items.length === limit && last !== undefined;
      return { items: items.map(toAdminGift), ...(more ? { nextCursor: encodeCursor(last) } : {}) };
    },
  };
}
