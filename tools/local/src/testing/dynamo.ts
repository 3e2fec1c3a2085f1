import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { inject } from 'vitest';
import { newId } from '@giving/shared/ids';
import { tableName, type ServiceManifest } from '@giving/shared/manifest';
import { createTables, dynamoClient } from '../dynamodb';

/**
 * Adapter tests run against the real DynamoDB Local started by the global setup.
 * Each call makes the manifests' tables under a fresh prefix, so test files never share data.
 */
export async function testTables(manifests: readonly ServiceManifest[]) {
  const endpoint = inject('dynamodbEndpoint');
  const prefix = `t${newId().toLowerCase()}`;
  await createTables(endpoint, manifests, prefix);
  const client = DynamoDBDocumentClient.from(dynamoClient(endpoint), { marshallOptions: { removeUndefinedValues: true } });
  return {
    endpoint,
    client,
    tableName: (service: ServiceManifest['service']) => tableName(service, prefix),
  };
}
