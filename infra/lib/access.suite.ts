import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DonationCompleted } from '@giving/shared/events/donations';
import { patternFor } from '@giving/shared/events';
import { paymentGatewaySettingsSchema } from '@giving/shared/contracts/payment-gateway';
import { defineService, ENV, type ServiceManifest } from '@giving/shared/manifest';
import { AwsSolutionsChecks } from 'cdk-nag';
import { REPO_ROOT } from './bundling';
import { CONTEXT_DEFAULTS } from './config';
import { CARD_GATEWAY_SECRET_NAME, CARD_GATEWAY_TRUST_SECRET_NAME, ORIGIN_VERIFY_SECRET_NAME, VOUCHER_CODE_SECRET_NAME } from './names';
import { findFunction, onlyResource, synthesize, type Synth } from './testing';

/**
 * A made-up service that uses every kind of access, built from handler files in a temporary folder:
 * each function must get exactly the environment and permissions its `access` names, and cdk-nag must pass.
 */
const probe = defineService({
  service: 'matching',
  table: { indexes: ['gsi1', 'gsi2', 'gsi3'], ttlAttribute: 'expiresAt' },
  routes: [
    { method: 'GET', path: '/probe/read', handler: 'handlers/read', auth: { kind: 'public' }, summary: 'Reads.', access: { table: 'read' } },
    {
      method: 'POST',
      path: '/probe/write',
      handler: 'handlers/write',
      auth: { kind: 'signedIn', anyOf: ['BackOffice_ManagePayments'] },
      summary: 'Writes everything.',
      access: {
        table: 'readWrite',
        publishes: [DonationCompleted],
        startsWorkflows: ['settle'],
        sendsMail: true,
        media: 'readWrite',
        cardGateway: true,
        paymentGateway: true,
        voucherCodes: true,
      },
    },
    { method: 'GET', path: '/probe/logo', handler: 'handlers/logo', auth: { kind: 'signedIn' }, summary: 'Logo.', access: { media: 'read' } },
    { method: 'PUT', path: '/probe/admins', handler: 'handlers/admins', auth: { kind: 'signedIn', anyOf: ['BackOffice_ManageAdmins'] }, summary: 'Admins.', access: { userPoolGroups: true } },
    { method: 'GET', path: '/probe/payroll', handler: 'handlers/payroll', auth: { kind: 'signedIn' }, summary: 'Payroll file.', access: { payrollFiles: 'read' } },
    { method: 'POST', path: '/probe/payroll', handler: 'handlers/payroll-write', auth: { kind: 'signedIn' }, summary: 'Writes a payroll file.', access: { payrollFiles: 'readWrite' } },
    { method: 'GET', path: '/probe/my-data', handler: 'handlers/my-data', auth: { kind: 'signedIn' }, summary: 'A data export.', access: { personalData: 'read' } },
    { method: 'POST', path: '/probe/my-data', handler: 'handlers/my-data-part', auth: { kind: 'signedIn' }, summary: 'A part of one.', access: { personalData: 'write' } },
    { method: 'PUT', path: '/probe/my-data', handler: 'handlers/my-data-archive', auth: { kind: 'signedIn' }, summary: 'Puts one together.', access: { personalData: 'readWrite' } },
    { method: 'DELETE', path: '/probe/me', handler: 'handlers/delete-me', auth: { kind: 'signedIn' }, summary: 'Deletes an account.', access: { deletesUsers: true } },
    { method: 'GET', path: '/probe/history', handler: 'handlers/history', auth: { kind: 'signedIn' }, summary: 'A run’s history.', access: { readsWorkflowHistory: ['settle'] } },
    { method: 'GET', path: '/probe/nothing', handler: 'handlers/nothing', auth: { kind: 'public' }, summary: 'Nothing.', access: {} },
    { method: 'POST', path: '/probe/find', handler: 'handlers/find', auth: { kind: 'public' }, summary: 'Searches.', access: { search: 'read' } },
    // Another export of the file whose `settle` is a workflow task.
    { method: 'GET', path: '/probe/settled', handler: 'handlers/tasks', auth: { kind: 'signedIn' }, summary: 'Settled.', access: { table: 'read' } },
  ],
  subscriptions: [{ name: 'count', pattern: patternFor(DonationCompleted), handler: 'handlers/count', access: { table: 'readWrite' }, batchSize: 25, timeoutSeconds: 50 }],
  workflows: [
    { name: 'settle', definition: 'workflows/settle.asl.json', tasks: { Settle: { handler: 'handlers/tasks#settle', access: { table: 'readWrite' } } } },
  ],
  schedules: [{ name: 'nightly', expression: 'cron(0 3 * * ? *)', description: 'Nightly.', handler: 'handlers/nightly', access: {} }],
  onDeploy: [{ name: 'prepare', description: 'Prepares the indexes.', handler: 'handlers/prepare', access: { search: 'readWrite' } }],
});

const settleAsl = {
  StartAt: 'Settle',
  States: {
    Settle: { Type: 'Task', Resource: 'arn:aws:states:::lambda:invoke', Parameters: { FunctionName: '${Settle}', 'Payload.$': '$' }, End: true },
  },
};

function writeService(root: string, manifest: ServiceManifest, asl: unknown = settleAsl) {
  const dir = path.join(root, manifest.service);
  mkdirSync(path.join(dir, 'handlers'), { recursive: true });
  mkdirSync(path.join(dir, 'workflows'), { recursive: true });
  for (const file of ['read', 'write', 'logo', 'admins', 'nothing', 'count', 'tasks', 'nightly', 'find', 'prepare', 'payroll', 'payroll-write', 'history', 'my-data', 'my-data-part', 'my-data-archive', 'delete-me']) {
    writeFileSync(path.join(dir, 'handlers', `${file}.ts`), 'export const handler = async () => ({});\nexport const settle = handler;\n');
  }
  writeFileSync(path.join(dir, 'workflows', 'settle.asl.json'), JSON.stringify(asl));
}

/**
 * NodejsFunction wants entries inside the project, so the made-up service lives in a scratch folder under
 * .cache/ (ignored by git, lint and the type check).
 */
const servicesFolder = () => {
  const scratch = path.join(REPO_ROOT, '.cache', 'infra-tests');
  mkdirSync(scratch, { recursive: true });
  return mkdtempSync(path.join(scratch, 'services-'));
};

type Statement = { Action: string | string[]; Resource: unknown; Condition?: unknown };

let root: string;
let synth: Synth;
beforeAll(() => {
  root = servicesFolder();
  writeService(root, probe);
  synth = synthesize({ manifests: [probe], servicesRoot: root });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const template = () => synth.template(synth.stacks.services.get('matching')!);
/** A handler's function, from whichever template holds it (a route's: its file's nested stack). */
const fn = (handler: string) => {
  const found = findFunction(synth, 'matching', handler);
  return found.template.toJSON().Resources[found.id];
};
const statements = (handler: string): Statement[] => {
  const role = (fn(handler).Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
  const policy = Object.values(findFunction(synth, 'matching', handler).template.findResources('AWS::IAM::Policy')).find(
    (p) => JSON.stringify(p.Properties.Roles) === JSON.stringify([{ Ref: role }]),
  );
  return policy!.Properties.PolicyDocument.Statement as Statement[];
};
const actionsOf = (handler: string) => statements(handler).flatMap((s) => ([] as string[]).concat(s.Action)).sort();
const COMMON_ENV = [ENV.serviceName, ENV.siteUrl, 'NODE_OPTIONS'];
/** Every route reads CloudFront's secret (X-Origin-Verify), and a signed-in route asks the user pool for groups. */
const ROUTE_ENV = [...COMMON_ENV, ENV.secretId('ORIGIN_VERIFY')];
const SIGNED_IN_ROUTE_ENV = [...ROUTE_ENV, ENV.userPoolId];
const LOGS = ['logs:CreateLogStream', 'logs:PutLogEvents'];
/** The one statement that lets a function read secrets, and the secrets it names (name-??????, Secrets Manager's suffix). */
const secretReads = (handler: string) => {
  return statements(handler)
    .filter((s) => s.Action === 'secretsmanager:GetSecretValue')
    .flatMap((s) => ([] as unknown[]).concat(s.Resource))
    .map((resource) => JSON.stringify(resource).replace(/.*:secret:/, '').replace(/"\]\]\}$|"$/, ''));
};

describe('access -> environment and IAM', () => {
  it('gives a public route with no access only its logs and CloudFront’s secret, by name, never its value', () => {
    const env = fn('handlers/nothing').Properties.Environment.Variables as Record<string, unknown>;
    expect(Object.keys(env).sort()).toEqual([...ROUTE_ENV].sort());
    expect(env[ENV.secretId('ORIGIN_VERIFY')]).toBe(ORIGIN_VERIFY_SECRET_NAME);
    expect(actionsOf('handlers/nothing')).toEqual([...LOGS, 'secretsmanager:GetSecretValue'].sort());
    expect(secretReads('handlers/nothing')).toEqual([`${ORIGIN_VERIFY_SECRET_NAME}-??????`]);
  });

  it('gives a function with no access and no route only its logs', () => {
    expect(Object.keys(fn('handlers/nightly').Properties.Environment.Variables).sort()).toEqual([...COMMON_ENV].sort());
    expect(actionsOf('handlers/nightly')).toEqual(LOGS);
  });

  it('lets a signed-in route ask the user pool for the caller’s groups, and nothing more of it', () => {
    const env = fn('handlers/logo').Properties.Environment.Variables as Record<string, unknown>;
    expect(JSON.stringify(env[ENV.userPoolId])).toMatch(/UserPool/);
    const groups = statements('handlers/logo').find((s) => s.Action === 'cognito-idp:AdminListGroupsForUser')!;
    expect(JSON.stringify(groups.Resource)).toMatch(/UserPool/);
    expect(actionsOf('handlers/read')).not.toContain('cognito-idp:AdminListGroupsForUser');
  });

  it('lets a table reader read its table and each declared index, nothing more', () => {
    expect(Object.keys(fn('handlers/read').Properties.Environment.Variables).sort()).toEqual([...ROUTE_ENV, ENV.tableName('matching')].sort());
    const table = statements('handlers/read').find((s) => ([] as string[]).concat(s.Action).includes('dynamodb:Query'))!;
    expect(([] as string[]).concat(table.Action).sort()).toEqual(
      ['dynamodb:BatchGetItem', 'dynamodb:ConditionCheckItem', 'dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:Scan'].sort(),
    );
    const resources = JSON.stringify(table.Resource);
    for (const suffix of [':table/giving-matching"', '/index/gsi1"', '/index/gsi2"', '/index/gsi3"']) expect(resources).toContain(suffix);
    expect(resources).not.toContain('*');
  });

  it('lets a reader of a workflow’s history read its executions’ history, nothing else of it', () => {
    const env = fn('handlers/history').Properties.Environment.Variables as Record<string, unknown>;
    expect(JSON.stringify(env[ENV.workflowArn('matching', 'settle')])).toContain(':stateMachine:giving-matching-settle');
    const all = statements('handlers/history');
    const history = all.filter((s) => ([] as string[]).concat(s.Action).some((action) => action.startsWith('states:')));
    expect(history.map((s) => s.Action)).toEqual(['states:GetExecutionHistory']);
    expect(JSON.stringify(history[0]!.Resource)).toContain(':execution:giving-matching-settle:*');
  });

  it('wires everything a writer declares', () => {
    const env = fn('handlers/write').Properties.Environment.Variables as Record<string, unknown>;
    expect(Object.keys(env).sort()).toEqual(
      [
        ...SIGNED_IN_ROUTE_ENV,
        ENV.tableName('matching'),
        ENV.eventBusName,
        ENV.workflowArn('matching', 'settle'),
        ENV.mailFrom,
        ENV.mediaBucket,
        ENV.mediaBaseUrl,
        ENV.cardGatewayUrl,
        ENV.secretId('CARD_GATEWAY_API_KEY'),
        ENV.secretId('CARD_GATEWAY_TRUST_API_KEY'),
        ENV.paymentGatewaySettings,
        ENV.secretId('VOUCHER_CODE_KEY'),
      ].sort(),
    );
    // Secrets are named, never given: the function reads them at run time (shared/lambda/secrets.ts).
    expect(env[ENV.secretId('CARD_GATEWAY_API_KEY')]).toBe(CARD_GATEWAY_SECRET_NAME);
    expect(env[ENV.secretId('CARD_GATEWAY_TRUST_API_KEY')]).toBe(CARD_GATEWAY_TRUST_SECRET_NAME);
    expect(env[ENV.secretId('VOUCHER_CODE_KEY')]).toBe(VOUCHER_CODE_SECRET_NAME);
    expect(JSON.stringify(env)).not.toContain('resolve:secretsmanager');
    expect(secretReads('handlers/write').sort()).toEqual(
      [CARD_GATEWAY_SECRET_NAME, CARD_GATEWAY_TRUST_SECRET_NAME, VOUCHER_CODE_SECRET_NAME, ORIGIN_VERIFY_SECRET_NAME].map((name) => `${name}-??????`).sort(),
    );
    // The settings the donations functions parse: both accounts' public keys and the default fees from context.
    expect(paymentGatewaySettingsSchema.parse(JSON.parse(env[ENV.paymentGatewaySettings] as string))).toEqual({
      accounts: { Trust: { clientKey: CONTEXT_DEFAULTS.cardGatewayTrustClientKey }, Platform: { clientKey: CONTEXT_DEFAULTS.cardGatewayPublishableKey } },
      transactionProcessingFees: CONTEXT_DEFAULTS.transactionProcessingFees,
    });
    expect(env[ENV.cardGatewayUrl]).toBe(CONTEXT_DEFAULTS.cardGatewayUrl);
    expect(env[ENV.mailFrom]).toBe(CONTEXT_DEFAULTS.mailFromAddress);
    expect(JSON.stringify(env[ENV.workflowArn('matching', 'settle')])).toContain(':stateMachine:giving-matching-settle');

    const all = statements('handlers/write');
    const put = all.find((s) => s.Action === 'events:PutEvents')!;
    expect(put.Condition).toEqual({
      StringEquals: { 'events:source': [DonationCompleted.source], 'events:detail-type': [DonationCompleted.name] },
    });
    expect(JSON.stringify(put.Resource)).toContain(':event-bus/giving');
    expect(JSON.stringify(all.find((s) => s.Action === 'states:StartExecution')!.Resource)).toContain(':stateMachine:giving-matching-settle');
    expect(JSON.stringify(all.find((s) => s.Action === 'ses:SendEmail')!.Resource)).toContain(':identity/giving.example.org');
    const media = all.find((s) => ([] as string[]).concat(s.Action).includes('s3:PutObject'))!;
    expect(([] as string[]).concat(media.Action).sort()).toEqual(['s3:DeleteObject', 's3:GetObject', 's3:PutObject']);
    expect(JSON.stringify(media.Resource)).toMatch(/giving-media-.*\/\*"/);
    expect(actionsOf('handlers/write')).toContain('dynamodb:PutItem');
  });

  it('lets a search reader only search the one domain, found by name (no export), signing for its region', () => {
    const env = fn('handlers/find').Properties.Environment.Variables as Record<string, unknown>;
    expect(Object.keys(env).sort()).toEqual([...ROUTE_ENV, ENV.searchEndpoint].sort());
    // https://<the endpoint the stateful stack keeps in its SSM parameter>, resolved when the service stack deploys.
    const endpoint = JSON.stringify(env[ENV.searchEndpoint]);
    expect(endpoint).toContain('https://');
    expect(endpoint).toContain('SsmParameterValue');
    const search = statements('handlers/find').find((s) => ([] as string[]).concat(s.Action).some((a) => a.startsWith('es:')))!;
    expect(([] as string[]).concat(search.Action).sort()).toEqual(['es:ESHttpGet', 'es:ESHttpHead', 'es:ESHttpPost']);
    expect(JSON.stringify(search.Resource)).toMatch(/:es:.*:domain\/giving-search\/\*"/);
    expect(endpoint).not.toContain('Fn::ImportValue');
  });

  it('runs a deploy task after each deployment that changes it (a CDK trigger), with what its access names', () => {
    const triggers = template().findResources('Custom::Trigger');
    expect(Object.keys(triggers)).toHaveLength(1);
    const properties = Object.values(triggers)[0]!.Properties as { HandlerArn: { Ref: string }; ExecuteOnHandlerChange: boolean; Timeout: string };
    // The function's current version: a change to the task's code runs it again on the next deployment.
    expect(properties.HandlerArn.Ref.startsWith('matchingPrepareFunctionCurrentVersion')).toBe(true);
    expect(properties.ExecuteOnHandlerChange).toBe(true);
    expect(properties.Timeout).toBe('120000');
    expect(actionsOf('handlers/prepare').filter((a) => a.startsWith('es:'))).toEqual(['es:ESHttpDelete', 'es:ESHttpGet', 'es:ESHttpHead', 'es:ESHttpPost', 'es:ESHttpPut']);
  });

  it('lets a media reader only get objects', () => {
    expect(Object.keys(fn('handlers/logo').Properties.Environment.Variables).sort()).toEqual(
      [...SIGNED_IN_ROUTE_ENV, ENV.mediaBucket, ENV.mediaBaseUrl].sort(),
    );
    expect(actionsOf('handlers/logo')).toEqual([...LOGS, 'cognito-idp:AdminListGroupsForUser', 's3:GetObject', 'secretsmanager:GetSecretValue'].sort());
  });

  it('lets a payroll-file reader only get objects of the payroll-files bucket, and a writer also put them', () => {
    expect(Object.keys(fn('handlers/payroll').Properties.Environment.Variables).sort()).toEqual([...SIGNED_IN_ROUTE_ENV, ENV.payrollFilesBucket].sort());
    expect(actionsOf('handlers/payroll')).toEqual([...LOGS, 'cognito-idp:AdminListGroupsForUser', 's3:GetObject', 'secretsmanager:GetSecretValue'].sort());
    const write = statements('handlers/payroll-write').find((s) => ([] as string[]).concat(s.Action).includes('s3:PutObject'))!;
    expect(([] as string[]).concat(write.Action).sort()).toEqual(['s3:DeleteObject', 's3:GetObject', 's3:PutObject']);
    expect(JSON.stringify(write.Resource)).toMatch(/giving-payroll-files-.*\/\*"/);
  });

  it('lets a personal-data reader get, a service put its part, and accounts both, in the personal-data bucket only', () => {
    expect(Object.keys(fn('handlers/my-data').Properties.Environment.Variables).sort()).toEqual([...SIGNED_IN_ROUTE_ENV, ENV.personalDataBucket].sort());
    const s3Actions = (handler: string) => {
      const statement = statements(handler).find((s) => ([] as string[]).concat(s.Action).some((action) => action.startsWith('s3:')))!;
      expect(JSON.stringify(statement.Resource)).toMatch(/giving-personal-data-.*\/\*"/);
      return ([] as string[]).concat(statement.Action).sort();
    };
    expect(s3Actions('handlers/my-data')).toEqual(['s3:GetObject']);
    expect(s3Actions('handlers/my-data-part')).toEqual(['s3:PutObject']);
    expect(s3Actions('handlers/my-data-archive')).toEqual(['s3:GetObject', 's3:PutObject']);
  });

  it('lets "Delete my account" delete users of the member pool, nothing else of it', () => {
    expect(actionsOf('handlers/delete-me')).toEqual([...LOGS, 'cognito-idp:AdminDeleteUser', 'cognito-idp:AdminListGroupsForUser', 'secretsmanager:GetSecretValue'].sort());
  });

  it('lets a group manager add and remove user pool group members in the member pool only', () => {
    const env = fn('handlers/admins').Properties.Environment.Variables as Record<string, unknown>;
    expect(Object.keys(env).sort()).toEqual([...SIGNED_IN_ROUTE_ENV].sort());
    expect(JSON.stringify(env[ENV.userPoolId])).toMatch(/UserPool/);
    const groups = statements('handlers/admins').find((s) => ([] as string[]).concat(s.Action).includes('cognito-idp:AdminAddUserToGroup'))!;
    expect(([] as string[]).concat(groups.Action).sort()).toEqual(
      [
        'cognito-idp:AdminAddUserToGroup',
        'cognito-idp:AdminListGroupsForUser',
        'cognito-idp:AdminRemoveUserFromGroup',
        'cognito-idp:AdminSetUserMFAPreference',
        'cognito-idp:AdminUserGlobalSignOut',
        'cognito-idp:ListUsersInGroup',
      ].sort(),
    );
    expect(JSON.stringify(groups.Resource)).toMatch(/UserPool/);
    expect(JSON.stringify(groups.Resource)).not.toContain('*');
  });

  it('gives a big batch a batching window, and the queue six times the consumer timeout', () => {
    const mapping = onlyResource(template(), 'AWS::Lambda::EventSourceMapping', () => true);
    expect(mapping.properties).toMatchObject({ BatchSize: 25, MaximumBatchingWindowInSeconds: 1 });
    synth.template(synth.stacks.stateful).hasResourceProperties('AWS::SQS::Queue', { QueueName: 'giving-matching-count', VisibilityTimeout: 300 });
  });

  it('keeps a route’s function in its file’s nested stack and the same file’s task function in the service stack', () => {
    const stack = synth.stacks.services.get('matching')!;
    expect([...stack.httpStacks.keys()].sort()).toEqual(['handlers/admins', 'handlers/delete-me', 'handlers/find', 'handlers/history', 'handlers/logo', 'handlers/my-data', 'handlers/my-data-archive', 'handlers/my-data-part', 'handlers/nothing', 'handlers/payroll', 'handlers/payroll-write', 'handlers/read', 'handlers/tasks', 'handlers/write']);
    expect(findFunction(synth, 'matching', 'handlers/tasks').stack).toBe(stack.httpStacks.get('handlers/tasks'));
    expect(findFunction(synth, 'matching', 'handlers/tasks#settle').stack).toBe(stack);
    expect(Object.keys(fn('handlers/tasks').Properties.Environment.Variables).sort()).toEqual([...SIGNED_IN_ROUTE_ENV, ENV.tableName('matching')].sort());
    // The media acknowledgement (and every other) sits on the function, in its nested stack.
    expect(findFunction(synth, 'matching', 'handlers/write').stack).toBe(stack.httpStacks.get('handlers/write'));
  });

  it('passes cdk-nag, media wildcard included', () => {
    expect(new AwsSolutionsChecks().validateScope(synth.app).violations).toEqual([]);
  });
});

describe('manifest mistakes fail the synth', () => {
  const attempt = (manifest: ServiceManifest, asl?: unknown) => {
    const dir = servicesFolder();
    try {
      writeService(dir, manifest, asl);
      synthesize({ manifests: [manifest], servicesRoot: dir });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };

  it('table access without a table', () => {
    expect(() => attempt({ ...probe, table: undefined })).toThrow(/declares no table/);
  });

  it('starting a workflow the service does not define', () => {
    const routes = probe.routes.map((route) => ({ ...route, access: { ...route.access, startsWorkflows: route.access.startsWorkflows && ['payment'] } }));
    expect(() => attempt({ ...probe, routes })).toThrow(/starts workflow 'payment'/);
  });

  it('a Task state without a manifest task', () => {
    const asl = { StartAt: 'Settle', States: { ...settleAsl.States, Extra: { Type: 'Task', Resource: 'x', Parameters: { FunctionName: '${Extra}' }, End: true } } };
    expect(() => attempt(probe, asl)).toThrow(/Task state Extra has no manifest task/);
  });

  it('a handler that serves a route and also has another trigger (one function cannot live in two stacks)', () => {
    const schedules = probe.schedules.map((schedule) => ({ ...schedule, handler: 'handlers/read', access: { table: 'read' as const } }));
    expect(() => attempt({ ...probe, schedules })).toThrow(/handlers\/read appears twice with different triggers/);
  });

  it('a route slower than HTTP API waits', () => {
    const routes = probe.routes.map((route, i) => (i === 0 ? { ...route, timeoutSeconds: 30 } : route));
    expect(() => attempt({ ...probe, routes })).toThrow(/at most 29/);
  });

  it('a missing handler file', () => {
    const routes = probe.routes.map((route, i) => (i === 0 ? { ...route, handler: 'handlers/missing' } : route));
    expect(() => attempt({ ...probe, routes })).toThrow(/missing/);
  });
});
