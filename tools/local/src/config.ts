import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { DEFAULT_TRANSACTION_PROCESSING_FEES, type PaymentGatewaySettings } from '@giving/shared/contracts/payment-gateway';
import { ENV, EVENT_BUS_NAME, SERVICE_NAMES, tableName, workflowName, type ServiceName } from '@giving/shared/manifest';

/**
 * One place for the local platform's addresses. Every stand-in listens on loopback.
 * Ports can be moved as a block with LOCAL_PORT_BASE (tests run a second platform beside a developer's).
 */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const STATE_DIR = path.resolve(REPO_ROOT, process.env.LOCAL_STATE_DIR ?? '.local');

const base = Number(process.env.LOCAL_PORT_BASE ?? 3000);
export const PORTS = {
  site: base, // the SPA and /api/* (CloudFront + HTTP API)
  cardGateway: base + 10, // the sandbox card gateway, its own origin
  dynamodb: base + 20,
  sqs: base + 30,
  eventBridge: base + 40,
  stepFunctions: base + 50,
  s3: base + 60,
  mail: base + 70, // SESv2 API and the outbox web page
  cognito: base + 80,
  scheduler: base + 90, // run a schedule now: POST /_local/schedules/<service>/<name>/run
} as const;

export const url = (port: number) => `http://localhost:${port}`;
export const REGION = 'ap-southeast-2';
export const ACCOUNT_ID = '000000000000';
export const MEDIA_BUCKET = 'giving-media';
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

export const stateMachineArn = (service: ServiceName, workflow: string) =>
  `arn:aws:states:${REGION}:${ACCOUNT_ID}:stateMachine:${workflowName(service, workflow)}`;

/** The environment every handler sees locally: real AWS SDK clients, pointed at the stand-ins. */
export function handlerEnvironment(): Record<string, string> {
  const env: Record<string, string> = {
    AWS_REGION: REGION,
    AWS_DEFAULT_REGION: REGION,
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    AWS_ENDPOINT_URL_DYNAMODB: url(PORTS.dynamodb),
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
    [ENV.siteUrl]: url(PORTS.site),
    [ENV.cardGatewayUrl]: url(PORTS.cardGateway),
    [ENV.cardGatewayApiKey]: CARD_GATEWAY_API_KEY,
    [ENV.cardGatewayTrustApiKey]: CARD_GATEWAY_TRUST_API_KEY,
    [ENV.paymentGatewaySettings]: JSON.stringify(PAYMENT_GATEWAY_SETTINGS),
    [ENV.voucherCodeSecret]: VOUCHER_CODE_SECRET,
  };
  for (const service of SERVICE_NAMES) env[ENV.tableName(service)] = tableName(service);
  env[ENV.workflowArn('donations', 'payment')] = stateMachineArn('donations', 'payment');
  return env;
}

/** Puts the handler environment into this process (handlers read process.env, as in Lambda). */
export function applyHandlerEnvironment(): void {
  for (const [key, value] of Object.entries(handlerEnvironment())) process.env[key] ??= value;
}
