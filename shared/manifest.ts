/**
 * Service manifests are plain data. The CDK app, the local platform and the tests all read them,
 * so a route, queue, workflow or schedule exists in AWS exactly when it exists locally.
 */
import type { EventDefinition } from './events';
import type { Permission, TenantKind } from './permissions';

export const SERVICE_NAMES = [
  'accounts',
  'donations',
  'workplace',
  'volunteering',
  'fundraising',
  'matching',
  'search',
] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

/** Every API route is served under this prefix (CloudFront sends /api/* to the HTTP API). */
export const API_PREFIX = '/api';
/** SQS receives before a message moves to its dead-letter queue. */
export const MAX_RECEIVE_COUNT = 5;
/** The only event bus. */
export const EVENT_BUS_NAME = 'giving';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route. `public` has no authorizer; `signedIn` needs a valid Cognito JWT and,
 * when permissions are listed, the caller must hold any/all of them. With `tenant`, permissions are those the
 * caller holds in the charity or workplace named by that path parameter (object-level: no IDOR).
 */
export type AuthPolicy =
  | { readonly kind: 'public' }
  | {
      readonly kind: 'signedIn';
      readonly anyOf?: readonly Permission[];
      readonly allOf?: readonly Permission[];
      readonly tenant?: { readonly kind: TenantKind; readonly param: string };
      /**
       * What a signed-in caller without the permissions gets: 403 by default; 'Unauthorized' (401) where the spec
       * says so (spec 1 §6: back-office volunteering calls answer 401 when unauthorised).
       */
      readonly deniedAs?: 'Unauthorized';
    };

/** What a function touches; the CDK app grants exactly this and sets the matching environment. */
export interface Access {
  readonly table?: 'read' | 'readWrite';
  readonly publishes?: readonly EventDefinition<string, unknown>[];
  readonly startsWorkflows?: readonly string[];
  /** Reads the history of these workflows' executions (states:GetExecutionHistory), never their data. */
  readonly readsWorkflowHistory?: readonly string[];
  readonly sendsMail?: boolean;
  readonly media?: 'read' | 'readWrite';
  /**
   * The private payroll-files bucket (workplace's batches for finance): 'read' gets objects (and signs short-lived
   * download addresses), 'readWrite' also puts them. Sets PAYROLL_FILES_BUCKET_NAME.
   */
  readonly payrollFiles?: 'read' | 'readWrite';
  /**
   * The private personal-data bucket (issue 17 item 7: "Download my data"): 'write' puts a service's part of a
   * member's export, 'read' gets an archive (and signs its short-lived download address), 'readWrite' also gets the
   * parts and puts the archive (accounts). Sets PERSONAL_DATA_BUCKET_NAME.
   */
  readonly personalData?: 'read' | 'write' | 'readWrite';
  /** Deletes members from the user pool (accounts: "Delete my account"). Sets USER_POOL_ID. */
  readonly deletesUsers?: boolean;
  /** Calls the card gateway's server API with each merchant account's secret key (Platform and Trust). */
  readonly cardGateway?: boolean;
  /** Reads the payment gateway settings: each merchant account's public client key and each country's transaction fees. */
  readonly paymentGateway?: boolean;
  /** Adds and removes members of the user pool's groups (the back office's Administrator role). */
  readonly userPoolGroups?: boolean;
  /** Reads the key that derives gift voucher codes and hashes them (codes are stored only as their keyed hash). */
  readonly voucherCodes?: boolean;
  /**
   * Posts to the browsers connected to the WebSocket API (shared/live/publisher.ts): execute-api:ManageConnections on
   * that API's stage and its management endpoint in LIVE_CONNECTIONS_ENDPOINT. The publisher also deletes the
   * connections the API says are gone, so such a function needs `table: 'readWrite'` too.
   */
  readonly postsToConnections?: true;
  /**
   * Reaches the search domain (OpenSearch) at SEARCH_ENDPOINT, signing with its role: 'read' searches (es:ESHttpGet,
   * ESHttpPost, ESHttpHead), 'readWrite' also writes documents, indexes and aliases (ESHttpPut, ESHttpDelete).
   */
  readonly search?: 'read' | 'readWrite';
}

export interface FunctionSpec {
  /** Handler file relative to the service folder, without extension, then optionally `#export` (default `handler`). */
  readonly handler: string;
  readonly access: Access;
  readonly timeoutSeconds?: number;
  readonly memoryMb?: number;
}

/** A schema exported by a file of shared/contracts: `<file without .ts>#<export>`, e.g. 'donations#createPaymentResponseSchema'. */
export type ContractRef = `${string}#${string}`;

/**
 * A route's success answer, for the API's OpenAPI document (docs/openapi.json, `npm run openapi`): its status and,
 * where a contract schema describes the body (the one the SPA parses the answer with), that schema. What a route
 * accepts needs no entry: the document reads the schemas its handler validates with (httpRoute's body, params, query).
 */
export interface RouteResponse {
  readonly status: 200 | 201 | 202 | 204 | 302;
  readonly schema?: ContractRef;
  /** A file rather than JSON (a CSV export, a PDF receipt). */
  readonly contentType?: 'text/csv' | 'application/pdf';
}

export interface RouteSpec extends FunctionSpec {
  readonly method: HttpMethod;
  /** Path below API_PREFIX, with {param} segments as HTTP API writes them. */
  readonly path: `/${string}`;
  readonly auth: AuthPolicy;
  readonly summary: string;
  readonly response?: RouteResponse;
}

/** An EventBridge event pattern (the subset of keys we use is checked by the bus's matcher). */
export type EventPattern = Readonly<Record<string, unknown>>;

export interface SubscriptionSpec extends FunctionSpec {
  /** Unique within the service; the queue is `giving-<service>-<name>` with `-dlq` beside it. */
  readonly name: string;
  readonly pattern: EventPattern;
  readonly batchSize?: number;
}

/**
 * A consumer of the service's own table stream (Lambda's DynamoDB event source mapping): records matching the
 * filter (Lambda event-filtering syntax, on the stream record) arrive in batches; a failing batch is split and
 * retried, then parked in `giving-<service>-<name>-dlq`.
 */
export interface StreamSubscriptionSpec extends FunctionSpec {
  readonly name: string;
  readonly filter: EventPattern;
  readonly batchSize?: number;
}

export interface WorkflowSpec {
  readonly name: string;
  /** ASL file relative to the service folder. Task states invoke `${<StateName>}` function ARNs. */
  readonly definition: string;
  /** State name -> function. Every Task state in the ASL has exactly one entry. */
  readonly tasks: Readonly<Record<string, FunctionSpec>>;
}

export interface ScheduleSpec extends FunctionSpec {
  readonly name: string;
  /** EventBridge Scheduler expression: `cron(m h dom mon dow year)` or `rate(n unit)`. */
  readonly expression: string;
  readonly description: string;
}

export interface TableSpec {
  /** Global secondary indexes, named gsi1.. with keys gsi1pk/gsi1sk and so on. */
  readonly indexes: readonly ('gsi1' | 'gsi2' | 'gsi3' | 'gsi4' | 'gsi5' | 'gsi6')[];
  readonly ttlAttribute?: string;
  /** Turns on the table's stream (new images), for the manifest's stream subscriptions. */
  readonly stream?: 'NEW_IMAGE';
}

/**
 * The service's side of the WebSocket API (API Gateway's `$connect` and `$disconnect` routes; locally
 * tools/local/src/websocket). Browsers reach it on the site's own origin at LIVE_PATH, as CloudFront forwards that
 * path to the API. `connect` runs on every upgrade: a 2xx answer accepts the socket, any other refuses the upgrade
 * with that status. At most one service declares it (one API, one `$connect`).
 */
export interface WebSocketSpec {
  readonly connect: FunctionSpec;
  readonly disconnect: FunctionSpec;
}

/**
 * A job run once per deployment, after the service's resources exist (a CDK trigger in AWS; the local platform runs
 * it as it starts): search puts its index templates and first indexes. It must be idempotent.
 */
export interface DeployTaskSpec extends FunctionSpec {
  readonly name: string;
  readonly description: string;
}

export interface ServiceManifest {
  readonly service: ServiceName;
  readonly table?: TableSpec;
  readonly websocket?: WebSocketSpec;
  readonly routes: readonly RouteSpec[];
  readonly subscriptions: readonly SubscriptionSpec[];
  readonly streams: readonly StreamSubscriptionSpec[];
  readonly workflows: readonly WorkflowSpec[];
  readonly schedules: readonly ScheduleSpec[];
  readonly onDeploy: readonly DeployTaskSpec[];
}

export function defineService(manifest: Partial<ServiceManifest> & Pick<ServiceManifest, 'service'>): ServiceManifest {
  const complete = { routes: [], subscriptions: [], streams: [], workflows: [], schedules: [], onDeploy: [], ...manifest };
  if (complete.streams.length > 0 && complete.table?.stream === undefined) {
    throw new Error(`services/${complete.service}: stream subscriptions need table.stream`);
  }
  if (complete.websocket && !complete.table) {
    throw new Error(`services/${complete.service}: the websocket handlers keep their connections in the service's table; declare table`);
  }
  return complete;
}

/**
 * The secrets functions read at run time from Secrets Manager (shared/lambda/secrets.ts). A function's `access`
 * decides which it may read; CDK grants exactly those and names them in its environment as ENV.secretId(name).
 */
export const SECRETS = {
  /** The Platform merchant account's secret key at the card gateway (Australia's payments). */
  CARD_GATEWAY_API_KEY: 'giving/card-gateway-api-key',
  /** The charitable Trust's merchant account's secret key (New Zealand's payments). */
  CARD_GATEWAY_TRUST_API_KEY: 'giving/card-gateway-trust-api-key',
  /** The key gift voucher codes are derived and hashed with (HMAC-SHA256). */
  VOUCHER_CODE_KEY: 'giving/voucher-code-key',
  /** What CloudFront sends the API in X-Origin-Verify, so a request that did not come through it is refused. */
  ORIGIN_VERIFY: 'giving/origin-verify',
} as const;
export type SecretName = keyof typeof SECRETS;

/** Environment variable names, one place, read by handlers and set by CDK and the local platform. */
export const ENV = {
  tableName: (service: ServiceName) => `${service.toUpperCase()}_TABLE_NAME`,
  workflowArn: (service: ServiceName, workflow: string) =>
    `${service.toUpperCase()}_${workflow.toUpperCase().replace(/[^A-Z0-9]/g, '_')}_WORKFLOW_ARN`,
  eventBusName: 'EVENT_BUS_NAME',
  mailFrom: 'MAIL_FROM_ADDRESS',
  mediaBucket: 'MEDIA_BUCKET_NAME',
  mediaBaseUrl: 'MEDIA_BASE_URL',
  /** The private bucket of payroll files for finance (functions whose access has payrollFiles). */
  payrollFilesBucket: 'PAYROLL_FILES_BUCKET_NAME',
  /** The private bucket of members' data exports (functions whose access has personalData). */
  personalDataBucket: 'PERSONAL_DATA_BUCKET_NAME',
  siteUrl: 'SITE_URL',
  cardGatewayUrl: 'CARD_GATEWAY_URL',
  /** Which secret the function may read (its Secrets Manager name or ARN, the API's SecretId); never the value itself. */
  secretId: (name: SecretName) => `${name}_SECRET_ID`,
  /** JSON (shared/contracts/payment-gateway.ts paymentGatewaySettingsSchema): client keys and transaction fees. */
  paymentGatewaySettings: 'PAYMENT_GATEWAY_SETTINGS',
  /** Optional: how long to wait for the gateway before treating the reply as lost (default 8000 ms). */
  cardGatewayTimeoutMs: 'CARD_GATEWAY_TIMEOUT_MS',
  /**
   * Optional, never set in AWS: multiplies the card-testing decline limits, as LOCAL_EDGE_RATE_LIMIT_SCALE does the
   * edge's, for a local platform whose browser tests all decline cards from one address.
   */
  cardTestingLimitScale: 'CARD_TESTING_LIMIT_SCALE',
  serviceName: 'SERVICE_NAME',
  userPoolId: 'USER_POOL_ID',
  /**
   * The WebSocket API's management endpoint (https://<api>.execute-api.<region>.amazonaws.com/<stage>; locally the
   * stand-in's), for functions whose access has postsToConnections.
   */
  liveConnectionsEndpoint: 'LIVE_CONNECTIONS_ENDPOINT',
  /**
   * The search domain's endpoint for functions whose access has `search`: https://<domain endpoint> in AWS (requests
   * are signed with SigV4 for AWS_REGION), http://localhost:<port> for the local stand-in (not signed).
   */
  searchEndpoint: 'SEARCH_ENDPOINT',
} as const;

export const tableName = (service: ServiceName, stage = 'giving') => `${stage}-${service}`;
export const queueName = (service: ServiceName, subscription: string) => `giving-${service}-${subscription}`;
export const deadLetterQueueName = (service: ServiceName, subscription: string) =>
  `${queueName(service, subscription)}-dlq`;
export const streamDeadLetterQueueName = (service: ServiceName, stream: string) => `giving-${service}-${stream}-dlq`;
export const ruleName = (service: ServiceName, subscription: string) => `giving-${service}-${subscription}`;
export const workflowName = (service: ServiceName, workflow: string) => `giving-${service}-${workflow}`;
export const scheduleName = (service: ServiceName, schedule: string) => `giving-${service}-${schedule}`;

export function parseHandler(handler: string): { file: string; exportName: string } {
  const [file = handler, exportName = 'handler'] = handler.split('#');
  return { file, exportName };
}

/** A stable id for a function in a manifest, used for CDK construct ids and local logs. */
export function functionId(service: ServiceName, handler: string): string {
  const base = handler.replace(/^handlers\//, '').replace('#handler', '').replace(/[^a-zA-Z0-9]+(.)/g, (_, c: string) => c.toUpperCase());
  return `${service}-${base.charAt(0).toUpperCase()}${base.slice(1)}`;
}

/** Function timeouts when a manifest entry sets none (seconds), for CDK and the local platform alike. */
export const DEFAULT_TIMEOUT_SECONDS = { http: 10, queue: 30, stream: 30, task: 30, schedule: 60, websocket: 10, deploy: 120 } as const;
export const DEFAULT_MEMORY_MB = 512;

/** Every function a manifest defines, with the trigger that runs it. */
export function functionsOf(manifest: ServiceManifest) {
  return [
    ...manifest.routes.map((spec) => ({ trigger: 'http' as const, spec })),
    ...manifest.subscriptions.map((spec) => ({ trigger: 'queue' as const, spec })),
    ...manifest.streams.map((spec) => ({ trigger: 'stream' as const, spec })),
    ...manifest.workflows.flatMap((wf) =>
      Object.entries(wf.tasks).map(([state, spec]) => ({ trigger: 'task' as const, spec, state, workflow: wf.name })),
    ),
    ...manifest.schedules.map((spec) => ({ trigger: 'schedule' as const, spec })),
    ...manifest.onDeploy.map((spec) => ({ trigger: 'deploy' as const, spec })),
    ...(manifest.websocket
      ? [
          { trigger: 'websocket' as const, spec: manifest.websocket.connect, route: '$connect' as const },
          { trigger: 'websocket' as const, spec: manifest.websocket.disconnect, route: '$disconnect' as const },
        ]
      : []),
  ];
}
