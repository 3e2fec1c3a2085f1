import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/**
 * A low-level DynamoDB client for a request path's write, beside a document client: the same region, credentials,
 * endpoint, retries and connections, but with the SDK's `cacheMiddleware` on, so its middleware stack is resolved once
 * per command class rather than on every call.
 *
 * Why: the SDK resolves a command's whole middleware stack (and the document client adds its marshalling to a copy
 * of it) on every `send`. On the payment submission path that was the largest single cost in the handler's CPU
 * profile; with the acceptance write sent this way the platform spent about 15% less CPU per accepted submission
 * (measured with the workflows held, docs/DECISIONS.md). lib-dynamodb refuses `cacheMiddleware` on a document client (it
 * shares its parent's stack), hence a client of its own, used with `marshall`/`unmarshall` (docs/DECISIONS.md,
 * "The acceptance write's own client").
 *
 * No middleware may be added to it after its first call (a cached stack would not see it); nothing here adds any.
 */
const beside = new WeakMap<DynamoDBDocumentClient, DynamoDBClient>();

export function hotPathClient(documents: DynamoDBDocumentClient): DynamoDBClient {
  let client = beside.get(documents);
  if (!client) {
    const { region, credentials, endpoint, requestHandler, maxAttempts, retryMode, logger } = documents.config;
    client = new DynamoDBClient({ region, credentials, endpoint, requestHandler, maxAttempts, retryMode, logger, cacheMiddleware: true });
    beside.set(documents, client);
  }
  return client;
}
