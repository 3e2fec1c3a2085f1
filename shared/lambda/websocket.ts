import type { APIGatewayProxyResult, Context } from 'aws-lambda';
import { DomainError, PROBLEM_CONTENT_TYPE, problemFor } from '../errors';
import { ipAddressOf, VIEWER_ADDRESS_HEADER } from '../edge';
import { checkEdge, header } from './http';
import { logger as rootLogger, type Logger } from './logger';
import { loadSecrets } from './secrets';

/**
 * The trigger wrappers of the WebSocket API's `$connect` and `$disconnect` routes (the manifest's `websocket`
 * section). API Gateway refuses the upgrade with the status `$connect` answers when it is not 2xx, so a refusal here
 * is the same problem+json table as the HTTP API's (a 400 naming the query parameter, a 403 for a request that did not
 * come through CloudFront), and a 500 never carries the error's message. `$disconnect` cannot be refused: its answer
 * is ignored, so a failure is only logged (the connection's items expire anyway).
 */
export interface WebSocketRequestContext {
  routeKey: string;
  eventType: 'CONNECT' | 'DISCONNECT' | 'MESSAGE';
  connectionId: string;
  domainName: string;
  stage: string;
  apiId?: string;
  requestId?: string;
  connectedAt?: number;
  requestTimeEpoch?: number;
  identity?: { sourceIp?: string; userAgent?: string };
  disconnectStatusCode?: number;
  disconnectReason?: string;
}

/** The event API Gateway gives `$connect` and `$disconnect` functions (their integrations are Lambda proxy). */
export interface WebSocketEvent {
  requestContext: WebSocketRequestContext;
  headers?: Record<string, string | undefined> | null;
  multiValueHeaders?: Record<string, string[] | undefined> | null;
  queryStringParameters?: Record<string, string | undefined> | null;
  multiValueQueryStringParameters?: Record<string, string[] | undefined> | null;
  isBase64Encoded?: boolean;
}

export type WebSocketHandler = (event: WebSocketEvent, context?: Partial<Context>) => Promise<APIGatewayProxyResult>;

export interface ConnectRequest {
  connectionId: string;
  /** Each query parameter with every value given (`?channel=a&channel=b` is two). */
  query: Readonly<Record<string, readonly string[]>>;
  connectedAt: Date;
  /** The caller's address as the edge wrote it (X-Viewer-Address), else the connection's. */
  sourceIp: string;
  log: Logger;
}

export interface DisconnectRequest {
  connectionId: string;
  log: Logger;
}

export function webSocketConnect(handle: (request: ConnectRequest) => Promise<void>): WebSocketHandler {
  return async (event) => {
    const { connectionId } = event.requestContext;
    const log = rootLogger.child({ route: '$connect', connectionId });
    try {
      await loadSecrets();
      const viaEdge = checkEdge(event);
      const viewer = viaEdge ? ipAddressOf(header(event, VIEWER_ADDRESS_HEADER)) : undefined;
      await handle({
        connectionId,
        query: queryOf(event),
        connectedAt: new Date(event.requestContext.connectedAt ?? Date.now()),
        sourceIp: viewer ?? event.requestContext.identity?.sourceIp ?? 'unknown',
        log,
      });
      return { statusCode: 200, body: '' };
    } catch (error) {
      const problem = problemFor(error);
      if (problem.status >= 500) log.error('unhandled error', { error });
      else log.info('connection refused', { code: problem.code, detail: problem.detail });
      return { statusCode: problem.status, headers: { 'content-type': PROBLEM_CONTENT_TYPE }, body: JSON.stringify(problem) };
    }
  };
}

export function webSocketDisconnect(handle: (request: DisconnectRequest) => Promise<void>): WebSocketHandler {
  return async (event) => {
    const { connectionId } = event.requestContext;
    const log = rootLogger.child({ route: '$disconnect', connectionId });
    try {
      await handle({ connectionId, log });
      return { statusCode: 200, body: '' };
    } catch (error) {
      log.error('disconnect failed', { error });
      const problem = problemFor(error);
      return { statusCode: problem.status, headers: { 'content-type': PROBLEM_CONTENT_TYPE }, body: JSON.stringify(problem) };
    }
  };
}

function queryOf(event: WebSocketEvent): Record<string, string[]> {
  const query: Record<string, string[]> = {};
  for (const [key, values] of Object.entries(event.multiValueQueryStringParameters ?? {})) if (values) query[key] = [...values];
  for (const [key, value] of Object.entries(event.queryStringParameters ?? {})) if (value !== undefined) query[key] ??= [value];
  return query;
}

/** The one value of a query parameter, or a 400 naming it when it is given more than once. */
export function singleQueryValue(query: ConnectRequest['query'], name: string): string | undefined {
  const values = query[name] ?? [];
  if (values.length > 1) {
    throw new DomainError('ValidationFailed', `query.${name}: Give it once.`, [{ field: `query.${name}`, message: 'Give it once.' }]);
  }
  return values[0];
}
