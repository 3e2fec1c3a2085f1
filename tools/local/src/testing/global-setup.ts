process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
import type { TestProject } from 'vitest/node';
import { startDynamoDb, type RunningDynamoDb } from '../dynamodb';
import { freePortOnLoopback } from '../runtime/http-server';

/** One DynamoDB Local for the whole test run; each test file makes its own uniquely named tables. */
let dynamodb: RunningDynamoDb | undefined;

export async function setup(project: TestProject) {
  dynamodb = await startDynamoDb(await freePort());
  project.provide('dynamodbEndpoint', dynamodb.endpoint);
}

export async function teardown() {
  await dynamodb?.stop();
}

/** A free port on loopback (one way to find one: runtime/http-server.ts). */
export const freePort = freePortOnLoopback;

declare module 'vitest' {
  export interface ProvidedContext {
    dynamodbEndpoint: string;
  }
}
