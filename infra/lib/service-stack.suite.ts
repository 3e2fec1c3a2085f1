import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CfnResource } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  API_PREFIX,
  defineService,
  deadLetterQueueName,
  EVENT_BUS_NAME,
  functionsOf,
  MAX_RECEIVE_COUNT,
  parseHandler,
  queueName,
  ruleName,
  scheduleName,
  streamDeadLetterQueueName,
  tableName,
  workflowName,
  type RouteSpec,
  type ServiceManifest,
  type ServiceName,
} from '@giving/shared/manifest';
import { manifests } from '../../services/index';
import { REPO_ROOT } from './bundling';
import { hasDeployables, scheduleDeadLetterQueueName, STACK_IDS } from './names';
import { timeoutSecondsOf } from './service-function';
import { httpStackId } from './service-stack';
import { allTemplates, appSynth, findFunction, functionLogicalId, nestedOutput, onlyResource, serviceTemplates, synthesize, type Synth } from './testing';

/** Fn::Join / Ref rendered as text (`arn:${AWS::Partition}:sqs:...`), to compare ARNs built from names. */
function text(value: unknown): string {
  if (typeof value === 'string') return value;
  const node = value as Record<string, unknown>;
  if (node['Fn::Join']) {
    const [separator, parts] = node['Fn::Join'] as [string, unknown[]];
    return parts.map(text).join(separator);
  }
  if (node.Ref) return `\${${String(node.Ref)}}`;
  return JSON.stringify(value);
}
const getAttOf = (value: unknown) => (value as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];

type Resource = { Type: string; Properties: Record<string, unknown> };
const resourcesOf = (template: { toJSON(): Record<string, unknown> }) => (template.toJSON().Resources ?? {}) as Record<string, Resource>;
/** The WebSocket API's routes, integrations and invoke permissions (their own describe below), not the HTTP API's. */
const isLiveApiResource = (r: Resource) =>
  (r.Type === 'AWS::ApiGatewayV2::Route' && String(r.Properties.RouteKey).startsWith('$')) ||
  (r.Type === 'AWS::ApiGatewayV2::Integration' && r.Properties.PayloadFormatVersion === undefined) ||
  (r.Type === 'AWS::Lambda::Permission' && /\*\$(connect|disconnect)$/.test(text(r.Properties.SourceArn)));

let synth: Synth;
beforeAll(() => {
  synth = appSynth();
});

describe('stacks', () => {
  it('has one service stack per manifest with something to deploy, and none for empty manifests', () => {
    for (const manifest of manifests) {
      expect(synth.stacks.services.has(manifest.service), manifest.service).toBe(hasDeployables(manifest));
    }
    expect(synth.assembly.stacks.map((stack) => stack.stackName).sort()).toEqual(
      [STACK_IDS.stateful, STACK_IDS.api, STACK_IDS.web, STACK_IDS.edge, ...manifests.filter(hasDeployables).map((m) => STACK_IDS.service(m.service))].sort(),
    );
  });
});

describe.each(manifests.filter((manifest) => manifest.table))('table of $service', (manifest) => {
  it('has pk/sk, its GSIs, TTL, on-demand billing, PITR and is retained', () => {
    const table = manifest.table!;
    const stateful = synth.template(synth.stacks.stateful);
    const gsis = table.indexes.map((index) => ({
      IndexName: index,
      KeySchema: [
        { AttributeName: `${index}pk`, KeyType: 'HASH' },
        { AttributeName: `${index}sk`, KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'ALL' },
    }));
    stateful.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({
        TableName: tableName(manifest.service),
        KeySchema: [
          { AttributeName: 'pk', KeyType: 'HASH' },
          { AttributeName: 'sk', KeyType: 'RANGE' },
        ],
        BillingMode: 'PAY_PER_REQUEST',
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        ...(gsis.length ? { GlobalSecondaryIndexes: gsis } : {}),
        ...(table.ttlAttribute ? { TimeToLiveSpecification: { AttributeName: table.ttlAttribute, Enabled: true } } : {}),
      }),
    });
  });
});

describe.each(manifests.filter(hasDeployables))('service $service', (manifest) => {
  const service = manifest.service;
  const template = () => synth.template(synth.stacks.services.get(service)!);

  it('has one function per manifest handler, on Node.js 24 / arm64, with the export as handler', () => {
    for (const { spec } of functionsOf(manifest)) {
      const found = findFunction(synth, service, spec.handler);
      expect(resourcesOf(found.template)[found.id]!.Properties).toMatchObject({
        Handler: `index.${parseHandler(spec.handler).exportName}`,
        Runtime: 'nodejs24.x',
        Architectures: ['arm64'],
      });
    }
  });

  it('puts the functions of each HTTP handler file in that file’s one nested stack, and every other function in the service stack', () => {
    const stack = synth.stacks.services.get(service)!;
    const files = new Set(manifest.routes.map((route) => parseHandler(route.handler).file));
    expect([...stack.httpStacks.keys()].sort()).toEqual([...files].sort());
    for (const { trigger, spec } of functionsOf(manifest)) {
      const home = trigger === 'http' ? stack.httpStacks.get(parseHandler(spec.handler).file) : stack;
      expect(findFunction(synth, service, spec.handler).stack.node.path, `${trigger} ${spec.handler}`).toBe(home?.node.path);
    }
    for (const [file, nested] of stack.httpStacks) {
      expect(nested.node.id).toBe(httpStackId(file));
      // Exactly the functions of that file's routes (each with its role, policy and log group), their integrations
      // and invoke permissions: nothing of another file, no route.
      const handlers = new Set(manifest.routes.filter((route) => parseHandler(route.handler).file === file).map((route) => route.handler));
      const resources = Object.values(resourcesOf(synth.template(nested)));
      const functions = resources.filter((r) => r.Type === 'AWS::Lambda::Function');
      expect(functions.map((fn) => fn.Properties.Description).sort()).toEqual([...handlers].map((handler) => `${service}: ${handler} (http)`).sort());
      const counts: Record<string, number> = {};
      for (const r of resources) counts[r.Type] = (counts[r.Type] ?? 0) + 1;
      expect(counts, file).toEqual(
        Object.fromEntries(
          ['AWS::Lambda::Function', 'AWS::IAM::Role', 'AWS::IAM::Policy', 'AWS::Logs::LogGroup', 'AWS::ApiGatewayV2::Integration', 'AWS::Lambda::Permission'].map(
            (type) => [type, handlers.size],
          ),
        ),
      );
    }
  });

  it('shares one integration and one API-scoped invoke permission per HTTP function, so routes cost one resource each', () => {
    const resources = serviceTemplates(synth, service).flatMap(({ template }) => Object.values(resourcesOf(template))).filter((r) => !isLiveApiResource(r));
    const httpHandlers = new Set(manifest.routes.map((route) => route.handler));
    const integrations = resources.filter((r) => r.Type === 'AWS::ApiGatewayV2::Integration');
    expect(integrations).toHaveLength(httpHandlers.size);
    const apiPermissions = resources.filter((r) => r.Type === 'AWS::Lambda::Permission' && r.Properties.Principal === 'apigateway.amazonaws.com');
    expect(apiPermissions).toHaveLength(httpHandlers.size);
    for (const permission of apiPermissions) expect(text(permission.Properties.SourceArn)).toMatch(/\/\*\/\*\/\*$/);
    // Each permission is for a function beside it, in the same nested stack.
    for (const { template } of serviceTemplates(synth, service).slice(1)) {
      const own = resourcesOf(template);
      for (const permission of Object.values(own).filter((r) => r.Type === 'AWS::Lambda::Permission')) {
        expect(own[getAttOf(permission.Properties.FunctionName)]?.Type).toBe('AWS::Lambda::Function');
      }
    }
    // The service stack keeps one resource per route, a nested stack per HTTP handler file and the other triggers'.
    const own = Object.values(resourcesOf(template())).filter((r) => !isLiveApiResource(r));
    expect(own.filter((r) => r.Type === 'AWS::ApiGatewayV2::Route')).toHaveLength(manifest.routes.length);
    expect(own.filter((r) => r.Type === 'AWS::CloudFormation::Stack')).toHaveLength(synth.stacks.services.get(service)!.httpStacks.size);
    expect(own.filter((r) => ['AWS::ApiGatewayV2::Integration', 'AWS::Lambda::Permission'].includes(r.Type))).toEqual([]);
  });

  it.each(manifest.routes.map((route) => [`${route.method} ${route.path}`, route] as const))('route %s', (_, route) => {
    const routeKey = `${route.method} ${API_PREFIX}${route.path}`;
    const found = onlyResource(template(), 'AWS::ApiGatewayV2::Route', (props) => props.RouteKey === routeKey);
    expect(found.id).toMatch(/^Route/);
    if (route.auth.kind === 'public') {
      expect(found.properties.AuthorizationType).toBe('NONE');
      expect(found.properties.AuthorizerId).toBeUndefined();
    } else {
      expect(found.properties.AuthorizationType).toBe('JWT');
      expect(found.properties.AuthorizerId).toEqual({ 'Fn::ImportValue': expect.stringContaining('JwtAuthorizer') });
    }
    expect(found.properties.ApiId).toEqual({ 'Fn::ImportValue': expect.stringContaining('HttpApi') });
    // integrations/<the integration's id>, read from the output of the nested stack of the handler's file.
    const [prefix, integrationRef] = (found.properties.Target as { 'Fn::Join': [string, [string, unknown]] })['Fn::Join'][1];
    expect(prefix).toBe('integrations/');
    const nested = nestedOutput(synth, synth.stacks.services.get(service)!, integrationRef);
    expect(nested.stack).toBe(synth.stacks.services.get(service)!.httpStacks.get(parseHandler(route.handler).file));
    const integration = resourcesOf(nested.template)[(nested.value as { Ref: string }).Ref]!;
    expect(integration.Type).toBe('AWS::ApiGatewayV2::Integration');
    expect(integration.Properties).toMatchObject({ IntegrationType: 'AWS_PROXY', PayloadFormatVersion: '2.0' });
    expect(integration.Properties.ApiId).toEqual(found.properties.ApiId);
    expect(getAttOf(integration.Properties.IntegrationUri)).toBe(functionLogicalId(nested.template, service, route.handler));
  });

  it.each(manifest.subscriptions.map((s) => [s.name, s] as const))('subscription %s: rule -> queue (+DLQ) -> function', (_, subscription) => {
    const stateful = synth.template(synth.stacks.stateful);
    const queue = onlyResource(stateful, 'AWS::SQS::Queue', (props) => props.QueueName === queueName(service, subscription.name));
    const dlq = onlyResource(stateful, 'AWS::SQS::Queue', (props) => props.QueueName === deadLetterQueueName(service, subscription.name));
    expect(queue.properties.RedrivePolicy).toEqual({ deadLetterTargetArn: { 'Fn::GetAtt': [dlq.id, 'Arn'] }, maxReceiveCount: MAX_RECEIVE_COUNT });
    expect(queue.properties.VisibilityTimeout).toBe(6 * timeoutSecondsOf('queue', subscription));
    expect(queue.properties.SqsManagedSseEnabled).toBe(true);

    const ruleArn = `arn:\${AWS::Partition}:events:\${AWS::Region}:\${AWS::AccountId}:rule/${EVENT_BUS_NAME}/${ruleName(service, subscription.name)}`;
    const policies = Object.values(stateful.findResources('AWS::SQS::QueuePolicy')).filter(
      (policy) => JSON.stringify(policy.Properties.Queues) === JSON.stringify([{ Ref: queue.id }]),
    );
    const statements = policies.flatMap((policy) => policy.Properties.PolicyDocument.Statement as Record<string, unknown>[]);
    expect(
      statements.some(
        (s) =>
          s.Effect === 'Allow' &&
          JSON.stringify(s.Principal) === JSON.stringify({ Service: 'events.amazonaws.com' }) &&
          text((s.Condition as { ArnEquals: Record<string, unknown> }).ArnEquals['aws:SourceArn']) === ruleArn,
      ),
    ).toBe(true);
    expect(statements.some((s) => s.Effect === 'Deny' && JSON.stringify(s.Condition) === JSON.stringify({ Bool: { 'aws:SecureTransport': 'false' } }))).toBe(true);

    const queueArn = `arn:\${AWS::Partition}:sqs:\${AWS::Region}:\${AWS::AccountId}:${queueName(service, subscription.name)}`;
    const rule = onlyResource(template(), 'AWS::Events::Rule', (props) => props.Name === ruleName(service, subscription.name));
    expect(rule.properties.EventBusName).toBe(EVENT_BUS_NAME);
    expect(rule.properties.EventPattern).toEqual(subscription.pattern);
    expect((rule.properties.Targets as { Arn: unknown }[]).map((target) => text(target.Arn))).toEqual([queueArn]);

    const mapping = onlyResource(template(), 'AWS::Lambda::EventSourceMapping', (props) => text(props.EventSourceArn) === queueArn);
    expect(mapping.properties.FunctionResponseTypes).toEqual(['ReportBatchItemFailures']);
    expect(mapping.properties.BatchSize).toBe(subscription.batchSize ?? 10);
    expect(mapping.properties.FunctionName).toEqual({ Ref: functionLogicalId(template(), service, subscription.handler) });
  });

  it.each(manifest.streams.map((s) => [s.name, s] as const))('stream subscription %s: table stream -> filter -> function (+DLQ)', (_, stream) => {
    const stateful = synth.template(synth.stacks.stateful);
    const table = onlyResource(stateful, 'AWS::DynamoDB::Table', (props) => props.TableName === tableName(service));
    expect(table.properties.StreamSpecification).toEqual({ StreamViewType: manifest.table?.stream });
    onlyResource(stateful, 'AWS::SQS::Queue', (props) => props.QueueName === streamDeadLetterQueueName(service, stream.name));

    const mappings = Object.values(template().findResources('AWS::Lambda::EventSourceMapping')).filter(
      (mapping) => JSON.stringify(mapping.Properties.FunctionName) === JSON.stringify({ Ref: functionLogicalId(template(), service, stream.handler) }),
    );
    expect(mappings).toHaveLength(1);
    const mapping = mappings[0]?.Properties as Record<string, unknown>;
    expect(text(mapping.EventSourceArn)).toContain('StreamArn'); // the stateful table's stream, imported
    expect(mapping).toMatchObject({
      StartingPosition: 'TRIM_HORIZON',
      BatchSize: stream.batchSize ?? 10,
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: MAX_RECEIVE_COUNT,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      FilterCriteria: { Filters: [{ Pattern: JSON.stringify(stream.filter) }] },
    });
    const onFailure = (mapping.DestinationConfig as { OnFailure: { Destination: unknown } }).OnFailure.Destination;
    expect(text(onFailure)).toBe(`arn:\${AWS::Partition}:sqs:\${AWS::Region}:\${AWS::AccountId}:${streamDeadLetterQueueName(service, stream.name)}`);
  });

  it.each(manifest.workflows.map((w) => [w.name, w] as const))('workflow %s: Standard state machine from its ASL file', (_, workflow) => {
    const found = onlyResource(template(), 'AWS::StepFunctions::StateMachine', (props) => props.StateMachineName === workflowName(service, workflow.name));
    expect(found.properties.StateMachineType).toBe('STANDARD');
    expect(found.properties.DefinitionString).toBe(readFileSync(path.join(REPO_ROOT, 'services', service, workflow.definition), 'utf8'));
    const substitutions = found.properties.DefinitionSubstitutions as Record<string, unknown>;
    expect(Object.keys(substitutions).sort()).toEqual(Object.keys(workflow.tasks).sort());
    for (const [state, task] of Object.entries(workflow.tasks)) {
      expect(substitutions[state], state).toEqual({ 'Fn::GetAtt': [functionLogicalId(template(), service, task.handler), 'Arn'] });
    }
    expect(found.properties.LoggingConfiguration).toMatchObject({ Level: 'ALL', IncludeExecutionData: true });
    expect(found.properties.TracingConfiguration).toEqual({ Enabled: true });

    // Its role may invoke exactly its task functions.
    const roleId = getAttOf(found.properties.RoleArn);
    const policy = Object.values(template().findResources('AWS::IAM::Policy')).find(
      (p) => JSON.stringify(p.Properties.Roles) === JSON.stringify([{ Ref: roleId }]),
    );
    const invoke = (policy?.Properties.PolicyDocument.Statement as { Action: unknown; Resource: unknown }[]).find(
      (s) => s.Action === 'lambda:InvokeFunction',
    );
    const expected = Object.values(workflow.tasks).map((task) => ({ 'Fn::GetAtt': [functionLogicalId(template(), service, task.handler), 'Arn'] }));
    expect(([] as unknown[]).concat(invoke?.Resource)).toEqual(expected);
  });

  it.each(manifest.schedules.map((s) => [s.name, s] as const))('schedule %s', (_, schedule) => {
    const found = onlyResource(template(), 'AWS::Scheduler::Schedule', (props) => props.Name === scheduleName(service, schedule.name));
    expect(found.properties.ScheduleExpression).toBe(schedule.expression);
    expect(found.properties.State).toBe('ENABLED');
    const target = found.properties.Target as Record<string, unknown>;
    expect(getAttOf(target.Arn)).toBe(functionLogicalId(template(), service, schedule.handler));
    expect(JSON.parse(target.Input as string)).toEqual({ scheduledTime: '<aws.scheduler.scheduled-time>' });
    expect(target.RetryPolicy).toEqual({ MaximumRetryAttempts: expect.any(Number), MaximumEventAgeInSeconds: expect.any(Number) });
    expect(text((target.DeadLetterConfig as { Arn: unknown }).Arn)).toBe(
      `arn:\${AWS::Partition}:sqs:\${AWS::Region}:\${AWS::AccountId}:${scheduleDeadLetterQueueName(service, schedule.name)}`,
    );
    synth.template(synth.stacks.stateful).hasResourceProperties('AWS::SQS::Queue', {
      QueueName: scheduleDeadLetterQueueName(service, schedule.name),
    });
  });
});

describe('stack sizes and stable homes', () => {
  it('keeps every template, service stacks and nested stacks alike, far below CloudFormation’s 500 resources', () => {
    const templates = allTemplates(synth);
    expect(templates.filter((t) => t.nested).length).toBeGreaterThan(0);
    for (const { path: stackPath, template } of templates) {
      expect(Object.keys(resourcesOf(template)).length, stackPath).toBeLessThan(400);
    }
  });

  it('keeps each route in its service stack under the logical id it was deployed with', () => {
    // API Gateway refuses a second route with the same key, and CloudFormation creates a moved route before it
    // deletes the old one: a route that changed stack or logical id would fail the deployment.
    const deployed: Record<string, [string, string]> = {
      accounts: ['GET /api/accounts/charities', 'RouteGETapiaccountscharitiesECE0ECC1'],
      donations: ['POST /api/donations/payments', 'RoutePOSTapidonationspayments964773BD'],
      volunteering: ['GET /api/volunteer/volunteer/configuration', 'RouteGETapivolunteervolunteerconfiguration3D5164DE'],
    };
    for (const [service, [routeKey, logicalId]] of Object.entries(deployed)) {
      const template = synth.template(synth.stacks.services.get(service as ServiceName)!);
      expect(onlyResource(template, 'AWS::ApiGatewayV2::Route', (props) => props.RouteKey === routeKey).id).toBe(logicalId);
    }
    for (const [service, stack] of synth.stacks.services) {
      const routes = stack.node
        .findAll()
        .filter((c) => CfnResource.isCfnResource(c) && c.cfnResourceType === 'AWS::ApiGatewayV2::Route' && !String((c as CfnResource & { routeKey?: string }).routeKey).startsWith('$'));
      const manifest = manifests.find((m) => m.service === service)!;
      expect(routes.map((route) => route.node.path).sort(), service).toEqual(
        manifest.routes.map((route) => `${stack.node.path}/Route ${`${route.method} ${API_PREFIX}${route.path}`.replaceAll('/', '|')}/Resource`).sort(),
      );
    }
  });

  it('leaves every function and route where it was when routes come and go, in its own file or another', () => {
    const volunteering = manifests.find((m) => m.service === 'volunteering')!;
    const [first, ...rest] = volunteering.routes;
    const addedRoute = (path: `/${string}`, handler: string): RouteSpec => ({ ...first!, path, handler, summary: 'Added later.' });
    const grown = defineService({
      ...volunteering,
      routes: [
        addedRoute('/volunteer/added-first', 'handlers/opportunities#addedLater'), // a file that has routes, first in the list
        first!,
        ...rest.slice(0, -1), // the last route gone (and with it its function)
        addedRoute('/volunteer/added-queue-file', 'handlers/record-copies#addedLater'), // a file that so far only consumes a queue
      ],
    });
    const homes = (m: ServiceManifest) => {
      const s = synthesize({ manifests: [m] });
      const stack = s.stacks.services.get('volunteering')!;
      const functions = new Map(functionsOf(m).map(({ spec }) => {
        const found = findFunction(s, 'volunteering', spec.handler);
        return [spec.handler, `${found.stack.node.path} ${found.id}`];
      }));
      const routes = new Map(m.routes.map((route) => {
        const key = `${route.method} ${API_PREFIX}${route.path}`;
        return [key, onlyResource(s.template(stack), 'AWS::ApiGatewayV2::Route', (props) => props.RouteKey === key).id];
      }));
      return { functions, routes, httpStacks: [...stack.httpStacks.keys()] };
    };
    const before = homes(volunteering);
    const after = homes(grown);
    const kept = [...before.functions.keys()].filter((handler) => after.functions.has(handler));
    expect(kept.length).toBeGreaterThanOrEqual(before.functions.size - 1);
    for (const handler of kept) expect(after.functions.get(handler), handler).toBe(before.functions.get(handler));
    for (const [key, id] of before.routes) if (after.routes.has(key)) expect(after.routes.get(key), key).toBe(id);
    expect(after.functions.get('handlers/opportunities#addedLater')).toMatch(/^GivingVolunteering\/Http opportunities /);
    // The queue consumers of record-copies stay in the service stack; its new HTTP function gets the file's own nested stack.
    expect(after.functions.get('handlers/record-copies#addedLater')).toMatch(/^GivingVolunteering\/Http record-copies /);
    for (const subscription of volunteering.subscriptions) expect(after.functions.get(subscription.handler)).toMatch(/^GivingVolunteering volunteering/);
    expect(after.httpStacks.sort()).toEqual([...before.httpStacks, 'handlers/record-copies'].sort());
  });
});

describe('secrets in the real app: read at run time, never in a function’s configuration', () => {
  /** Every Lambda function of every template, with the GetSecretValue resources its role's policies allow. */
  const functions = () =>
    allTemplates(synth).flatMap(({ template }) => {
      const resources = resourcesOf(template);
      const policies = Object.values(resources).filter((r) => r.Type === 'AWS::IAM::Policy');
      return Object.entries(resources)
        .filter(([, r]) => r.Type === 'AWS::Lambda::Function')
        .map(([id, fn]) => {
          const role = getAttOf(fn.Properties.Role as unknown);
          const secretReads = policies
            .filter((p) => JSON.stringify(p.Properties.Roles) === JSON.stringify([{ Ref: role }]))
            .flatMap((p) => (p.Properties.PolicyDocument as { Statement: { Action: string | string[]; Resource: unknown }[] }).Statement)
            .filter((s) => ([] as string[]).concat(s.Action).includes('secretsmanager:GetSecretValue'))
            .flatMap((s) => ([] as unknown[]).concat(s.Resource).map((r) => text(r).replace(/.*:secret:/, '')));
          const env = ((fn.Properties.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {}) as Record<string, unknown>;
          return { id, env, secretReads };
        });
    });

  it('no function’s environment holds a secret, only the names of those it may read', () => {
    const all = functions();
    expect(all.length).toBeGreaterThan(100);
    for (const { id, env } of all) expect([id, JSON.stringify(env)]).not.toEqual([id, expect.stringContaining('resolve:secretsmanager')]);
  });

  it('each function may read exactly the secrets its environment names, and nothing else', () => {
    const cardReaders = functions().filter(({ env }) => 'CARD_GATEWAY_API_KEY_SECRET_ID' in env);
    expect(cardReaders.length).toBeGreaterThan(0);
    for (const { id, env, secretReads } of functions()) {
      const named = Object.entries(env)
        .filter(([key]) => key.endsWith('_SECRET_ID'))
        .map(([, value]) => `${String(value)}-??????`)
        .sort();
      expect([id, [...secretReads].sort()]).toEqual([id, named]);
    }
  });
});
