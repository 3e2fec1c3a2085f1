import { GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import donations from '../services/donations/service';
import { testTables } from '../tools/local/src/testing/dynamo';
import { hotPathClient } from './dynamo-hot-path';

describe('hotPathClient', () => {
  it('writes where its document client reads (same endpoint and credentials, so the same DynamoDB Local database)', async () => {
    // testTables makes each call's tables in a database of their own, reached only with its own access key.
    const tables = await testTables([donations]);
    const TableName = tables.tableName('donations');
    const client = hotPathClient(tables.client);
    await client.send(new PutItemCommand({ TableName, Item: { pk: { S: 'HOT#1' }, sk: { S: 'ITEM' }, note: { S: 'written beside' } } }));
    expect((await tables.client.send(new GetCommand({ TableName, Key: { pk: 'HOT#1', sk: 'ITEM' } }))).Item).toEqual({ pk: 'HOT#1', sk: 'ITEM', note: 'written beside' });
    // A second call (the cached middleware stack) still reaches the same table.
    expect((await client.send(new GetItemCommand({ TableName, Key: { pk: { S: 'HOT#1' }, sk: { S: 'ITEM' } } }))).Item?.note).toEqual({ S: 'written beside' });
  });

  it('is one client per document client, its middleware resolved once (cacheMiddleware)', async () => {
    const tables = await testTables([donations]);
    const client = hotPathClient(tables.client);
    expect(hotPathClient(tables.client)).toBe(client);
    expect(client.config.cacheMiddleware).toBe(true);
    expect(hotPathClient((await testTables([donations])).client)).not.toBe(client);
  });
});
