import { ApiGatewayManagementApiClient, ForbiddenException, GoneException } from '@aws-sdk/client-apigatewaymanagementapi';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { newId } from '@giving/shared/ids';
import { liveSocketUrl, liveChannel, LIVE_PATH, type LiveChannel } from '@giving/shared/live/channels';
import { dynamoLiveConnections, liveKeys, LIVE_CONNECTION_TTL_SECONDS, type LiveConnections } from '@giving/shared/live/connections';
import { liveChannelPublisher } from '@giving/shared/live/publisher';
import { resetSecretsForTests } from '@giving/shared/lambda/secrets';
import { ENV } from '@giving/shared/manifest';
import { localSecretArn, REGION } from '../../../tools/local/src/config';
import { edgeRateLimiter } from '../../../tools/local/src/edge/rate-limiter';
import { startSecretsManager } from '../../../tools/local/src/secrets/server';
import { startSite } from '../../../tools/local/src/site/server';
import { testTables } from '../../../tools/local/src/testing/dynamo';
import { startLiveSockets, type RunningLiveSockets } from '../../../tools/local/src/websocket/server';
import fundraising from '../service';

/**
 * The real $connect/$disconnect handlers (run by the local WebSocket API from the manifest), the LIVE# items in
 * DynamoDB Local and the publisher posting through the stand-in's management API with the real SDK client. Browsers
 * come through the local origin's /live, which adds the edge's secret; a socket that goes round it is refused.
 */
const ORIGIN_SECRET = 'live-test-origin-secret';
const saved = { ...process.env };
let live: RunningLiveSockets;
let site: Awaited<ReturnType<typeof startSite>>;
let secrets: Awaited<ReturnType<typeof startSecretsManager>>;
let connections: LiveConnections;
let management: ApiGatewayManagementApiClient;
let table: { client: Awaited<ReturnType<typeof testTables>>['client']; name: string };

beforeAll(async () => {
  const tables = await testTables([fundraising]);
  table = { client: tables.client, name: tables.tableName('fundraising') };
  connections = dynamoLiveConnections(tables.client, table.name);
  secrets = await startSecretsManager({ port: 0, secrets: { 'giving/origin-verify': ORIGIN_SECRET } });
  live = await startLiveSockets({ manifests: [fundraising], port: 0 });
  Object.assign(process.env, {
    AWS_REGION: REGION,
    AWS_ACCESS_KEY_ID: tables.accessKeyId,
    AWS_SECRET_ACCESS_KEY: 'local',
    AWS_ENDPOINT_URL_DYNAMODB: tables.endpoint,
    AWS_ENDPOINT_URL_SECRETS_MANAGER: secrets.url,
    [ENV.tableName('fundraising')]: table.name,
    [ENV.secretId('ORIGIN_VERIFY')]: localSecretArn('giving/origin-verify'),
    [ENV.liveConnectionsEndpoint]: live.managementEndpoint,
  });
  resetSecretsForTests();
  site = await startSite({
    port: 0,
    webDist: '/nonexistent',
    runtimeConfig: {},
    api: async (_req, res) => void res.writeHead(404).end(),
    origins: { cardGatewayOrigin: 'http://localhost:9999' },
    originVerify: ORIGIN_SECRET,
    // A deployment's rate rules (1,000 upgrades from one address fit in them).
    rateLimits: edgeRateLimiter({ scale: 1 }),
    live: live.handleUpgrade,
  });
  management = new ApiGatewayManagementApiClient({ endpoint: live.managementEndpoint, region: REGION, credentials: { accessKeyId: 'l', secretAccessKey: 'l' } });
}, 60_000);

afterAll(async () => {
  management?.destroy();
  await site?.stop();
  await live?.stop();
  await secrets?.stop();
  process.env = { ...saved };
  resetSecretsForTests();
});

interface Browser {
  ws: WebSocket;
  messages: unknown[];
  closed: Promise<void>;
}

/** A browser's socket through the site's origin (or straight at the stand-in with `direct`). */
function open(channel: string, options: { direct?: boolean } = {}): Promise<Browser> {
  const address = options.direct ? `${live.socketUrl}?channel=${encodeURIComponent(channel)}` : liveSocketUrl(site.url, channel as LiveChannel);
  const ws = new WebSocket(address);
  const messages: unknown[] = [];
  ws.on('message', (data) => messages.push(JSON.parse(data.toString())));
  const closed = new Promise<void>((resolve) => ws.once('close', () => resolve()));
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve({ ws, messages, closed }));
    ws.once('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => reject(Object.assign(new Error(`refused ${res.statusCode}`), { status: res.statusCode, body })));
    });
    ws.once('error', (error) => reject(error));
  });
}

const refusalOf = (channel: string, options?: { direct?: boolean }) =>
  open(channel, options).then(
    () => {
      throw new Error('accepted');
    },
    (error: { status?: number; body?: string }) => ({ status: error.status, body: error.body ? (JSON.parse(error.body) as Record<string, unknown>) : undefined }),
  );

const until = async (check: () => boolean | Promise<boolean>, ms = 5000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('subscribing (the $connect handler)', () => {
  it('keeps a connection on its channel, with a TTL, until $disconnect removes both items', async () => {
    const channel = liveChannel.page(newId());
    const browser = await open(channel);
    await until(async () => (await connections.ofChannel(channel)).length === 1);
    const [connectionId] = await connections.ofChannel(channel);
    const member = await table.client.send(new GetCommand({ TableName: table.name, Key: liveKeys.member(channel, connectionId!) }));
    const nowSeconds = Date.now() / 1000;
    expect(member.Item?.expiresAt).toBeGreaterThan(nowSeconds + LIVE_CONNECTION_TTL_SECONDS - 60);
    expect(member.Item?.expiresAt).toBeLessThanOrEqual(nowSeconds + LIVE_CONNECTION_TTL_SECONDS + 1);
    browser.ws.close();
    await until(async () => (await connections.ofChannel(channel)).length === 0);
    expect((await table.client.send(new GetCommand({ TableName: table.name, Key: liveKeys.connection(connectionId!) }))).Item).toBeUndefined();
  });

  it.each([
    ['no channel', '', 'Name the channel'],
    ['an unknown kind', `donation:${newId()}`, 'page:<pageId> or event:<eventId>'],
    ['a lower-case id', `page:${newId().toLowerCase()}`, '26-character ULID'],
    ['a short id', 'page:01ARZ3NDEKTSV4RRFFQ69G5FA', '26-character ULID'],
    ['an injected key', `page:${newId()}#x`, '26-character ULID'],
  ])('refuses %s with 400 naming query.channel, and writes nothing', async (_, channel, detail) => {
    const refused = await refusalOf(channel);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'ValidationFailed', errors: [{ field: 'query.channel', message: expect.stringContaining(detail) }] });
    expect(live.connectionCount()).toBe(0);
  });

  it('refuses a channel given twice', async () => {
    const ws = new WebSocket(`${site.url.replace('http', 'ws')}${LIVE_PATH}?channel=page:${newId()}&channel=page:${newId()}`);
    const status = await new Promise<number>((resolve) => ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)));
    ws.on('error', () => undefined);
    expect(status).toBe(400);
  });

  it('refuses (403) a socket that did not come through the site, as CloudFront is the only way in', async () => {
    const refused = await refusalOf(liveChannel.page(newId()), { direct: true });
    expect(refused).toMatchObject({ status: 403, body: { code: 'Forbidden' } });
  });
});

describe('posting to a channel (the publisher)', () => {
  it('reaches every socket on the channel and no other', async () => {
    const channel = liveChannel.event(newId());
    const other = await open(liveChannel.event(newId()));
    const browsers = await Promise.all([open(channel), open(channel), open(channel)]);
    await until(async () => (await connections.ofChannel(channel)).length === 3);
    const publisher = liveChannelPublisher({ connections, client: management });
    expect(await publisher.postToChannel(channel, { totalCents: 500 })).toEqual({ connections: 3, sent: 3, gone: 0, failed: 0 });
    await until(() => browsers.every((b) => b.messages.length === 1));
    for (const browser of browsers) expect(browser.messages).toEqual([{ totalCents: 500 }]);
    expect(other.messages).toEqual([]);
    for (const browser of [...browsers, other]) browser.ws.close();
  });

  it('deletes a connection the API says is gone, and still reaches the rest', async () => {
    const channel = liveChannel.page(newId());
    const browser = await open(channel);
    // A browser that left without its $disconnect reaching the table.
    await connections.add({ connectionId: 'vanished0000000=', channel, connectedAt: new Date() });
    await until(async () => (await connections.ofChannel(channel)).length === 2);
    const publisher = liveChannelPublisher({ connections, client: management });
    expect(await publisher.postToChannel(channel, { totalCents: 1 })).toEqual({ connections: 2, sent: 1, gone: 1, failed: 0 });
    expect(await connections.ofChannel(channel)).toHaveLength(1);
    await until(() => browser.messages.length === 1);
    browser.ws.close();
  });

  it('given a function, sends each connection the message it gives when that post is made (a round that outlives its message)', async () => {
    const channel = liveChannel.page(newId());
    const browsers = await Promise.all([open(channel), open(channel), open(channel)]);
    await until(async () => (await connections.ofChannel(channel)).length === 3);
    let calls = 0;
    // The first post (after the size check's call) still has the old message; the page changes before the second.
    const newest = () => ({ totalCents: calls++ < 2 ? 100 : 200 });
    const publisher = liveChannelPublisher({ connections, client: management, concurrency: 1 });
    expect(await publisher.postToChannel(channel, newest)).toEqual({ connections: 3, sent: 3, gone: 0, failed: 0 });
    await until(() => browsers.every((b) => b.messages.length === 1));
    expect(browsers.map((b) => (b.messages[0] as { totalCents: number }).totalCents).sort()).toEqual([100, 200, 200]);
    for (const browser of browsers) browser.ws.close();
  });

  it('skips expired connections that TTL has not deleted yet', async () => {
    const channel = liveChannel.page(newId());
    await connections.add({ connectionId: 'stale00000000000=', channel, connectedAt: new Date(Date.now() - (LIVE_CONNECTION_TTL_SECONDS + 60) * 1000) });
    expect(await connections.ofChannel(channel)).toEqual([]);
  });

  it('reaches 1,000 sockets on one channel with one query and bounded concurrency', async () => {
    const channel = liveChannel.page(newId());
    const browsers: Browser[] = [];
    for (let i = 0; i < 1000; i += 100) browsers.push(...(await Promise.all(Array.from({ length: 100 }, () => open(channel)))));
    await until(async () => (await connections.ofChannel(channel)).length === 1000, 20_000);
    let queries = 0;
    let inFlight = 0;
    let maxInFlight = 0;
    const counted: LiveConnections = { ...connections, ofChannel: (c) => (queries++, connections.ofChannel(c)) };
    const client = {
      send: async (command: Parameters<ApiGatewayManagementApiClient['send']>[0]) => {
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        try {
          return await management.send(command);
        } finally {
          inFlight--;
        }
      },
    } as Pick<ApiGatewayManagementApiClient, 'send'>;
    const publisher = liveChannelPublisher({ connections: counted, client, concurrency: 25 });
    const started = Date.now();
    expect(await publisher.postToChannel(channel, { totalCents: 123_456 })).toEqual({ connections: 1000, sent: 1000, gone: 0, failed: 0 });
    await until(() => browsers.every((b) => b.messages.length === 1), 10_000);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(queries).toBe(1);
    expect(maxInFlight).toBe(25);
    for (const browser of browsers) expect(browser.messages).toEqual([{ totalCents: 123_456 }]);
    for (const browser of browsers) browser.ws.terminate();
    // 1,000 $disconnects (25 at a time) under a full run's load: what counts is that every one is gone, not how fast.
    await until(async () => (await connections.ofChannel(channel)).length === 0, 60_000);
  }, 150_000);
});

describe('what the stand-in cannot produce (aws-sdk-client-mock)', () => {
  it('counts a refused post as failed without deleting the connection, and keeps going', async () => {
    const mocked = mockClient(ApiGatewayManagementApiClient);
    try {
      const channel = liveChannel.page(newId());
      await connections.add({ connectionId: 'forbidden000000=', channel, connectedAt: new Date() });
      await connections.add({ connectionId: 'gone00000000000=', channel, connectedAt: new Date() });
      await connections.add({ connectionId: 'fine00000000000=', channel, connectedAt: new Date() });
      mocked
        .onAnyCommand({ ConnectionId: 'forbidden000000=' })
        .rejects(new ForbiddenException({ message: 'Forbidden', $metadata: { httpStatusCode: 403 } }))
        .onAnyCommand({ ConnectionId: 'gone00000000000=' })
        .rejects(new GoneException({ message: 'Gone', $metadata: { httpStatusCode: 410 } }))
        .onAnyCommand({ ConnectionId: 'fine00000000000=' })
        .resolves({});
      const publisher = liveChannelPublisher({ connections, client: new ApiGatewayManagementApiClient({ region: REGION }) });
      expect(await publisher.postToChannel(channel, { totalCents: 2 })).toEqual({ connections: 3, sent: 1, gone: 1, failed: 1 });
      expect((await connections.ofChannel(channel)).sort()).toEqual(['fine00000000000=', 'forbidden000000=']);
    } finally {
      mocked.restore();
    }
  });

  it('refuses a message over 128 KB before reading the channel', async () => {
    let read = false;
    const publisher = liveChannelPublisher({ connections: { ...connections, ofChannel: async () => ((read = true), []) }, client: management });
    await expect(publisher.postToChannel(liveChannel.page(newId()), { text: 'x'.repeat(128 * 1024) })).rejects.toThrow(/at most 131072 bytes/);
    expect(read).toBe(false);
  });
});

describe('the origin in front of /live', () => {
  it('applies the web ACL rate rules to upgrades', async () => {
    const limited = await startSite({
      port: 0,
      webDist: '/nonexistent',
      runtimeConfig: {},
      api: async (_req, res) => void res.writeHead(404).end(),
      origins: { cardGatewayOrigin: 'http://localhost:9999' },
      rateLimits: { site: () => ({ allowed: false, rule: { name: 'site-requests' } as never, retryAfterSeconds: 7 }), userPool: () => ({ allowed: true }) },
      live: live.handleUpgrade,
    });
    try {
      const ws = new WebSocket(liveSocketUrl(limited.url, liveChannel.page(newId())));
      const answer = await new Promise<{ status: number; retryAfter: unknown }>((resolve) =>
        ws.once('unexpected-response', (_req, res) => resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'] })),
      );
      ws.on('error', () => undefined);
      expect(answer).toEqual({ status: 429, retryAfter: '7' });
    } finally {
      await limited.stop();
    }
  });

  it('answers 404 to an upgrade of any other path', async () => {
    const ws = new WebSocket(`${site.url.replace('http', 'ws')}/api/live`);
    const status = await new Promise<number>((resolve) => ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)));
    ws.on('error', () => undefined);
    expect(status).toBe(404);
  });
});
