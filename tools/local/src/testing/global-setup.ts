process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
import { createServer } from 'node:net';
import type { TestProject } from 'vitest/node';
import { startDynamoDb, type RunningDynamoDb } from '../dynamodb';

/** One DynamoDB Local for the whole test run; each test file makes its own uniquely named tables. */
let dynamodb: RunningDynamoDb | undefined;

export async function setup(project: TestProject) {
  dynamodb = await startDynamoDb(await freePort());
  project.provide('dynamodbEndpoint', dynamodb.endpoint);
}

export async function teardown() {
  await dynamodb?.stop();
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

declare module 'vitest' {
  export interface ProvidedContext {
    dynamodbEndpoint: string;
  }
}
