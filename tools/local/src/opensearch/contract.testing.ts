import { Client, errors } from '@opensearch-project/opensearch';
import { startOpenSearch, type RunningOpenSearch } from './server';
import type { JsonObject } from './json';

/**
 * Helpers for the stand-in's contract tests: a server and the real @opensearch-project/opensearch client on it,
 * raw requests for bodies the client's types would not let us write (unknown options, broken JSON), and the shape of
 * the answers the tests read.
 */

export interface Stand {
  server: RunningOpenSearch;
  client: Client;
  /** Any request through the client's transport (its connection, serializer and error handling). */
  request(method: string, path: string, body?: unknown, querystring?: Record<string, string>): Promise<{ statusCode: number; body: JsonObject }>;
  stop(): Promise<void>;
}

export async function stand(): Promise<Stand> {
  const server = await startOpenSearch({ port: 0 });
  const client = new Client({ node: server.url, maxRetries: 0 });
  return {
    server,
    client,
    async request(method, path, body, querystring) {
      const answer = await client.transport.request({ method, path, body: body as Record<string, unknown> | undefined, querystring });
      return { statusCode: answer.statusCode ?? 0, body: answer.body as JsonObject };
    },
    async stop() {
      await client.close();
      await server.stop();
    },
  };
}

export interface Failure {
  status: number;
  type: string;
  reason: string;
  rootCause: { type: string; reason: string }[];
  body: JsonObject;
}

/** The error a call fails with (OpenSearch's `{error: {type, reason, root_cause}, status}`); throws if it succeeds. */
export async function failure(call: Promise<unknown>): Promise<Failure> {
  try {
    await call;
  } catch (error) {
    if (!(error instanceof errors.ResponseError)) throw error;
    const body = error.meta.body as JsonObject & { error?: { type?: string; reason?: string; root_cause?: { type: string; reason: string }[] } | string };
    const detail = typeof body.error === 'object' && body.error !== null ? body.error : undefined;
    return {
      status: error.meta.statusCode ?? 0,
      type: detail?.type ?? '',
      reason: detail?.reason ?? (typeof body.error === 'string' ? body.error : ''),
      rootCause: detail?.root_cause ?? [],
      body,
    };
  }
  throw new Error('expected the call to fail');
}

export interface Hit {
  _index: string;
  _id: string;
  _score: number | null;
  _source?: JsonObject;
  _version?: number;
  sort?: unknown[];
  highlight?: Record<string, string[]>;
}

export interface SearchAnswer {
  took: number;
  timed_out: boolean;
  _shards: { total: number; successful: number; skipped: number; failed: number; failures?: { index: string; reason: { type: string; reason: string } }[] };
  hits: { total?: { value: number; relation: string }; max_score: number | null; hits: Hit[] };
  aggregations?: Record<string, JsonObject>;
}

export interface Bucket {
  key: string | number;
  key_as_string?: string;
  doc_count: number;
  [sub: string]: unknown;
}

export const ids = (answer: SearchAnswer) => answer.hits.hits.map((h) => h._id);
