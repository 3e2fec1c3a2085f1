import {
  ApiGatewayManagementApiClient,
  DeleteConnectionCommand,
  GetConnectionCommand,
  GoneException,
  PayloadTooLargeException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { defineService, type FunctionSpec } from '@giving/shared/manifest';
import type { WebSocketEvent } from '@giving/shared/lambda/websocket';
import { REGION } from '../config';
import { startLiveSockets, webSocketServiceOf, type RunningLiveSockets } from './server';

/** A manifest whose $connect accepts ?ok, refuses anything else with 403, and throws on ?explode. */
const manifest = defineService({
  service: 'fundraising',
  table: { indexes: [] },
  websocket: { connect: { handler: 'handlers/live#connect', access: {} }, disconnect: { handler: 'handlers/live#disconnect', access: {} } },
});

const seen: { route: string; event: WebSocketEvent }[] = [];
const invoke = async (_service: string, spec: FunctionSpec, event: WebSocketEvent) => {
  seen.push({ route: spec.handler, event });
  if (event.requestContext.routeKey === '$disconnect') return { statusCode: 200 };
  if (event.queryStringParameters?.explode) throw new Error('secret detail');
  if (event.queryStringParameters?.ok === undefined) return { statusCode: 403, headers: { 'content-type': 'application/problem+json' }, body: '{"title":"no"}' };
  return { statusCode: 200 };
};

let live: RunningLiveSockets;
let management: ApiGatewayManagementApiClient;

beforeAll(async () => {
  live = await startLiveSockets({ manifests: [manifest], port: 0, invoke });
  management = new ApiGatewayManagementApiClient({ endpoint: live.managementEndpoint, region: REGION, credentials: { accessKeyId: 'l', secretAccessKey: 'l' } });
});
afterAll(async () => {
  management.destroy();
  await live.stop();
});
beforeEach(() => {
  seen.length = 0;
});

/** Opens a socket; resolves with it and its connection id (from $connect's event) once open. */
async function connect(query = '?ok=1&x=a&x=b'): Promise<{ ws: WebSocket; connectionId: string; messages: string[] }> {
  const ws = new WebSocket(`${live.socketUrl}${query}`, { headers: { 'user-agent': 'vitest' } });
  const messages: string[] = [];
  ws.on('message', (data) => messages.push(data.toString()));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const connectEvent = seen.filter((s) => s.event.requestContext.routeKey === '$connect').at(-1)!;
  return { ws, connectionId: connectEvent.event.requestContext.connectionId, messages };
}

/** The status an upgrade was refused with, and the body. */
function refusal(query: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${live.socketUrl}${query}`);
    ws.on('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    ws.on('open', () => reject(new Error('the upgrade was accepted')));
    ws.on('error', () => undefined);
  });
}

const until = async (check: () => boolean, ms = 2000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe('the local WebSocket API', () => {
  it('runs $connect with the event API Gateway gives it, and accepts the upgrade on a 2xx', async () => {
    const { ws, connectionId } = await connect();
    const { event, route } = seen[0]!;
    expect(route).toBe('handlers/live#connect');
    expect(event.requestContext).toMatchObject({ routeKey: '$connect', eventType: 'CONNECT', stage: 'live', domainName: expect.stringMatching(/^localhost:\d+$/) });
    expect(connectionId).toMatch(/^[A-Za-z0-9]{15}=$/);
    expect(event.requestContext.identity).toMatchObject({ sourceIp: '127.0.0.1', userAgent: 'vitest' });
    expect(event.queryStringParameters).toEqual({ ok: '1', x: 'b' });
    expect(event.multiValueQueryStringParameters).toEqual({ ok: ['1'], x: ['a', 'b'] });
    expect(event.headers).toMatchObject({ 'user-agent': 'vitest', Upgrade: 'websocket' });
    expect(live.connectionCount()).toBe(1);
    ws.close();
    await until(() => live.connectionCount() === 0);
  });

  it('refuses the upgrade with the status and body $connect answers when it is not 2xx', async () => {
    expect(await refusal('?no=1')).toEqual({ status: 403, body: '{"title":"no"}' });
    expect(live.connectionCount()).toBe(0);
  });

  it('answers 500 without the error when $connect throws', async () => {
    const { status, body } = await refusal('?explode=1');
    expect(status).toBe(500);
    expect(body).not.toContain('secret detail');
  });

  it('answers 404 for any other path', async () => {
    const ws = new WebSocket(`${live.url.replace('http', 'ws')}/elsewhere`);
    const status = await new Promise<number>((resolve) => ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)));
    ws.on('error', () => undefined);
    expect(status).toBe(404);
  });

  it('runs $disconnect when the browser closes, with the close code', async () => {
    const { ws, connectionId } = await connect();
    ws.close(1001, 'bye');
    await until(() => seen.some((s) => s.event.requestContext.routeKey === '$disconnect'));
    const { event, route } = seen.find((s) => s.event.requestContext.routeKey === '$disconnect')!;
    expect(route).toBe('handlers/live#disconnect');
    expect(event.requestContext).toMatchObject({ connectionId, eventType: 'DISCONNECT', disconnectStatusCode: 1001, disconnectReason: 'bye' });
  });

  it('delivers PostToConnection from the real SDK client as one text message', async () => {
    const { ws, connectionId, messages } = await connect();
    await management.send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: JSON.stringify({ totalCents: 1250 }) }));
    await until(() => messages.length === 1);
    expect(JSON.parse(messages[0]!)).toEqual({ totalCents: 1250 });
    ws.close();
  });

  it('answers GetConnection, and DeleteConnection closes the socket and runs $disconnect', async () => {
    const { ws, connectionId } = await connect();
    const info = await management.send(new GetConnectionCommand({ ConnectionId: connectionId }));
    expect(info.ConnectedAt).toBeInstanceOf(Date);
    expect(info.Identity).toEqual({ SourceIp: '127.0.0.1', UserAgent: 'vitest' });
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    await management.send(new DeleteConnectionCommand({ ConnectionId: connectionId }));
    expect(await closed).toBe(1000);
    await until(() => seen.some((s) => s.event.requestContext.routeKey === '$disconnect' && s.event.requestContext.connectionId === connectionId));
  });

  it('answers GoneException (410) for a connection that is not open, to every call', async () => {
    const { ws, connectionId } = await connect();
    ws.close();
    await until(() => live.connectionCount() === 0);
    for (const command of [
      new PostToConnectionCommand({ ConnectionId: connectionId, Data: 'x' }),
      new GetConnectionCommand({ ConnectionId: connectionId }),
      new DeleteConnectionCommand({ ConnectionId: 'neverConnected0=' }),
    ]) {
      const error = await management.send(command as PostToConnectionCommand).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(GoneException);
      expect((error as GoneException).$metadata.httpStatusCode).toBe(410);
    }
  });

  it('refuses a message over 128 KB with PayloadTooLargeException', async () => {
    const { ws, connectionId } = await connect();
    const error = await management.send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: 'x'.repeat(128 * 1024 + 1) })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PayloadTooLargeException);
    ws.close();
  });

  it('answers a message from the browser as API Gateway does when no route takes it', async () => {
    const { ws, connectionId, messages } = await connect();
    ws.send('hello');
    await until(() => messages.length === 1);
    expect(JSON.parse(messages[0]!)).toMatchObject({ message: 'Forbidden', connectionId });
    ws.close();
  });
});

describe('which service owns the WebSocket API', () => {
  it('is the one manifest with a websocket section; two are refused', () => {
    const other = { ...manifest, service: 'donations' as const };
    expect(webSocketServiceOf([defineService({ service: 'search' }), manifest])?.service).toBe('fundraising');
    expect(webSocketServiceOf([defineService({ service: 'search' })])).toBeUndefined();
    expect(() => webSocketServiceOf([manifest, other])).toThrow(/Only one service may declare websocket/);
  });
});
