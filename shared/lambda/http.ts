import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { ZodMiniType } from 'zod/mini';
import { timingSafeEqual } from 'node:crypto';
import { ipAddressOf, ORIGIN_VERIFY_HEADER, VIEWER_ADDRESS_HEADER } from '../edge';
import { DomainError, PROBLEM_CONTENT_TYPE, problemFor } from '../errors';
import type { Permission } from '../permissions';
import { parseWith } from '../validation';
import { logger as rootLogger, type Logger } from './logger';
import { hasSecret, loadSecrets, secret } from './secrets';

/** The signed-in caller, from the claims the JWT authorizer verified. */
export interface Caller {
  userId: string;
  email?: string;
  groups: string[];
  claims: Readonly<Record<string, string>>;
}

/** How a caller is named to others (who decided, who uploaded): their names from the ID token, else their e-mail. */
export function callerName(caller: Caller | undefined): string {
  const name = [caller?.claims.given_name, caller?.claims.family_name].map((part) => part?.trim()).filter(Boolean).join(' ');
  return name || caller?.email || caller?.userId || '';
}

export interface HttpRequest<TBody, TParams, TQuery> {
  body: TBody;
  params: TParams;
  query: TQuery;
  caller?: Caller;
  /** What the guard granted the caller for this request (site features, own area, tenant roles). */
  permissions: ReadonlySet<Permission>;
  idempotencyKey?: string;
  correlationId: string;
  /** The caller's address, for per-caller limits: the one the edge set (X-Viewer-Address), never a client's claim. */
  sourceIp: string;
  /** A request header by its lower-case name (calls whose spec names headers: search's x-host and x-country). */
  header: (name: string) => string | undefined;
  log: Logger;
}

export interface HttpResult {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Set-Cookie values (payload format 2.0 `cookies`). */
  cookies?: string[];
  /** A body sent as it is (a file such as text/csv), instead of `body` as JSON; set its content-type in `headers`. */
  text?: string;
  /** A binary body (a PDF), sent base64-encoded as payload format 2.0 asks; set its content-type in `headers`. */
  bytes?: Uint8Array;
}

export const ok = (body: unknown, headers?: Record<string, string>): HttpResult => ({ status: 200, body, headers });
export const created = (body: unknown): HttpResult => ({ status: 201, body });
export const accepted = (body: unknown): HttpResult => ({ status: 202, body });
export const noContent = (): HttpResult => ({ status: 204 });
/** A CSV file the browser saves as `filename` (a header row first; written with toCsv, shared/csv.ts). */
export const csvFile = (filename: string, text: string): HttpResult => ({
  status: 200,
  text,
  headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${filename.replace(/["\\\r\n]/g, '')}"` },
});

/** A PDF the browser saves as `filename`. */
export const pdfFile = (filename: string, bytes: Uint8Array): HttpResult => ({
  status: 200,
  bytes,
  headers: { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="${filename.replace(/["\\\r\n]/g, '')}"` },
});

/** Decides whether the caller may use the route, before any input is read; throws Unauthorized or Forbidden. */
export type RouteGuard = (request: {
  routeKey: string;
  caller?: Caller;
  pathParameters: Readonly<Record<string, string | undefined>>;
  log: Logger;
}) => Promise<{
  permissions: ReadonlySet<Permission>;
  /** The caller as the guard confirmed them (their groups as the user pool has them now); the token's otherwise. */
  caller?: Caller;
}>;

export interface HttpRouteOptions<TBody, TParams, TQuery> {
  /** Required: handlers get it from their service's `serviceRoute` (shared/lambda/authorize.ts), which reads the manifest. */
  guard: RouteGuard;
  body?: ZodMiniType<TBody>;
  params?: ZodMiniType<TParams>;
  query?: ZodMiniType<TQuery>;
  /** 'required' answers 400 naming the Idempotency-Key header when it is missing. */
  idempotencyKey?: 'required' | 'optional';
}

export type HttpEvent = APIGatewayProxyEventV2 & {
  requestContext: APIGatewayProxyEventV2['requestContext'] & {
    authorizer?: { jwt?: { claims?: Record<string, unknown>; scopes?: string[] | null } };
  };
};
export type HttpHandler = (event: HttpEvent, context?: Partial<Context>) => Promise<APIGatewayProxyStructuredResultV2>;

/**
 * What a handler validates before its use case runs: the very schemas httpRoute parses with. The API's OpenAPI
 * document (tools/openapi) reads them from each route's handler, so it describes what the code checks, not a copy.
 */
export interface RouteContract {
  readonly body?: ZodMiniType;
  readonly params?: ZodMiniType;
  readonly query?: ZodMiniType;
  readonly idempotencyKey?: 'required' | 'optional';
}
export type ContractedHttpHandler = HttpHandler & { readonly contract: RouteContract };

/** The contract of a module's export if httpRoute built it (other exports: undefined). */
export const contractOf = (handler: unknown): RouteContract | undefined =>
  typeof handler === 'function' && 'contract' in handler ? (handler as ContractedHttpHandler).contract : undefined;

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,128}$/;

/** The one HTTP wrapper: parse and validate at the edge, run the use case, map errors to problem+json. */
export function httpRoute<TBody = undefined, TParams = Record<string, string>, TQuery = Record<string, string>>(
  options: HttpRouteOptions<TBody, TParams, TQuery>,
  handle: (request: HttpRequest<TBody, TParams, TQuery>) => Promise<HttpResult>,
): ContractedHttpHandler {
  const contract: RouteContract = { body: options.body, params: options.params, query: options.query, idempotencyKey: options.idempotencyKey };
  const handler: HttpHandler = async (event) => {
    const started = Date.now();
    const correlationId = header(event, 'x-correlation-id') ?? event.requestContext?.requestId ?? 'unknown';
    const log = rootLogger.child({ correlationId, route: event.routeKey });
    let result: HttpResult;
    try {
      await loadSecrets();
      const viaEdge = checkEdge(event);
      const claimed = callerOf(event);
      const guarded = await options.guard({ routeKey: event.routeKey, caller: claimed, pathParameters: event.pathParameters ?? {}, log });
      const { permissions } = guarded;
      const caller = guarded.caller ?? claimed;
      const request: HttpRequest<TBody, TParams, TQuery> = {
        permissions,
        body: (options.body ? parseWith(options.body, readJsonBody(event), 'body') : undefined) as TBody,
        params: (options.params
          ? parseWith(options.params, event.pathParameters ?? {}, 'path')
          : (event.pathParameters ?? {})) as TParams,
        query: (options.query
          ? parseWith(options.query, event.queryStringParameters ?? {}, 'query')
          : (event.queryStringParameters ?? {})) as TQuery,
        caller,
        idempotencyKey: readIdempotencyKey(event, options.idempotencyKey),
        correlationId,
        sourceIp: sourceIpOf(event, viaEdge),
        header: (name) => header(event, name),
        log,
      };
      result = await handle(request);
    } catch (error) {
      result = errorResult(error, log);
    }
    log.info('request', { status: result.status, ms: Date.now() - started });
    return toResponse(result, correlationId);
  };
  return Object.assign(handler, { contract });
}

/**
 * Where the function is given the edge's secret (every route and the WebSocket API's `$connect` in AWS, and on the
 * local platform), a request must carry it in X-Origin-Verify: anything that did not come through CloudFront (and its
 * web ACL) is refused before the guard or the body is read. Answers whether the request came through the edge.
 */
export function checkEdge(event: HeaderBearer): boolean {
  if (!hasSecret('ORIGIN_VERIFY')) return false;
  const expected = Buffer.from(secret('ORIGIN_VERIFY'));
  const given = Buffer.from(header(event, ORIGIN_VERIFY_HEADER) ?? '');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new DomainError('Forbidden', 'Send requests to the API through the site.');
  return true;
}

/**
 * The caller's address: X-Viewer-Address when the request came through the edge (which writes it from the
 * connection on every request), else the connection's own address. A client's forwarding headers (X-Forwarded-For,
 * Forwarded, X-Real-IP, True-Client-IP, CloudFront-Viewer-Address...) are never read: inventing one buys nothing.
 */
function sourceIpOf(event: APIGatewayProxyEventV2, viaEdge: boolean): string {
  const viewer = viaEdge ? ipAddressOf(header(event, VIEWER_ADDRESS_HEADER)) : undefined;
  return viewer ?? event.requestContext?.http?.sourceIp ?? 'unknown';
}

type HeaderBearer = { readonly headers?: Readonly<Record<string, string | undefined>> | null };

export function header(event: HeaderBearer, name: string): string | undefined {
  const headers = event.headers ?? {};
  return headers[name] ?? Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
}

function readJsonBody(event: APIGatewayProxyEventV2): unknown {
  if (event.body === undefined || event.body === null || event.body === '') return undefined;
  const contentType = header(event, 'content-type') ?? '';
  if (!/^application\/(.+\+)?json\b/i.test(contentType)) throw new DomainError('UnsupportedMediaType');
  const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new DomainError('MalformedJson');
  }
}

function readIdempotencyKey(event: APIGatewayProxyEventV2, mode: 'required' | 'optional' | undefined): string | undefined {
  if (!mode) return undefined;
  const key = header(event, 'idempotency-key');
  if (key === undefined || key === '') {
    if (mode === 'optional') return undefined;
    throw new DomainError('ValidationFailed', 'Idempotency-Key: Required header.', [
      { field: 'Idempotency-Key', message: 'Required header.' },
    ]);
  }
  if (!IDEMPOTENCY_KEY.test(key)) {
    throw new DomainError('ValidationFailed', 'Idempotency-Key: Use 8 to 128 letters, digits, - or _.', [
      { field: 'Idempotency-Key', message: 'Use 8 to 128 letters, digits, - or _.' },
    ]);
  }
  return key;
}

/**
 * HTTP API passes claims as strings; list claims such as cognito:groups arrive as "[a b]". The caller's e-mail is
 * theirs only once Cognito has verified it (email_verified): receipts, vouchers bought for an address and invitations
 * to it must not go to whoever typed someone else's address at sign-up.
 */
export function callerOf(event: HttpEvent): Caller | undefined {
  const raw = event.requestContext?.authorizer?.jwt?.claims;
  if (!raw || typeof raw.sub !== 'string') return undefined;
  const claims: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw)) claims[key] = Array.isArray(value) ? `[${value.join(' ')}]` : String(value);
  const groupsClaim = claims['cognito:groups'] ?? '';
  const groups = groupsClaim.replace(/^\[|\]$/g, '').split(/[\s,]+/).filter(Boolean);
  return { userId: claims.sub as string, email: claims.email_verified === 'true' ? claims.email : undefined, groups, claims };
}

function errorResult(error: unknown, log: Logger): HttpResult {
  const problem = problemFor(error);
  if (problem.status >= 500) log.error('unhandled error', { error });
  else log.info('request refused', { code: problem.code, detail: problem.detail });
  const headers: Record<string, string> = { 'content-type': PROBLEM_CONTENT_TYPE };
  if (error instanceof DomainError && error.retryAfterSeconds !== undefined) headers['retry-after'] = String(error.retryAfterSeconds);
  return { status: problem.status, body: problem, headers };
}

function toResponse(result: HttpResult, correlationId: string): APIGatewayProxyStructuredResultV2 {
  const headers: Record<string, string> = {
    'cache-control': 'no-store',
    'x-correlation-id': correlationId,
    ...result.headers,
  };
  const cookies = result.cookies?.length ? { cookies: result.cookies } : {};
  if (result.text !== undefined) return { statusCode: result.status, headers, body: result.text, ...cookies };
  if (result.bytes !== undefined) return { statusCode: result.status, headers, body: Buffer.from(result.bytes).toString('base64'), isBase64Encoded: true, ...cookies };
  if (result.body === undefined) return { statusCode: result.status, headers, ...cookies };
  headers['content-type'] ??= 'application/json; charset=utf-8';
  return { statusCode: result.status, headers, body: JSON.stringify(result.body), ...cookies };
}
