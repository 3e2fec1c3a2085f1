process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
import type { TestProject } from 'vitest/node';
import { startDynamoDb, type RunningDynamoDb } from '../dynamodb';
import { freePortOnLoopback } from '../runtime/http-server';

/**
 * Two DynamoDB Locals for the whole test run. Adapter tests share one, each file making its own uniquely named
 * tables. The acceptance files' platforms share the other, each with its own tables and its own database (access
 * key): one JVM instead of one per file, kept apart from the adapter tests' thousand-write races, which would
 * otherwise hold up a platform's start.
 */
let dynamodb: RunningDynamoDb | undefined;
let acceptance: RunningDynamoDb | undefined;

export async function setup(project: TestProject) {
  const first = await freePort();
  let second = await freePort();
  while (second === first) second = await freePort();
  [dynamodb, acceptance] = await Promise.all([startDynamoDb(first), startDynamoDb(second)]);
  project.provide('dynamodbEndpoint', dynamodb.endpoint);
  project.provide('acceptanceDynamodbEndpoint', acceptance.endpoint);
}

export async function teardown() {
  await Promise.all([dynamodb?.stop(), acceptance?.stop()]);
}

/** A free port on loopback (one way to find one: runtime/http-server.ts). */
export const freePort = freePortOnLoopback;

declare module 'vitest' {
  export interface ProvidedContext {
    dynamodbEndpoint: string;
    acceptanceDynamodbEndpoint: string;
  }
}
