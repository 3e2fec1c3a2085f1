import { BatchGetCommand, QueryCommand, type BatchGetCommandOutput, type DynamoDBDocumentClient, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';

type Item = Record<string, unknown>;

/** Every item a query matches, following LastEvaluatedKey (for short lists: a member's pledges, a charity's ledger). */
export async function queryAll(client: DynamoDBDocumentClient, input: QueryCommandInput): Promise<Item[]> {
  const items: Item[] = [];
  let start: QueryCommandInput['ExclusiveStartKey'];
  do {
    const result = await client.send(new QueryCommand({ ...input, ExclusiveStartKey: start }));
    items.push(...(result.Items ?? []));
    start = result.LastEvaluatedKey;
  } while (start);
  return items;
}

/** BatchGetItem's limit on keys per request. */
const BATCH_GET_KEYS = 100;

/**
 * The items of one table found under the keys given (strongly consistent unless `consistent: false`), 100 keys a
 * request; keys DynamoDB leaves unprocessed (throttling) are asked for again with a growing wait. Missing items are
 * simply absent.
 */
export async function batchGetAll(client: DynamoDBDocumentClient, tableName: string, keys: readonly Item[], { consistent = true }: { consistent?: boolean } = {}): Promise<Item[]> {
  const found: Item[] = [];
  for (let start = 0; start < keys.length; start += BATCH_GET_KEYS) {
    let pending: Item[] | undefined = keys.slice(start, start + BATCH_GET_KEYS);
    for (let attempt = 0; pending?.length; attempt++) {
      if (attempt > 8) throw new Error(`DynamoDB kept ${pending.length} keys of ${tableName} unprocessed`);
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 50 * 2 ** attempt)));
      const result: BatchGetCommandOutput = await client.send(new BatchGetCommand({ RequestItems: { [tableName]: { Keys: pending, ConsistentRead: consistent } } }));
      found.push(...(result.Responses?.[tableName] ?? []));
      pending = result.UnprocessedKeys?.[tableName]?.Keys;
    }
  }
  return found;
}

/** How many items a query matches (Select COUNT, following pages: each page reads at most 1 MB). */
export async function countAll(client: DynamoDBDocumentClient, input: QueryCommandInput): Promise<number> {
  let count = 0;
  let start: QueryCommandInput['ExclusiveStartKey'];
  do {
    const result = await client.send(new QueryCommand({ ...input, Select: 'COUNT', ExclusiveStartKey: start }));
    count += result.Count ?? 0;
    start = result.LastEvaluatedKey;
  } while (start);
  return count;
}

/**
 * One page of a Query on a GSI, newest first, from an opaque cursor: the page's last item's table and index keys,
 * base64url JSON, checked on the way back to be of this list's partition (a cursor from another list, or made up, is
 * `badCursor()`, never handed to DynamoDB). A filtered query reads on until the page is full; one more item than a
 * page tells whether there is a next one.
 */
export async function queryPage(
  client: DynamoDBDocumentClient,
  input: Omit<QueryCommandInput, 'Limit' | 'ExclusiveStartKey' | 'IndexName'>,
  options: { index: `gsi${1 | 2 | 3 | 4}`; partition: string; limit: number; cursor?: string; badCursor: () => Error },
): Promise<{ items: Item[]; nextCursor?: string }> {
  const keys = ['pk', 'sk', `${options.index}pk`, `${options.index}sk`];
  const decode = (cursor: string): Record<string, string> => {
    let values: unknown;
    try {
      values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    } catch {
      throw options.badCursor();
    }
    if (!Array.isArray(values) || values.length !== keys.length || !values.every((v) => typeof v === 'string') || values[2] !== options.partition) throw options.badCursor();
    return Object.fromEntries(keys.map((key, i) => [key, values[i] as string]));
  };
  const filtered = input.FilterExpression !== undefined;
  const items: Item[] = [];
  let start: QueryCommandInput['ExclusiveStartKey'] = options.cursor ? decode(options.cursor) : undefined;
  do {
    const result = await client.send(
      new QueryCommand({ ...input, IndexName: options.index, ScanIndexForward: false, Limit: filtered ? 200 : options.limit + 1 - items.length, ExclusiveStartKey: start }),
    );
    items.push(...(result.Items ?? []));
    start = result.LastEvaluatedKey;
  } while (start && items.length <= options.limit);
  if (items.length <= options.limit) return { items };
  const page = items.slice(0, options.limit);
  const last = page[page.length - 1] as Item;
  return { items: page, nextCursor: Buffer.from(JSON.stringify(keys.map((key) => last[key]))).toString('base64url') };
}
