import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  API_PREFIX,
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
} from '@giving/shared/manifest';
import { manifests } from '../../services/index';
import { REPO_ROOT } from './bundling';
import { hasDeployables, scheduleDeadLetterQueueName, STACK_IDS } from './names';
import { timeoutSecondsOf } from './service-function';
import { functionLogicalId, onlyResource, synthesize } from './testing';

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

let synth: ReturnType<typeof synthesize>;
beforeAll(() => {
  synth = synthesize();
});

describe('stacks', () => {
  it('has one service stack per manifest with something to deploy, and none for empty manifests', () => {
    for (const manifest of manifests) {
      expect(synth.stacks.services.has(manifest.service), manifest.service).toBe(hasDeployables(manifest));
    }
    expect(synth.assembly.stacks.map((stack) => stack.stackName).sort()).toEqual(
      [STACK_IDS.stateful, STACK_IDS.api, STACK_IDS.web, ...manifests.filter(hasDeployables).map((m) => STACK_IDS.service(m.service))].sort(),
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
      const id = functionLogicalId(template(), service, spec.handler);
      expect(template().toJSON().Resources[id].Properties).toMatchObject({
        Handler: `index.${parseHandler(spec.handler).exportName}`,
        Runtime: 'nodejs24.x',
        Architectures: ['arm64'],
      });
    }
  });

  it.each(manifest.routes.map((route) => [`${route.method} ${route.path}`, route] as const))('route %s', (_, route) => {
    const routeKey = `${route.method} ${API_PREFIX}${route.path}`;
    const found = onlyResource(template(), 'AWS::ApiGatewayV2::Route', (props) => props.RouteKey === routeKey);
    if (route.auth.kind === 'public') {
      expect(found.properties.AuthorizationType).toBe('NONE');
      expect(found.properties.AuthorizerId).toBeUndefined();
    } else {
      expect(found.properties.AuthorizationType).toBe('JWT');
      expect(found.properties.AuthorizerId).toEqual({ 'Fn::ImportValue': expect.stringContaining('JwtAuthorizer') });
    }
    const integrationId = (text(found.properties.Target).match(/^integrations\/\$\{(.+)\}$/) ?? [])[1];
    const integration = template().toJSON().Resources[integrationId!];
    expect(integration.Type).toBe('AWS::ApiGatewayV2::Integration');
    expect(getAttOf(integration.Properties.IntegrationUri)).toBe(functionLogicalId(template(), service, route.handler));
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
