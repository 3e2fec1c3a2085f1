import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { CreateTableCommand, DynamoDBClient, PutItemCommand, QueryCommand } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { tableName } from '@giving/shared/manifest';
import { TEST_CARDS } from '@giving/shared/contracts/card-gateway';
import type { CreatePaymentRequest, Gift } from '@giving/shared/contracts/donations';
import { transactionFeeCents } from '@giving/shared/fees';
import { encryptedCardToken } from '../tools/local/src/card-gateway/client-encryption';
import { CARD_GATEWAY_TRUST_CLIENT_KEY, PAYMENT_GATEWAY_SETTINGS, REGION } from '../tools/local/src/config';
import { closedLoop, jsonPoster, type LoadResult } from './load';

/**
 * Accepted donation submissions per second over loopback (POST /api/donations/payments -> 202), side by side with
 * raw DynamoDB Local PutItem/s and with the floor (bench/floor-server.ts: the least a server could do to store the
 * same payment item) at the same concurrency, alternating rounds so all see the same machine state. The
 * workflows and stream readers are held through the rounds (see below), so the platform leaves with the rounds'
 * payments unprocessed: the caller stops it.
 */
export interface SubmissionFigures {
  concurrency: number;
  roundSeconds: number;
  raw: LoadResult[];
  /** The floor server's accepted writes: what any submission path could reach on this machine. */
  floor: LoadResult[];
  submissions: LoadResult[];
  /** The end-to-end round's payments, and how long the workflows took to finish them once released. */
  drains: { payments: number; seconds: number; perSecond: number }[];
  /** CPU milliseconds per counted request in each round, by process. */
  cpu: { raw: CpuPerRequest[]; floor: CpuPerRequest[]; submissions: CpuPerRequest[] };
}

/** CPU time (ms) each process spent per request over a round. */
export interface CpuPerRequest {
  generator: number;
  platform: number;
  dynamodb: number;
}

/**
 * Cumulative CPU milliseconds so far of the load generator (this process), the server (the platform's Node process,
 * or the process given) and DynamoDB Local.
 */
export type CpuSampler = (serverPid?: number) => CpuPerRequest;

async function measured(cpu: CpuSampler, round: () => Promise<LoadResult>, serverPid?: number): Promise<[LoadResult, CpuPerRequest]> {
  const before = cpu(serverPid);
  const result = await round();
  const after = cpu(serverPid);
  const per = (key: keyof CpuPerRequest) => Math.round(((after[key] - before[key]) / Math.max(1, result.ok)) * 100) / 100;
  return [result, { generator: per('generator'), platform: per('platform'), dynamodb: per('dynamodb') }];
}

const payloadFor = (gift: Gift, card: CreatePaymentRequest['card'], n: number): CreatePaymentRequest => ({
  pageType: 'GIFT',
  country: 'nz',
  giftId: gift.id,
  donationAmount: 2500,
  quantity: 1 + (n % 3),
  supportingAmount: 0,
  // The fee the checkout shows for the card's part (2500 x quantity) at the local platform's nz rates.
  transactionFeeCents: transactionFeeCents(2500 * (1 + (n % 3)), PAYMENT_GATEWAY_SETTINGS.transactionProcessingFees.nz),
  paymentType: 'CARD',
  isRecurring: false,
  isAnonymous: n % 5 === 0,
  receiptName: `Bench Donor ${n}`,
  donor: { firstName: 'Bench', lastName: `Donor${n}`, email: `bench.${n}@example.com` },
  card,
});

/** The end-to-end round: long enough for a backlog the workflows take a while to clear, short enough to clear it soon. */
export const END_TO_END_SECONDS = 3;

export interface PlatformUrls {
  site: string;
  cardGateway: string;
  dynamodb: string;
  stepFunctions: string;
}

export async function measureSubmissions(urls: PlatformUrls, options: { concurrency: number; roundSeconds: number; rounds: number; log: (line: string) => void; quiet: () => Promise<void>; cpu: CpuSampler }): Promise<SubmissionFigures> {
  const { concurrency, roundSeconds } = options;
  const gift = (await (await fetch(`${urls.site}/api/donations/gifts/kiwi-coast-rescue/feed-a-kiwi-chick`)).json()) as Gift;
  // New Zealand's payments are charged on the Trust's merchant account: its token comes from the encrypted card fields.
  const token = await encryptedCardToken(urls.cardGateway, CARD_GATEWAY_TRUST_CLIENT_KEY, { number: TEST_CARDS.approve, name: 'Bench Donor', expMonth: '12', expYear: '30', cvc: '123' });
  const card = { token: token.id, cardType: 'visa' as const, last4: token.card.last4 };

  const dynamo = new DynamoDBClient({ endpoint: urls.dynamodb, region: REGION, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  await dynamo.send(
    new CreateTableCommand({
      TableName: 'bench-raw',
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [
        { AttributeName: 'pk', AttributeType: 'S' },
        { AttributeName: 'sk', AttributeType: 'S' },
      ],
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
    }),
  );
  const poster = jsonPoster(urls.site, concurrency);
  let keyCounter = 0;
  const runId = Date.now().toString(36);

  const rawRound = () =>
    closedLoop({
      concurrency,
      seconds: roundSeconds,
      send: async (_client, n) => {
        // An item the size and shape of a stored payment, written with the same condition.
        const item = JSON.parse(JSON.stringify(payloadFor(gift, card, n))) as Record<string, unknown>;
        await dynamo.send(
          new PutItemCommand({
            TableName: 'bench-raw',
            Item: {
              pk: { S: `PAYMENT#${runId}-${keyCounter++}` },
              sk: { S: 'PAYMENT' },
              status: { S: 'Initiated' },
              body: { S: JSON.stringify(item) },
              createdAt: { S: new Date().toISOString() },
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        );
        return true;
      },
    });

  let firstFailure: string | undefined;
  let lastTrackingNumber: string | undefined;
  // The payment workflows and the stream readers wait while anything is measured (the Step Functions stand-in holds
  // them): on this small machine their work would take CPU and DynamoDB Local time from the request path, which in
  // AWS it does not share. They stay held through every round, so no round, raw or submission, is measured against
  // the payments an earlier round left to process (draining 10,000 payments between rounds left the platform busy
  // for minutes after, and a raw round measured then read a fraction of its quiet rate). The caller stops this
  // platform after the rounds, their payments unprocessed. The end-to-end figure comes from a short round of its own
  // first, released and timed to its last payment's end.
  const holdWorkflows = (hold: boolean) => fetch(`${urls.stepFunctions}/_local/${hold ? 'hold' : 'release'}`, { method: 'POST' });
  const submissionRound = (seconds = roundSeconds) =>
    closedLoop({
      concurrency,
      seconds,
      send: async (_client, n) => {
        const response = await poster.post('/api/donations/payments', JSON.stringify(payloadFor(gift, card, n)), {
          'idempotency-key': `bench-${runId}-${keyCounter++}`,
        });
        if (response.status !== 202 && !firstFailure) firstFailure = `${response.status} ${response.body.slice(0, 200)}`;
        if (response.status === 202) lastTrackingNumber = (JSON.parse(response.body) as { trackingNumber: string }).trackingNumber;
        return response.status === 202;
      },
    });

  const figures: SubmissionFigures = { concurrency, roundSeconds, raw: [], floor: [], submissions: [], drains: [], cpu: { raw: [], floor: [], submissions: [] } };
  await holdWorkflows(true);
  options.log(`end to end: ${END_TO_END_SECONDS} s of submissions, then their workflows`);
  const endToEnd = await submissionRound(END_TO_END_SECONDS);
  await holdWorkflows(false);
  figures.drains.push(await drain(urls, endToEnd.ok, lastTrackingNumber, options.log));
  await options.quiet();
  await holdWorkflows(true);
  const floor = await startFloorServer(urls.dynamodb, await storedPaymentItem(dynamo, poster, payloadFor(gift, card, 0), runId));
  const floorPoster = jsonPoster(floor.url, concurrency);
  const floorRound = () =>
    closedLoop({
      concurrency,
      seconds: roundSeconds,
      send: async (_client, n) => (await floorPoster.post('/', JSON.stringify(payloadFor(gift, card, n)), { 'idempotency-key': `bench-${runId}-${keyCounter++}` })).status === 202,
    });
  options.log(`warming up (${roundSeconds} s each)`);
  await rawRound();
  await floorRound();
  await submissionRound();
  for (let round = 1; round <= options.rounds; round++) {
    await options.quiet();
    const [raw, rawCpu] = await measured(options.cpu, rawRound);
    figures.cpu.raw.push(rawCpu);
    options.log(`round ${round}: raw PutItem ${raw.perSecond}/s (errors ${raw.errors})`);
    figures.raw.push(raw);
    await options.quiet();
    const [floorResult, floorCpu] = await measured(options.cpu, floorRound, floor.pid);
    figures.cpu.floor.push(floorCpu);
    options.log(`round ${round}: the floor server ${floorResult.perSecond}/s (errors ${floorResult.errors})`);
    figures.floor.push(floorResult);
    await options.quiet();
    const [submissions, submissionCpu] = await measured(options.cpu, () => submissionRound());
    figures.cpu.submissions.push(submissionCpu);
    options.log(`round ${round}: accepted submissions ${submissions.perSecond}/s (errors ${submissions.errors}${firstFailure ? `, first: ${firstFailure}` : ''})`);
    figures.submissions.push(submissions);
  }
  poster.close();
  floorPoster.close();
  await floor.stop();
  dynamo.destroy();
  return figures;
}

/** The item the platform stored for one real submission (found by its donor's e-mail on the payer index), unmarshalled. */
async function storedPaymentItem(dynamo: DynamoDBClient, poster: ReturnType<typeof jsonPoster>, payload: CreatePaymentRequest, runId: string) {
  const email = `bench.floor.${runId}@example.com`;
  const response = await poster.post('/api/donations/payments', JSON.stringify({ ...payload, donor: { ...payload.donor, email } }), { 'idempotency-key': `bench-${runId}-floor` });
  if (response.status !== 202) throw new Error(`the floor's template submission answered ${response.status}: ${response.body.slice(0, 200)}`);
  const found = await dynamo.send(
    new QueryCommand({ TableName: tableName('donations'), IndexName: 'gsi3', KeyConditionExpression: 'gsi3pk = :payer', ExpressionAttributeValues: { ':payer': { S: `PAYER#${email}` } } }),
  );
  const item = found.Items?.[0];
  if (!item) throw new Error('the floor\'s template payment was not found on the payer index');
  return unmarshall(item);
}

/** Starts bench/floor-server.ts in a Node process of its own, as the platform runs in one. */
async function startFloorServer(dynamodbUrl: string, item: Record<string, unknown>) {
  const child = spawn(process.execPath, ['--import', 'tsx', new URL('./floor-server.ts', import.meta.url).pathname], {
    env: { ...process.env, FLOOR_ENDPOINT: dynamodbUrl, FLOOR_TABLE: tableName('donations'), FLOOR_REGION: REGION, FLOOR_ITEM: JSON.stringify(item) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the floor server exited (${code})`)));
    createInterface({ input: child.stdout }).once('line', resolve);
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid as number,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * Waits until the round's payments have all been processed: the stream starts workflows in order, so once the last
 * accepted payment has finished and no workflow is running, every earlier one has finished too.
 */
async function drain(urls: PlatformUrls, payments: number, lastTrackingNumber: string | undefined, log: (line: string) => void) {
  const started = performance.now();
  for (;;) {
    if (!lastTrackingNumber) break;
    const status = (await (await fetch(`${urls.site}/api/donations/payments/${lastTrackingNumber}/status`)).json()) as { paymentProcessingStatus: string };
    if (status.paymentProcessingStatus === 'Completed' || status.paymentProcessingStatus === 'Failed') break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  while ((await listRunning(urls.stepFunctions)) > 0) await new Promise((resolve) => setTimeout(resolve, 500));
  const seconds = (performance.now() - started) / 1000;
  const result = { payments, seconds: Math.round(seconds * 10) / 10, perSecond: seconds > 0.5 ? Math.round(payments / seconds) : 0 };
  log(`processed the round's ${payments} payments end to end in ${result.seconds} s after it ended`);
  return result;
}

async function listRunning(endpoint: string): Promise<number> {
  let count = 0;
  let nextToken: string | undefined;
  do {
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'AWSStepFunctions.ListExecutions' },
      body: JSON.stringify({
        stateMachineArn: 'arn:aws:states:ap-southeast-2:000000000000:stateMachine:giving-donations-payment',
        statusFilter: 'RUNNING',
        maxResults: 1000,
        nextToken,
      }),
    });
    const body = (await response.json()) as { executions: unknown[]; nextToken?: string };
    count += body.executions.length;
    nextToken = body.nextToken;
  } while (nextToken);
  return count;
}
