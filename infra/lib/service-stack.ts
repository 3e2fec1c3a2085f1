import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { ArnFormat, Duration, Fn, NestedStack, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import * as events from 'aws-cdk-lib/aws-events';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq, SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import { ScheduleTargetBase, type ScheduleTargetBaseProps } from 'aws-cdk-lib/aws-scheduler-targets';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import * as ssm from 'aws-cdk-lib/aws-ssm';
import * as triggers from 'aws-cdk-lib/triggers';
import { Construct } from 'constructs';
import {
  API_PREFIX,
  MAX_RECEIVE_COUNT,
  EVENT_BUS_NAME,
  functionId,
  parseHandler,
  queueName,
  ruleName,
  scheduleName,
  SECRETS,
  streamDeadLetterQueueName,
  tableName,
  workflowName,
  type EventPattern,
  type FunctionSpec,
  type RouteSpec,
  type ServiceManifest,
  type StreamSubscriptionSpec,
  type SubscriptionSpec,
  type WebSocketSpec,
  type WorkflowSpec,
} from '@giving/shared/manifest';
import { LIVE_STAGE } from '@giving/shared/live/channels';
import { LIVE_API_ID_EXPORT, type ApiStack } from './api-stack';
import { readDefinition, taskMappingProblems } from './asl';
import { handlerEntry } from './bundling';
import { mailDomain, paymentGatewaySettingsOf, type DeploymentConfig } from './config';
import { mediaBucketName, scheduleDeadLetterQueueName, SEARCH_ENDPOINT_PARAMETER, searchDomainArn } from './names';
import { ServiceFunction, sesIdentityArn, timeoutSecondsOf, type AccessTargets, type Trigger } from './service-function';
import type { StatefulStack } from './stateful-stack';

export interface ServiceStackProps extends StackProps {
  readonly manifest: ServiceManifest;
  readonly stateful: StatefulStack;
  readonly api: ApiStack;
  readonly config: DeploymentConfig;
  /** Public URL of the site (links in e-mails, media URLs). */
  readonly siteUrl: string;
  /** Folder holding services/<service>/...; the repository's services/ unless a test says otherwise. */
  readonly servicesRoot: string;
}

/** Retries and age limit for scheduled invocations; a job that still fails lands in its dead-letter queue. */
const SCHEDULE_RETRY_ATTEMPTS = 3;
const SCHEDULE_MAX_EVENT_AGE = Duration.hours(1);
const DEFAULT_BATCH_SIZE = 10;


/**
 * One service, built only from its manifest: a function per handler, HTTP routes on the shared API,
 * rule -> queue -> function per subscription, a Standard state machine per workflow, a schedule per job.
 *
 * Stateful resources are addressed by their fixed names (the manifest's naming helpers), not by
 * CloudFormation exports, so removing a subscription or a table never gets stuck on an export in use.
 *
 * CloudFormation refuses a stack of more than 500 resources, and an HTTP function alone is four (function, role,
 * policy, log group) plus its integration and invoke permission. So the functions of a service's routes live in
 * nested stacks, one per handler FILE ({@link httpStacks}: all exports of `handlers/opportunities` in
 * `Http opportunities`), each with its functions' shared integration and invoke permission. The grouping depends on
 * nothing but the handler's own file, so a function never moves between stacks when routes come or go elsewhere (a
 * move would replace it). Each route stays here, in the service stack, one resource per route under the logical id it
 * always had: API Gateway refuses a second route with the same key, and a route moved to another stack (or given
 * another logical id) would be created before the old one is deleted, failing the deployment. Subscriptions, streams,
 * workflows and schedules, with their functions, also stay here.
 */
export class ServiceStack extends Stack {
  private readonly nestedByFile = new Map<string, NestedStack>();
  private readonly functions = new Map<string, { fn: ServiceFunction; spec: FunctionSpec; trigger: Trigger }>();
  private readonly integrations = new Map<ServiceFunction, apigwv2.HttpIntegration>();
  private readonly manifest: ServiceManifest;
  private readonly targets: AccessTargets;
  private readonly servicesRoot: string;
  private readonly httpApi: apigwv2.IHttpApi;

  /** The nested stack of each handler file that serves routes, by file (`handlers/opportunities`). */
  get httpStacks(): ReadonlyMap<string, NestedStack> {
    return this.nestedByFile;
  }

  constructor(scope: Construct, id: string, props: ServiceStackProps) {
    super(scope, id, props);
    this.manifest = props.manifest;
    this.servicesRoot = props.servicesRoot;
    this.httpApi = props.api.httpApi;
    this.addStackDependency(props.stateful, 'tables, queues, bus and buckets are addressed by name');
    const { service } = props.manifest;

    // Account, region and partition are pseudo parameters (or the pinned environment's literals), so these values
    // mean the same in the nested stacks; the user pool, the site URL and the API come from other top-level stacks
    // and become imports wherever they are used.
    this.targets = {
      service,
      table: props.manifest.table && {
        name: tableName(service),
        arn: this.formatArn({ service: 'dynamodb', resource: 'table', resourceName: tableName(service) }),
        indexes: props.manifest.table.indexes,
      },
      eventBus: {
        name: EVENT_BUS_NAME,
        arn: this.formatArn({ service: 'events', resource: 'event-bus', resourceName: EVENT_BUS_NAME }),
      },
      workflowArn: (workflow) => {
        if (!props.manifest.workflows.some((spec) => spec.name === workflow)) {
          throw new Error(`${service} starts workflow '${workflow}', which its manifest does not define`);
        }
        return this.workflowArn(workflow);
      },
      mail: {
        fromAddress: props.config.mailFromAddress,
        identityArn: sesIdentityArn(this, mailDomain(props.config.mailFromAddress)),
      },
      media: { bucketName: mediaBucketName(), baseUrl: `${props.siteUrl}/media` },
      cardGateway: { url: props.config.cardGatewayUrl },
      paymentGatewaySettings: JSON.stringify(paymentGatewaySettingsOf(props.config)),
      // By name (the stateful stack creates each secret with its fixed name), so nothing is imported.
      secret: (name) => ({ id: SECRETS[name], arn: `${this.formatArn({ service: 'secretsmanager', resource: 'secret', resourceName: SECRETS[name], arnFormat: ArnFormat.COLON_RESOURCE_NAME })}-??????` }),
      siteUrl: props.siteUrl,
      userPool: () => ({ id: props.stateful.userPool.userPoolId, arn: props.stateful.userPool.userPoolArn }),
      liveConnections: () => {
        const live = props.api.live;
        if (!live) throw new Error(`${service}: a function posts to connections, but no manifest declares websocket (there is no WebSocket API)`);
        const apiId = Fn.importValue(LIVE_API_ID_EXPORT);
        return {
          endpoint: `https://${apiId}.execute-api.${this.region}.${this.urlSuffix}/${LIVE_STAGE}`,
          connectionsArn: this.formatArn({ service: 'execute-api', resource: apiId, resourceName: `${LIVE_STAGE}/*/@connections/*` }),
        };
      },
      // By name, like the buckets: the endpoint from its SSM parameter at deploy time, the ARN from the domain's fixed name.
      search: () => ({ endpoint: ssm.StringParameter.valueForStringParameter(this, SEARCH_ENDPOINT_PARAMETER), domainArn: searchDomainArn() }),
    };

    for (const route of props.manifest.routes) {
      // HttpRouteKey checks the path; the route is the CfnRoute an HttpRoute would make, at the same construct path
      // (`Route <key>/Resource`), so it keeps its logical id. An HttpRoute cannot be used here: it creates its
      // integration and permission beside itself, and they belong in the function's nested stack.
      const routeKey = apigwv2.HttpRouteKey.with(`${API_PREFIX}${route.path}`, apigwv2.HttpMethod[route.method]).key;
      const id = `Route ${routeKey.replaceAll('/', '|')}`;
      const httpRoute = new apigwv2.CfnRoute(new Construct(this, id), 'Resource', {
        apiId: this.httpApi.apiId,
        routeKey,
        target: `integrations/${this.integrationFor(route).integrationId}`,
        ...(route.auth.kind === 'public'
          ? { authorizationType: 'NONE' }
          : { authorizationType: 'JWT', authorizerId: props.api.jwtAuthorizer.authorizerId }),
      });
      if (route.auth.kind === 'public') {
        Validations.of(httpRoute).acknowledge({
          id: 'AwsSolutions-APIG4',
          reason: `Public by its ${service} manifest entry (auth: public), so anyone may call it without signing in: ${route.summary}`,
        });
      }
    }

    if (props.manifest.websocket) this.connectLiveApi(props.manifest.websocket, props.api);
    for (const subscription of props.manifest.subscriptions) this.subscribe(subscription);
    for (const stream of props.manifest.streams) this.followStream(stream, props.stateful);
    for (const workflow of props.manifest.workflows) this.createWorkflow(workflow);
    for (const task of props.manifest.onDeploy) {
      // Runs after every deployment that changes the function (and on the first), once this stack's resources exist.
      const fn = this.functionFor('deploy', task).function;
      new triggers.Trigger(this, `Deploy ${task.name}`, { handler: fn, executeOnHandlerChange: true, timeout: Duration.seconds(timeoutSecondsOf('deploy', task)) });
    }
    for (const schedule of props.manifest.schedules) {
      const target = new InvokeFunction(this.functionFor('schedule', schedule).function, {
        input: scheduler.ScheduleTargetInput.fromObject({ scheduledTime: scheduler.ContextAttribute.scheduledTime }),
        retryAttempts: SCHEDULE_RETRY_ATTEMPTS,
        maxEventAge: SCHEDULE_MAX_EVENT_AGE,
        deadLetterQueue: sqs.Queue.fromQueueArn(
          this,
          `Schedule ${schedule.name} Dlq`,
          this.queueArn(scheduleDeadLetterQueueName(service, schedule.name)),
        ),
      });
      new scheduler.Schedule(this, `Schedule ${schedule.name}`, {
        scheduleName: scheduleName(service, schedule.name),
        description: schedule.description,
        schedule: scheduler.ScheduleExpression.expression(schedule.expression),
        target,
      });
    }
  }

  /**
   * One API integration per function, in the function's nested stack and shared by every route it serves, with one
   * invoke permission for the API (any route of this API may call it; only the routes above target it). The service
   * stack reads the integration's id from the nested stack's output; per route it holds just the route itself.
   */
  private integrationFor(route: RouteSpec): apigwv2.HttpIntegration {
    const fn = this.functionFor('http', route);
    let integration = this.integrations.get(fn);
    if (!integration) {
      const nested = Stack.of(fn);
      integration = new apigwv2.HttpIntegration(nested, `${functionId(this.manifest.service, route.handler)} Integration`, {
        httpApi: this.httpApi,
        integrationType: apigwv2.HttpIntegrationType.AWS_PROXY,
        integrationUri: fn.function.functionArn,
        payloadFormatVersion: apigwv2.PayloadFormatVersion.VERSION_2_0,
      });
      fn.function.addPermission('ApiPermission', {
        principal: new iam.ServicePrincipal('apigateway.amazonaws.com'),
        sourceArn: nested.formatArn({ service: 'execute-api', resource: this.httpApi.apiId, resourceName: '*/*/*' }),
      });
      this.integrations.set(fn, integration);
    }
    return integration;
  }

  /** The nested stack of a handler file's HTTP functions, made when its first route comes. */
  private httpStackFor(handler: string): NestedStack {
    const { file } = parseHandler(handler);
    let nested = this.nestedByFile.get(file);
    if (!nested) {
      nested = new NestedStack(this, httpStackId(file), {
        description: `Giving platform: the ${this.manifest.service} service's HTTP functions in services/${this.manifest.service}/${file}.ts`,
      });
      this.nestedByFile.set(file, nested);
    }
    return nested;
  }

  /**
   * The function of a handler; a handler named by two manifest entries is one function, if they agree. A route's
   * function lives in its handler file's nested stack, any other in this stack. A handler (file#export) that both
   * serves a route and has another trigger is refused, as before: its trigger sets its default time-out (a route's is
   * capped at 29 s) and it could live in only one of the two stacks; export it twice instead. Other exports of a
   * route's file that serve subscriptions, streams, tasks or schedules stay in this stack, so a nested stack holds
   * only HTTP functions and a function's stack follows from its own manifest entry alone.
   */
  private functionFor(trigger: Trigger, spec: FunctionSpec, checksOrigin = false): ServiceFunction {
    const own = { handler: spec.handler, access: spec.access, timeoutSeconds: spec.timeoutSeconds, memoryMb: spec.memoryMb };
    const existing = this.functions.get(spec.handler);
    if (existing) {
      if (existing.trigger !== trigger || !isDeepStrictEqual(existing.spec, own)) {
        throw new Error(`${this.manifest.service}: ${spec.handler} appears twice with different triggers, access, timeout or memory`);
      }
      return existing.fn;
    }
    const scope = trigger === 'http' ? this.httpStackFor(spec.handler) : this;
    const fn = new ServiceFunction(scope, functionId(this.manifest.service, spec.handler), {
      trigger,
      handler: spec.handler,
      entry: handlerEntry(this.manifest.service, spec.handler, this.servicesRoot),
      access: spec.access,
      timeoutSeconds: spec.timeoutSeconds,
      memoryMb: spec.memoryMb,
      targets: this.targets,
      signedInRoute: trigger === 'http' && 'auth' in spec && (spec as RouteSpec).auth.kind === 'signedIn',
      checksOrigin,
    });
    this.functions.set(spec.handler, { fn, spec: own, trigger });
    return fn;
  }

  /**
   * The WebSocket API's $connect and $disconnect (the API and its stage are the API stack's): each a function here
   * with its Lambda proxy integration and an invoke permission for that route alone.
   */
  private connectLiveApi(websocket: WebSocketSpec, api: ApiStack): void {
    const live = api.live;
    if (!live) throw new Error(`${this.manifest.service} declares websocket, but the API stack has no WebSocket API (liveUpdates)`);
    for (const [routeKey, spec] of [['$connect', websocket.connect], ['$disconnect', websocket.disconnect]] as const) {
      const fn = this.functionFor('websocket', spec, routeKey === '$connect');
      const route = new apigwv2.WebSocketRoute(this, `Live ${routeKey}`, {
        webSocketApi: live.api,
        routeKey,
        integration: new WebSocketLambdaIntegration(`Live ${routeKey} Integration`, fn.function),
      });
      Validations.of(route).acknowledge({
        id: 'AwsSolutions-APIG4',
        reason:
          routeKey === '$connect'
            ? "Anyone may watch a fundraising page's progress, signed in or not: $connect refuses what did not come through CloudFront (X-Origin-Verify, behind the web ACL) and any channel but page:<ULID> or event:<ULID>."
            : '$disconnect is called by API Gateway itself when a connection closes; nothing calls it from outside.',
      });
    }
  }

  private subscribe(subscription: SubscriptionSpec): void {
    const { service } = this.manifest;
    const queue = sqs.Queue.fromQueueArn(this, `Queue ${subscription.name}`, this.queueArn(queueName(service, subscription.name)));
    new events.Rule(this, `Rule ${subscription.name}`, {
      ruleName: ruleName(service, subscription.name),
      description: `${service}: ${subscription.name} (${subscription.handler})`,
      eventBus: events.EventBus.fromEventBusName(this, `Bus ${subscription.name}`, EVENT_BUS_NAME),
      eventPattern: toCdkEventPattern(subscription.pattern),
      targets: [new QueueTarget(queue)],
    });
    const batchSize = subscription.batchSize ?? DEFAULT_BATCH_SIZE;
    this.functionFor('queue', subscription).function.addEventSource(
      new SqsEventSource(queue, {
        batchSize,
        reportBatchItemFailures: true,
        // SQS requires a batching window for batches above ten messages.
        ...(batchSize > 10 ? { maxBatchingWindow: Duration.seconds(1) } : {}),
      }),
    );
  }

  /**
   * A consumer of the service's table stream: filtered on the record (Lambda event filtering), retried from the
   * failed record with the batch bisected, and parked in its dead-letter queue once retries run out. The stream
   * ARN carries a creation timestamp, so it is the one stateful value taken by reference (an export).
   */
  private followStream(stream: StreamSubscriptionSpec, stateful: StatefulStack): void {
    const { service } = this.manifest;
    const streamArn = stateful.table(service).tableStreamArn;
    if (!streamArn) throw new Error(`${service}: stream subscription '${stream.name}' needs table.stream in its manifest`);
    const table = dynamodb.Table.fromTableAttributes(this, `Table for ${stream.name}`, { tableName: tableName(service), tableStreamArn: streamArn });
    const deadLetterQueue = sqs.Queue.fromQueueArn(this, `Stream ${stream.name} Dlq`, this.queueArn(streamDeadLetterQueueName(service, stream.name)));
    const consumer = this.functionFor('stream', stream);
    Validations.of(consumer.role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason: `dynamodb:ListStreams, which the ${service} '${stream.name}' stream event source needs, has no resource-level permissions; reading the stream itself is granted on this table's stream only.`,
    });
    consumer.function.addEventSource(
      new DynamoEventSource(table, {
        startingPosition: lambda.StartingPosition.TRIM_HORIZON,
        batchSize: stream.batchSize ?? DEFAULT_BATCH_SIZE,
        bisectBatchOnError: true,
        retryAttempts: MAX_RECEIVE_COUNT,
        reportBatchItemFailures: true,
        onFailure: new SqsDlq(deadLetterQueue),
        filters: [lambda.FilterCriteria.filter(stream.filter as Record<string, unknown>)],
      }),
    );
  }

  private createWorkflow(workflow: WorkflowSpec): void {
    const { service } = this.manifest;
    const file = path.join(this.servicesRoot, service, workflow.definition);
    const definition = readDefinition(file);
    const problems = taskMappingProblems(definition.tasks, Object.keys(workflow.tasks));
    if (problems.length) throw new Error(`${service} workflow ${workflow.name} (${file}):\n  ${problems.join('\n  ')}`);

    const taskFunctions = Object.entries(workflow.tasks).map(([state, spec]) => [state, this.functionFor('task', spec).function] as const);
    const name = workflowName(service, workflow.name);
    const role = new iam.Role(this, `Workflow ${workflow.name} Role`, {
      assumedBy: new iam.ServicePrincipal('states.amazonaws.com'),
      description: `${name} state machine`,
    });
    // Exactly its task functions, unqualified (as the definition names them): no version or alias wildcard.
    role.addToPolicy(
      new iam.PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: taskFunctions.map(([, fn]) => fn.functionArn) }),
    );
    new sfn.StateMachine(this, `Workflow ${workflow.name}`, {
      stateMachineName: name,
      stateMachineType: sfn.StateMachineType.STANDARD,
      definitionBody: sfn.DefinitionBody.fromString(definition.text),
      definitionSubstitutions: Object.fromEntries(taskFunctions.map(([state, fn]) => [state, fn.functionArn])),
      role,
      tracingEnabled: true,
      logs: {
        // The /aws/vendedlogs/ prefix keeps CloudWatch's resource policy from growing with each state machine.
        destination: new logs.LogGroup(this, `Workflow ${workflow.name} Logs`, {
          logGroupName: `/aws/vendedlogs/states/${name}`,
          retention: logs.RetentionDays.THREE_MONTHS,
        }),
        level: sfn.LogLevel.ALL,
        includeExecutionData: true,
      },
    });
    Validations.of(role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'Added by the state machine construct for X-Ray tracing (xray:PutTraceSegments etc.) and CloudWatch Logs delivery (logs:CreateLogDelivery etc.); these actions do not support resource-level permissions.',
    });
  }

  /** State machine ARNs come from their fixed names, so a function can start one that invokes it (no cycle). */
  private workflowArn(workflow: string): string {
    return this.formatArn({
      service: 'states',
      resource: 'stateMachine',
      resourceName: workflowName(this.manifest.service, workflow),
      arnFormat: ArnFormat.COLON_RESOURCE_NAME,
    });
  }

  private queueArn(name: string): string {
    return this.formatArn({ service: 'sqs', resource: name, arnFormat: ArnFormat.NO_RESOURCE_NAME });
  }
}

/**
 * Sends matching events to a queue of the stateful stack. Unlike the SqsQueue target, it leaves the
 * queue's policy alone: the stateful stack already allows this rule, and editing it from here would
 * make the stateful stack depend on this one.
 */
class QueueTarget implements events.IRuleTarget {
  constructor(private readonly queue: sqs.IQueue) {}
  bind(): events.RuleTargetConfig {
    return { arn: this.queue.queueArn };
  }
}

/** Invokes exactly the function's unqualified ARN (the stock LambdaInvoke target also grants `<arn>:*`). */
class InvokeFunction extends ScheduleTargetBase implements scheduler.IScheduleTarget {
  constructor(
    private readonly fn: lambda.IFunction,
    props: ScheduleTargetBaseProps,
  ) {
    super(props, fn.functionArn);
  }
  protected addTargetActionToRole(role: iam.IRole): void {
    role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [this.fn.functionArn] }));
  }
}

/** `Http opportunities` for `handlers/opportunities`; a deeper file keeps its folders (`Http admin-reports`). */
export function httpStackId(file: string): string {
  return `Http ${file.replace(/^handlers\//, '').replaceAll('/', '-')}`;
}

const PATTERN_KEYS: Record<string, keyof events.EventPattern> = {
  version: 'version',
  id: 'id',
  'detail-type': 'detailType',
  source: 'source',
  account: 'account',
  time: 'time',
  region: 'region',
  resources: 'resources',
  detail: 'detail',
};

/** Manifest patterns use EventBridge's own keys; CDK spells `detail-type` as `detailType`. */
export function toCdkEventPattern(pattern: EventPattern): events.EventPattern {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(pattern)) {
    const cdkKey = PATTERN_KEYS[key];
    if (!cdkKey) throw new Error(`unknown event pattern key '${key}'`);
    out[cdkKey] = value;
  }
  return out as events.EventPattern;
}
