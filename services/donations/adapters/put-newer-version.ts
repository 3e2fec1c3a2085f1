import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/**
 * Keeps one version of a copy of another service's data (charity profiles, tenant roles): `item` is written only when
 * none is kept yet or the kept one is older, so a late or repeated event never overwrites a newer one. A conditional
 * put, not read-then-write. `version` is accounts' zero-padded stream sequence number, so text order is event order.
 */
export async function putNewerVersion(
  client: DynamoDBDocumentClient,
  tableName: string,
  item: { pk: string; sk: string; version: string } & Record<string, unknown>,
): Promise<'saved' | 'stale'> {
  try {
    await client.send(
      new PutCommand({
        TableName: tableName,
        Item: item,
        ConditionExpression: 'attribute_not_exists(pk) OR version < :version',
        ExpressionAttributeValues: { ':version': item.version },
      }),
    );
    return 'saved';
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return 'stale';
    throw error;
  }
}
