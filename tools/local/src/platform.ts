import { rmSync } from 'node:fs';
import path from 'node:path';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { SiteGuardConfig } from '@giving/shared/site-guard';
import { manifests } from '../../../services';
import { startCardGateway } from './card-gateway';
import { downloadCors } from '@giving/shared/download-cors';
import { ENV } from '@giving/shared/manifest';
import { startCognito } from './cognito';
import { edgeRateLimiter, rateLimitScaleFromEnvironment } from './edge/rate-limiter';
import {
  applyHandlerEnvironment,
  CARD_GATEWAY_API_KEY,
  CARD_GATEWAY_HOST,
  CARD_GATEWAY_PUBLISHABLE_KEY,
  CARD_GATEWAY_TRUST_API_KEY,
  CARD_GATEWAY_TRUST_CLIENT_KEY,
  LOCAL_SECRETS,
  MEDIA_BUCKET,
  PAYROLL_FILES_BUCKET,
  PERSONAL_DATA_BUCKET,
  PORTS,
  REGION,
  REPO_ROOT,
  sharedDynamoDbEndpoint,
  stateDir,
  tablePrefix,
  url,
} from './config';
import { createTables, deleteTables, dynamoClient, startDynamoDb } from './dynamodb';
import { startEventBus } from './eventbridge/server';
import { startMailOutbox } from './mail';
import { startObjectStore } from './s3';
import { startScheduler } from './scheduler/scheduler';
import { seedDemoData } from './seed';
import { centsToDollarString } from '@giving/shared/money';
import { DEMO_PASSWORD, DEMO_USERS } from './seed/data';
import { demoVoucherCodes } from './seed/vouchers';
import { startSecretsManager } from './secrets/server';
import { startSite } from './site/server';
import { siteGuardFromEnvironment, siteServerOptions, type SiteProcessOptions } from './site/options';
import { createQueues } from './sqs/queues';
import { startQueuePollers } from './sqs/pollers';
import { startSqs } from './sqs/server';
import { startStepFunctions } from './stepfunctions/server';
import { startStreamPollers, type RunningStreamPollers } from './dynamodb-streams/pollers';
import { startLiveSockets, webSocketServiceOf, type RunningLiveSockets } from './websocket/server';
import { startOpenSearch } from './opensearch';
import { invokeHandler } from './runtime/handlers';
import { functionsOf } from '@giving/shared/manifest';

/**
 * The whole local platform, wired from the same manifests CDK reads: every AWS service a real local stand-in,
 * the handlers running in this process with the real AWS SDK clients pointed at them.
 */
export interface PlatformOptions {
  seed?: boolean;
  /** Seconds before a failed queue message is received again (SQS visibility timeout). */
  queueVisibilitySeconds?: number;
  /** How long the sandbox gateway's lost-reply card holds its answer. */
  lostReplyDelayMs?: number;
  maxConcurrentExecutions?: number;
  /** The optional site-wide guard; by default from LOCAL_SITE_GUARD_DOMAINS (off when unset). */
  siteGuard?: SiteGuardConfig;
  /**
   * Multiplies the web ACLs' rate limits (shared/edge.ts RATE_RULES); default LOCAL_EDGE_RATE_LIMIT_SCALE, else 1
   * (a deployment's). Tests and the benchmark that send thousands of requests from one address raise them.
   */
  edgeRateLimitScale?: number;
  log?: (line: string) => void;
}

export interface RunningPlatform {
  siteUrl: string;
  urls: Record<'site' | 'cardGateway' | 'mail' | 'dynamodb' | 'sqs' | 'eventBridge' | 'stepFunctions' | 's3' | 'cognito' | 'scheduler' | 'secretsManager' | 'search', string> & {
    /** The WebSocket API's own address (browsers come through the site's /live); absent when no manifest declares websocket. */
    live?: string;
  };
  cognito: { userPoolId: string; userPoolClientId: string };
  stop(): Promise<void>;
}

export async function startPlatform(options: PlatformOptions = {}): Promise<RunningPlatform> {
  const log = options.log ?? (() => undefined);
  applyHandlerEnvironment();
  const stops: (() => Promise<void>)[] = [];
  const STATE_DIR = stateDir();
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch((error: Error) => console.error(`stopping: ${error.message}`));
    stops.length = 0;
  };
  try {
    for (const dir of ['s3', 'outbox']) rmSync(path.join(STATE_DIR, dir), { recursive: true, force: true });

    const prefix = tablePrefix();
    const shared = sharedDynamoDbEndpoint();
    let dynamodb: { endpoint: string };
    if (shared) {
      // Someone else's DynamoDB Local (the test run's one JVM): this platform's tables go when it stops.
      dynamodb = { endpoint: shared };
      stops.push(() => deleteTables(shared, manifests, prefix));
    } else {
      log('starting DynamoDB Local');
      const own = await startDynamoDb(PORTS.dynamodb);
      stops.push(own.stop);
      dynamodb = own;
    }
    await createTables(dynamodb.endpoint, manifests, prefix);

    log('starting SQS, the event bus, S3, the mail outbox and the card gateway');
    const sqs = await startSqs({ port: PORTS.sqs });
    stops.push(sqs.stop);
    await createQueues({ sqsEndpoint: sqs.url, manifests, visibilityTimeoutSeconds: options.queueVisibilitySeconds });
    const bus = await startEventBus({ port: PORTS.eventBridge, manifests, sqsEndpoint: sqs.url });
    stops.push(bus.stop);
    // Large downloads are redirected to these two buckets: the site's origin may read them, as in AWS (shared/download-cors.ts).
    const downloads = downloadCors([url(PORTS.site), url(PORTS.site).replace('localhost', '127.0.0.1')]);
    const s3 = await startObjectStore({
      port: PORTS.s3,
      rootDir: path.join(STATE_DIR, 's3'),
      buckets: [MEDIA_BUCKET, PAYROLL_FILES_BUCKET, PERSONAL_DATA_BUCKET],
      cors: { [PAYROLL_FILES_BUCKET]: downloads, [PERSONAL_DATA_BUCKET]: downloads },
    });
    stops.push(s3.stop);
    const mail = await startMailOutbox({ port: PORTS.mail, rootDir: path.join(STATE_DIR, 'outbox') });
    stops.push(mail.stop);
    const secretsManager = await startSecretsManager({ port: PORTS.secretsManager, secrets: LOCAL_SECRETS });
    stops.push(secretsManager.stop);
    const gateway = await startCardGateway({
      port: PORTS.cardGateway,
      hostname: CARD_GATEWAY_HOST,
      siteOrigin: url(PORTS.site),
      apiKey: CARD_GATEWAY_API_KEY,
      publishableKey: CARD_GATEWAY_PUBLISHABLE_KEY,
      // New Zealand's donations are collected into the charitable Trust's account; its card fields encrypt in the frame.
      encryptingAccounts: [{ name: 'trust', clientKey: CARD_GATEWAY_TRUST_CLIENT_KEY, apiKey: CARD_GATEWAY_TRUST_API_KEY }],
      lostReplyDelayMs: options.lostReplyDelayMs,
    });
    stops.push(gateway.stop);

    log('starting cognito-local');
    const edgeRateLimitScale = options.edgeRateLimitScale ?? rateLimitScaleFromEnvironment(process.env);
    // Browsers sign in through the user pool's web ACL (its sign-in rate rule), as in AWS.
    const cognito = await startCognito({ port: PORTS.cognito, stateDir: STATE_DIR, rateLimits: edgeRateLimiter({ scale: edgeRateLimitScale }) });
    stops.push(cognito.stop);
    // Known only now: the pool cognito-local just made (the accounts service manages its Administrator group).
    process.env[ENV.userPoolId] = cognito.userPoolId;

    log('starting the search engine and running the deploy tasks');
    const search = await startOpenSearch({ port: PORTS.search });
    stops.push(search.stop);
    // As a deployment's triggers do in AWS, before anything is consumed: search's index templates and first indexes.
    for (const manifest of manifests) {
      for (const fn of functionsOf(manifest)) if (fn.trigger === 'deploy') await invokeHandler(manifest.service, fn.spec.handler, {}, fn.spec.timeoutSeconds);
    }

    log('starting Step Functions, the queue and stream pollers and the scheduler');
    const started: { streamPollers?: RunningStreamPollers } = {};
    // The benchmark's hold (POST /_local/hold) keeps what follows an accepted payment off the CPU: its workflow and
    // the table stream that starts it.
    const stepFunctions = await startStepFunctions({
      port: PORTS.stepFunctions,
      manifests,
      maxConcurrentExecutions: options.maxConcurrentExecutions,
      onHold: (held) => started.streamPollers?.hold(held),
    });
    stops.push(stepFunctions.stop);
    const pollers = await startQueuePollers({ sqsEndpoint: sqs.url, manifests });
    stops.push(pollers.stop);
    const streamPollers = await startStreamPollers({ dynamodbEndpoint: dynamodb.endpoint, sqsEndpoint: sqs.url, manifests, tablePrefix: prefix });
    started.streamPollers = streamPollers;
    stops.push(streamPollers.stop);
    const scheduler = await startScheduler({ manifests, port: PORTS.scheduler });
    stops.push(scheduler.stop);
    let live: RunningLiveSockets | undefined;
    if (webSocketServiceOf(manifests)) {
      live = await startLiveSockets({ manifests, port: PORTS.live });
      stops.push(live.stop);
      process.env[ENV.liveConnectionsEndpoint] = live.managementEndpoint;
    }

    if (options.seed !== false) {
      log('seeding demo data');
      const documentClient = DynamoDBDocumentClient.from(dynamoClient(dynamodb.endpoint), { marshallOptions: { removeUndefinedValues: true } });
      await seedDemoData({ documentClient, tablePrefix: prefix, s3: { endpoint: s3.url, bucket: MEDIA_BUCKET, publicBaseUrl: '/media' }, cognito });
      documentClient.destroy();
    }

    const siteOptions: SiteProcessOptions = {
      port: PORTS.site,
      // LOCAL_WEB_DIST serves another build (a second build beside web/dist, e.g. for parallel browser runs).
      webDist: process.env.LOCAL_WEB_DIST ? path.resolve(process.env.LOCAL_WEB_DIST) : path.join(REPO_ROOT, 'web', 'dist'),
      runtimeConfig: {
        cardGatewayUrl: gateway.url,
        cardGatewayPublishableKey: CARD_GATEWAY_PUBLISHABLE_KEY,
        cognito: { region: REGION, userPoolId: cognito.userPoolId, userPoolClientId: cognito.userPoolClientId, endpoint: cognito.url },
        // Optional: where Login goes when the organisation signs in elsewhere (as CDK context singleSignInUrl does in AWS).
        ...(process.env.LOCAL_SINGLE_SIGN_IN_URL ? { singleSignInUrl: process.env.LOCAL_SINGLE_SIGN_IN_URL } : {}),
      },
      authorizer: { issuer: cognito.issuer, audience: [cognito.userPoolClientId] },
      mediaRootDir: s3.rootDir,
      origins: { cardGatewayOrigin: gateway.url, cognitoOrigin: cognito.url, downloadOrigins: [url(PORTS.s3)] },
      edgeRateLimitScale,
      siteGuard: options.siteGuard ?? siteGuardFromEnvironment(process.env),
      ...(process.env.LOCAL_EVIDENCE_DIR ? { evidenceDir: path.resolve(REPO_ROOT, process.env.LOCAL_EVIDENCE_DIR) } : {}),
    };
    const site = await startSite({ ...siteServerOptions(siteOptions), ...(live ? { live: live.handleUpgrade } : {}) });
    stops.push(site.stop);

    return {
      siteUrl: site.url,
      urls: {
        site: site.url,
        cardGateway: gateway.url,
        mail: mail.url,
        dynamodb: dynamodb.endpoint,
        sqs: sqs.url,
        eventBridge: bus.url,
        stepFunctions: stepFunctions.url,
        s3: s3.url,
        cognito: cognito.url,
        scheduler: scheduler.url ?? '',
        secretsManager: secretsManager.url,
        search: search.url,
        ...(live ? { live: live.url } : {}),
      },
      cognito: { userPoolId: cognito.userPoolId, userPoolClientId: cognito.userPoolClientId },
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

export function describeSignIns(): string[] {
  const width = Math.max(...DEMO_USERS.map((u) => u.email.length));
  const vouchers = demoVoucherCodes().map(({ code, valueCents }) => `${code} ($${centsToDollarString(valueCents)})`);
  return [
    `Demo sign-ins (password ${DEMO_PASSWORD}):`,
    ...DEMO_USERS.map((u) => `  ${u.email.padEnd(width)}  ${u.label}`),
    `Demo gift vouchers (Dana's): ${vouchers.join(', ')}`,
  ];
}
