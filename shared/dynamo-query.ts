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
