import { Aws, Duration, Stack, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { DEFAULT_MEMORY_MB, DEFAULT_TIMEOUT_SECONDS, ENV, parseHandler, type Access, type SecretName, type ServiceName } from '@giving/shared/manifest';
import { lambdaBundlingOptions, REPO_ROOT } from './bundling';
import { bucketArn, mediaBucketName, payrollFilesBucketName, personalDataBucketName } from './names';
import { wildcardResourceFinding } from './nag';

export type Trigger = 'http' | 'queue' | 'stream' | 'task' | 'schedule' | 'websocket' | 'deploy';

/** What a manifest may leave out (the same defaults the local platform uses). HTTP API gives up on an integration after 30 s, so routes stay well below. */
export const FUNCTION_DEFAULTS = {
  timeoutSeconds: DEFAULT_TIMEOUT_SECONDS satisfies Record<Trigger, number>,
  memoryMb: DEFAULT_MEMORY_MB,
  logRetention: logs.RetentionDays.THREE_MONTHS,
} as const;
const MAX_HTTP_TIMEOUT_SECONDS = 29;

/** The newest Node.js runtime aws-cdk-lib offers (cdk-nag L1 checks for the latest). */
export const LAMBDA_RUNTIME = lambda.Runtime.NODEJS_24_X;

export function timeoutSecondsOf(trigger: Trigger, spec: { readonly timeoutSeconds?: number }): number {
  return spec.timeoutSeconds ?? FUNCTION_DEFAULTS.timeoutSeconds[trigger];
}

const TABLE_READ = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:Scan', 'dynamodb:ConditionCheckItem'];
const TABLE_WRITE = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];
const MEDIA_READ = ['s3:GetObject'];
const MEDIA_WRITE = ['s3:PutObject', 's3:DeleteObject'];

/** The resources a function's `access` can point at, already resolved for its service. */
export interface AccessTargets {
  readonly service: ServiceName;
  /** The service's own table: services never touch each other's. */
  readonly table?: { readonly name: string; readonly arn: string; readonly indexes: readonly string[] };
  readonly eventBus: { readonly name: string; readonly arn: string };
  /** ARN of one of this service's workflows, by manifest name; throws for an unknown name. */
  readonly workflowArn: (workflow: string) => string;
  readonly mail: { readonly fromAddress: string; readonly identityArn: string };
  readonly media: { readonly bucketName: string; readonly baseUrl: string };
  readonly cardGateway: { readonly url: string };
  /** The payment gateway settings (client keys and transaction fees) as the JSON the functions read. */
  readonly paymentGatewaySettings: string;
  /**
   * A secret the function reads at run time (shared/lambda/secrets.ts): its name, which the environment carries, and
   * the ARN pattern (name-??????, the suffix Secrets Manager adds) it may call GetSecretValue on. Never the value.
   */
  readonly secret: (name: SecretName) => { readonly id: string; readonly arn: string };
  readonly siteUrl: string;
  /** The member user pool, resolved only when a function manages its groups. */
  readonly userPool: () => { readonly id: string; readonly arn: string };
  /**
   * The WebSocket API's stage, resolved only for functions that post to connections: its management endpoint and the
   * execute-api ARN of its @connections (`arn:...:<api>/<stage>/<method>/@connections/<id>`) with method and id open.
   */
  readonly liveConnections: () => { readonly endpoint: string; readonly connectionsArn: string };
  /** The search domain, resolved only for functions that reach it: its endpoint (host) and ARN. */
  readonly search: () => { readonly endpoint: string; readonly domainArn: string };
}

export interface ServiceFunctionProps {
  readonly trigger: Trigger;
  readonly handler: string;
  readonly entry: string;
  readonly access: Access;
  readonly timeoutSeconds?: number;
  readonly memoryMb?: number;
  readonly targets: AccessTargets;
  /** A route that needs a signed-in caller: its guard asks the user pool for the caller's groups. */
  readonly signedInRoute?: boolean;
  /** The WebSocket API's $connect: like a route, it refuses what did not come through CloudFront (X-Origin-Verify). */
  readonly checksOrigin?: boolean;
}

/**
 * One manifest function: a bundled NodejsFunction with its own log group and role, and exactly the
 * permissions and environment its `access` names (granting and configuring happen in one place).
 */
export class ServiceFunction extends Construct {
  readonly function: NodejsFunction;
  readonly role: iam.Role;

  constructor(scope: Construct, id: string, props: ServiceFunctionProps) {
    super(scope, id);
    const timeout = timeoutSecondsOf(props.trigger, props);
    if (props.trigger === 'http' && timeout > MAX_HTTP_TIMEOUT_SECONDS) {
      throw new Error(`${props.handler}: a route's timeoutSeconds must be at most ${MAX_HTTP_TIMEOUT_SECONDS} (HTTP API waits 30 s)`);
    }

    const logGroup = new logs.LogGroup(this, 'Logs', { retention: FUNCTION_DEFAULTS.logRetention });
    // Our own role instead of the default one: AWSLambdaBasicExecutionRole would let it write to any log group.
    this.role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `${props.targets.service} ${props.handler}`,
    });
    this.role.addToPolicy(
      new iam.PolicyStatement({ actions: ['logs:CreateLogStream', 'logs:PutLogEvents'], resources: [logGroup.logGroupArn] }),
    );

    this.function = new NodejsFunction(this, 'Function', {
      entry: props.entry,
      handler: parseHandler(props.handler).exportName,
      runtime: LAMBDA_RUNTIME,
      architecture: lambda.Architecture.ARM_64,
      memorySize: props.memoryMb ?? FUNCTION_DEFAULTS.memoryMb,
      timeout: Duration.seconds(timeout),
      role: this.role,
      logGroup,
      bundling: lambdaBundlingOptions(),
      projectRoot: REPO_ROOT,
      depsLockFilePath: `${REPO_ROOT}/package-lock.json`,
      description: `${props.targets.service}: ${props.handler} (${props.trigger})`,
      environment: {
        [ENV.serviceName]: props.targets.service,
        [ENV.siteUrl]: props.targets.siteUrl,
        NODE_OPTIONS: '--enable-source-maps',
      },
    });
    this.grantAccess(props.access, props.targets, props.trigger === 'http' || props.checksOrigin === true, props.signedInRoute === true);
  }

  private grantAccess(access: Access, targets: AccessTargets, checksOrigin: boolean, confirmsCallerGroups: boolean): void {
    const fn = this.function;
    const allow = (actions: string[], resources: string[], conditions?: Record<string, unknown>) =>
      this.role.addToPolicy(new iam.PolicyStatement({ actions, resources, ...(conditions ? { conditions } : {}) }));

    if (access.table) {
      const table = targets.table;
      if (!table) throw new Error(`${targets.service}: a function reads its table, but the manifest declares no table`);
      fn.addEnvironment(ENV.tableName(targets.service), table.name);
      const indexArns = table.indexes.map((index) => `${table.arn}/index/${index}`);
      allow(access.table === 'readWrite' ? [...TABLE_READ, ...TABLE_WRITE] : TABLE_READ, [table.arn, ...indexArns]);
    }

    if (access.publishes?.length) {
      fn.addEnvironment(ENV.eventBusName, targets.eventBus.name);
      // Only the events it declares: the bus checks source and detail-type of every entry.
      allow(['events:PutEvents'], [targets.eventBus.arn], {
        StringEquals: {
          'events:source': unique(access.publishes.map((event) => event.source)),
          'events:detail-type': unique(access.publishes.map((event) => event.name)),
        },
      });
    }

    for (const workflow of access.startsWorkflows ?? []) {
      const arn = targets.workflowArn(workflow);
      fn.addEnvironment(ENV.workflowArn(targets.service, workflow), arn);
      allow(['states:StartExecution'], [arn]);
    }

    for (const workflow of access.readsWorkflowHistory ?? []) {
      const arn = targets.workflowArn(workflow);
      fn.addEnvironment(ENV.workflowArn(targets.service, workflow), arn);
      // The executions of that state machine: arn:aws:states:<region>:<account>:execution:<name>:<execution>.
      const executions = `${arn.replace(':stateMachine:', ':execution:')}:*`;
      allow(['states:GetExecutionHistory'], [executions]);
      Validations.of(this).acknowledge({
        id: wildcardResourceFinding(this, executions),
        reason: 'The history of one state machine’s executions (each named by a payment’s tracking number, made at run time): read-only, that state machine only, never its data.',
      });
    }

    if (access.sendsMail) {
      fn.addEnvironment(ENV.mailFrom, targets.mail.fromAddress);
      allow(['ses:SendEmail'], [targets.mail.identityArn]);
    }

    if (access.media) {
      fn.addEnvironment(ENV.mediaBucket, targets.media.bucketName);
      fn.addEnvironment(ENV.mediaBaseUrl, targets.media.baseUrl);
      const objects = `${bucketArn(mediaBucketName())}/*`;
      allow(access.media === 'readWrite' ? [...MEDIA_READ, ...MEDIA_WRITE] : MEDIA_READ, [objects]);
      Validations.of(this).acknowledge({
        id: wildcardResourceFinding(this, objects),
        reason: `Object-level access to the media bucket (charity logos and other public images): keys are chosen at run time, so it cannot name them; it is limited to ${access.media === 'readWrite' ? 'get/put/delete' : 'get'} on that one bucket.`,
      });
    }

    if (access.payrollFiles) {
      const bucket = payrollFilesBucketName();
      fn.addEnvironment(ENV.payrollFilesBucket, bucket);
      const objects = `${bucketArn(bucket)}/*`;
      // readWrite deletes too: an erased member's receipts for external donations ("Delete my account").
      allow(access.payrollFiles === 'readWrite' ? ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'] : ['s3:GetObject'], [objects]);
      Validations.of(this).acknowledge({
        id: wildcardResourceFinding(this, objects),
        reason: `Object-level access to the payroll-files bucket: batch keys are made at run time, so it cannot name them; it is limited to ${access.payrollFiles === 'readWrite' ? 'get/put/delete' : 'get'} on that one bucket.`,
      });
    }

    if (access.personalData) {
      const bucket = personalDataBucketName();
      fn.addEnvironment(ENV.personalDataBucket, bucket);
      const objects = `${bucketArn(bucket)}/*`;
      const actions = { read: ['s3:GetObject'], write: ['s3:PutObject'], readWrite: ['s3:GetObject', 's3:PutObject'] }[access.personalData];
      allow(actions, [objects]);
      Validations.of(this).acknowledge({
        id: wildcardResourceFinding(this, objects),
        reason: `Object-level access to the personal-data bucket: export keys are made at run time, so it cannot name them; it is limited to ${actions.map((action) => action.slice('s3:'.length).replace('Object', '').toLowerCase()).join('/')} on that one bucket.`,
      });
    }

    if (access.deletesUsers) {
      const pool = targets.userPool();
      fn.addEnvironment(ENV.userPoolId, pool.id);
      allow(['cognito-idp:AdminDeleteUser', 'cognito-idp:AdminListGroupsForUser'], [pool.arn]);
    }

    if (access.userPoolGroups) {
      const pool = targets.userPool();
      fn.addEnvironment(ENV.userPoolId, pool.id);
      allow(
        [
          'cognito-idp:AdminAddUserToGroup',
          'cognito-idp:AdminRemoveUserFromGroup',
          'cognito-idp:AdminListGroupsForUser',
          'cognito-idp:ListUsersInGroup',
          // Revoking the back office signs the member out everywhere; 'require MFA for administrators' sets their MFA.
          'cognito-idp:AdminUserGlobalSignOut',
          'cognito-idp:AdminSetUserMFAPreference',
        ],
        [pool.arn],
      );
    } else if (confirmsCallerGroups && !access.deletesUsers) {
      // A signed-in route's guard confirms a token's groups with the user pool (shared/lambda/caller-groups.ts).
      const pool = targets.userPool();
      fn.addEnvironment(ENV.userPoolId, pool.id);
      allow(['cognito-idp:AdminListGroupsForUser'], [pool.arn]);
    }

    const readSecrets = (names: SecretName[]) => {
      for (const name of names) fn.addEnvironment(ENV.secretId(name), targets.secret(name).id);
      allow(['secretsmanager:GetSecretValue'], names.map((name) => targets.secret(name).arn));
    };

    if (access.cardGateway) {
      fn.addEnvironment(ENV.cardGatewayUrl, targets.cardGateway.url);
      readSecrets(['CARD_GATEWAY_API_KEY', 'CARD_GATEWAY_TRUST_API_KEY']);
    }

    if (access.paymentGateway) fn.addEnvironment(ENV.paymentGatewaySettings, targets.paymentGatewaySettings);

    if (access.voucherCodes) readSecrets(['VOUCHER_CODE_KEY']);

    if (access.postsToConnections) {
      const live = targets.liveConnections();
      fn.addEnvironment(ENV.liveConnectionsEndpoint, live.endpoint);
      allow(['execute-api:ManageConnections'], [live.connectionsArn]);
      Validations.of(this).acknowledge({
        id: wildcardResourceFinding(this, live.connectionsArn),
        reason: `Posts to (and deletes) the browsers connected to the live-updates WebSocket API: connection ids are given by API Gateway at run time, so it cannot name them; limited to that API's one stage.`,
      });
    }

    if (access.search) {
      const search = targets.search();
      fn.addEnvironment(ENV.searchEndpoint, `https://${search.endpoint}`);
      const read = ['es:ESHttpGet', 'es:ESHttpHead', 'es:ESHttpPost'];
      const paths = `${search.domainArn}/*`;
      allow(access.search === 'readWrite' ? [...read, 'es:ESHttpPut', 'es:ESHttpDelete'] : read, [paths]);
      Validations.of(this).acknowledge({
        id: wildcardResourceFinding(this, paths),
        reason: `Index and document paths of the one search domain (aliases, versioned indexes, _search, _bulk) are chosen at run time; limited to ${access.search === 'readWrite' ? 'reading and writing' : 'reading'} that domain.`,
      });
    }

    // Every route, and the WebSocket API's $connect, checks that its request came through CloudFront (X-Origin-Verify).
    if (checksOrigin) readSecrets(['ORIGIN_VERIFY']);
  }
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}

/** The SES identity (domain) a function may send from. */
export function sesIdentityArn(scope: Construct, domain: string): string {
  return Stack.of(scope).formatArn({ service: 'ses', resource: 'identity', resourceName: domain, region: Aws.REGION, account: Aws.ACCOUNT_ID });
}
