import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { inject } from 'vitest';
import { newId } from '@giving/shared/ids';
import { tableName, type ServiceManifest } from '@giving/shared/manifest';
import { createTables, dynamoClient } from '../dynamodb';

/**
 * Adapter tests run against the real DynamoDB Local started by the global setup.
 * Each call makes the manifests' tables under a fresh prefix, so test files never share data, and in a database of
 * their own: DynamoDB Local keeps one per access key, and keeps every stream record of a database in one SQLite table
 * without an index on the shard. A write to a streamed table looks through the records written before its shard's
 * first, so in one database shared by the whole run each file's writes cost more than the last file's (50 ms of
 * DynamoDB Local's CPU a write by the end of a run, measured). A handler test signs its own clients with `accessKeyId`.
 * `accessKeyId` may be given: the stream pollers' test shares the platform's (tools/local/src/config.ts localAccessKey).
 */
export async function testTables(manifests: readonly ServiceManifest[], options: { accessKeyId?: string } = {}) {
  const endpoint = inject('dynamodbEndpoint');
  const prefix = `t${newId().toLowerCase()}`;
  const accessKeyId = options.accessKeyId ?? prefix;
  await createTables(endpoint, manifests, prefix, accessKeyId);
  const client = DynamoDBDocumentClient.from(dynamoClient(endpoint, accessKeyId), { marshallOptions: { removeUndefinedValues: true } });
  return {
    endpoint,
    accessKeyId,
    client,
    tableName: (service: ServiceManifest['service']) => tableName(service, prefix),
  };
}
