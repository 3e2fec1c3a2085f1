import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ApiGatewayManagementApiClient } from '@aws-sdk/client-apigatewaymanagementapi';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { WebSocket } from 'ws';
import { newId } from '@giving/shared/ids';
import { liveChannel, liveSocketUrl, type LiveChannel } from '@giving/shared/live/channels';
import { dynamoLiveConnections } from '@giving/shared/live/connections';
import { liveChannelPublisher } from '@giving/shared/live/publisher';
import { tableName } from '@giving/shared/manifest';
import { machine } from './machine';
import { dynamoDbPidOf, rssMiB, startPlatform } from './platform';

/**
 * Live page progress: `connections` browsers (WebSocket clients in this process) open one fundraising page through the
 * site's /live on the local platform; `perSecond` updates a second for `seconds` are triggered on a fixed schedule
 * (open loop: an update starts on time whether or not the last has reached everyone), and each socket notes when each
 * update arrives. Reported: the time from the trigger to arrival at each socket (p50/p95 over every socket and update),
 * the time until the last socket had each update, and the platform's resident memory.
 *
 * The trigger is a parameter: today the fundraising publisher (shared/live/publisher.ts) posting `{ sequence }`
 * through the management API, as the donation-completed consumer will; later, "a donation completing" can be the
 * trigger, with `identify` reading the update's sequence back from what the page receives (e.g. its total).
 */
export interface LiveTrigger {
  /** Starts update number `sequence` on the channel; resolves when the trigger's own work is done. */
  fire(channel: LiveChannel, sequence: number): Promise<void>;
  /** Which update a received message is (undefined: not one of ours). */
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
  const channel = liveChannel.page(newId());
  const firedAt: number[] = [];
  const arrivals: number[] = [];
  const lastArrival: number[] = Array.from({ length: updates }, () => 0);
  const dynamoPid = dynamoDbPidOf(options.platformPid);
  const idle = rssMiB(options.platformPid);

  options.log(`opening ${connections} sockets on ${channel}`);
  const connectStarted = performance.now();
  const sockets: WebSocket[] = [];
  const open = () =>
    new Promise<WebSocket>((resolve, reject) => {
      const ws = new WebSocket(liveSocketUrl(options.siteUrl, channel));
      ws.on('message', (data) => {
        const at = performance.now();
        const sequence = options.trigger.identify(JSON.parse(data.toString()));
        if (sequence === undefined || firedAt[sequence] === undefined) return;
        const ms = at - (firedAt[sequence] as number);
        arrivals.push(ms);
        if (ms > (lastArrival[sequence] as number)) lastArrival[sequence] = ms;
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
LIVE# items to DynamoDB Local). Then the publisher (shared/live/publisher.ts: one query of the page's connections,
then \`PostToConnection\` to each through the management API, 50 at a time) posts updates on a fixed schedule (open
loop), from the load generator's process, where the donation-completed consumer's Lambda would be. Times are from
the trigger to arrival at a socket, on one clock. Each update is ${first.connections} signed HTTP posts: 10 updates/s is
${first.connections * 10} posts/s through the stand-in and the SDK, which share this machine's two cores with the
${first.connections} clients; in AWS the posts go to API Gateway from the consumer's Lambda.

| figure | ${runs.map((f) => `${f.perSecond} update${f.perSecond === 1 ? '' : 's'}/s for ${f.seconds} s`).join(' | ')} |
|---|${runs.map(() => '---|').join('')}
${row('sockets opened in', (f) => `${f.connectSeconds} s`)}
${row('updates delivered', (f) => `${f.delivered} of ${f.expected} (${ok(f.delivered === f.expected)})`)}
${row('trigger to arrival, p50 / p95 (every socket, every update); target p95 < 2 s', (f) => `${f.arrivalP50ms} / ${f.arrivalP95ms} ms (${ok(f.arrivalP95ms < 2000)})`)}
${row('trigger to the last socket’s arrival, p50 / p95 (per update)', (f) => `${f.lastSocketP50ms} / ${f.lastSocketP95ms} ms`)}
${row('slowest arrival', (f) => `${f.arrivalMaxMs} ms`)}
${row('one update’s publisher call (query + posts), p50', (f) => `${f.triggerP50ms} ms`)}
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
          trigger: publisherTrigger({ dynamodbEndpoint: `http://localhost:${PORT_BASE + 20}`, managementEndpoint: `http://localhost:${PORT_BASE + 95}/live` }),
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
  const section = `${liveProgressSection(runs)}\nMeasured ${new Date().toISOString().slice(0, 10)} on ${machine()}.\n`;
  const at = text.indexOf(LIVE_SECTION_HEADING);
  const next = at < 0 ? -1 : text.indexOf('\n## ', at + 1);
  const updated = at < 0 ? `${text.trimEnd()}\n\n${section}` : `${text.slice(0, at)}${section}${next < 0 ? '' : text.slice(next + 1)}`;
  writeFileSync(file, updated);
  console.log(section);
  process.exit(0);
}
