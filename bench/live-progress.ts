import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ApiGatewayManagementApiClient } from '@aws-sdk/client-apigatewaymanagementapi';
import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { WebSocket } from 'ws';
import { newId } from '@giving/shared/ids';
import { liveChannel, liveSocketUrl, type LiveChannel } from '@giving/shared/live/channels';
import { dynamoLiveConnections } from '@giving/shared/live/connections';
import { liveChannelPublisher } from '@giving/shared/live/publisher';
import { tableName } from '@giving/shared/manifest';
import { DEMO_PASSWORD, DEMO_USERS, type DemoRole } from '../tools/local/src/seed/data';
import { machine } from './machine';
import { dynamoDbPidOf, rssMiB, startPlatform } from './platform';

/**
 * Live page progress: `connections` browsers (WebSocket clients in this process) open one fundraising page through the
 * site's /live on the local platform; `perSecond` updates a second for `seconds` are triggered on a fixed schedule
 * (open loop: an update starts on time whether or not the last has reached everyone), and each socket notes when each
 * update arrives. Reported: the time from the trigger to arrival at each socket (p50/p95 over every socket and update),
 * the time until the last socket had each update, and the platform's resident memory.
 *
 * The trigger is a parameter: by default a real totals change (the charity confirming an offline gift through the
 * API: offlineGiftTrigger), whose update reaches the sockets through the table's stream and the live progress consumer;
 * or the publisher alone posting `{ sequence }` (publisherTrigger, BENCH_LIVE_TRIGGER=publisher). When online
 * donations complete on pages, a donation completing can be the trigger in the same way (identify by donationsCount).
 */
export interface LiveTrigger {
  /** What the trigger is, for the report. */
  describe: string;
  /** Sets up `updates` updates (outside the measurement) and names the channel to watch (default: a new page's). */
  prepare?(updates: number): Promise<LiveChannel>;
  /** Starts update number `sequence` on the channel; resolves when the trigger's own work is done. */
  fire(channel: LiveChannel, sequence: number): Promise<void>;
  /**
   * The newest update a received message brings (undefined: not one of ours). A message brings every update up to
   * it: the live progress consumer posts a page's newest version only, so a burst arrives as one message.
   */
  identify(message: unknown): number | undefined;
  close(): void;
}

export interface LiveProgressFigures {
  connections: number;
  updates: number;
  perSecond: number;
  seconds: number;
  connectSeconds: number;
  delivered: number;
  expected: number;
  arrivalP50ms: number;
  arrivalP95ms: number;
  arrivalMaxMs: number;
  lastSocketP50ms: number;
  lastSocketP95ms: number;
  triggerP50ms: number;
  /** Messages each socket received (fewer than updates: coalesced). */
  messagesPerSocket: number;
  trigger: string;
  rss: { idle: number; connected: number; peak: number; dynamodb: number };
}

/** The publisher, from this process, against the platform's DynamoDB Local and its WebSocket API's management endpoint. */
export function publisherTrigger(options: { dynamodbEndpoint: string; managementEndpoint: string }): LiveTrigger {
  const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
  const dynamo = new DynamoDBClient({ endpoint: options.dynamodbEndpoint, region: 'ap-southeast-2', credentials });
  const management = new ApiGatewayManagementApiClient({ endpoint: options.managementEndpoint, region: 'ap-southeast-2', credentials });
  const publisher = liveChannelPublisher({
    connections: dynamoLiveConnections(DynamoDBDocumentClient.from(dynamo), tableName('fundraising')),
    client: management,
  });
  return {
    describe: 'the publisher posting `{ sequence }` from the load generator (no stream, no coalescing)',
    async fire(channel, sequence) {
      const result = await publisher.postToChannel(channel, { sequence, totalCents: 100 * sequence });
      if (result.failed > 0) throw new Error(`update ${sequence}: ${result.failed} posts failed`);
    },
    identify: (message) => (message as { sequence?: number } | null)?.sequence,
    close() {
      dynamo.destroy();
      management.destroy();
    },
  };
}

/**
 * Real totals changes: a single-page event's page with `updates` offline gifts entered by its owner beforehand (not
 * measured); update n is the charity confirming one through the API (POST .../offline-donations/{id}/confirm), whose
 * transaction ADDs to the page's totals and version. The page's stream record goes to post-live-progress, which posts
 * the page's newest version to page:<id>. A message with donationsCount c brings updates 0..c-1 (confirmations may
 * commit a little out of the order they were sent; the count is what the page shows).
 */
export function offlineGiftTrigger(options: { siteUrl: string }): LiveTrigger {
  const api = async <T>(path: string, token: string, init: { method?: string; body?: unknown } = {}): Promise<{ status: number; body: T }> => {
    const response = await fetch(`${options.siteUrl}/api${path}`, {
      method: init.method ?? 'GET',
      headers: { authorization: `Bearer ${token}`, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
  };
  const state = { owner: '', charity: '', charityId: '', gifts: [] as string[] };
  const tokenOf = async (role: DemoRole) => {
    const config = (await (await fetch(`${options.siteUrl}/config.json`)).json()) as { cognito: { region: string; userPoolClientId: string; endpoint: string } };
    const cognito = new CognitoIdentityProviderClient({ endpoint: config.cognito.endpoint, region: config.cognito.region, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
    const email = DEMO_USERS.find((user) => user.role === role)?.email ?? '';
    const auth = await cognito.send(new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: config.cognito.userPoolClientId, AuthParameters: { USERNAME: email, PASSWORD: DEMO_PASSWORD } }));
    cognito.destroy();
    return auth.AuthenticationResult?.IdToken ?? '';
  };
  const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  return {
    describe: 'the charity confirming an offline gift on the page through the API (its totals ADDs -> the stream -> post-live-progress)',
    async prepare(updates) {
      state.owner ||= await tokenOf('donor');
      state.charity ||= await tokenOf('charityAdmin');
      if (!state.charityId) {
        const charities = await api<{ items: { id: string; charityUrl: string }[] }>('/accounts/charities?country=nz', state.owner);
        state.charityId = charities.body.items.find((charity) => charity.charityUrl === 'kiwi-coast-rescue')?.id ?? '';
        for (let i = 0; i < 300; i++) {
          const known = await api<{ items: { id: string }[] }>('/fundraising/charities?country=nz', state.owner);
          if (known.body.items.some((charity) => charity.id === state.charityId)) break;
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      }
      const created = await api<{ page: { id: string } }>('/fundraising/events/single-page', state.owner, {
        method: 'POST',
        body: { country: 'nz', charityId: state.charityId, eventUrl: `bench-live-${newId().toLowerCase().slice(-10)}`, title: 'Bench walk', story: 'A page whose total moves ten times a second.', targetAmount: 10_000_000, endDate: day(30) },
      });
      if (created.status !== 201) throw new Error(`the page was not created: ${created.status} ${JSON.stringify(created.body)}`);
      state.gifts = [];
      for (let i = 0; i < updates; i++) {
        const gift = await api<{ id: string }>(`/fundraising/pages/${created.body.page.id}/offline-donations`, state.owner, {
          method: 'POST',
          body: { amount: 100 + i, donorName: `Bench donor ${i}`, receivedOn: day(0) },
        });
        if (gift.status !== 201) throw new Error(`gift ${i} was not entered: ${gift.status}`);
        state.gifts.push(gift.body.id);
      }
      return liveChannel.page(created.body.page.id);
    },
    async fire(_channel, sequence) {
      const confirmed = await api(`/fundraising/charity/${state.charityId}/offline-donations/${state.gifts[sequence]}/confirm`, state.charity, { method: 'POST' });
      if (confirmed.status !== 200) throw new Error(`gift ${sequence} was not confirmed: ${confirmed.status}`);
    },
    identify: (message) => {
      const count = (message as { kind?: string; donationsCount?: number } | null)?.donationsCount;
      return typeof count === 'number' && count > 0 ? count - 1 : undefined;
    },
    close() {},
  };
}

const percentile = (sorted: number[], q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);

export async function measureLiveProgress(options: {
  siteUrl: string;
  platformPid: number;
  trigger: LiveTrigger;
  connections?: number;
  perSecond?: number;
  seconds?: number;
  log: (line: string) => void;
}): Promise<LiveProgressFigures> {
  const connections = options.connections ?? 1000;
  const perSecond = options.perSecond ?? 10;
  const seconds = options.seconds ?? 30;
  const updates = perSecond * seconds;
  if (options.trigger.prepare) options.log(`preparing ${updates} updates (${options.trigger.describe})`);
  const channel = options.trigger.prepare ? await options.trigger.prepare(updates) : liveChannel.page(newId());
  const firedAt: number[] = [];
  const arrivals: number[] = [];
  const lastArrival: number[] = Array.from({ length: updates }, () => 0);
  let messages = 0;
  const dynamoPid = dynamoDbPidOf(options.platformPid);
  const idle = rssMiB(options.platformPid);

  options.log(`opening ${connections} sockets on ${channel}`);
  const connectStarted = performance.now();
  const sockets: WebSocket[] = [];
  const open = () =>
    new Promise<WebSocket>((resolve, reject) => {
      const ws = new WebSocket(liveSocketUrl(options.siteUrl, channel));
      // The newest update this socket has had: a message brings every update up to the one it names.
      let had = -1;
      ws.on('message', (data) => {
        const at = performance.now();
        messages++;
        const newest = Math.min(options.trigger.identify(JSON.parse(data.toString())) ?? -1, updates - 1);
        for (let sequence = had + 1; sequence <= newest; sequence++) {
          if (firedAt[sequence] === undefined) continue;
          const ms = at - (firedAt[sequence] as number);
          arrivals.push(ms);
          if (ms > (lastArrival[sequence] as number)) lastArrival[sequence] = ms;
        }
        had = Math.max(had, newest);
      });
      ws.once('open', () => resolve(ws));
      ws.once('unexpected-response', (_req, res) => reject(new Error(`socket refused: ${res.statusCode}`)));
      ws.once('error', reject);
    });
  for (let i = 0; i < connections; i += 50) sockets.push(...(await Promise.all(Array.from({ length: Math.min(50, connections - i) }, open))));
  const connectSeconds = (performance.now() - connectStarted) / 1000;
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const connected = rssMiB(options.platformPid);
  options.log(`${connections} sockets open in ${connectSeconds.toFixed(1)} s; platform RSS ${connected} MiB; ${updates} updates at ${perSecond}/s`);

  let peak = connected;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(options.platformPid))), 250);
  const triggerTimes: number[] = [];
  const started = performance.now();
  const fired: Promise<void>[] = [];
  for (let sequence = 0; sequence < updates; sequence++) {
    const due = started + (sequence * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    firedAt[sequence] = performance.now();
    fired.push(options.trigger.fire(channel, sequence).then(() => void triggerTimes.push(performance.now() - (firedAt[sequence] as number))));
  }
  await Promise.all(fired);
  // Stragglers: wait until every socket has every update, or 10 s.
  const deadline = performance.now() + 10_000;
  while (arrivals.length < updates * connections && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  clearInterval(sampler);
  const dynamodb = dynamoPid ? rssMiB(dynamoPid) : 0;
  for (const ws of sockets) ws.close();
  options.trigger.close();

  const sortedArrivals = [...arrivals].sort((a, b) => a - b);
  const sortedLast = [...lastArrival].sort((a, b) => a - b);
  const sortedTrigger = [...triggerTimes].sort((a, b) => a - b);
  return {
    connections,
    updates,
    perSecond,
    seconds,
    connectSeconds: Math.round(connectSeconds * 10) / 10,
    delivered: arrivals.length,
    expected: updates * connections,
    arrivalP50ms: percentile(sortedArrivals, 0.5),
    arrivalP95ms: percentile(sortedArrivals, 0.95),
    arrivalMaxMs: Math.round(sortedArrivals.at(-1) ?? 0),
    lastSocketP50ms: percentile(sortedLast, 0.5),
    lastSocketP95ms: percentile(sortedLast, 0.95),
    triggerP50ms: percentile(sortedTrigger, 0.5),
    messagesPerSocket: Math.round((messages / connections) * 10) / 10,
    trigger: options.trigger.describe,
    rss: { idle, connected, peak, dynamodb },
  };
}

export const LIVE_SECTION_HEADING = '## Live page progress';

/** The rates measured: the one asked for, and one this 2-core machine keeps up with (to show latency without a backlog). */
export const LIVE_RATES = [10, 1] as const;

export function liveProgressSection(runs: readonly LiveProgressFigures[]): string {
  const ok = (pass: boolean) => (pass ? 'met' : '**not met**');
  const first = runs[0] as LiveProgressFigures;
  const row = (label: string, value: (f: LiveProgressFigures) => string) => `| ${label} | ${runs.map(value).join(' | ')} |`;
  return `${LIVE_SECTION_HEADING} (${first.connections} WebSockets on one page)

\`npx tsx bench/live-progress.ts\` (and \`npm run bench\`). ${first.connections} WebSocket clients open one fundraising page through the
site's \`/live\` on the local platform (the edge, the WebSocket API stand-in, fundraising's \`$connect\` writing its
LIVE# items to DynamoDB Local). Then updates start on a fixed schedule (open loop). The trigger: ${first.trigger}.
The live progress consumer (services/fundraising/handlers/post-live-progress.ts) reads the table's stream (the local
stand-in polls it every 250 ms), posts each batch's newest version of the page once (skipping versions already
posted), as one query of the page's connections and a \`PostToConnection\` to each, 50 at a time; a round starts from
the page as stored then and reads it again every 100 posts, so a newer version goes to the connections the round has
not reached yet (docs/DECISIONS.md, "A round posts what is newest"). Each socket counts
an update as arrived when a message brings it or a later one (a message carries the page's donationsCount; one
message brings every donation before it). Times are from the trigger's request to arrival at a socket, on one clock.
The ${first.connections} clients, the platform and DynamoDB Local share this machine's two cores; in AWS the posts
go to API Gateway from the consumer's Lambda.

| figure | ${runs.map((f) => `${f.perSecond} update${f.perSecond === 1 ? '' : 's'}/s for ${f.seconds} s`).join(' | ')} |
|---|${runs.map(() => '---|').join('')}
${row('sockets opened in', (f) => `${f.connectSeconds} s`)}
${row('updates delivered', (f) => `${f.delivered} of ${f.expected} (${ok(f.delivered === f.expected)})`)}
${row('trigger to arrival, p50 / p95 (every socket, every update); target p95 < 2 s', (f) => `${f.arrivalP50ms} / ${f.arrivalP95ms} ms (${ok(f.arrivalP95ms < 2000)})`)}
${row('trigger to the last socket’s arrival, p50 / p95 (per update)', (f) => `${f.lastSocketP50ms} / ${f.lastSocketP95ms} ms`)}
${row('slowest arrival', (f) => `${f.arrivalMaxMs} ms`)}
${row('messages each socket received (coalesced)', (f) => `${f.messagesPerSocket} for ${f.updates} updates`)}
${row('one trigger’s own call, p50', (f) => `${f.triggerP50ms} ms`)}
${row('platform RSS (Node): before the sockets / sockets idle / peak while posting', (f) => `${f.rss.idle} / ${f.rss.connected} / ${f.rss.peak} MiB`)}
${row('DynamoDB Local RSS (Java), after', (f) => `${f.rss.dynamodb} MiB`)}
`;
}

/** Run on its own: a platform of its own on ports 8100+, then the section replaced (or added) in docs/BENCHMARKS.md. */
if (import.meta.url === `file://${process.argv[1]}`) {
  const PORT_BASE = Number(process.env.BENCH_LIVE_PORT_BASE ?? 8100);
  const ROOT = path.resolve(import.meta.dirname, '..');
  const log = (line: string) => console.log(`[bench:live] ${line}`);
  log(`starting the local platform on ports ${PORT_BASE}+`);
  const platform = await startPlatform(PORT_BASE, '.local/bench-live');
  const runs: LiveProgressFigures[] = [];
  try {
    for (const perSecond of LIVE_RATES) {
      runs.push(
        await measureLiveProgress({
          siteUrl: `http://localhost:${PORT_BASE}`,
          platformPid: platform.pid,
          // BENCH_LIVE_TRIGGER=publisher measures the publisher alone (every update posted, no stream, no coalescing).
          trigger:
            process.env.BENCH_LIVE_TRIGGER === 'publisher'
              ? publisherTrigger({ dynamodbEndpoint: `http://localhost:${PORT_BASE + 20}`, managementEndpoint: `http://localhost:${PORT_BASE + 95}/live` })
              : offlineGiftTrigger({ siteUrl: `http://localhost:${PORT_BASE}` }),
          perSecond,
          seconds: Number(process.env.BENCH_LIVE_SECONDS ?? 30),
          log,
        }),
      );
    }
  } finally {
    await platform.stop();
  }
  const file = path.join(ROOT, 'docs', 'BENCHMARKS.md');
  const text = readFileSync(file, 'utf8');
  const section = `${liveProgressSection(runs)}\nMeasured ${new Date().toISOString().slice(0, 10)} on ${machine()}.\n\n`;
  const at = text.indexOf(LIVE_SECTION_HEADING);
  const next = at < 0 ? -1 : text.indexOf('\n## ', at + 1);
  const updated = at < 0 ? `${text.trimEnd()}\n\n${section}` : `${text.slice(0, at)}${section}${next < 0 ? '' : text.slice(next + 1)}`;
  writeFileSync(file, updated);
  console.log(section);
  process.exit(0);
}
