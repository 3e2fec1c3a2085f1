import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { DEFAULT_TRANSACTION_PROCESSING_FEES, type PaymentGatewaySettings } from '@giving/shared/contracts/payment-gateway';
import { LIVE_STAGE } from '@giving/shared/live/channels';
import { ENV, EVENT_BUS_NAME, SECRETS, SERVICE_NAMES, tableName, workflowName, type SecretName, type ServiceName } from '@giving/shared/manifest';

/**
 * One place for the local platform's addresses. Every stand-in listens on loopback.
 * Ports can be moved as a block with LOCAL_PORT_BASE (tests run a second platform beside a developer's).
 */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/**
 * Where the platform keeps its files (LOCAL_STATE_DIR), read when asked: a test sets it just before starting its
 * platform, possibly after this module was first imported.
 */
export const stateDir = () => path.resolve(REPO_ROOT, process.env.LOCAL_STATE_DIR ?? '.local');

const base = () => Number(process.env.LOCAL_PORT_BASE ?? 3000);
/**
 * Each port is read from LOCAL_PORT_BASE when asked, not when this module is first imported: an acceptance test that
 * imports a tools/local module before startTestPlatform sets its block would otherwise start on the default ports
 * (a developer's `npm start`, or another test file running beside it).
 */
export const PORTS = {
  get site() { return base(); }, // the SPA and /api/* (CloudFront + HTTP API)
  get cardGateway() { return base() + 10; }, // the sandbox card gateway, its own origin
  get dynamodb() { return base() + 20; },
  get secretsManager() { return base() + 25; }, // GetSecretValue for the handlers' secrets (shared/lambda/secrets.ts)
  get sqs() { return base() + 30; },
  get eventBridge() { return base() + 40; },
  get stepFunctions() { return base() + 50; },
  get search() { return base() + 55; }, // the OpenSearch-compatible stand-in
  get s3() { return base() + 60; },
  get mail() { return base() + 70; }, // SESv2 API and the outbox web page
  get cognito() { return base() + 80; },
  get scheduler() { return base() + 90; }, // run a schedule now: POST /_local/schedules/<service>/<name>/run
  get live() { return base() + 95; }, // the WebSocket API (browsers come through the site's /live) and its @connections management API
};

export const url = (port: number) => `http://localhost:${port}`;
/**
 * The sandbox card gateway's host: 127.0.0.1, another site than the site's localhost (hosts differ, and a site is its
 * scheme and host here), as a real gateway's domain is. So Chromium gives its card fields' frame a renderer process
 * of its own, as it does in AWS, rather than running the frame on the page's main thread.
 */
export const CARD_GATEWAY_HOST = '127.0.0.1';
export const cardGatewayUrl = () => `http://${CARD_GATEWAY_HOST}:${PORTS.cardGateway}`;
/**
 * The DynamoDB Local the platform uses: its own on PORTS.dynamodb, or one already running (LOCAL_DYNAMODB_ENDPOINT),
 * where LOCAL_TABLE_PREFIX keeps its tables apart from other platforms' (acceptance tests share the run's one JVM).
 */
export const sharedDynamoDbEndpoint = () => process.env.LOCAL_DYNAMODB_ENDPOINT || undefined;
export const dynamoDbEndpoint = () => sharedDynamoDbEndpoint() ?? url(PORTS.dynamodb);
export const tablePrefix = () => process.env.LOCAL_TABLE_PREFIX || 'giving';
/**
 * The access key every local client signs with. DynamoDB Local keeps a database per access key (and Region), each
 * with its own lock: platforms sharing one DynamoDB Local (LOCAL_AWS_ACCESS_KEY_ID per acceptance file) never wait on
 * each other's writes.
 */
export const localAccessKey = () => process.env.LOCAL_AWS_ACCESS_KEY_ID || 'local';
export const REGION = 'ap-southeast-2';
export const ACCOUNT_ID = '000000000000';
export const MEDIA_BUCKET = 'giving-media';
export const PAYROLL_FILES_BUCKET = 'giving-payroll-files';
export const PERSONAL_DATA_BUCKET = 'giving-personal-data';
export const MAIL_FROM = 'Koha <receipts@koha.local>';
/** The Platform merchant account (Australia's card payments): secret and publishable keys. */
export const CARD_GATEWAY_API_KEY = 'sk_test_local_platform';
export const CARD_GATEWAY_PUBLISHABLE_KEY = 'pk_test_local_platform';
/** The charitable Trust's merchant account (New Zealand's): secret key, and the client key its card fields encrypt with. */
export const CARD_GATEWAY_TRUST_API_KEY = 'sk_test_trust_nz';
export const CARD_GATEWAY_TRUST_CLIENT_KEY = 'ck_test_trust_nz';
/** The donations service's payment gateway settings locally (in AWS, from CDK context): client keys and the suggested fees. */
export const PAYMENT_GATEWAY_SETTINGS: PaymentGatewaySettings = {
  accounts: { Trust: { clientKey: CARD_GATEWAY_TRUST_CLIENT_KEY }, Platform: { clientKey: CARD_GATEWAY_PUBLISHABLE_KEY } },
  transactionProcessingFees: DEFAULT_TRANSACTION_PROCESSING_FEES,
};
/** The local key for gift voucher codes (in AWS a generated Secrets Manager secret). */
export const VOUCHER_CODE_SECRET = 'local-voucher-code-key-not-for-production';
/** What the local origin sends the API as X-Origin-Verify (in AWS CloudFront sends a generated secret's value). */
export const ORIGIN_VERIFY_SECRET = 'local-origin-verify-not-for-production';

/** The local Secrets Manager's values, by the secret names AWS uses (shared/manifest.ts SECRETS). */
export const LOCAL_SECRETS: Readonly<Record<string, string>> = {
  [SECRETS.CARD_GATEWAY_API_KEY]: CARD_GATEWAY_API_KEY,
  [SECRETS.CARD_GATEWAY_TRUST_API_KEY]: CARD_GATEWAY_TRUST_API_KEY,
  [SECRETS.VOUCHER_CODE_KEY]: VOUCHER_CODE_SECRET,
  [SECRETS.ORIGIN_VERIFY]: ORIGIN_VERIFY_SECRET,
};

/** A secret's ARN as Secrets Manager writes it (name, '-', six characters), stable from run to run. */
export const localSecretArn = (name: string) =>
  `arn:aws:secretsmanager:${REGION}:${ACCOUNT_ID}:secret:${name}-${createHash('sha256').update(name).digest('hex').slice(0, 6)}`;

export const stateMachineArn = (service: ServiceName, workflow: string) =>
  `arn:aws:states:${REGION}:${ACCOUNT_ID}:stateMachine:${workflowName(service, workflow)}`;

/** The environment every handler sees locally: real AWS SDK clients, pointed at the stand-ins. */
export function handlerEnvironment(): Record<string, string> {
  const env: Record<string, string> = {
    AWS_REGION: REGION,
    AWS_DEFAULT_REGION: REGION,
    AWS_ACCESS_KEY_ID: localAccessKey(),
    AWS_SECRET_ACCESS_KEY: 'local',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    AWS_ENDPOINT_URL_DYNAMODB: dynamoDbEndpoint(),
    AWS_ENDPOINT_URL_SQS: url(PORTS.sqs),
    AWS_ENDPOINT_URL_EVENTBRIDGE: url(PORTS.eventBridge),
    AWS_ENDPOINT_URL_SFN: url(PORTS.stepFunctions),
    AWS_ENDPOINT_URL_S3: url(PORTS.s3),
    AWS_ENDPOINT_URL_SESV2: url(PORTS.mail),
    AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: url(PORTS.cognito),
    [ENV.eventBusName]: EVENT_BUS_NAME,
    [ENV.mailFrom]: MAIL_FROM,
    [ENV.mediaBucket]: MEDIA_BUCKET,
    [ENV.mediaBaseUrl]: `${url(PORTS.site)}/media`,
    [ENV.payrollFilesBucket]: PAYROLL_FILES_BUCKET,
    [ENV.personalDataBucket]: PERSONAL_DATA_BUCKET,
    [ENV.siteUrl]: url(PORTS.site),
    [ENV.cardGatewayUrl]: cardGatewayUrl(),
    AWS_ENDPOINT_URL_SECRETS_MANAGER: url(PORTS.secretsManager),
    [ENV.paymentGatewaySettings]: JSON.stringify(PAYMENT_GATEWAY_SETTINGS),
    [ENV.liveConnectionsEndpoint]: `${url(PORTS.live)}/${LIVE_STAGE}`,
    [ENV.searchEndpoint]: url(PORTS.search),
  };
  // Handlers share this process, so each names every secret; in AWS a function names only those its access grants.
  for (const name of Object.keys(SECRETS) as SecretName[]) env[ENV.secretId(name)] = localSecretArn(SECRETS[name]);
  for (const service of SERVICE_NAMES) env[ENV.tableName(service)] = tableName(service, tablePrefix());
  for (const workflow of ['payment', 'refund']) env[ENV.workflowArn('donations', workflow)] = stateMachineArn('donations', workflow);
  return env;
}

/** Puts the handler environment into this process (handlers read process.env, as in Lambda). */
export function applyHandlerEnvironment(): void {
  for (const [key, value] of Object.entries(handlerEnvironment())) process.env[key] ??= value;
}
