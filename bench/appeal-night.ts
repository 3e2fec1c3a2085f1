import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { GetQueueAttributesCommand, GetQueueUrlCommand, SQSClient } from '@aws-sdk/client-sqs';
import { BatchGetCommand, DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { WebSocket } from 'ws';
import { TEST_CARDS } from '@giving/shared/contracts/card-gateway';
import type { FundraisePaymentRequest } from '@giving/shared/contracts/donations';
import type { FundraisingEvent } from '@giving/shared/contracts/fundraising';
import { transactionFeeCents } from '@giving/shared/fees';
import { liveChannel, liveSocketUrl, type LiveChannel } from '@giving/shared/live/channels';
import { queueName, tableName, type ServiceName } from '@giving/shared/manifest';
import { manifests } from '../services/index';
import { paymentKey } from '../services/donations/adapters/dynamo-payments';
import { encryptedCardToken } from '../tools/local/src/card-gateway/client-encryption';
import { CARD_GATEWAY_TRUST_CLIENT_KEY, PAYMENT_GATEWAY_SETTINGS, REGION } from '../tools/local/src/config';
import { dynamoClient } from '../tools/local/src/dynamodb';
import { APPEAL_NIGHT, arrivalTimes, curveSeconds, phaseAt } from './appeal-curve';
import { itemSizeBytes, writeUnits } from './item-size';
import { jsonPoster } from './load';
import { machine } from './machine';
import { startPlatform } from './platform';
import { replaceSection } from './sections';

/**
 * An appeal night, scaled to this machine (issue 17 item 9, docs/CAPACITY.md): the donations of APPEAL_NIGHT's curve
 * (ramp, the ask, the peak, the tail) at a scaled peak, every one a guest's card donation to a page of one event
 * (the seeded Kiwi Coast Walk: one charity, three pages, the first of them the one the TV appeal shows), while
 * watchers keep the event's pages open over the live WebSocket. Per time slice: the payment call's latency, how long
 * after its 202 the workflow ran and announced DonationCompleted, how long after that the watchers saw the total
 * move, the open workflows and the depth of the queues fed by DonationCompleted and the pages' documents, and
 * what the platform logged. Afterwards, per donation: the state transitions and task retries the workflow histories
 * show, the events the bus carried, the writes each hot item took, and the hot items' sizes in write units.
 *
 * `npx tsx bench/appeal-night.ts [--write]` or `npm run bench -- appeal-night` (which writes); BENCH_APPEAL_PEAK
 * sets the scaled peak (donations a second), BENCH_APPEAL_PORT_BASE the ports.
 */
export const APPEAL_SECTION_HEADING = '## Appeal night';
/** Comic Relief's peak on AWS, and people on one event's pages at once (docs/CAPACITY.md). */
export const FULL_PEAK_PER_SECOND = 350;
export const FULL_WATCHERS = 16_000;
const SLICE_SECONDS = 10;
const DRAIN_LIMIT_SECONDS = 240;
const EVENT_URL = 'kiwi-coast-walk-2027';
const POPULAR_PAGE = 'dana-walks-for-kiwi';
/** Where the donations go: the page on screen gets most, the other pages the rest. */
const POPULAR_SHARE = 0.7;
/** Where the watchers are: the page on screen, the event's own page, the other pages. */
const WATCHER_SHARES = { popular: 0.6, event: 0.25 };

/** The consumers whose queues an appeal night fills: DonationCompleted's and the pages' and events' documents'. */
const WATCHED_EVENTS = new Set(['DonationCompleted', 'PageModified', 'EventModified', 'DonationMatched']);

const PAYMENT_MACHINE = 'arn:aws:states:ap-southeast-2:000000000000:stateMachine:giving-donations-payment';

interface Donation {
  n: number;
  pageId: string;
  amountCents: number;
  dueAt: number;
  sentAt: number;
  answeredAt?: number;
  status?: number;
  trackingNumber?: string;
  error?: string;
  // From the platform afterwards:
  workflowStartedAt?: number;
  runningAt?: number;
  announcedAt?: number;
  completedAt?: number;
  workflowStatus?: string;
  transitions?: number;
  taskRetries?: number;
}

interface Sample {
  at: number;
  openWorkflows: number;
  queues: Record<string, number>;
  hot: HotCounts;
}

interface HotCounts {
  eventDonations: number;
  eventVersion: number;
  popularPageDonations: number;
  charityLedgerDonations: number;
  siteStatsCents: number;
}

const percentile = (values: readonly number[], q: number) => {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number | undefined) => (ms === undefined ? '-' : (ms / 1000).toFixed(1));
const millis = (ms: number | undefined) => (ms === undefined ? '-' : String(Math.round(ms)));
const pair = (values: readonly number[], format: (ms: number | undefined) => string) =>
  values.length ? `${format(percentile(values, 0.5))} / ${format(percentile(values, 0.95))}` : '-';

export interface AppealNightFigures {
  section: string;
  errors: number;
}

export async function runAppealNight(options: { portBase?: number; peakPerSecond?: number; log: (line: string) => void }): Promise<AppealNightFigures> {
  const portBase = options.portBase ?? Number(process.env.BENCH_APPEAL_PORT_BASE ?? 8900);
  const peak = options.peakPerSecond ?? Number(process.env.BENCH_APPEAL_PEAK ?? 8);
  const scale = FULL_PEAK_PER_SECOND / peak;
  const watchers = Math.round(FULL_WATCHERS / scale);
  const url = (offset: number) => `http://localhost:${portBase + offset}`;
  const site = url(0);
  const { log } = options;

  log(`starting the local platform on ports ${portBase}+`);
  const platform = await startPlatform(portBase, '.local/bench-appeal');
  const dynamo = DynamoDBDocumentClient.from(dynamoClient(url(20)));
  const sqs = new SQSClient({ endpoint: url(30), region: REGION, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  const sockets: WebSocket[] = [];
  try {
    const json = async <T>(pathname: string) => (await (await fetch(`${site}/api${pathname}`)).json()) as T;
    const event = await json<FundraisingEvent>(`/fundraising/events/${EVENT_URL}`);
    const popular = event.pages.find((page) => page.pageUrl === POPULAR_PAGE);
    if (!popular) throw new Error(`the seeded event has no page ${POPULAR_PAGE}`);
    const others = event.pages.filter((page) => page.id !== popular.id);
    const charityId = event.charity.id;

    // Donations learns the pages from fundraising's PageModified documents: wait until it knows each (a 400 for an
    // empty body, not a 404).
    for (const page of event.pages) {
      for (let i = 0; ; i++) {
        const answer = await fetch(`${site}/api/fundraising/pages/${page.id}/donate`, { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': `bench-probe-${page.id}-${i}` }, body: '{}' });
        if (answer.status === 400) break;
        if (i > 300) throw new Error(`donations never learnt page ${page.pageUrl}: ${answer.status}`);
        await pause(200);
      }
    }
    const token = await encryptedCardToken(url(10), CARD_GATEWAY_TRUST_CLIENT_KEY, { number: TEST_CARDS.approve, name: 'Appeal Donor', expMonth: '12', expYear: '30', cvc: '123' });
    const card = { token: token.id, cardType: 'visa' as const, last4: token.card.last4 };

    // The watchers: page:<id> for each page and event:<id>, as the SPA opens them.
    const baseline = new Map<LiveChannel, number>([[liveChannel.event(event.id), event.donationsCount], ...event.pages.map((page) => [liveChannel.page(page.id), page.donationsCount] as [LiveChannel, number])]);
    const watcherChannels: LiveChannel[] = Array.from({ length: watchers }, (_, i) => {
      const share = i / watchers;
      if (share < WATCHER_SHARES.popular) return liveChannel.page(popular.id);
      if (share < WATCHER_SHARES.popular + WATCHER_SHARES.event) return liveChannel.event(event.id);
      return liveChannel.page((others[i % Math.max(1, others.length)] ?? popular).id);
    });
    /** Per socket: its channel and each message's arrival time and donation count. */
    const received: { channel: LiveChannel; messages: [number, number][] }[] = [];
    log(`opening ${watchers} watchers' sockets (${FULL_WATCHERS.toLocaleString('en')} / ${scale.toFixed(0)})`);
    const open = (channel: LiveChannel) =>
      new Promise<WebSocket>((resolve, reject) => {
        const ws = new WebSocket(liveSocketUrl(site, channel));
        const mine = { channel, messages: [] as [number, number][] };
        received.push(mine);
        ws.on('message', (data) => {
          const message = JSON.parse(data.toString()) as { donationsCount?: number };
          if (typeof message.donationsCount === 'number') mine.messages.push([Date.now(), message.donationsCount]);
        });
        ws.once('open', () => resolve(ws));
        ws.once('unexpected-response', (_req, res) => reject(new Error(`socket refused: ${res.statusCode}`)));
        ws.once('error', reject);
      });
    for (let i = 0; i < watcherChannels.length; i += 50) sockets.push(...(await Promise.all(watcherChannels.slice(i, i + 50).map(open))));

    // What is sampled every second: open workflows, the queues' depths, the hot items' counters, the bus's events.
    const watchedQueues = manifests.flatMap((manifest) =>
      manifest.subscriptions
        .filter((subscription) => ((subscription.pattern as Record<string, unknown>)['detail-type'] as string[] | undefined)?.some((name) => WATCHED_EVENTS.has(name)))
        .map((subscription) => ({ service: manifest.service as ServiceName, name: subscription.name, label: `${manifest.service}/${subscription.name}` })),
    );
    const queueUrls = new Map<string, string>();
    for (const queue of watchedQueues) queueUrls.set(queue.label, (await sqs.send(new GetQueueUrlCommand({ QueueName: queueName(queue.service, queue.name) }))).QueueUrl as string);
    const hotKeys = {
      event: { table: tableName('fundraising'), key: { pk: `EVENT#${event.id}`, sk: 'EVENT' } },
      popularPage: { table: tableName('fundraising'), key: { pk: `PAGE#${popular.id}`, sk: 'PAGE' } },
      charityLedger: { table: tableName('donations'), key: { pk: `CHARITY#${charityId}`, sk: 'LEDGER' } },
      siteStats: { table: tableName('accounts'), key: { pk: 'SITE#nz', sk: 'STATS' } },
    };
    const getItem = async (spec: { table: string; key: Record<string, string> }) => (await dynamo.send(new GetCommand({ TableName: spec.table, Key: spec.key }))).Item ?? {};
    const hotCounts = async (): Promise<HotCounts> => {
      const [eventItem, pageItem, ledger, stats] = await Promise.all([getItem(hotKeys.event), getItem(hotKeys.popularPage), getItem(hotKeys.charityLedger), getItem(hotKeys.siteStats)]);
      return {
        eventDonations: Number(eventItem.donationsCount ?? 0),
        eventVersion: Number(eventItem.version ?? 0),
        popularPageDonations: Number(pageItem.donationsCount ?? 0),
        charityLedgerDonations: Number(ledger.donationCount ?? 0),
        siteStatsCents: Number(stats.donationsCents ?? 0),
      };
    };
    const openWorkflows = async () => {
      let count = 0;
      let nextToken: string | undefined;
      do {
        const body = (await (
          await fetch(url(50), {
            method: 'POST',
            headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'AWSStepFunctions.ListExecutions' },
            body: JSON.stringify({ stateMachineArn: PAYMENT_MACHINE, statusFilter: 'RUNNING', maxResults: 1000, nextToken }),
          })
        ).json()) as { executions: unknown[]; nextToken?: string };
        count += body.executions.length;
        nextToken = body.nextToken;
      } while (nextToken);
      return count;
    };
    const busEvents = new Map<string, string>(); // EventBridge id -> detail-type
    const readBus = async () => {
      const { events } = (await (await fetch(`${url(40)}/_local/events`)).json()) as { events: { id: string; 'detail-type': string }[] };
      for (const entry of events) busEvents.set(entry.id, entry['detail-type']);
    };
    await readBus();
    const busBefore = new Set(busEvents.keys());
    const samples: Sample[] = [];
    const logLines: { at: number; line: string }[] = [];
    platform.takeLogLines();
    let sampling = true;
    const sample = async () => {
      const at = Date.now();
      const [open, depths, hot] = await Promise.all([
        openWorkflows(),
        Promise.all(
          [...queueUrls].map(async ([label, queueUrl]) => {
            const attributes = (await sqs.send(new GetQueueAttributesCommand({ QueueUrl: queueUrl, AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'] }))).Attributes ?? {};
            return [label, Number(attributes.ApproximateNumberOfMessages ?? 0) + Number(attributes.ApproximateNumberOfMessagesNotVisible ?? 0)] as const;
          }),
        ),
        hotCounts(),
        readBus(),
      ]);
      samples.push({ at, openWorkflows: open, queues: Object.fromEntries(depths), hot });
      for (const line of platform.takeLogLines()) logLines.push({ at, line });
    };
    const hotBefore = await hotCounts();
    const sampler = (async () => {
      while (sampling) {
        const started = Date.now();
        try {
          await sample();
        } catch (error) {
          log(`a sample failed: ${(error as Error).message}`);
        }
        await pause(Math.max(0, 1000 - (Date.now() - started)));
      }
    })();

    // The night: every donation sent on time (an open loop), whatever the platform's answers are doing.
    const times = arrivalTimes(APPEAL_NIGHT, peak);
    log(`${times.length} donations over ${curveSeconds(APPEAL_NIGHT)} s, peaking at ${peak}/s (1/${scale.toFixed(0)} of ${FULL_PEAK_PER_SECOND}/s); ${watchers} watchers`);
    const poster = jsonPoster(site, 200);
    const runId = Date.now().toString(36);
    const started = Date.now();
    const donations: Donation[] = [];
    const sends: Promise<void>[] = [];
    for (const [n, at] of times.entries()) {
      const dueAt = started + at * 1000;
      const wait = dueAt - Date.now();
      if (wait > 0) await pause(wait);
      const page = (n * 0.618034) % 1 < POPULAR_SHARE ? popular : (others[n % Math.max(1, others.length)] ?? popular);
      const amountCents = 1000 * (1 + (n % 10));
      const body: FundraisePaymentRequest = {
        pageType: 'FUNDRAISE',
        country: 'nz',
        donationAmount: amountCents,
        quantity: 1,
        supportingAmount: 0,
        transactionFeeCents: transactionFeeCents(amountCents, PAYMENT_GATEWAY_SETTINGS.transactionProcessingFees.nz),
        paymentType: 'CARD',
        isRecurring: false,
        isAnonymous: n % 4 === 0,
        receiptName: `Appeal Donor ${n}`,
        isMessageAnonymous: false,
        donorMessage: n % 3 === 0 ? 'Watching the appeal, kia kaha!' : undefined,
        donor: { firstName: 'Appeal', lastName: `Donor${n}`, email: `appeal.${runId}.${n}@example.com` },
        card,
      } as FundraisePaymentRequest;
      const donation: Donation = { n, pageId: page.id, amountCents, dueAt, sentAt: Date.now() };
      donations.push(donation);
      sends.push(
        poster
          .post(`/api/fundraising/pages/${page.id}/donate`, JSON.stringify(body), { 'idempotency-key': `appeal-${runId}-${n}` })
          .then((answer) => {
            donation.answeredAt = Date.now();
            donation.status = answer.status;
            if (answer.status === 202) donation.trackingNumber = (JSON.parse(answer.body) as { trackingNumber: string }).trackingNumber;
            else donation.error = `${answer.status} ${answer.body.slice(0, 160)}`;
          })
          .catch((error: unknown) => {
            donation.answeredAt = Date.now();
            donation.error = (error as Error).message;
          }),
      );
    }
    await Promise.all(sends);
    const accepted = donations.filter((d) => d.trackingNumber);
    log(`sent ${donations.length} in ${((Date.now() - started) / 1000).toFixed(0)} s: ${accepted.length} accepted; draining`);

    // The drain: until every workflow has ended, the event's total has counted every completed one and the queues
    // are empty (receipts, ticker, search): the slices after the curve show how long the backlog takes.
    const drainStarted = Date.now();
    for (;;) {
      await pause(1000);
      const last = samples.at(-1);
      const queued = last ? Object.values(last.queues).reduce((sum, depth) => sum + depth, 0) : 1;
      if (last && last.openWorkflows === 0 && queued === 0 && last.at > drainStarted) {
        const expected = hotBefore.eventDonations + (await completedCount(dynamo, accepted));
        if (last.hot.eventDonations >= expected) break;
      }
      if (Date.now() - drainStarted > DRAIN_LIMIT_SECONDS * 1000) {
        log(`still draining after ${DRAIN_LIMIT_SECONDS} s; reporting what arrived`);
        break;
      }
    }
    // Let the watchers' last posts land, then stop sampling.
    await pause(3000);
    sampling = false;
    await sampler;
    poster.close();
    const endedAt = Date.now();
    log(`drained in ${((endedAt - drainStarted) / 1000).toFixed(0)} s; reading the workflows' histories`);

    await readWorkflows(url(50), accepted);
    await readCompletions(dynamo, accepted);
    const busNew = [...busEvents].filter(([id]) => !busBefore.has(id)).map(([, type]) => type);
    const hotAfter = samples.at(-1)?.hot ?? hotBefore;
    const sizes = await hotItemSizes(dynamo, hotKeys, accepted[0]?.trackingNumber, popular.id);

    return report({
      peak,
      scale,
      watchers,
      started,
      endedAt,
      donations,
      samples,
      received,
      baseline,
      eventId: event.id,
      logLines,
      busNew,
      hotBefore,
      hotAfter,
      sizes,
      queues: watchedQueues.map((queue) => queue.label),
    });
  } finally {
    for (const ws of sockets) ws.close();
    dynamo.destroy();
    sqs.destroy();
    await platform.stop();
  }
}

async function completedCount(dynamo: DynamoDBDocumentClient, accepted: readonly Donation[]): Promise<number> {
  await readCompletions(dynamo, accepted);
  return accepted.filter((d) => d.completedAt !== undefined).length;
}

/** Each donation's DONATION item: when the workflow recorded it (the donation id is the tracking number). */
async function readCompletions(dynamo: DynamoDBDocumentClient, accepted: readonly Donation[]): Promise<void> {
  const pending = accepted.filter((d) => d.completedAt === undefined);
  for (let i = 0; i < pending.length; i += 100) {
    const batch = pending.slice(i, i + 100);
    let keys = batch.map((d) => ({ pk: `DONATION#${d.trackingNumber}`, sk: 'DONATION' }));
    while (keys.length) {
      const answer = await dynamo.send(new BatchGetCommand({ RequestItems: { [tableName('donations')]: { Keys: keys, ProjectionExpression: 'donationId, completedAt' } } }));
      for (const item of answer.Responses?.[tableName('donations')] ?? []) {
        const donation = batch.find((d) => d.trackingNumber === item.donationId);
        if (donation && typeof item.completedAt === 'string') donation.completedAt = Date.parse(item.completedAt);
      }
      keys = (answer.UnprocessedKeys?.[tableName('donations')]?.Keys ?? []) as typeof keys;
    }
  }
}

/** From each payment's execution: when it was started and began running, when it announced DonationCompleted, its transitions and retries. */
async function readWorkflows(endpoint: string, accepted: readonly Donation[]): Promise<void> {
  const call = async <T>(target: string, body: unknown) =>
    (await (await fetch(endpoint, { method: 'POST', headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': `AWSStepFunctions.${target}` }, body: JSON.stringify(body) })).json()) as T;
  for (const donation of accepted) {
    const executionArn = `arn:aws:states:ap-southeast-2:000000000000:execution:giving-donations-payment:${donation.trackingNumber}`;
    const described = await call<{ status?: string; startDate?: number }>('DescribeExecution', { executionArn });
    if (!described.status) continue;
    donation.workflowStatus = described.status;
    donation.workflowStartedAt = (described.startDate ?? 0) * 1000;
    const history = await call<{ events: { type: string; timestamp: number; stateExitedEventDetails?: { name?: string } }[] }>('GetExecutionHistory', { executionArn, maxResults: 1000, includeExecutionData: false });
    const events = history.events ?? [];
    donation.runningAt = events.find((e) => e.type === 'ExecutionStarted')?.timestamp;
    if (donation.runningAt !== undefined) donation.runningAt *= 1000;
    const emitted = events.find((e) => e.type === 'TaskStateExited' && e.stateExitedEventDetails?.name === 'EmitDonationCompleted');
    if (emitted) donation.announcedAt = emitted.timestamp * 1000;
    donation.transitions = events.filter((e) => e.type.endsWith('StateEntered')).length;
    donation.taskRetries = events.filter((e) => e.type === 'TaskFailed').length;
  }
}

interface ItemSize {
  label: string;
  key: string;
  bytes: number;
  writes: string;
  units: number;
}

/** The hot items as they stand after the night, and one payment and its donation, in bytes and write units. */
async function hotItemSizes(
  dynamo: DynamoDBDocumentClient,
  hot: Record<'event' | 'popularPage' | 'charityLedger' | 'siteStats', { table: string; key: Record<string, string> }>,
  trackingNumber: string | undefined,
  popularPageId: string,
): Promise<ItemSize[]> {
  const get = async (table: string, key: Record<string, string>) => (await dynamo.send(new GetCommand({ TableName: table, Key: key }))).Item ?? {};
  const row = async (label: string, table: string, key: Record<string, string>, writes: string, transactionalWrites: number, plainWrites: number): Promise<ItemSize> => {
    const bytes = itemSizeBytes(await get(table, key));
    return { label, key: `${table} ${key.pk} / ${key.sk}`, bytes, writes, units: transactionalWrites * writeUnits(bytes, { transactional: true }) + plainWrites * writeUnits(bytes) };
  };
  const rows = [
    await row("the event's totals", hot.event.table, hot.event.key, '1 transactional ADD + 1 raised-key fix', 1, 1),
    await row("the page's totals", hot.popularPage.table, hot.popularPage.key, '1 transactional ADD + 1 raised-key fix', 1, 1),
    await row("the charity's ledger", hot.charityLedger.table, hot.charityLedger.key, '1 transactional ADD', 1, 0),
    await row("the country's site stats", hot.siteStats.table, hot.siteStats.key, '1 transactional ADD', 1, 0),
  ];
  // The page owner's digest gathers every donation until the digest job takes it (domain/owner-mail.ts).
  const digestKey = { pk: `DIGEST#${popularPageId}`, sk: 'DIGEST' };
  const digest = await get(hot.popularPage.table, digestKey);
  const digestBytes = itemSizeBytes(digest);
  rows.push({
    label: `the page owner's digest (${Object.keys((digest.entries as Record<string, unknown> | undefined) ?? {}).length} entries, and growing)`,
    key: `${hot.popularPage.table} ${digestKey.pk} / ${digestKey.sk}`,
    bytes: digestBytes,
    writes: '2 UpdateItems (the digest, then the entry)',
    units: 2 * writeUnits(digestBytes),
  });
  if (trackingNumber) {
    const donations = tableName('donations');
    const payment = await get(donations, paymentKey(trackingNumber));
    const bytes = itemSizeBytes(payment);
    rows.push({ label: 'a payment (each also written to gsi1 OPEN#<day> and gsi4 PAYMENTS#<month>)', key: `${donations} PAYMENT#<key tail> / PAYMENT`, bytes, writes: 'put, Processing, Completed (2nd in a transaction)', units: 2 * writeUnits(bytes) + writeUnits(bytes, { transactional: true }) });
    const donation = await get(donations, { pk: `DONATION#${trackingNumber}`, sk: 'DONATION' });
    const donationBytes = itemSizeBytes(donation);
    rows.push({ label: 'a donation (each also written to gsi1 and gsi2 under its charity)', key: `${donations} DONATION#<id> / DONATION`, bytes: donationBytes, writes: 'transactional put + the ledger month set (transactional)', units: 2 * writeUnits(donationBytes, { transactional: true }) });
  }
  return rows;
}

function report(run: {
  peak: number;
  scale: number;
  watchers: number;
  started: number;
  endedAt: number;
  donations: Donation[];
  samples: Sample[];
  received: { channel: LiveChannel; messages: [number, number][] }[];
  baseline: Map<LiveChannel, number>;
  eventId: string;
  logLines: { at: number; line: string }[];
  busNew: string[];
  hotBefore: HotCounts;
  hotAfter: HotCounts;
  sizes: ItemSize[];
  queues: string[];
}): AppealNightFigures {
  const sliceMs = SLICE_SECONDS * 1000;
  const sliceOf = (at: number) => Math.max(0, Math.floor((at - run.started) / sliceMs));
  const slices = sliceOf(run.endedAt) + 1;
  const accepted = run.donations.filter((d) => d.trackingNumber);
  const completed = accepted.filter((d) => d.completedAt !== undefined);

  // The watchers: the n-th donation a channel counted (in the order they completed) reached a socket with the
  // first message whose count was n or more.
  const channelOf = (d: Donation, kind: 'page' | 'event') => (kind === 'page' ? liveChannel.page(d.pageId) : liveChannel.event(run.eventId));
  const byChannel = new Map<LiveChannel, Donation[]>();
  for (const d of [...completed].sort((a, b) => (a.completedAt as number) - (b.completedAt as number))) {
    for (const kind of ['page', 'event'] as const) {
      const list = byChannel.get(channelOf(d, kind)) ?? [];
      list.push(d);
      byChannel.set(channelOf(d, kind), list);
    }
  }
  const screenLag = Array.from({ length: slices }, () => [] as number[]);
  const screenEndToEnd = Array.from({ length: slices }, () => [] as number[]);
  let seen = 0;
  let missed = 0;
  for (const socket of run.received) {
    const list = byChannel.get(socket.channel) ?? [];
    const base = run.baseline.get(socket.channel) ?? 0;
    let covered = 0;
    for (const [at, count] of socket.messages) {
      for (; covered < Math.min(list.length, count - base); covered++) {
        const d = list[covered] as Donation;
        const slice = sliceOf(d.sentAt);
        if (d.announcedAt !== undefined) screenLag[slice]?.push(Math.max(0, at - d.announcedAt));
        screenEndToEnd[slice]?.push(at - (d.answeredAt as number));
        seen++;
      }
    }
    missed += list.length - covered;
  }

  const rows: string[] = [];
  for (let slice = 0; slice < slices; slice++) {
    const from = run.started + slice * sliceMs;
    const inSlice = run.donations.filter((d) => sliceOf(d.dueAt) === slice);
    const ok = inSlice.filter((d) => d.trackingNumber);
    const samples = run.samples.filter((s) => sliceOf(s.at) === slice);
    const queued = samples.length ? Math.max(...samples.map((s) => Object.values(s.queues).reduce((sum, depth) => sum + depth, 0))) : 0;
    const open = samples.length ? Math.max(...samples.map((s) => s.openWorkflows)) : 0;
    const logged = run.logLines.filter((l) => sliceOf(l.at) === slice).length;
    const first = samples[0];
    const last = samples.at(-1);
    const eventRate = first && last && last.at > first.at ? ((last.hot.eventDonations - first.hot.eventDonations) * 1000) / (last.at - first.at) : 0;
    const phase = phaseAt(APPEAL_NIGHT, (from - run.started) / 1000) ?? 'drain';
    rows.push(
      `| ${slice * SLICE_SECONDS}–${(slice + 1) * SLICE_SECONDS} | ${phase} | ${(inSlice.length / SLICE_SECONDS).toFixed(1)} | ${(ok.length / SLICE_SECONDS).toFixed(1)} | ${pair(
        ok.map((d) => (d.answeredAt as number) - d.sentAt),
        millis,
      )} | ${pair(
        ok.filter((d) => d.runningAt !== undefined).map((d) => (d.runningAt as number) - (d.answeredAt as number)),
        seconds,
      )} | ${pair(
        ok.filter((d) => d.announcedAt !== undefined).map((d) => (d.announcedAt as number) - (d.answeredAt as number)),
        seconds,
      )} | ${pair(screenLag[slice] ?? [], seconds)} | ${open} | ${queued} | ${eventRate.toFixed(1)} | ${logged} |`,
    );
  }

  const peakDepth = run.queues
    .map((label) => ({ label, depth: Math.max(0, ...run.samples.map((s) => s.queues[label] ?? 0)) }))
    .sort((a, b) => b.depth - a.depth);
  const busCounts = new Map<string, number>();
  for (const type of run.busNew) busCounts.set(type, (busCounts.get(type) ?? 0) + 1);
  const perDonation = (count: number) => (completed.length ? (count / completed.length).toFixed(2) : '-');
  const transitions = completed.map((d) => d.transitions ?? 0);
  const retries = completed.reduce((sum, d) => sum + (d.taskRetries ?? 0), 0);
  const failed = accepted.filter((d) => d.workflowStatus && d.workflowStatus !== 'SUCCEEDED').length;
  const refused = run.donations.filter((d) => !d.trackingNumber);
  const amounts = completed.reduce((sum, d) => sum + d.amountCents, 0);
  const logKinds = new Map<string, number>();
  for (const { line } of run.logLines) {
    let kind = line.slice(0, 80);
    try {
      const parsed = JSON.parse(line) as { level?: string; message?: string; error?: { name?: string }; subscription?: string };
      kind = `${parsed.level}: ${parsed.message}${parsed.subscription ? ` (${parsed.subscription})` : ''}${parsed.error?.name ? ` — ${parsed.error.name}` : ''}`;
    } catch {
      // not JSON: the line itself
    }
    logKinds.set(kind, (logKinds.get(kind) ?? 0) + 1);
  }
  const peakSamples = run.samples.filter((s) => phaseAt(APPEAL_NIGHT, (s.at - run.started) / 1000) === 'peak');
  const peakRate = (key: keyof HotCounts) => {
    const first = peakSamples[0];
    const last = peakSamples.at(-1);
    return first && last && last.at > first.at ? ((last.hot[key] - first.hot[key]) * 1000) / (last.at - first.at) : 0;
  };
  const check = (label: string, moved: number, expected: number) => `| ${label} | ${moved} | ${expected} | ${moved === expected ? 'yes' : '**no**'} |`;
  const day = new Date(run.started).toISOString().slice(0, 10);
  const errors = refused.length + failed;

  const section = `${APPEAL_SECTION_HEADING} (scaled: peak ${run.peak} donations/s, ${run.watchers} watchers)

Measured ${day} on ${machine()} by \`npm run bench -- appeal-night\` (\`npx tsx bench/appeal-night.ts --write\`).
**The load, the platform and DynamoDB Local share this machine's two cores: absolute times are noisy; the shape
(which slice grows, and where) is the finding.** The run is 1/${run.scale.toFixed(0)} of an appeal night
(${FULL_PEAK_PER_SECOND} donations/s at the peak, ${FULL_WATCHERS.toLocaleString('en')} people on one event's pages):
${run.donations.length} guest card donations over ${curveSeconds(APPEAL_NIGHT)} s (\`bench/appeal-curve.ts\`: a ${APPEAL_NIGHT.rampSeconds} s
ramp from ${APPEAL_NIGHT.baseShare * 100}% to ${APPEAL_NIGHT.rampShare * 100}% of the peak, the ask climbing to the peak in ${APPEAL_NIGHT.askSeconds} s, ${APPEAL_NIGHT.peakSeconds} s at the
peak, a tail halving every ${APPEAL_NIGHT.tailHalfLifeSeconds} s), sent on time whatever the answers did (open loop), to the seeded
Kiwi Coast Walk: one charity, three pages, ${POPULAR_SHARE * 100}% of the gifts to the page the appeal shows. ${run.watchers} WebSockets
watch the event (${WATCHER_SHARES.popular * 100}% that page, ${WATCHER_SHARES.event * 100}% the event, the rest the other pages). Times are
on one clock; "202" is the payment call's answer. The Step Functions stand-in runs at most 10 executions at once
(AWS has no such queue: there, StartExecution's and the state transitions' token buckets are the limits).

| s | phase | offered/s | 202/s | payment call p50 / p95 ms | 202 → workflow running p50 / p95 s | 202 → DonationCompleted p50 / p95 s | DonationCompleted → watchers' total p50 / p95 s | workflows open (max) | queued messages (max) | event total counted/s | platform warnings |
|---|---|---|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}

Per donation (${completed.length} completed of ${accepted.length} accepted, ${refused.length} refused${refused[0]?.error ? `, first: ${refused[0].error}` : ''}; ${failed} workflows did not succeed):

| measured | per donation | at ${FULL_PEAK_PER_SECOND}/s |
|---|---|---|
| state transitions (states entered, from the histories) | ${transitions.length ? (transitions.reduce((a, b) => a + b, 0) / transitions.length).toFixed(1) : '-'} | ${transitions.length ? Math.round((transitions.reduce((a, b) => a + b, 0) / transitions.length) * FULL_PEAK_PER_SECOND).toLocaleString('en') : '-'}/s |
| task retries (TaskFailed in the histories) | ${perDonation(retries)} | |
| events put on the bus (all types) | ${perDonation(run.busNew.length)} | ${completed.length ? Math.round((run.busNew.length / completed.length) * FULL_PEAK_PER_SECOND).toLocaleString('en') : '-'}/s |
${[...busCounts].sort((a, b) => b[1] - a[1]).map(([type, count]) => `| — ${type} | ${perDonation(count)} | |`).join('\n')}

Peak queue depths (messages waiting or in flight, sampled each second): ${peakDepth.map((q) => `${q.label} ${q.depth}`).join(', ')}.
Each watcher received ${messagesPerSecond(run.received, run.started, run.endedAt)} (one \`PostToConnection\` each: at full scale that rate times
${FULL_WATCHERS.toLocaleString('en')} people). The watchers saw ${seen.toLocaleString('en')} donation arrivals (${missed} never reached a socket that should have had them);
202 → watchers' total over the whole run, p50 / p95: ${pair(screenEndToEnd.flat(), seconds)} s.

Hot items: what the night moved, what it should have moved, and the writes a second at the peak.

| item | moved | expected | equal |
|---|---|---|---|
${check("event's donations count (fundraising EVENT#<id>)", run.hotAfter.eventDonations - run.hotBefore.eventDonations, completed.length)}
${check("the charity's ledger donation count (donations CHARITY#<id>/LEDGER)", run.hotAfter.charityLedgerDonations - run.hotBefore.charityLedgerDonations, completed.length)}
${check("the country's stats, cents (accounts SITE#nz/STATS)", run.hotAfter.siteStatsCents - run.hotBefore.siteStatsCents, amounts)}

At the peak each of these items took one counted write per donation: the event ${peakRate('eventDonations').toFixed(1)}/s, the popular
page ${peakRate('popularPageDonations').toFixed(1)}/s, the ledger ${peakRate('charityLedgerDonations').toFixed(1)}/s (x ${run.scale.toFixed(0)} at full scale).

| item | key | size | writes per donation | write units per donation | at ${FULL_PEAK_PER_SECOND}/s |
|---|---|---|---|---|---|
${run.sizes.map((s) => `| ${s.label} | \`${s.key}\` | ${s.bytes} B | ${s.writes} | ${s.units} | ${(s.units * FULL_PEAK_PER_SECOND).toLocaleString('en')} WCU/s |`).join('\n')}

What the platform logged (warnings and errors): ${logKinds.size ? [...logKinds].map(([kind, count]) => `${count} × ${kind}`).join('; ') : 'nothing'}.
DynamoDB Local serialises writes (200 concurrent transactions on one item: no TransactionConflict) and has no
partition limits, so contention and throttling on the hot items cannot show here: docs/CAPACITY.md works them out.
The EventBridge stand-in delivers to the rules' queues before PutEvents answers, so its delivery lag is the queues'
depth above.
`;
  return { section, errors };
}

/** How often a watcher's total moved: messages per socket per second while the donations were arriving, by channel kind. */
function messagesPerSecond(received: readonly { channel: LiveChannel; messages: [number, number][] }[], started: number, endedAt: number): string {
  const curveEnd = started + curveSeconds(APPEAL_NIGHT) * 1000;
  const rate = (kind: 'page' | 'event') => {
    const sockets = received.filter((socket) => socket.channel.startsWith(`${kind}:`));
    const messages = sockets.reduce((sum, socket) => sum + socket.messages.filter(([at]) => at <= curveEnd).length, 0);
    return sockets.length ? messages / sockets.length / curveSeconds(APPEAL_NIGHT) : 0;
  };
  const total = received.reduce((sum, socket) => sum + socket.messages.length, 0);
  return `${rate('page').toFixed(2)} messages a second on a page's channel and ${rate('event').toFixed(2)} on the event's while the donations arrived (${(total / Math.max(1, received.length)).toFixed(0)} each in ${Math.round((endedAt - started) / 1000)} s)`;
}

/** Replaces (or adds) the section in docs/BENCHMARKS.md. */
export function writeAppealSection(section: string): void {
  const file = path.resolve(import.meta.dirname, '..', 'docs', 'BENCHMARKS.md');
  writeFileSync(file, replaceSection(readFileSync(file, 'utf8'), section));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const log = (line: string) => console.log(`[bench:appeal] ${line}`);
  const figures = await runAppealNight({ log });
  console.log(figures.section);
  if (process.argv.includes('--write')) writeAppealSection(figures.section);
  process.exit(0);
}
