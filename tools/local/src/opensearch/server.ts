import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { gunzipSync, inflateSync } from 'node:zlib';
import { closeServer, listenOn, readBody } from '../runtime/http-server';
import { SearchEngine, type Answer } from './engine';
import { errors, OpenSearchError, PlainError } from './errors';
import type { Json, JsonObject } from './json';
import { RawNumber, SEARCH_PARAMS } from './search';

/**
 * The local OpenSearch stand-in: OpenSearch's REST API (the subset our code sends) over HTTP on loopback, backed by
 * the in-process SearchEngine, so `@opensearch-project/opensearch` works against it with only `node` changed.
 * Routes, methods, parameters and answers follow OpenSearch 2.x; an unknown route is OpenSearch's "no handler found"
 * 400, a known route with the wrong method its 405, an unknown parameter its "unrecognized parameter" 400.
 */

export interface OpenSearchOptions {
  /** 0 picks a free port. */
  port: number;
  hostname?: string;
  log?: (line: string) => void;
  /** An engine to serve (default: a new, empty one). */
  engine?: SearchEngine;
}

export interface RunningOpenSearch {
  /** http://localhost:<port> */
  url: string;
  engine: SearchEngine;
  stop(): Promise<void>;
}

/** OpenSearch's http.max_content_length. */
const MAX_BODY_BYTES = 100 * 1024 * 1024;

type Handler = (request: Request) => Answer | JsonObject | JsonObject[] | string | boolean;

interface Request {
  params: URLSearchParams;
  path: string[];
  body: () => Json | undefined;
  text: () => string;
}

interface Route {
  pattern: string[];
  methods: Partial<Record<string, Handler>>;
  params: string[];
}

const COMMON_PARAMS = ['pretty', 'human', 'error_trace', 'timeout', 'master_timeout', 'cluster_manager_timeout', 'wait_for_active_shards'];
const WRITE_PARAMS = ['refresh', 'routing', 'version', 'version_type', 'if_seq_no', 'if_primary_term', 'op_type', 'require_alias', 'pipeline'];
const GET_PARAMS = ['_source', '_source_includes', '_source_excludes', 'realtime', 'refresh', 'routing', 'preference', 'stored_fields', 'version', 'version_type'];
const INDICES_OPTIONS = ['ignore_unavailable', 'allow_no_indices', 'expand_wildcards'];

export function routes(engine: SearchEngine): Route[] {
  const route = (pattern: string, methods: Route['methods'], params: string[] = []): Route => ({ pattern: pattern.split('/').filter(Boolean), methods, params });
  const doc = (r: Request) => ({ index: r.path[0]!, id: r.path[2]! });
  return [
    route('/', { GET: () => engine.info(), HEAD: () => true }),
    route('/_cluster/health', { GET: () => engine.health() }, ['wait_for_status', 'wait_for_nodes', 'wait_for_no_relocating_shards', 'level', 'local']),
    route('/_cluster/health/{index}', { GET: () => engine.health() }, ['wait_for_status', 'wait_for_nodes', 'level', 'local']),
    route('/_cat/indices', { GET: (r) => cat(engine.catIndices(), r.params) }, ['format', 'h', 'v', 's', 'bytes', 'health', 'pri', 'help', ...INDICES_OPTIONS]),
    route('/_cat/indices/{index}', { GET: (r) => cat(engine.catIndices(r.path[2]), r.params) }, ['format', 'h', 'v', 's', 'bytes', 'health', 'pri', 'help', ...INDICES_OPTIONS]),
    route('/_index_template', { GET: () => engine.getTemplates() }, ['flat_settings', 'local']),
    route(
      '/_index_template/{name}',
      {
        PUT: (r) => engine.putTemplate(r.path[1]!, r.body(), r.params.get('create') === 'true'),
        POST: (r) => engine.putTemplate(r.path[1]!, r.body(), r.params.get('create') === 'true'),
        GET: (r) => engine.getTemplates(r.path[1]),
        HEAD: (r) => engine.templateExists(r.path[1]!),
        DELETE: (r) => engine.deleteTemplate(r.path[1]!),
      },
      ['create', 'cause', 'flat_settings', 'local'],
    ),
    route('/_aliases', { POST: (r) => engine.updateAliases(r.body()), GET: () => engine.getAliases() }),
    route('/_alias', { GET: () => engine.getAliases() }, INDICES_OPTIONS),
    route('/_alias/{name}', { GET: (r) => engine.getAliases(undefined, r.path[1]), HEAD: (r) => engine.aliasExists(r.path[1]!) }, INDICES_OPTIONS),
    route('/_mapping', { GET: () => engine.getMapping() }, INDICES_OPTIONS),
    route('/_settings', { GET: () => engine.getSettings() }, ['flat_settings', 'include_defaults', ...INDICES_OPTIONS]),
    route('/_refresh', { POST: () => engine.refresh(), GET: () => engine.refresh() }, INDICES_OPTIONS),
    route('/_bulk', { POST: (r) => engine.bulk(r.text(), undefined, r.params), PUT: (r) => engine.bulk(r.text(), undefined, r.params) }, ['refresh', 'routing', 'require_alias', 'pipeline', '_source', '_source_includes', '_source_excludes']),
    route('/_search', { GET: (r) => engine.search(undefined, r.body(), r.params), POST: (r) => engine.search(undefined, r.body(), r.params) }, [...SEARCH_PARAMS, 'q']),
    route('/_count', { GET: (r) => engine.count(undefined, r.body(), r.params), POST: (r) => engine.count(undefined, r.body(), r.params) }, ['q', 'min_score', 'preference', 'routing', 'terminate_after', ...INDICES_OPTIONS]),
    route(
      '/{index}',
      {
        PUT: (r) => engine.createIndex(r.path[0]!, r.body()),
        DELETE: (r) => engine.deleteIndex(r.path[0]!, r.params),
        HEAD: (r) => engine.indexExists(r.path[0]!),
        GET: (r) => engine.getIndex(r.path[0]!),
      },
      ['include_type_name', 'flat_settings', 'include_defaults', 'local', ...INDICES_OPTIONS],
    ),
    route('/{index}/_mapping', { GET: (r) => engine.getMapping(r.path[0]), PUT: (r) => engine.putMapping(r.path[0]!, r.body()), POST: (r) => engine.putMapping(r.path[0]!, r.body()) }, ['write_index_only', 'local', ...INDICES_OPTIONS]),
    route('/{index}/_settings', { GET: (r) => engine.getSettings(r.path[0]), PUT: (r) => engine.putSettings(r.path[0]!, r.body()) }, ['flat_settings', 'include_defaults', 'preserve_existing', 'local', ...INDICES_OPTIONS]),
    route('/{index}/_refresh', { POST: (r) => engine.refresh(r.path[0]), GET: (r) => engine.refresh(r.path[0]) }, INDICES_OPTIONS),
    route('/{index}/_search', { GET: (r) => engine.search(r.path[0], r.body(), r.params), POST: (r) => engine.search(r.path[0], r.body(), r.params) }, [...SEARCH_PARAMS, 'q']),
    route('/{index}/_count', { GET: (r) => engine.count(r.path[0], r.body(), r.params), POST: (r) => engine.count(r.path[0], r.body(), r.params) }, ['q', 'min_score', 'preference', 'routing', 'terminate_after', ...INDICES_OPTIONS]),
    route('/{index}/_bulk', { POST: (r) => engine.bulk(r.text(), r.path[0], r.params), PUT: (r) => engine.bulk(r.text(), r.path[0], r.params) }, ['refresh', 'routing', 'require_alias', 'pipeline', '_source', '_source_includes', '_source_excludes']),
    route('/{index}/_alias', { GET: (r) => engine.getAliases(r.path[0]) }, INDICES_OPTIONS),
    route('/{index}/_aliases', { GET: (r) => engine.getAliases(r.path[0]) }, INDICES_OPTIONS),
    route(
      '/{index}/_alias/{name}',
      {
        GET: (r) => engine.getAliases(r.path[0], r.path[2]),
        HEAD: (r) => engine.aliasExists(r.path[2]!, r.path[0]),
        PUT: (r) => engine.putAlias(r.path[0]!, r.path[2]!, r.body()),
        POST: (r) => engine.putAlias(r.path[0]!, r.path[2]!, r.body()),
        DELETE: (r) => engine.deleteAlias(r.path[0]!, r.path[2]!),
      },
      INDICES_OPTIONS,
    ),
    route(
      '/{index}/_aliases/{name}',
      { PUT: (r) => engine.putAlias(r.path[0]!, r.path[2]!, r.body()), POST: (r) => engine.putAlias(r.path[0]!, r.path[2]!, r.body()), DELETE: (r) => engine.deleteAlias(r.path[0]!, r.path[2]!) },
    ),
    route('/{index}/_doc', { POST: (r) => engine.index(r.path[0]!, undefined, r.body(), r.params) }, WRITE_PARAMS),
    route(
      '/{index}/_doc/{id}',
      {
        PUT: (r) => engine.index(doc(r).index, doc(r).id, r.body(), r.params),
        POST: (r) => engine.index(doc(r).index, doc(r).id, r.body(), r.params),
        GET: (r) => engine.get(doc(r).index, doc(r).id, r.params),
        HEAD: (r) => engine.get(doc(r).index, doc(r).id, r.params),
        DELETE: (r) => engine.delete(doc(r).index, doc(r).id, r.params),
      },
      [...WRITE_PARAMS, ...GET_PARAMS],
    ),
    route(
      '/{index}/_create/{id}',
      { PUT: (r) => engine.index(doc(r).index, doc(r).id, r.body(), r.params, true), POST: (r) => engine.index(doc(r).index, doc(r).id, r.body(), r.params, true) },
      WRITE_PARAMS,
    ),
    route('/{index}/_update/{id}', { POST: (r) => engine.update(doc(r).index, doc(r).id, r.body(), r.params) }, ['refresh', 'routing', 'if_seq_no', 'if_primary_term', 'retry_on_conflict', 'require_alias', '_source', '_source_includes', '_source_excludes', 'version', 'version_type']),
    route(
      '/{index}/_source/{id}',
      {
        GET: (r) => {
          const answer = engine.get(doc(r).index, doc(r).id, r.params);
          if (answer.status === 404) throw new OpenSearchError(404, 'resource_not_found_exception', `Document not found [${doc(r).index}]/[${doc(r).id}]`);
          return { status: 200, body: (answer.body._source ?? {}) as JsonObject };
        },
      },
      GET_PARAMS,
    ),
  ];
}

/** Matches a path against the routes: literal segments first (`/_search` is never an index called "_search"). */
function match(all: Route[], segments: string[]): Route | undefined {
  let best: { route: Route; literals: number } | undefined;
  for (const route of all) {
    if (route.pattern.length !== segments.length) continue;
    let literals = 0;
    let ok = true;
    for (let i = 0; i < segments.length; i++) {
      const part = route.pattern[i]!;
      if (part.startsWith('{')) {
        if (i === 0 && segments.length > 1 && segments[i]!.startsWith('_') && segments[i] !== '_all') {
          ok = false; // an index name never starts with "_": /_foo/_search is no index route
          break;
        }
        continue;
      }
      if (part !== segments[i]) {
        ok = false;
        break;
      }
      literals++;
    }
    if (ok && (!best || literals > best.literals)) best = { route, literals };
  }
  return best?.route;
}

function cat(rows: JsonObject[], params: URLSearchParams): JsonObject[] | string {
  let list = rows;
  const sortBy = params.get('s');
  if (sortBy) {
    const [column, direction] = sortBy.split(':');
    list = [...list].sort((a, b) => String(a[column!]).localeCompare(String(b[column!])) * (direction === 'desc' ? -1 : 1));
  }
  const columns = params.get('h')?.split(',') ?? ['health', 'status', 'index', 'uuid', 'pri', 'rep', 'docs.count', 'docs.deleted', 'store.size', 'pri.store.size'];
  const picked = list.map((row) => Object.fromEntries(columns.map((c) => [c, row[c] ?? null])) as JsonObject);
  if (params.get('format') === 'json') return picked;
  const widths = columns.map((c) => Math.max(params.has('v') ? c.length : 0, ...picked.map((row) => String(row[c] ?? '').length)));
  const line = (values: string[]) => `${values.map((v, i) => v.padEnd(widths[i]!)).join(' ').trimEnd()}\n`;
  return (params.has('v') ? line(columns) : '') + picked.map((row) => line(columns.map((c) => String(row[c] ?? '')))).join('');
}

/** JSON text, with RawNumber sort values written as bare numbers. */
export function toJson(body: unknown, pretty = false): string {
  const raws: string[] = [];
  const text = JSON.stringify(
    body,
    (_key, value: unknown) => {
      if (value instanceof RawNumber) {
        raws.push(value.text);
        return `\u0000RAW${raws.length - 1}\u0000`;
      }
      return value;
    },
    pretty ? 2 : undefined,
  );
  return raws.length === 0 ? text : text.replace(/"\\u0000RAW(\d+)\\u0000"/g, (_m, i: string) => raws[Number(i)]!);
}

function sendJson(res: ServerResponse, status: number, body: unknown, pretty: boolean, head: boolean): void {
  const text = head ? '' : toJson(body, pretty);
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', 'content-length': Buffer.byteLength(text) }).end(text);
}

const ACCEPTED_TYPES = ['application/json', 'application/x-ndjson', 'application/vnd.opensearch+json', 'application/vnd.opensearch+x-ndjson', 'application/vnd.elasticsearch+json', 'application/vnd.elasticsearch+x-ndjson'];

async function handle(all: Route[], req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const method = (req.method ?? 'GET').toUpperCase();
  const head = method === 'HEAD';
  const pretty = url.searchParams.has('pretty') && url.searchParams.get('pretty') !== 'false';
  const segments = url.pathname.split('/').filter(Boolean).map((s) => decodeURIComponent(s));
  try {
    const route = match(all, segments);
    if (!route) throw new PlainError(400, `no handler found for uri [${url.pathname}${url.search}] and method [${method}]`);
    const handler = route.methods[method];
    if (!handler) throw new PlainError(405, `Incorrect HTTP method for uri [${url.pathname}${url.search}] and method [${method}], allowed: [${Object.keys(route.methods).join(', ')}]`);
    for (const key of url.searchParams.keys()) {
      if (key === 'filter_path') throw errors.illegalArgument('the local OpenSearch stand-in does not support [filter_path]');
      if (!COMMON_PARAMS.includes(key) && !route.params.includes(key)) throw errors.illegalArgument(`request [${url.pathname}] contains unrecognized parameter: [${key}]`);
    }
    let raw = await readBody(req, MAX_BODY_BYTES, () => new PlainError(413, 'Request Entity Too Large'));
    const encoding = req.headers['content-encoding'];
    if (raw.length > 0 && encoding) {
      try {
        if (encoding === 'gzip') raw = gunzipSync(raw);
        else if (encoding === 'deflate') raw = inflateSync(raw);
      } catch {
        throw errors.parsing('the request body could not be decompressed');
      }
    }
    const text = raw.toString('utf8');
    if (text.length > 0) {
      const type = req.headers['content-type'];
      if (!type) throw new PlainError(406, 'Content-Type header is missing');
      const mime = type.split(';')[0]!.trim().toLowerCase();
      if (!ACCEPTED_TYPES.includes(mime)) throw new PlainError(406, `Content-Type header [${type}] is not supported`);
    }
    let parsed: { value: Json | undefined } | undefined;
    const request: Request = {
      params: url.searchParams,
      path: segments,
      text: () => text,
      body: () => {
        if (!parsed) {
          if (text.trim() === '') parsed = { value: undefined };
          else {
            try {
              parsed = { value: JSON.parse(text) as Json };
            } catch (error) {
              const reason = (error as Error).message;
              throw new OpenSearchError(400, 'x_content_parse_exception', `Failed to parse the request body: ${reason}`, { causedBy: { type: 'json_parse_exception', reason } });
            }
          }
        }
        return parsed.value;
      },
    };
    const result = handler(request);
    if (typeof result === 'boolean') return sendJson(res, result ? 200 : 404, {}, false, true);
    if (typeof result === 'string') {
      res.writeHead(200, { 'content-type': 'text/plain; charset=UTF-8', 'content-length': Buffer.byteLength(result) }).end(head ? '' : result);
      return;
    }
    if (!Array.isArray(result) && typeof result.status === 'number' && 'body' in result && typeof result.body === 'object') {
      const answer = result as Answer;
      return sendJson(res, answer.status, answer.body, pretty, head);
    }
    sendJson(res, 200, result, pretty, head);
  } catch (error) {
    if (error instanceof OpenSearchError || error instanceof PlainError) return sendJson(res, error.status, error.body(), pretty, head);
    throw error;
  }
}

/** Starts the stand-in on loopback; `port: 0` picks a free port. */
export async function startOpenSearch(options: OpenSearchOptions): Promise<RunningOpenSearch> {
  const engine = options.engine ?? new SearchEngine();
  const all = routes(engine);
  const server = createServer((req, res) => {
    handle(all, req, res).catch((error: unknown) => {
      options.log?.(`[opensearch] ${req.method} ${req.url} failed: ${(error as Error).stack ?? String(error)}`);
      if (!res.headersSent) {
        const reason = `internal error in the local OpenSearch stand-in: ${(error as Error).message}`;
        sendJson(res, 500, { error: { root_cause: [{ type: 'exception', reason }], type: 'exception', reason }, status: 500 }, false, false);
      } else res.destroy();
    });
  });
  const { url } = await listenOn(server, options.port, options.hostname);
  options.log?.(`[opensearch] listening on ${url}`);
  return { url, engine, stop: () => closeServer(server) };
}
