import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Match } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_PATH } from '@giving/shared/live/channels';
import { defineService, ENV, type ServiceManifest } from '@giving/shared/manifest';
import { manifests } from '../../services/index';
import { REPO_ROOT } from './bundling';
import { ORIGIN_VERIFY_SECRET_NAME } from './names';
import { appSynth, findFunction, onlyResource, synthesize, type Synth } from './testing';

/**
 * The live-updates WebSocket API: made by the API stack when a manifest declares `websocket`, its $connect and
 * $disconnect from that service's manifest, CloudFront's /live in front of it, and execute-api:ManageConnections for
 * exactly the functions whose access says postsToConnections.
 */
const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';
type Statement = { Action: string | string[]; Resource: unknown };
type Json = Record<string, unknown>;

/** Fn::Join / Ref / Fn::GetAtt / Fn::ImportValue rendered as text, to read ARNs and domains. */
function text(value: unknown): string {
  if (typeof value === 'string') return value;
  const node = value as Record<string, unknown>;
  if (node['Fn::Join']) {
    const [separator, parts] = node['Fn::Join'] as [string, unknown[]];
    return parts.map(text).join(separator);
  }
  if (node.Ref) return `\${${String(node.Ref)}}`;
  if (node['Fn::GetAtt']) return `\${${(node['Fn::GetAtt'] as string[]).join('.')}}`;
  if (node['Fn::ImportValue']) return `\${import:${text(node['Fn::ImportValue'])}}`;
  return JSON.stringify(value);
}

const statementsOf = (synth: Synth, service: 'fundraising' | 'matching', handler: string): Statement[] => {
  const found = findFunction(synth, service, handler);
  const resources = found.template.toJSON().Resources as Record<string, { Properties: Json }>;
  const role = (resources[found.id]!.Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
  const policy = Object.values(found.template.findResources('AWS::IAM::Policy')).find((p) => JSON.stringify(p.Properties.Roles) === JSON.stringify([{ Ref: role }]));
  return policy!.Properties.PolicyDocument.Statement as Statement[];
};
const envOf = (synth: Synth, service: 'fundraising' | 'matching', handler: string) => {
  const found = findFunction(synth, service, handler);
  return (found.template.toJSON().Resources[found.id].Properties.Environment.Variables ?? {}) as Record<string, unknown>;
};

describe('the live-updates WebSocket API (repository manifests: fundraising declares websocket)', () => {
  let synth: Synth;
  beforeAll(() => {
    synth = appSynth();
  });
  const api = () => synth.template(synth.stacks.api);
  const fundraising = () => synth.template(synth.stacks.services.get('fundraising')!);

  it('is one WebSocket API in the API stack, routing on $request.body.action', () => {
    api().resourceCountIs('AWS::ApiGatewayV2::Api', 2);
    api().hasResourceProperties('AWS::ApiGatewayV2::Api', { Name: 'giving-live', ProtocolType: 'WEBSOCKET', RouteSelectionExpression: '$request.body.action' });
  });

  it('has one stage, live, deployed on every change, throttled, with access logs kept three months', () => {
    const stage = onlyResource(api(), 'AWS::ApiGatewayV2::Stage', (props) => props.StageName === 'live').properties;
    expect(stage).toMatchObject({ AutoDeploy: true, DefaultRouteSettings: { ThrottlingRateLimit: 100, ThrottlingBurstLimit: 200 } });
    const format = JSON.parse((stage.AccessLogSettings as { Format: string }).Format) as Json;
    expect(format).toMatchObject({ route: '$context.routeKey', connectionId: '$context.connectionId', status: '$context.status' });
    const logGroup = text((stage.AccessLogSettings as { DestinationArn: unknown }).DestinationArn);
    expect(logGroup).toMatch(/^\$\{LiveAccessLogs[0-9A-F]+\.Arn\}$/);
    api().hasResourceProperties('AWS::Logs::LogGroup', { RetentionInDays: 90 });
  });

  it.each(['$connect', '$disconnect'] as const)('routes %s to its manifest function through a Lambda proxy integration', (routeKey) => {
    const spec = routeKey === '$connect' ? manifests.find((m) => m.service === 'fundraising')!.websocket!.connect : manifests.find((m) => m.service === 'fundraising')!.websocket!.disconnect;
    const route = onlyResource(fundraising(), 'AWS::ApiGatewayV2::Route', (props) => props.RouteKey === routeKey).properties;
    expect(route.AuthorizationType).toBe('NONE');
    expect(text(route.ApiId)).toMatch(/^\$\{import:GivingApi:ExportsOutputRefLiveApi/);
    const integrationId = text(route.Target).replace(/^integrations\/\$\{/, '').replace(/\}$/, '');
    const integration = fundraising().toJSON().Resources[integrationId] as { Type: string; Properties: Json };
    expect(integration.Type).toBe('AWS::ApiGatewayV2::Integration');
    expect(integration.Properties.IntegrationType).toBe('AWS_PROXY');
    const fn = findFunction(synth, 'fundraising', spec.handler);
    expect(fn.stack).toBe(synth.stacks.services.get('fundraising'));
    expect(text(integration.Properties.IntegrationUri)).toContain(`\${${fn.id}.Arn}/invocations`);
    // API Gateway may invoke it for this route of this API only.
    const permission = onlyResource(fundraising(), 'AWS::Lambda::Permission', (props) => text(props.SourceArn).endsWith(`*${routeKey}`)).properties;
    expect(permission).toMatchObject({ Action: 'lambda:InvokeFunction', Principal: 'apigateway.amazonaws.com', FunctionName: { 'Fn::GetAtt': [fn.id, 'Arn'] } });
    expect(text(permission.SourceArn)).toMatch(/:execute-api:\$\{AWS::Region\}:\$\{AWS::AccountId\}:\$\{import:GivingApi:ExportsOutputRefLiveApi[^}]+\}\/\*\$(connect|disconnect)$/);
  });

  it('gives $connect the table and CloudFront’s secret (it refuses what did not come through /live), $disconnect the table only', () => {
    const { connect, disconnect } = manifests.find((m) => m.service === 'fundraising')!.websocket!;
    expect(envOf(synth, 'fundraising', connect.handler)).toMatchObject({ [ENV.tableName('fundraising')]: 'giving-fundraising', [ENV.secretId('ORIGIN_VERIFY')]: ORIGIN_VERIFY_SECRET_NAME });
    expect(envOf(synth, 'fundraising', disconnect.handler)).not.toHaveProperty(ENV.secretId('ORIGIN_VERIFY'));
    for (const handler of [connect.handler, disconnect.handler]) {
      const actions = statementsOf(synth, 'fundraising', handler).flatMap((s) => ([] as string[]).concat(s.Action));
      expect(actions).toEqual(expect.arrayContaining(['dynamodb:PutItem', 'dynamodb:DeleteItem', 'dynamodb:GetItem', 'dynamodb:Query']));
      expect(actions).not.toContain('execute-api:ManageConnections');
    }
  });

  it('puts /live on the site’s own origin: CloudFront forwards it, uncached, to the WebSocket API with the origin secret', () => {
    type Behavior = { PathPattern: string; TargetOriginId: string; CachePolicyId: string; OriginRequestPolicyId: string; AllowedMethods: string[]; ViewerProtocolPolicy: string; FunctionAssociations: { EventType: string; FunctionARN: { 'Fn::GetAtt': [string, string] } }[] };
    type Origin = { Id: string; DomainName: unknown; OriginPath?: string; OriginCustomHeaders?: unknown; CustomOriginConfig?: Json };
    const config = onlyResource(synth.template(synth.stacks.web), 'AWS::CloudFront::Distribution', () => true).properties.DistributionConfig as { CacheBehaviors: Behavior[]; Origins: Origin[] };
    const live = config.CacheBehaviors.find((b) => b.PathPattern === LIVE_PATH)!;
    expect(live).toMatchObject({ CachePolicyId: CACHING_DISABLED, OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST_HEADER, ViewerProtocolPolicy: 'https-only' });
    expect([...live.AllowedMethods].sort()).toEqual(['GET', 'HEAD']);
    const origin = config.Origins.find((o) => o.Id === live.TargetOriginId)!;
    // The viewer path is the stage's name and there is no origin path: the origin request is wss://<api>.execute-api.../live.
    expect(text(origin.DomainName)).toMatch(/^\$\{import:GivingApi:ExportsOutputRefLiveApi[^}]+\}\.execute-api\.\$\{AWS::Region\}\.\$\{AWS::URLSuffix\}$/);
    expect(origin.OriginPath ?? '').toBe('');
    expect(origin.CustomOriginConfig).toMatchObject({ OriginProtocolPolicy: 'https-only', OriginSSLProtocols: ['TLSv1.2'] });
    expect(origin.OriginCustomHeaders).toEqual([{ HeaderName: 'X-Origin-Verify', HeaderValue: `{{resolve:secretsmanager:${ORIGIN_VERIFY_SECRET_NAME}:SecretString:::}}` }]);
    expect(live.FunctionAssociations.map((f) => f.EventType)).toEqual(['viewer-request']);
  });
});

/** A made-up service that posts to connections, beside one function that does not (files in a scratch folder). */
const probe = defineService({
  service: 'matching',
  table: { indexes: [], ttlAttribute: 'expiresAt' },
  websocket: { connect: { handler: 'handlers/live#connect', access: { table: 'readWrite' } }, disconnect: { handler: 'handlers/live#disconnect', access: { table: 'readWrite' } } },
  subscriptions: [
    { name: 'totals', pattern: { source: ['giving.donations'] }, handler: 'handlers/totals', access: { table: 'readWrite', postsToConnections: true } },
    { name: 'quiet', pattern: { source: ['giving.donations'] }, handler: 'handlers/quiet', access: { table: 'read' } },
  ],
});

function writeService(root: string, manifest: ServiceManifest) {
  const dir = path.join(root, manifest.service, 'handlers');
  mkdirSync(dir, { recursive: true });
  for (const file of ['live', 'totals', 'quiet']) {
    writeFileSync(path.join(dir, `${file}.ts`), 'export const handler = async () => ({});\nexport const connect = handler;\nexport const disconnect = handler;\n');
  }
}

describe('postsToConnections', () => {
  let root: string;
  let synth: Synth;
  beforeAll(() => {
    const scratch = path.join(REPO_ROOT, '.cache', 'infra-tests');
    mkdirSync(scratch, { recursive: true });
    root = mkdtempSync(path.join(scratch, 'live-'));
    writeService(root, probe);
    synth = synthesize({ manifests: [probe], servicesRoot: root });
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('grants execute-api:ManageConnections on the live stage’s @connections only, and names the management endpoint', () => {
    const manage = statementsOf(synth, 'matching', 'handlers/totals').filter((s) => ([] as string[]).concat(s.Action).includes('execute-api:ManageConnections'));
    expect(manage).toHaveLength(1);
    expect(manage[0]!.Action).toBe('execute-api:ManageConnections');
    expect(text(manage[0]!.Resource)).toBe('arn:${AWS::Partition}:execute-api:${AWS::Region}:${AWS::AccountId}:${import:GivingApi-LiveApiId}/live/*/@connections/*');
    expect(text(envOf(synth, 'matching', 'handlers/totals')[ENV.liveConnectionsEndpoint])).toBe('https://${import:GivingApi-LiveApiId}.execute-api.${AWS::Region}.${AWS::URLSuffix}/live');
    // The one export it reads is the API stack's.
    expect(synth.template(synth.stacks.api).toJSON().Outputs.LiveApiId).toMatchObject({ Export: { Name: 'GivingApi-LiveApiId' } });
  });

  it('gives a function without the flag neither the permission nor the endpoint', () => {
    const actions = statementsOf(synth, 'matching', 'handlers/quiet').flatMap((s) => ([] as string[]).concat(s.Action));
    expect(actions).not.toContain('execute-api:ManageConnections');
    expect(envOf(synth, 'matching', 'handlers/quiet')).not.toHaveProperty(ENV.liveConnectionsEndpoint);
  });

  it('is refused where no manifest declares websocket (there is no API to post to)', () => {
    const { websocket: _, ...withoutSockets } = probe;
    expect(() => synthesize({ manifests: [withoutSockets], servicesRoot: root })).toThrow(/posts to connections, but no manifest declares websocket/);
  });

  it('refuses a second service with a websocket section (one API, one $connect)', () => {
    expect(() => synthesize({ manifests: [probe, { ...probe, service: 'search' }], servicesRoot: root })).toThrow(/Only one service may declare websocket/);
  });
});

describe('without a websocket section anywhere', () => {
  it('makes no WebSocket API and no /live behaviour', () => {
    // One service without websocket is enough to show it (a whole app costs seconds a synth).
    const synth = synthesize({ manifests: manifests.filter((m) => !m.websocket && m.service === 'search') });
    synth.template(synth.stacks.api).resourcePropertiesCountIs('AWS::ApiGatewayV2::Api', { ProtocolType: 'WEBSOCKET' }, 0);
    synth.template(synth.stacks.web).hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({ CacheBehaviors: Match.not(Match.arrayWith([Match.objectLike({ PathPattern: LIVE_PATH })])) }),
    });
  });
});
