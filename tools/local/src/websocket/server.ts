import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import { LIVE_STAGE } from '@giving/shared/live/channels';
import { DEFAULT_TIMEOUT_SECONDS, type FunctionSpec, type ServiceManifest, type ServiceName } from '@giving/shared/manifest';
import type { WebSocketEvent } from '@giving/shared/lambda/websocket';
import { ACCOUNT_ID } from '../config';
import { invokeHandler } from '../runtime/handlers';
import { closeServer, listenOn, readBody } from '../runtime/http-server';

/**
 * The local API Gateway WebSocket API, from the manifest's `websocket` section:
 * - an upgrade of /<stage> runs the `$connect` function with the event API Gateway gives it; a 2xx answer accepts
 *   the socket, anything else refuses the upgrade with that status (a thrown error or a time-out: 500);
 * - a socket's close runs `$disconnect` (with the close code and reason, as disconnectStatusCode/disconnectReason);
 * - the management API's shape on the same port, under /<stage>: POST /@connections/{id} (the body is sent to the
 *   socket as one text message), GET (connectedAt, identity, lastActiveAt) and DELETE (closes it), and 410
 *   GoneException for an id that is not connected; so @aws-sdk/client-apigatewaymanagementapi works against it with
 *   only its endpoint changed (http://localhost:<port>/<stage>, as https://<api>.execute-api.<region>.amazonaws.com/<stage>).
 * - a message a browser sends gets what API Gateway answers when no route matches it (there is no $default route).
 * The site's origin hands it the upgrades of its same-origin LIVE_PATH (handleUpgrade), as CloudFront forwards them.
 */
export type InvokeWebSocket = (service: ServiceName, spec: FunctionSpec, event: WebSocketEvent) => Promise<unknown>;

export interface LiveSocketOptions {
  manifests: readonly ServiceManifest[];
  /** 0 picks a free port. */
  port: number;
  stage?: string;
  apiId?: string;
  invoke?: InvokeWebSocket;
}

export interface RunningLiveSockets {
  /** http://localhost:<port> */
  url: string;
  /** ws://localhost:<port>/<stage>: where a socket connects directly (the site's LIVE_PATH is the way browsers come). */
  socketUrl: string;
  /** The management API's endpoint for the SDK client (LIVE_CONNECTIONS_ENDPOINT). */
  managementEndpoint: string;
  /** Takes an upgrade request the site's origin received on its LIVE_PATH. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** How many sockets are open. */
  connectionCount(): number;
  stop(): Promise<void>;
}

/** API Gateway's own limit on a posted message. */
const MAX_POST_BYTES = 128 * 1024;

interface Connection {
  /** Absent for a connection accepted after its browser had gone (only its $disconnect is left to run). */
  socket: WebSocket | undefined;
  connectedAt: Date;
  lastActiveAt: Date;
  sourceIp: string;
  userAgent: string;
}

const defaultInvoke: InvokeWebSocket = (service, spec, event) =>
  invokeHandler(service, spec.handler, event, spec.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS.websocket);

/** The one service with a websocket section, or undefined when none has; two are refused (one API, one $connect). */
export function webSocketServiceOf(manifests: readonly ServiceManifest[]): ServiceManifest | undefined {
  const withSockets = manifests.filter((manifest) => manifest.websocket);
  if (withSockets.length > 1) {
    throw new Error(`Only one service may declare websocket (one $connect per API): ${withSockets.map((m) => m.service).join(', ')}`);
  }
  return withSockets[0];
}

/** A connection id as API Gateway writes them: 16 characters of base64 ending in '=' (letters and digits only here). */
function newConnectionId(): string {
  return `${randomBytes(11).toString('base64').slice(0, 15).replace(/[+/]/g, 'A')}=`;
}

export async function startLiveSockets(options: LiveSocketOptions): Promise<RunningLiveSockets> {
  const manifest = webSocketServiceOf(options.manifests);
  if (!manifest?.websocket) throw new Error('No service manifest declares websocket');
  const { service } = manifest;
  const routes = manifest.websocket;
  const stage = options.stage ?? LIVE_STAGE;
  const apiId = options.apiId ?? 'local-live';
  const invoke = options.invoke ?? defaultInvoke;
  const connections = new Map<string, Connection>();
  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_POST_BYTES });
  let domainName = 'localhost';

  const requestContext = (routeKey: '$connect' | '$disconnect', connectionId: string, connection: Pick<Connection, 'connectedAt' | 'sourceIp' | 'userAgent'>) => {
    const now = new Date();
    return {
      routeKey,
      eventType: routeKey === '$connect' ? ('CONNECT' as const) : ('DISCONNECT' as const),
      messageDirection: 'IN',
      connectionId,
      connectedAt: connection.connectedAt.getTime(),
      domainName,
      stage,
      apiId,
      accountId: ACCOUNT_ID,
      requestId: randomUUID(),
      extendedRequestId: randomUUID(),
      requestTime: now.toUTCString(),
      requestTimeEpoch: now.getTime(),
      identity: { sourceIp: connection.sourceIp, userAgent: connection.userAgent },
    };
  };

  async function runRoute(spec: FunctionSpec, event: WebSocketEvent): Promise<{ statusCode: number; body?: string; headers?: Record<string, string> }> {
    const timeoutSeconds = spec.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS.websocket;
    let timer: NodeJS.Timeout | undefined;
    try {
      const result = await Promise.race([
        invoke(service, spec, event),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`Task timed out after ${timeoutSeconds} seconds`)), timeoutSeconds * 1000);
        }),
      ]);
      const answer = (result ?? {}) as { statusCode?: number; body?: string; headers?: Record<string, string> };
      return { statusCode: answer.statusCode ?? 200, body: answer.body, headers: answer.headers };
    } catch (error) {
      console.error(`[live] ${event.requestContext.routeKey} failed: ${(error as Error).stack ?? String(error)}`);
      return { statusCode: 500, body: JSON.stringify({ message: 'Internal server error' }), headers: { 'content-type': 'application/json' } };
    } finally {
      clearTimeout(timer);
    }
  }

  function refuse(socket: Duplex, status: number, body = '', headers: Record<string, string> = {}): void {
    if (socket.destroyed) return;
    const lines = [`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}`, 'connection: close', `content-length: ${Buffer.byteLength(body)}`];
    for (const [key, value] of Object.entries(headers)) if (!/^(connection|content-length)$/i.test(key)) lines.push(`${key}: ${value}`);
    socket.end(`${lines.join('\r\n')}\r\n\r\n${body}`);
  }

  function disconnected(connectionId: string, code: number, reason: string, connection = connections.get(connectionId)): void {
    if (!connection) return;
    connections.delete(connectionId);
    const event: WebSocketEvent = {
      requestContext: { ...requestContext('$disconnect', connectionId, connection), disconnectStatusCode: code, disconnectReason: reason },
      headers: { Host: domainName, 'x-api-key': '', 'X-Forwarded-For': '', 'x-restapi': '' },
      isBase64Encoded: false,
    };
    void runQueued(() => runRoute(routes.disconnect, event));
  }

  /**
   * $disconnect runs as Lambda would run a burst of them: a bounded number at once, each one's timeout counted from
   * when it starts. (A thousand browsers leaving at once would otherwise all start together on this one process and
   * time out waiting for each other, leaving their connections behind.)
   */
  const DISCONNECTS_AT_ONCE = 25;
  let running = 0;
  const waiting: (() => void)[] = [];
  async function runQueued<T>(task: () => Promise<T>): Promise<T> {
    if (running >= DISCONNECTS_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await task();
    } finally {
      running--;
      waiting.shift()?.();
    }
  }

  async function upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== `/${stage}` && url.pathname !== `/${stage}/`) return refuse(socket, 404, JSON.stringify({ message: 'Not Found' }));
    if ((req.headers.upgrade ?? '').toLowerCase() !== 'websocket') return refuse(socket, 400, JSON.stringify({ message: 'Expected a WebSocket upgrade' }));
    socket.on('error', () => undefined);
    const connectionId = newConnectionId();
    const connection = {
      connectedAt: new Date(),
      sourceIp: (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, ''),
      userAgent: req.headers['user-agent'] ?? '',
    };
    domainName = req.headers.host ?? domainName;
    const headers: Record<string, string> = {};
    const multiValueHeaders: Record<string, string[]> = {};
    for (let i = 0; i < req.rawHeaders.length; i += 2) {
      const name = req.rawHeaders[i] as string;
      const value = req.rawHeaders[i + 1] as string;
      headers[name] = headers[name] === undefined ? value : `${headers[name]},${value}`;
      (multiValueHeaders[name] ??= []).push(value);
    }
    // What the site's origin added in front (the edge's headers, as CloudFront adds them) is in req.headers only.
    const named = new Set(Object.keys(headers).map((name) => name.toLowerCase()));
    for (const [name, value] of Object.entries(req.headers)) {
      if (named.has(name) || value === undefined) continue;
      headers[name] = Array.isArray(value) ? value.join(',') : value;
      multiValueHeaders[name] = Array.isArray(value) ? value : [value];
    }
    const query: Record<string, string> = {};
    const multiQuery: Record<string, string[]> = {};
    for (const [key, value] of url.searchParams) {
      query[key] = value;
      (multiQuery[key] ??= []).push(value);
    }
    const hasQuery = Object.keys(query).length > 0;
    const answer = await runRoute(routes.connect, {
      requestContext: requestContext('$connect', connectionId, connection),
      headers,
      multiValueHeaders,
      queryStringParameters: hasQuery ? query : undefined,
      multiValueQueryStringParameters: hasQuery ? multiQuery : undefined,
      isBase64Encoded: false,
    });
    if (answer.statusCode < 200 || answer.statusCode > 299) return refuse(socket, answer.statusCode, answer.body ?? '', answer.headers);
    if (socket.destroyed) {
      // The browser went away while $connect ran: API Gateway still runs $disconnect for an accepted connection.
      return disconnected(connectionId, 1006, 'Going away', { ...connection, socket: undefined, lastActiveAt: connection.connectedAt });
    }
    sockets.handleUpgrade(req, socket, head, (ws) => {
      const entry: Connection = { ...connection, socket: ws, lastActiveAt: new Date() };
      connections.set(connectionId, entry);
      ws.on('message', () => {
        entry.lastActiveAt = new Date();
        // No $default route: API Gateway answers a message no route takes with this.
        ws.send(JSON.stringify({ message: 'Forbidden', connectionId, requestId: randomUUID() }));
      });
      ws.on('close', (code, reason) => disconnected(connectionId, code, reason.toString()));
      ws.on('error', () => undefined);
    });
  }

  const handleUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    upgrade(req, socket, head).catch((error: unknown) => {
      console.error(`[live] upgrade failed: ${(error as Error).stack ?? String(error)}`);
      refuse(socket, 500, JSON.stringify({ message: 'Internal server error' }));
    });
  };

  const managementPrefix = `/${stage}/@connections/`;
  const gone = (res: ServerResponse) => awsError(res, 410, 'GoneException', '');

  async function manage(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (!url.pathname.startsWith(managementPrefix)) return awsError(res, 404, 'NotFoundException', 'Not Found');
    const connectionId = decodeURIComponent(url.pathname.slice(managementPrefix.length));
    const connection = connections.get(connectionId);
    const open = connection?.socket?.readyState === WebSocket.OPEN ? connection : undefined;
    switch (req.method) {
      case 'POST': {
        // Read whole (up to a bound) so the answer to an oversized message reaches the client before the connection ends.
        const body = await readBody(req, 16 * MAX_POST_BYTES, () => new Error('Far too large a post'));
        if (body.length > MAX_POST_BYTES) return awsError(res, 413, 'PayloadTooLargeException', `Message too long. Max length is ${MAX_POST_BYTES} bytes.`);
        if (!open) return gone(res);
        open.lastActiveAt = new Date();
        // API Gateway sends a posted message to the browser as one text frame.
        open.socket?.send(body.toString('utf8'));
        res.writeHead(200, { 'content-length': 0 });
        return void res.end();
      }
      case 'GET': {
        if (!open) return gone(res);
        res.writeHead(200, { 'content-type': 'application/json' });
        return void res.end(
          JSON.stringify({
            connectedAt: open.connectedAt.toISOString(),
            identity: { sourceIp: open.sourceIp, userAgent: open.userAgent },
            lastActiveAt: open.lastActiveAt.toISOString(),
          }),
        );
      }
      case 'DELETE': {
        if (!open) return gone(res);
        // Closed by the server; the close handler runs $disconnect as for any other close.
        open.socket?.close(1000, 'Connection closed by the server');
        res.writeHead(204);
        return void res.end();
      }
      default:
        return awsError(res, 405, 'MethodNotAllowedException', `${req.method} is not allowed on @connections`);
    }
  }

  const server = createServer((req, res) => {
    manage(req, res).catch((error: unknown) => {
      console.error(`[live] ${req.method} ${req.url} failed: ${(error as Error).stack ?? String(error)}`);
      if (!res.headersSent) awsError(res, 500, 'InternalServerErrorException', 'Internal server error');
      else res.end();
    });
  });
  server.on('upgrade', handleUpgrade);
  const { port, url } = await listenOn(server, options.port);

  return {
    url,
    socketUrl: `ws://localhost:${port}/${stage}`,
    managementEndpoint: `${url}/${stage}`,
    handleUpgrade,
    connectionCount: () => connections.size,
    async stop() {
      // Stopping the platform is not each browser leaving: no $disconnect runs (the tables are going too).
      const open = [...connections.values()];
      connections.clear();
      for (const connection of open) connection.socket?.terminate();
      sockets.close();
      await closeServer(server);
    },
  };
}

/** An error as API Gateway's REST JSON answers it: the type in x-amzn-ErrorType, which the SDK maps to its class. */
function awsError(res: ServerResponse, status: number, type: string, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json', 'x-amzn-errortype': type, 'x-amzn-requestid': randomUUID() });
  res.end(JSON.stringify({ message }));
}
