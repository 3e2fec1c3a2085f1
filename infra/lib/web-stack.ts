import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Annotations, Aws, CfnOutput, Duration, SecretValue, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type * as s3assets from 'aws-cdk-lib/aws-s3-assets';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import * as cr from 'aws-cdk-lib/custom-resources';
import type { Construct } from 'constructs';
import { VIEWER_ADDRESS_STATEMENTS } from '@giving/shared/edge';
import { API_PREFIX } from '@giving/shared/manifest';
import { LIVE_PATH } from '@giving/shared/live/channels';
import { inlineScriptHashes } from '@giving/shared/inline-scripts';
import { embedRuntimeConfig } from '@giving/shared/runtime-config';
import { originOf, type DeploymentConfig } from './config';
import { mediaSecurityHeaders as sharedMediaSecurityHeaders, securityHeaders as sharedSecurityHeaders } from '@giving/shared/security-headers';
import { siteGuardDecision, type SiteGuardConfig } from '@giving/shared/site-guard';
import { findingId, wildcardResourceFinding } from './nag';
import { EDGE_REGION, WEB_ACL_ARN_PARAMETER, type EdgeStack } from './edge-stack';
import { accessLogsBucketName, bucketArn, mediaBucketName, ORIGIN_VERIFY_SECRET_NAME, siteBucketName } from './names';
import type { StatefulStack } from './stateful-stack';

export interface WebStackProps extends StackProps {
  /** Its buckets are addressed by their fixed names; its user pool by reference (for /config.json). */
  readonly stateful: StatefulStack;
  readonly apiDomainName: string;
  /** The live-updates WebSocket API's execute-api domain, when a manifest declares `websocket`: CloudFront's origin for /live. */
  readonly liveDomainName?: string;
  readonly config: DeploymentConfig;
  /** The built SPA (web/dist); undefined when it has not been built, and then nothing is uploaded. */
  readonly webDist: string | undefined;
  /** Optional custom domain: both or neither. */
  readonly domain?: { readonly name: string; readonly certificateArn: string };
  /** The us-east-1 stack whose web ACL (rate rules) CloudFront is associated with. */
  readonly edge: EdgeStack;
}

/** What the SPA fetches at start-up from /config.json: everything that differs between deployments. */
export interface SpaConfig {
  readonly cardGatewayUrl: string;
  readonly cardGatewayPublishableKey: string;
  readonly cognito: { readonly userPoolId: string; readonly userPoolClientId: string; readonly region: string };
  readonly singleSignInUrl?: string;
}

export const WEB_DIST_MISSING_WARNING = 'giving:webDistMissing';
/** Never uploaded (web/vite.config.ts builds them 'hidden': kept beside the build, referenced by nothing). */
export const SOURCE_MAPS = ['*.map', '**/*.map'];
/** The header CloudFront adds to every origin request for the API (shared/edge.ts), as CloudFront writes it. */
const ORIGIN_VERIFY_HEADER_NAME = 'X-Origin-Verify';

/** Paths without a file extension are SPA routes (/nz/charities/...); the SPA's index.html answers them. */
const SPA_REWRITE_STATEMENTS = `var lastSegment = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (lastSegment.indexOf('.') === -1) request.uri = '/index.html';`;
const SPA_REWRITE = `function handler(event) {
  var request = event.request;
  ${SPA_REWRITE_STATEMENTS}
  return request;
}`;

/**
 * A viewer-request function that runs the site-wide guard (shared/site-guard.ts, its source embedded as is) and,
 * for the SPA's behaviour, then the SPA rewrite: CloudFront allows one viewer-request function per behaviour.
 * The guard sees the path as requested, before the rewrite. Its 302 carries the security headers itself, so the
 * answer is the same whether or not CloudFront applies the response-headers policy to a function's own response.
 */
export function guardedViewerRequestCode(
  guard: SiteGuardConfig,
  options: { rewriteSpa: boolean; headers: Record<string, string>; viewerAddress?: boolean },
): string {
  const config = { domains: [...guard.domains], optionalExclusions: [...guard.optionalExclusions] };
  return `var GUARD = ${JSON.stringify(config)};
var GUARD_HEADERS = ${JSON.stringify(options.headers)};
${siteGuardDecision.toString()}
function queryOf(querystring) {
  var parts = [];
  for (var name in querystring) {
    var field = querystring[name];
    var values = field.multiValue ? field.multiValue : [field];
    for (var i = 0; i < values.length; i++) parts.push(values[i].value === '' ? name : name + '=' + values[i].value);
  }
  return parts.join('&');
}
function cookieHeaderOf(cookies) {
  var parts = [];
  for (var name in cookies) {
    var field = cookies[name];
    var values = field.multiValue ? field.multiValue : [field];
    for (var i = 0; i < values.length; i++) parts.push(name + '=' + values[i].value);
  }
  return parts.join('; ');
}
function handler(event) {
  var request = event.request;
  var decision = siteGuardDecision({
    host: request.headers.host ? request.headers.host.value : '',
    path: request.uri,
    query: queryOf(request.querystring || {}),
    cookieHeader: cookieHeaderOf(request.cookies || {})
  }, GUARD);
  if (decision.action === 'redirect') {
    var headers = { location: { value: decision.location }, 'content-type': { value: 'text/plain; charset=utf-8' }, 'cache-control': { value: 'no-store' } };
    for (var name in GUARD_HEADERS) headers[name] = { value: GUARD_HEADERS[name] };
    return { statusCode: decision.status, statusDescription: 'Found', headers: headers, body: { encoding: 'text', data: decision.body } };
  }
  ${options.rewriteSpa ? SPA_REWRITE_STATEMENTS : ''}
  ${options.viewerAddress ? VIEWER_ADDRESS_STATEMENTS : ''}
  return request;
}`;
}

/**
 * The /api/* viewer-request function: the site-wide guard when it covers the API, then the caller's address from
 * the connection (shared/edge.ts), overwriting any copy a client sent.
 */
export function apiViewerRequestCode(guard: SiteGuardConfig | undefined, headers: Record<string, string>): string {
  if (guard) return guardedViewerRequestCode(guard, { rewriteSpa: false, headers, viewerAddress: true });
  return `function handler(event) {
  var request = event.request;
  ${VIEWER_ADDRESS_STATEMENTS}
  return request;
}`;
}

/** /media/<key> is object <key> of the media bucket (MEDIA_BASE_URL is <site>/media). */
const STRIP_MEDIA_PREFIX = `function handler(event) {
  var request = event.request;
  request.uri = request.uri.substring('/media'.length);
  return request;
}`;

/**
 * CloudFront in front of everything: the SPA from its bucket, /api/* to the HTTP API (never cached,
 * Authorization and query strings forwarded), /media/* from the media bucket, security headers on all.
 */
export class WebStack extends Stack {
  readonly distribution: cloudfront.Distribution;
  /** https://<custom domain or CloudFront domain>. */
  readonly siteUrl: string;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);
    this.addStackDependency(props.stateful, 'the site, media and access-log buckets are addressed by name');
    const bucket = (id: string, bucketName: string) =>
      s3.Bucket.fromBucketAttributes(this, id, {
        bucketName,
        bucketArn: bucketArn(bucketName),
        bucketRegionalDomainName: `${bucketName}.s3.${Aws.REGION}.${Aws.URL_SUFFIX}`,
      });
    const siteBucket = bucket('SiteBucket', siteBucketName());
    const mediaBucket = bucket('MediaBucket', mediaBucketName());
    const accessLogsBucket = bucket('AccessLogsBucket', accessLogsBucketName());

    // One OAC for both buckets; their policies (stateful stack) allow CloudFront of this account to read.
    const originAccessControl = new cloudfront.S3OriginAccessControl(this, 'OriginAccessControl', {
      description: 'Giving site and media buckets',
      signing: cloudfront.Signing.SIGV4_ALWAYS,
    });
    const bucketOrigin = (bucket: s3.IBucket) =>
      origins.S3BucketOrigin.withBucketDefaults(bucket, { originAccessControlId: originAccessControl.originAccessControlId });

    // The one definition of the site's headers (shared/security-headers.ts), which the local origin sends too.
    // index.html's inline early start (web/src/lib/early-start.ts) is allowed by its hash, taken from the build deployed.
    const builtShell = props.webDist ? path.join(props.webDist, 'index.html') : undefined;
    const scriptHashes = builtShell && existsSync(builtShell) ? inlineScriptHashes(readFileSync(builtShell, 'utf8')) : [];
    // A large download is a 303 to a signed address in a download bucket, by its regional name as the SDK signs it.
    const downloadOrigins = [props.stateful.personalDataBucket, props.stateful.payrollFilesBucket].map((bucket) => `https://${bucket.bucketRegionalDomainName}`);
    const headerOrigins = { cardGatewayOrigin: originOf(props.config.cardGatewayUrl), cognitoOrigin: cognitoOrigin(), scriptHashes };
    const siteHeaders = sharedSecurityHeaders({ ...headerOrigins, downloadOrigins });
    // What the edge functions' own answers (the guard's 302 to login) carry: a redirect fetches nothing, and the
    // functions' code holds no deploy-time names (the buckets').
    const edgeHeaders = sharedSecurityHeaders(headerOrigins);
    const securityHeaders = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'HSTS, nosniff, no framing, referrer policy, permissions policy and the CSP of the giving site',
      customHeadersBehavior: {
        customHeaders: [{ header: 'Permissions-Policy', value: siteHeaders['permissions-policy'] as string, override: true }],
      },
      securityHeadersBehavior: {
        strictTransportSecurity: { accessControlMaxAge: Duration.days(730), includeSubdomains: true, preload: true, override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
        contentSecurityPolicy: { contentSecurityPolicy: siteHeaders['content-security-policy'] as string, override: true },
      },
    });

    // Uploaded files are served sandboxed (an uploaded SVG or HTML cannot run script on our origin), and, like every
    // other response, can never be framed: the one media header set of shared/security-headers.ts, as locally.
    const mediaHeaders = sharedMediaSecurityHeaders({ cardGatewayOrigin: originOf(props.config.cardGatewayUrl), cognitoOrigin: cognitoOrigin() });
    const mediaSecurityHeaders = new cloudfront.ResponseHeadersPolicy(this, 'MediaSecurityHeaders', {
      comment: 'The site headers for uploaded media, with a sandboxing CSP that still forbids framing',
      customHeadersBehavior: {
        customHeaders: [{ header: 'Permissions-Policy', value: mediaHeaders['permissions-policy'] as string, override: true }],
      },
      securityHeadersBehavior: {
        strictTransportSecurity: { accessControlMaxAge: Duration.days(730), includeSubdomains: true, preload: true, override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
        contentSecurityPolicy: { contentSecurityPolicy: mediaHeaders['content-security-policy'] as string, override: true },
      },
    });

    const viewerRequest = (id: string, comment: string, code: string): cloudfront.FunctionAssociation => ({
      eventType: cloudfront.FunctionEventType.VIEWER_REQUEST,
      function: new cloudfront.Function(this, id, {
        comment,
        runtime: cloudfront.FunctionRuntime.JS_2_0,
        code: cloudfront.FunctionCode.fromInline(code),
      }),
    });

    const guard = props.config.siteGuard;
    const certificate = props.domain && acm.Certificate.fromCertificateArn(this, 'Certificate', props.domain.certificateArn);
    this.addStackDependency(props.edge, 'CloudFront is associated with the web ACL the edge stack publishes');
    const webAclArn = this.edgeWebAclArn();
    // The SPA's files are cached as their Cache-Control says: hashed bundles a year (immutable), index.html and
    // config.json not at all (no-cache; a minimum TTL above 0 would keep them at the edge anyway). Brotli and gzip
    // are part of the cache key, so CloudFront compresses them for viewers that accept either.
    const siteCachePolicy = new cloudfront.CachePolicy(this, 'SiteCachePolicy', {
      comment: "SPA: each file as its Cache-Control says (bundles a year, index.html and config.json never); brotli and gzip",
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(0),
      maxTtl: Duration.days(365),
      enableAcceptEncodingBrotli: true,
      enableAcceptEncodingGzip: true,
      cookieBehavior: cloudfront.CacheCookieBehavior.none(),
      headerBehavior: cloudfront.CacheHeaderBehavior.none(),
      queryStringBehavior: cloudfront.CacheQueryStringBehavior.none(),
    });
    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'Giving platform: SPA, /api/* and /media/*',
      defaultRootObject: 'index.html',
      // Rate rules in front of everything (shared/edge.ts), in the edge stack's us-east-1 web ACL.
      webAclId: webAclArn,
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      // Edge locations in Australia and New Zealand, where the donors are, are only in the All price class.
      priceClass: cloudfront.PriceClass.PRICE_CLASS_ALL,
      enableLogging: true,
      logBucket: accessLogsBucket,
      logFilePrefix: 'cloudfront/',
      ...(props.domain && certificate
        ? { domainNames: [props.domain.name], certificate, minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021 }
        : {}),
      // No distribution-wide error responses: they would turn the API's 404s into index.html.
      defaultBehavior: {
        origin: bucketOrigin(siteBucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
        cachePolicy: siteCachePolicy,
        compress: true,
        responseHeadersPolicy: securityHeaders,
        functionAssociations: [
          guard
            ? viewerRequest(
                'SpaGuardRewrite',
                'Site-wide guard (anonymous visitors to login), then extension-less paths serve /index.html',
                guardedViewerRequestCode(guard, { rewriteSpa: true, headers: edgeHeaders }),
              )
            : viewerRequest('SpaRewrite', 'Extension-less paths are SPA routes: serve /index.html', SPA_REWRITE),
        ],
      },
      additionalBehaviors: {
        [`${API_PREFIX}/*`]: {
          origin: new origins.HttpOrigin(props.apiDomainName, {
            protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
            originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
            // Every route refuses a request without it (shared/lambda/http.ts): CloudFront is the only way in. A
            // dynamic reference, so the value is in CloudFront's configuration, not in this template.
            customHeaders: { [ORIGIN_VERIFY_HEADER_NAME]: SecretValue.secretsManager(ORIGIN_VERIFY_SECRET_NAME).unsafeUnwrap() },
          }),
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          // Every viewer header (Authorization included), cookie and query string, but not Host:
          // API Gateway routes on its own host name.
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: securityHeaders,
          // The caller's address from the connection, and the guard when the deployment did not exclude /api/ (the API
          // enforces its own auth).
          functionAssociations: [
            guard && !guard.optionalExclusions.includes('/api/')
              ? viewerRequest('ApiGuard', 'Site-wide guard on the API (/api/ is not excluded), then the viewer address', apiViewerRequestCode(guard, edgeHeaders))
              : viewerRequest('ApiEdge', "The caller's address from the connection (X-Viewer-Address), whatever the client sent", apiViewerRequestCode(undefined, edgeHeaders)),
          ],
        },
        ...(props.liveDomainName
          ? {
              // Live updates on the site's own origin (no other origin in the CSP, the web ACL in front): the viewer path
              // is the WebSocket API's stage name, so the origin request is exactly wss://<api>.execute-api.../live.
              // CloudFront passes WebSocket upgrades through; $connect refuses any request without X-Origin-Verify.
              [LIVE_PATH]: {
                origin: new origins.HttpOrigin(props.liveDomainName, {
                  protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
                  originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
                  customHeaders: { [ORIGIN_VERIFY_HEADER_NAME]: SecretValue.secretsManager(ORIGIN_VERIFY_SECRET_NAME).unsafeUnwrap() },
                }),
                viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
                allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
                cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
                // The Sec-WebSocket-* headers and ?channel= reach API Gateway; Host does not (it routes on its own name).
                originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
                responseHeadersPolicy: securityHeaders,
                // The guard (as the local origin applies it to upgrades), then the caller's address from the connection.
                functionAssociations: [
                  viewerRequest('LiveEdge', "Live updates: the site-wide guard if any, then the caller's address (X-Viewer-Address)", apiViewerRequestCode(guard, edgeHeaders)),
                ],
              },
            }
          : {}),
        '/media/*': {
          origin: bucketOrigin(mediaBucket),
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
          cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: mediaSecurityHeaders,
          functionAssociations: [viewerRequest('StripMediaPrefix', '/media/<key> is <key> in the media bucket', STRIP_MEDIA_PREFIX)],
        },
      },
    });
    Validations.of(this.distribution).acknowledge({
      id: 'AwsSolutions-CFR1',
      reason: 'No geo restriction: donors, volunteers and charities give and sign in from anywhere (expats give to NZ and AU charities from abroad).',
    });
    if (!props.domain) {
      Validations.of(this.distribution).acknowledge({
        id: 'AwsSolutions-CFR4',
        reason:
          'Served on the default *.cloudfront.net certificate, whose minimum viewer protocol CloudFront fixes; pass context webDomainName and webCertificateArn to serve a custom domain with TLSv1.2_2021.',
      });
    }

    this.siteUrl = `https://${props.domain?.name ?? this.distribution.distributionDomainName}`;
    new CfnOutput(this, 'SiteUrl', { value: this.siteUrl });

    const spaConfig: SpaConfig = {
      cardGatewayUrl: props.config.cardGatewayUrl,
      cardGatewayPublishableKey: props.config.cardGatewayPublishableKey,
      cognito: {
        userPoolId: props.stateful.userPool.userPoolId,
        userPoolClientId: props.stateful.userPoolClient.userPoolClientId,
        region: Aws.REGION,
      },
      ...(props.config.singleSignInUrl ? { singleSignInUrl: props.config.singleSignInUrl } : {}),
    };
    if (props.webDist) this.deploySite(props.webDist, siteBucket, spaConfig);
    else {
      Annotations.of(this).addWarningV2(
        WEB_DIST_MISSING_WARNING,
        'web/dist does not exist, so this synth uploads no SPA and no /config.json to the site bucket. Run `npm run build:web` before `cdk deploy` to publish the site.',
      );
    }
  }

  /**
   * The web ACL's ARN, which the edge stack publishes in us-east-1: read there when this stack deploys (one
   * GetParameter by a custom resource), since CDK's cross-region references need both regions fixed at synth.
   */
  private edgeWebAclArn(): string {
    const parameterArn = Stack.of(this).formatArn({
      service: 'ssm',
      region: EDGE_REGION,
      resource: 'parameter',
      resourceName: WEB_ACL_ARN_PARAMETER.replace(/^\//, ''),
    });
    const read = new cr.AwsCustomResource(this, 'EdgeWebAclArn', {
      onUpdate: {
        service: 'SSM',
        action: 'GetParameter',
        parameters: { Name: WEB_ACL_ARN_PARAMETER },
        region: EDGE_REGION,
        physicalResourceId: cr.PhysicalResourceId.of(WEB_ACL_ARN_PARAMETER),
      },
      policy: cr.AwsCustomResourcePolicy.fromStatements([new iam.PolicyStatement({ actions: ['ssm:GetParameter'], resources: [parameterArn] })]),
      installLatestAwsSdk: false,
    });
    const basicExecution = iam.ManagedPolicy.fromAwsManagedPolicyName('service-role/AWSLambdaBasicExecutionRole').managedPolicyArn;
    Validations.of(this).acknowledge({
      id: findingId(this, 'AwsSolutions-IAM4', 'Policy', basicExecution),
      reason: "CDK's AwsCustomResource provider function (reading the web ACL's ARN once per deploy) uses AWSLambdaBasicExecutionRole for its own logs; the construct creates that role.",
    });
    Validations.of(this).acknowledge({
      id: 'AwsSolutions-L1',
      reason: "CDK's AwsCustomResource provider is a CDK-managed function; aws-cdk-lib chooses and updates its runtime.",
    });
    return read.getResponseField('Parameter.Value');
  }

  /**
   * Hashed bundles under assets/ are immutable; index.html (with the runtime configuration in it) and config.json
   * are revalidated on every load, so a deployment shows up at once without invalidating CloudFront. Assets go
   * first, and nothing is pruned, so a page loaded before a deployment can still fetch its old chunks.
   */
  private deploySite(webDist: string, bucket: s3.IBucket, spaConfig: SpaConfig): void {
    const assetsDir = path.join(webDist, 'assets');
    const assets = existsSync(assetsDir)
      ? new s3deploy.BucketDeployment(this, 'SiteAssets', {
          // Source maps stay out of the bucket: the public gets the bundles, not our source.
          sources: [s3deploy.Source.asset(assetsDir, { exclude: SOURCE_MAPS })],
          destinationBucket: bucket,
          destinationKeyPrefix: 'assets/',
          cacheControl: [s3deploy.CacheControl.fromString('public, max-age=31536000, immutable')],
          prune: false,
        })
      : undefined;
    // index.html carries the runtime configuration (shared/runtime-config.ts), written here with the stack's values,
    // so the SPA's first screen does not wait for /config.json; the rest of the shell (favicon...) goes as it is.
    const shellExclude = ['assets', 'assets/**', 'index.html', ...SOURCE_MAPS];
    const otherFiles = readdirSync(webDist).filter((name) => name !== 'assets' && name !== 'index.html' && !name.endsWith('.map'));
    const indexHtml = embedRuntimeConfig(readFileSync(path.join(webDist, 'index.html'), 'utf8'), JSON.stringify(spaConfig));
    const shell = new s3deploy.BucketDeployment(this, 'SiteShell', {
      sources: [
        ...(otherFiles.length > 0 ? [s3deploy.Source.asset(webDist, { exclude: shellExclude })] : []),
        s3deploy.Source.data('index.html', indexHtml),
        s3deploy.Source.jsonData('config.json', spaConfig),
      ],
      destinationBucket: bucket,
      cacheControl: [s3deploy.CacheControl.fromString('no-cache')],
      prune: false,
    });
    if (assets) shell.node.addDependency(assets);
    this.acknowledgeDeploymentHandler(shell, `${bucketArn(siteBucketName())}/*`);
  }

  /** The upload runs in CDK's own BucketDeployment handler (one per stack), whose role CDK writes. */
  private acknowledgeDeploymentHandler(deployment: s3deploy.BucketDeployment, siteObjects: string): void {
    const handler = deployment.handlerRole.node.scope;
    const asset = deployment.node.findChild('Asset1') as s3assets.Asset;
    if (!handler) throw new Error('BucketDeployment handler role has no parent');
    const basicExecution = iam.ManagedPolicy.fromAwsManagedPolicyName('service-role/AWSLambdaBasicExecutionRole').managedPolicyArn;
    const reasons: Record<string, string> = {
      [findingId(this, 'AwsSolutions-IAM4', 'Policy', basicExecution)]:
        "CDK's BucketDeployment handler role gets AWSLambdaBasicExecutionRole for its own logs; the construct creates that role.",
      'AwsSolutions-IAM5[Action::s3:GetObject*]': "Asset read (grantRead) so CDK's BucketDeployment handler can fetch the zipped SPA from the CDK asset bucket.",
      'AwsSolutions-IAM5[Action::s3:GetBucket*]': "Asset read (grantRead) so CDK's BucketDeployment handler can fetch the zipped SPA from the CDK asset bucket.",
      'AwsSolutions-IAM5[Action::s3:List*]': "Asset read and site listing (grantRead/grantReadWrite) for CDK's BucketDeployment handler, which syncs a folder.",
      'AwsSolutions-IAM5[Action::s3:DeleteObject*]': "grantReadWrite on the site bucket, the set CDK's BucketDeployment handler is given to sync files (it does not prune here: prune is false).",
      'AwsSolutions-IAM5[Action::s3:Abort*]': "grantReadWrite on the site bucket, so CDK's BucketDeployment handler can abort a failed multipart upload.",
      [wildcardResourceFinding(this, asset.bucket.arnForObjects('*'))]:
        'Objects of the CDK asset bucket: asset keys are content hashes, known only after synthesis.',
      [wildcardResourceFinding(this, siteObjects)]: 'Every object of the site bucket: the handler uploads each file of the built SPA, whose names change with each build.',
      'AwsSolutions-L1': "CDK's BucketDeployment handler is a CDK-managed custom resource; aws-cdk-lib chooses and updates its runtime.",
    };
    for (const [id, reason] of Object.entries(reasons)) Validations.of(handler).acknowledge({ id, reason });
  }
}

/** The user pool's API, which the SPA calls from the browser to sign in. */
const cognitoOrigin = () => `https://cognito-idp.${Aws.REGION}.amazonaws.com`;

