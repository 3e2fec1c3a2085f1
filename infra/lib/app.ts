import { existsSync } from 'node:fs';
import path from 'node:path';
import { CrossStackReferences, ReferenceStrength, Validations, type App, type StackProps } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { ServiceManifest, ServiceName } from '@giving/shared/manifest';
import { ApiStack } from './api-stack';
import { REPO_ROOT } from './bundling';
import { EDGE_REGION, EdgeStack } from './edge-stack';
import { readConfig, type ReadConfig } from './config';
import { hasDeployables, STACK_IDS } from './names';
import { ServiceStack } from './service-stack';
import { StatefulStack } from './stateful-stack';
import { WebStack } from './web-stack';

export interface GivingAppOptions {
  readonly manifests: readonly ServiceManifest[];
  /** Folder with services/<service>/...; defaults to the repository's services/. */
  readonly servicesRoot?: string;
  /** The built SPA; defaults to web/dist when it exists. Pass null to build without it. */
  readonly webDist?: string | null;
}

/** web/dist when `npm run build:web` has produced it. */
function builtSpa(): string | undefined {
  const dist = path.join(REPO_ROOT, 'web', 'dist');
  return existsSync(path.join(dist, 'index.html')) ? dist : undefined;
}

export interface GivingStacks {
  readonly stateful: StatefulStack;
  readonly api: ApiStack;
  readonly web: WebStack;
  readonly edge: EdgeStack;
  /** One per manifest that has something to deploy. */
  readonly services: ReadonlyMap<ServiceName, ServiceStack>;
  readonly config: ReadConfig;
}

/**
 * The whole platform from the manifests (call it on a new, empty App): stateful <- api <- web <- one stack per service,
 * and the edge stack (us-east-1, CloudFront's web ACL) <- web.
 * Deploy order follows the arrows; nothing points back, so no stack ever waits on a later one.
 */
export function buildGivingApp(app: App, options: GivingAppOptions): GivingStacks {
  // Said explicitly (CDK warns otherwise): exports protect the producer. Few remain, because stateful
  // resources are addressed by name; the rest (user pool, API and authorizer ids, site URL) never go away.
  CrossStackReferences.of(app).consume(ReferenceStrength.STRONG);
  // S3 server access logs are allowed in by a bucket policy rather than the legacy LogDeliveryWrite ACL.
  app.node.setContext('@aws-cdk/aws-s3:serverAccessLogsUseBucketPolicy', true);
  const withSockets = options.manifests.filter((manifest) => manifest.websocket).map((manifest) => manifest.service);
  if (withSockets.length > 1) throw new Error(`Only one service may declare websocket (one WebSocket API, one $connect): ${withSockets.join(', ')}`);
  const config = readConfig(app);
  const account = app.node.tryGetContext('account') as string | undefined;
  const region = app.node.tryGetContext('region') as string | undefined;
  // Environment-agnostic unless context pins one: synth needs no credentials.
  const stackProps: StackProps = account && region ? { env: { account, region } } : {};
  const servicesRoot = options.servicesRoot ?? path.join(REPO_ROOT, 'services');
  const webDist = options.webDist === undefined ? builtSpa() : (options.webDist ?? undefined);

  const stateful = new StatefulStack(app, STACK_IDS.stateful, {
    ...stackProps,
    description: 'Giving platform: tables, event bus, queues, user pool, search domain, buckets',
    manifests: options.manifests,
    config: config.config,
  });
  const api = new ApiStack(app, STACK_IDS.api, {
    ...stackProps,
    description: 'Giving platform: the HTTP API and its Cognito JWT authorizer',
    userPool: stateful.userPool,
    userPoolClient: stateful.userPoolClient,
    domain: config.config.apiDomain,
    liveUpdates: options.manifests.some((manifest) => manifest.websocket),
  });
  // CloudFront's web ACL lives in us-east-1 (the only region CLOUDFRONT-scope ACLs exist in); the web stack reads its ARN.
  const edge = new EdgeStack(app, STACK_IDS.edge, {
    env: { ...(account ? { account } : {}), region: EDGE_REGION },
    description: 'Giving platform: the web ACL in front of CloudFront (us-east-1), with the rate rules of shared/edge.ts',
  });
  const web = new WebStack(app, STACK_IDS.web, {
    ...stackProps,
    description: 'Giving platform: CloudFront for the SPA, /api and /media',
    stateful,
    apiDomainName: api.apiDomainName,
    ...(api.live ? { liveDomainName: api.live.domainName } : {}),
    config: config.config,
    webDist,
    domain: config.config.webDomain,
    edge,
  });

  const services = new Map<ServiceName, ServiceStack>();
  for (const manifest of options.manifests.filter(hasDeployables)) {
    services.set(
      manifest.service,
      new ServiceStack(app, STACK_IDS.service(manifest.service), {
        ...stackProps,
        description: `Giving platform: the ${manifest.service} service, built from services/${manifest.service}/service.ts`,
        manifest,
        stateful,
        api,
        config: config.config,
        siteUrl: config.config.siteUrl ?? web.siteUrl,
        servicesRoot,
      }),
    );
  }

  // Every synth (CLI and tests) runs cdk-nag; an unacknowledged finding stops it.
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { stateful, api, web, edge, services, config };
}
