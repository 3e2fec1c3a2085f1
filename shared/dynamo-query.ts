import { QueryCommand, type DynamoDBDocumentClient, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';

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
