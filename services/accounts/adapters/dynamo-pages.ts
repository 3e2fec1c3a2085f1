import { QueryCommand, type DynamoDBDocumentClient, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { invalid } from '@giving/shared/errors';
import { MESSAGES } from '@giving/shared/contracts/messages';

type Item = Record<string, unknown>;

export { countAll, queryAll } from '@giving/shared/dynamo-query';

const CURSOR_KEYS = ['pk', 'sk', 'gsi3pk', 'gsi3sk'] as const;
const badCursor = () => invalid([{ field: 'query.cursor', message: MESSAGES.invalidInput }]);

/** The position after an item, as an opaque base64url string of its key attributes (`keys`, in order). */
export function encodeKeyCursor(keys: readonly string[], item: Item): string {
  return Buffer.from(JSON.stringify(keys.map((key) => item[key]))).toString('base64url');
}

/**
 * Reads a cursor of encodeKeyCursor back: every key a string, and `belongs` says it is a position in this list. One
 * from another list (or made up) is refused with 400 naming query.cursor, never handed to DynamoDB.
 */
export function decodeKeyCursor<K extends string>(cursor: string, keys: readonly K[], belongs: (key: Record<K, string>) => boolean): Record<K, string> {
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  if (!Array.isArray(values) || values.length !== keys.length || !values.every((v) => typeof v === 'string')) throw badCursor();
  const key = Object.fromEntries(keys.map((name, i) => [name, values[i] as string])) as Record<K, string>;
  if (!belongs(key)) throw badCursor();
  return key;
}

/** The position after an item of a gsi3 list. */
export const encodeCursor = (item: Item): string => encodeKeyCursor(CURSOR_KEYS, item);

/** Reads a gsi3 list's cursor back; one from another list is refused. */
export const decodeCursor = (cursor: string, gsi3pk: string): Record<string, string> => decodeKeyCursor(cursor, CURSOR_KEYS, (key) => key.gsi3pk === gsi3pk);

/**
 * One page of a gsi3 list (sorted by gsi3sk), optionally keeping only items whose gsi3sk (the lower-case name, or for
 * members "first last email") contains `q`. DynamoDB cannot filter on the queried index's own key, so the match is
 * made here, over the same items a filter would have read. The page ends at its last item (not at the last item
 * read), so the next page starts right after it.
 */
export async function listPage(
  client: DynamoDBDocumentClient,
  options: { tableName: string; gsi3pk: string; q?: string; cursor?: string; pageSize: number },
): Promise<{ items: Item[]; nextCursor?: string }> {
  const q = options.q;
  const matches = (item: Item) => !q || String(item.gsi3sk).includes(q);
  const items: Item[] = [];
  let start: QueryCommandInput['ExclusiveStartKey'] = options.cursor ? decodeCursor(options.cursor, options.gsi3pk) : undefined;
  do {
    const result = await client.send(
      new QueryCommand({
        TableName: options.tableName,
        IndexName: 'gsi3',
        KeyConditionExpression: 'gsi3pk = :pk',
        ExpressionAttributeValues: { ':pk': options.gsi3pk },
        // One more than a page tells whether there is a next page; a search reads further per call.
        Limit: q ? 200 : options.pageSize + 1 - items.length,
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(result.Items ?? []).filter(matches));
    start = result.LastEvaluatedKey;
  } while (start && items.length <= options.pageSize);
  if (items.length > options.pageSize) {
    const page = items.slice(0, options.pageSize);
    return { items: page, nextCursor: encodeCursor(page[page.length - 1] as Item) };
  }
  // The list ended within this page.
  return { items };
}
