import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '@giving/shared/manifest';
import { RUNTIME_CONFIG_ELEMENT_ID } from '@giving/shared/runtime-config';
import { mediaSecurityHeaders, securityHeaders } from '@giving/shared/security-headers';
import { REDIRECTING_TO_LOGIN, SESSION_COOKIE } from '@giving/shared/site-guard';
import { manifests as repositoryManifests } from '../../services/index';
import { CONTEXT_DEFAULTS } from './config';
import { appSynth, builtSpaSynth, deploymentSynth, EARLY_START, onlyResource, synthesize } from './testing';
import { EDGE_REGION, WEB_ACL_ARN_PARAMETER } from './edge-stack';
import { ORIGIN_VERIFY_SECRET_NAME } from './names';
import { WEB_DIST_MISSING_WARNING } from './web-stack';

// Managed policy ids (the same in every account).
const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

const webWarnings = (synth: ReturnType<typeof synthesize>) =>
  synth.assembly
    .getStackArtifact(synth.stacks.web.artifactId)
    .messages.filter((message) => message.level === 'warning')
    .map((message) => JSON.stringify(message.entry.data));

interface Behavior {
  PathPattern?: string;
  Compress?: boolean;
  TargetOriginId: string;
  CachePolicyId: string;
  OriginRequestPolicyId?: string;
  ResponseHeadersPolicyId: unknown;
  AllowedMethods: string[];
  ViewerProtocolPolicy: string;
  FunctionAssociations?: { EventType: string; FunctionARN: { 'Fn::GetAtt': [string, string] } }[];
}
interface Origin {
  Id: string;
  DomainName: unknown;
  OriginAccessControlId?: unknown;
}

describe('web stack of a clean clone (no web/dist)', () => {
  let synth: ReturnType<typeof synthesize>;
  let config: { DefaultCacheBehavior: Behavior; CacheBehaviors: Behavior[]; Origins: Origin[]; CustomErrorResponses?: unknown };
  beforeAll(() => {
    synth = appSynth();
    config = onlyResource(synth.template(synth.stacks.web), 'AWS::CloudFront::Distribution', () => true).properties
      .DistributionConfig as typeof config;
  });
  const origin = (behavior: Behavior) => config.Origins.find((o) => o.Id === behavior.TargetOriginId)!;
  const behavior = (pattern: string) => config.CacheBehaviors.find((b) => b.PathPattern === pattern)!;

  it('routes /api/* to the HTTP API’s own domain, uncached, with every method, Authorization, query strings and the origin secret', () => {
    const api = behavior(`${API_PREFIX}/*`);
    expect(api).toBeDefined();
    const apiOrigin = origin(api) as Origin & { CustomOriginConfig?: unknown; OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[] };
    // The execute-api endpoint is disabled: CloudFront reaches the API on its custom domain (context apiDomainName).
    expect(apiOrigin.DomainName).toBe(CONTEXT_DEFAULTS.apiDomainName);
    expect(apiOrigin.OriginCustomHeaders).toEqual([{ HeaderName: 'X-Origin-Verify', HeaderValue: `{{resolve:secretsmanager:${ORIGIN_VERIFY_SECRET_NAME}:SecretString:::}}` }]);
    expect(api.CachePolicyId).toBe(CACHING_DISABLED);
    expect(api.OriginRequestPolicyId).toBe(ALL_VIEWER_EXCEPT_HOST_HEADER);
    expect([...api.AllowedMethods].sort()).toEqual(['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT']);
    expect(api.ViewerProtocolPolicy).toBe('https-only');
    expect(api.FunctionAssociations?.map((f) => f.EventType)).toEqual(['viewer-request']);
  });

  it('writes the caller’s address on every API request from the connection, over any copy the client sent', () => {
    const api = behavior(`${API_PREFIX}/*`);
    const functionId = api.FunctionAssociations![0]!.FunctionARN['Fn::GetAtt'][0];
    const code = synth.template(synth.stacks.web).toJSON().Resources[functionId].Properties.FunctionCode as string;
    type Request = { uri: string; headers: Record<string, { value: string }> };
    const run = vm.runInNewContext(`${code}\nhandler`, {}) as (event: { request: Request; viewer: { ip: string } }) => Request;
    const forged = { 'x-viewer-address': { value: '203.0.113.9' }, 'cloudfront-viewer-address': { value: '203.0.113.9:1' }, authorization: { value: 'Bearer t' } };
    const request = run({ request: { uri: '/api/donations/vouchers/lookup', headers: forged }, viewer: { ip: '198.51.100.20' } });
    expect(request.headers['x-viewer-address']).toEqual({ value: '198.51.100.20' });
    expect(request.headers.authorization).toEqual({ value: 'Bearer t' });
    expect(request.uri).toBe('/api/donations/vouchers/lookup');
  });

  it('puts the web ACL of the edge stack (us-east-1) in front of the distribution, read from its parameter there', () => {
    const web = synth.template(synth.stacks.web);
    const distribution = onlyResource(web, 'AWS::CloudFront::Distribution', () => true);
    const webAclId = (distribution.properties.DistributionConfig as { WebACLId: { 'Fn::GetAtt': [string, string] } }).WebACLId;
    expect(webAclId['Fn::GetAtt'][1]).toBe('Parameter.Value');
    const reader = web.toJSON().Resources[webAclId['Fn::GetAtt'][0]].Properties as { Update: string };
    expect(JSON.parse(reader.Update)).toMatchObject({ service: 'SSM', action: 'GetParameter', parameters: { Name: WEB_ACL_ARN_PARAMETER }, region: EDGE_REGION });
    expect(synth.stacks.web.dependencies).toContain(synth.stacks.edge);
  });

  it('serves the SPA from its bucket through OAC, rewriting extension-less paths, with no error-response rewrites', () => {
    const spa = config.DefaultCacheBehavior;
    expect(JSON.stringify(origin(spa).DomainName)).toContain('giving-site-');
    expect(origin(spa).OriginAccessControlId).toBeDefined();
    expect(spa.FunctionAssociations?.map((f) => f.EventType)).toEqual(['viewer-request']);
    expect(config.CustomErrorResponses).toBeUndefined();

    const functionId = spa.FunctionAssociations![0]!.FunctionARN['Fn::GetAtt'][0];
    const code = synth.template(synth.stacks.web).toJSON().Resources[functionId].Properties.FunctionCode as string;
    const rewrite = new Function(`${code}; return handler;`)() as (event: { request: { uri: string } }) => { uri: string };
    expect(rewrite({ request: { uri: '/nz/charities/reef-guardians' } }).uri).toBe('/index.html');
    expect(rewrite({ request: { uri: '/' } }).uri).toBe('/index.html');
    expect(rewrite({ request: { uri: '/assets/index-abc123.js' } }).uri).toBe('/assets/index-abc123.js');
    expect(rewrite({ request: { uri: '/config.json' } }).uri).toBe('/config.json');
  });

  it('compresses the SPA with brotli and gzip, caching each file as its Cache-Control says and HTML not at all', () => {
    const spa = config.DefaultCacheBehavior;
    expect(spa.Compress).toBe(true);
    const policyId = (spa.CachePolicyId as unknown as { Ref: string }).Ref;
    const policy = synth.template(synth.stacks.web).toJSON().Resources[policyId];
    expect(policy.Type).toBe('AWS::CloudFront::CachePolicy');
    const settings = policy.Properties.CachePolicyConfig;
    // MinTTL 0: index.html and config.json, uploaded with no-cache, are fetched again on every load; the bundles'
    // max-age of a year (below) is within MaxTTL.
    expect(settings).toMatchObject({ MinTTL: 0, DefaultTTL: 0, MaxTTL: 31_536_000 });
    expect(settings.ParametersInCacheKeyAndForwardedToOrigin).toMatchObject({ EnableAcceptEncodingBrotli: true, EnableAcceptEncodingGzip: true });
    expect(behavior('/media/*').Compress).toBe(true);
  });

  it('serves /media/* from the media bucket, stripping the prefix', () => {
    const media = behavior('/media/*');
    expect(JSON.stringify(origin(media).DomainName)).toContain('giving-media-');
    expect(origin(media).OriginAccessControlId).toBeDefined();
    const functionId = media.FunctionAssociations![0]!.FunctionARN['Fn::GetAtt'][0];
    const code = synth.template(synth.stacks.web).toJSON().Resources[functionId].Properties.FunctionCode as string;
    const strip = new Function(`${code}; return handler;`)() as (event: { request: { uri: string } }) => { uri: string };
    expect(strip({ request: { uri: '/media/charities/reef/logo.png' } }).uri).toBe('/charities/reef/logo.png');
  });

  it('puts the security-headers policy on every behavior, and the media set (sandboxed, never framed) on /media/*', () => {
    const isMedia = (p: Record<string, unknown>) => JSON.stringify(p).includes("sandbox; frame-ancestors");
    const policy = onlyResource(synth.template(synth.stacks.web), 'AWS::CloudFront::ResponseHeadersPolicy', (p) => !isMedia(p));
    const mediaPolicy = onlyResource(synth.template(synth.stacks.web), 'AWS::CloudFront::ResponseHeadersPolicy', isMedia);
    for (const b of [config.DefaultCacheBehavior, ...config.CacheBehaviors]) {
      expect([b.PathPattern, b.ResponseHeadersPolicyId]).toEqual([b.PathPattern, { Ref: b.PathPattern === '/media/*' ? mediaPolicy.id : policy.id }]);
    }
    const mediaHeaders = (mediaPolicy.properties.ResponseHeadersPolicyConfig as { SecurityHeadersConfig: Record<string, Record<string, unknown>> }).SecurityHeadersConfig;
    const sharedMedia = mediaSecurityHeaders({ cardGatewayOrigin: CONTEXT_DEFAULTS.cardGatewayUrl });
    expect(mediaHeaders.ContentSecurityPolicy).toEqual({ ContentSecurityPolicy: sharedMedia['content-security-policy'], Override: true });
    expect(sharedMedia['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(mediaHeaders.FrameOptions).toEqual({ FrameOption: 'DENY', Override: true });
    expect(mediaHeaders.StrictTransportSecurity).toEqual({ AccessControlMaxAgeSec: 63072000, IncludeSubdomains: true, Preload: true, Override: true });
    expect(mediaHeaders.ContentTypeOptions).toEqual({ Override: true });

    const headers = (policy.properties.ResponseHeadersPolicyConfig as { SecurityHeadersConfig: Record<string, Record<string, unknown>> })
      .SecurityHeadersConfig;
    // The same headers as shared/security-headers.ts, which the local origin sends.
    const shared = securityHeaders({ cardGatewayOrigin: CONTEXT_DEFAULTS.cardGatewayUrl });
    expect(shared['strict-transport-security']).toBe('max-age=63072000; includeSubDomains; preload');
    expect(headers.StrictTransportSecurity).toEqual({ AccessControlMaxAgeSec: 63072000, IncludeSubdomains: true, Preload: true, Override: true });
    expect(headers.ContentTypeOptions).toEqual({ Override: true });
    expect(shared['x-content-type-options']).toBe('nosniff');
    expect(headers.FrameOptions).toEqual({ FrameOption: 'DENY', Override: true });
    expect(shared['x-frame-options']).toBe('DENY');
    expect(headers.ReferrerPolicy).toEqual({ ReferrerPolicy: shared['referrer-policy'], Override: true });
    const custom = (policy.properties.ResponseHeadersPolicyConfig as { CustomHeadersConfig: { Items: unknown[] } }).CustomHeadersConfig.Items;
    expect(custom).toEqual([{ Header: 'Permissions-Policy', Value: shared['permissions-policy'], Override: true }]);
    const csp = JSON.stringify(headers.ContentSecurityPolicy!.ContentSecurityPolicy);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain(`frame-src ${new URL(CONTEXT_DEFAULTS.cardGatewayUrl).origin};`);
    expect(csp).toMatch(/connect-src 'self' https:\/\/cognito-idp\.",\{"Ref":"AWS::Region"\},"\.amazonaws\.com/);
    // A download over 4 MB is a 303 to the personal-data or payroll-files bucket, which fetch may then follow.
    const connect = csp.slice(csp.indexOf('connect-src'), csp.indexOf('frame-src'));
    expect(connect.match(/RegionalDomainName/g)).toHaveLength(2);
    expect(connect).toMatch(/PersonalDataBucket/);
    expect(connect).toMatch(/PayrollFilesBucket/);
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('logs to the access-log bucket', () => {
    synth.template(synth.stacks.web).hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({ Logging: { Bucket: Match.anyValue(), Prefix: 'cloudfront/' } }),
    });
  });

  it('uploads nothing and says so in a warning', () => {
    synth.template(synth.stacks.web).resourceCountIs('Custom::CDKBucketDeployment', 0);
    const warnings = webWarnings(synth).filter((text) => text.includes('web/dist does not exist'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(WEB_DIST_MISSING_WARNING);
  });

  it('frames the card gateway given in context', () => {
    const other = deploymentSynth(); // cardGatewayUrl https://pay.gateway.test/v2
    const policy = onlyResource(other.template(other.stacks.web), 'AWS::CloudFront::ResponseHeadersPolicy', (p) => !JSON.stringify(p).includes('sandbox; frame-ancestors'));
    expect(JSON.stringify(policy.properties)).toContain('frame-src https://pay.gateway.test;');
  });
});

describe('web stack with a built SPA', () => {
  // index.html with the inline early start, assets/index-1.js, and a source map beside each (testing.ts).
  let synth: ReturnType<typeof synthesize>;
  beforeAll(() => {
    synth = builtSpaSynth();
  });

  it('allows the built index.html’s inline early start by its hash in the site’s CSP, and no other inline script', () => {
    const policy = onlyResource(synth.template(synth.stacks.web), 'AWS::CloudFront::ResponseHeadersPolicy', (p) => JSON.stringify(p).includes('giving site'));
    const config = policy.properties.ResponseHeadersPolicyConfig as { SecurityHeadersConfig: { ContentSecurityPolicy: { ContentSecurityPolicy: unknown } } };
    const csp = JSON.stringify(config.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy);
    const hash = `'sha256-${createHash('sha256').update(EARLY_START).digest('base64')}'`;
    expect(csp).toContain(`script-src 'self' ${hash};`);
  });

  it('uploads immutable assets first, then index.html and a generated config.json that revalidate, and never a source map', () => {
    const web = synth.template(synth.stacks.web);
    const assets = onlyResource(web, 'Custom::CDKBucketDeployment', (p) => p.DestinationBucketKeyPrefix === 'assets/');
    expect(assets.properties.SystemMetadata).toEqual({ 'cache-control': 'public, max-age=31536000, immutable' });
    expect(assets.properties.Prune).toBe(false);
    const shell = onlyResource(web, 'Custom::CDKBucketDeployment', (p) => p.DestinationBucketKeyPrefix === undefined);
    expect(shell.properties.SystemMetadata).toEqual({ 'cache-control': 'no-cache' });
    expect(shell.properties.Prune).toBe(false);
    expect(web.toJSON().Resources[shell.id].DependsOn).toEqual(expect.arrayContaining([expect.stringMatching(/^SiteAssets/)]));
    const staged = (key: string) => readdirSync(path.join(synth.assembly.directory, `asset.${key.replace(/\.zip$/, '')}`)).sort();
    expect(staged((assets.properties.SourceObjectKeys as string[])[0]!)).toEqual(['index-1.js']);
    expect(staged((shell.properties.SourceObjectKeys as string[])[0]!)).toEqual(['index.html']);
    expect(webWarnings(synth).filter((text) => text.includes('web/dist does not exist'))).toEqual([]);
  });

  it('writes config.json, and the same configuration into index.html, from stack values: gateway, Cognito pool, client and region', () => {
    const shell = onlyResource(synth.template(synth.stacks.web), 'Custom::CDKBucketDeployment', (p) => p.DestinationBucketKeyPrefix === undefined);
    const keys = shell.properties.SourceObjectKeys as string[];
    const markers = shell.properties.SourceMarkers as Record<string, unknown>[];
    const stagedFile = (name: string) => {
      const index = keys.findIndex((key) => existsSync(path.join(synth.assembly.directory, `asset.${key.replace(/\.zip$/, '')}`, name)));
      expect(index).toBeGreaterThanOrEqual(0);
      return { text: readFileSync(path.join(synth.assembly.directory, `asset.${keys[index]!.replace(/\.zip$/, '')}`, name), 'utf8'), markers: markers[index]! };
    };
    type Written = { cardGatewayUrl: string; cardGatewayPublishableKey: string; cognito: { userPoolId: string; userPoolClientId: string; region: string } };
    const config = stagedFile('config.json');
    const page = stagedFile('index.html');
    const embedded = new RegExp(`<script id="${RUNTIME_CONFIG_ELEMENT_ID}" type="application/json">(.*?)</script>`).exec(page.text)?.[1];
    expect(page.text).toContain('<script type="module" src="/assets/index-1.js"></script>');
    for (const [text, resolved] of [
      [config.text, config.markers],
      [embedded ?? 'null', page.markers],
    ] as const) {
      const written = JSON.parse(text) as Written;
      expect(written.cardGatewayUrl).toBe(CONTEXT_DEFAULTS.cardGatewayUrl);
      expect(written.cardGatewayPublishableKey).toBe(CONTEXT_DEFAULTS.cardGatewayPublishableKey);
      // Deploy-time values are markers in the file, replaced by the deployment with what they stand for.
      expect(resolved[written.cognito.userPoolId]).toEqual({ 'Fn::ImportValue': expect.stringMatching(/ExportsOutputRefUserPool[0-9A-F]{8}/) });
      expect(resolved[written.cognito.userPoolClientId]).toEqual({ 'Fn::ImportValue': expect.stringMatching(/ExportsOutputRefUserPoolWebClient/) });
      expect(resolved[written.cognito.region]).toEqual({ Ref: 'AWS::Region' });
    }
  });
});

describe('web stack with the site-wide guard on', () => {
  interface CfValue {
    value: string;
    multiValue?: { value: string }[];
  }
  interface CfRequest {
    method: string;
    uri: string;
    querystring: Record<string, CfValue>;
    headers: Record<string, CfValue>;
    cookies: Record<string, CfValue>;
  }
  interface CfResponse {
    statusCode: number;
    headers: Record<string, { value: string }>;
    body: { encoding: string; data: string };
  }
  type Handler = (event: { request: CfRequest }) => CfRequest | CfResponse;

  // The guard lives in the web stack alone: one service behind the API is enough (a whole app costs seconds a synth).
  const oneService = repositoryManifests.filter((manifest) => manifest.service === 'search');
  let synth: ReturnType<typeof synthesize>;
  let config: { DefaultCacheBehavior: Behavior; CacheBehaviors: Behavior[] };
  beforeAll(() => {
    synth = synthesize({ manifests: oneService, context: { siteGuardDomains: 'staff.giving.test', siteGuardExclusions: '/favicon.ico' } });
    config = onlyResource(synth.template(synth.stacks.web), 'AWS::CloudFront::Distribution', () => true).properties.DistributionConfig as typeof config;
  });

  /** The behaviour's viewer-request code as deployed, run in a fresh context as CloudFront's runtime would. */
  const handlerOf = (behavior: Behavior): { handler: Handler; code: string } => {
    const functionId = behavior.FunctionAssociations![0]!.FunctionARN['Fn::GetAtt'][0];
    const resource = synth.template(synth.stacks.web).toJSON().Resources[functionId].Properties;
    expect(resource.FunctionConfig.Runtime).toBe('cloudfront-js-2.0');
    // The region in the CSP is a deploy-time value (Fn::Join); fill it in as CloudFormation would.
    const code = typeof resource.FunctionCode === 'string'
      ? (resource.FunctionCode as string)
      : (resource.FunctionCode['Fn::Join'][1] as unknown[]).map((part) => (typeof part === 'string' ? part : 'ap-southeast-2')).join('');
    return { handler: vm.runInNewContext(`${code}\nhandler`, {}) as Handler, code };
  };
  const event = (uri: string, more: Partial<CfRequest> = {}) => ({
    request: { method: 'GET', uri, querystring: {}, headers: { host: { value: 'staff.giving.test' } }, cookies: {}, ...more },
  });

  it('sends anonymous visitors of the guarded domain to login, with the message and the security headers', () => {
    const { handler, code } = handlerOf(config.DefaultCacheBehavior);
    expect(code.length).toBeLessThan(10 * 1024); // CloudFront Functions' size limit
    const response = handler(event('/nz/charities', { querystring: { q: { value: 'kiwi' }, tag: { value: 'a', multiValue: [{ value: 'a' }, { value: 'b' }] } } })) as CfResponse;
    expect(response.statusCode).toBe(302);
    expect(response.headers.location!.value).toBe(`/login?returnUrl=${encodeURIComponent('/nz/charities?q=kiwi&tag=a&tag=b')}`);
    expect(response.body).toEqual({ encoding: 'text', data: REDIRECTING_TO_LOGIN });
    const shared = securityHeaders({ cardGatewayOrigin: CONTEXT_DEFAULTS.cardGatewayUrl, cognitoOrigin: 'https://cognito-idp.ap-southeast-2.amazonaws.com' });
    for (const [name, value] of Object.entries(shared)) expect(response.headers[name]).toEqual({ value });
  });

  it('serves excluded pages and static files, rewriting SPA routes as before', () => {
    const { handler } = handlerOf(config.DefaultCacheBehavior);
    expect((handler(event('/login/sso')) as CfRequest).uri).toBe('/index.html');
    expect((handler(event('/login', { querystring: { returnUrl: { value: '%2Fnz' } } })) as CfRequest).uri).toBe('/index.html');
    expect((handler(event('/access-denied')) as CfRequest).uri).toBe('/index.html');
    expect((handler(event('/assets/index-abc.js')) as CfRequest).uri).toBe('/assets/index-abc.js');
    expect((handler(event('/config.json')) as CfRequest).uri).toBe('/config.json');
    expect((handler(event('/favicon.ico')) as CfRequest).uri).toBe('/favicon.ico');
    expect((handler(event('/robots.txt')) as CfResponse).statusCode).toBe(302);
  });

  it('lets signed-in browsers and other domains through', () => {
    const { handler } = handlerOf(config.DefaultCacheBehavior);
    const signedIn = event('/nz/charities', { cookies: { theme: { value: 'dark' }, [SESSION_COOKIE]: { value: 'remember' } } });
    expect((handler(signedIn) as CfRequest).uri).toBe('/index.html');
    expect((handler(event('/nz/charities', { headers: { host: { value: 'www.giving.test' } } })) as CfRequest).uri).toBe('/index.html');
    expect((handler(event('/nz/charities', { cookies: { [SESSION_COOKIE]: { value: '' } } })) as CfResponse).statusCode).toBe(302);
  });

  it('guards the API too when the deployment did not exclude /api/, without rewriting it, then writes the viewer address', () => {
    const api = config.CacheBehaviors.find((b) => b.PathPattern === `${API_PREFIX}/*`)!;
    const { handler } = handlerOf(api);
    expect((handler(event('/api/accounts/me')) as CfResponse).statusCode).toBe(302);
    const signedIn = handler({ ...event('/api/accounts/me', { cookies: { [SESSION_COOKIE]: { value: 'session' } } }), viewer: { ip: '192.0.2.44' } } as never) as CfRequest;
    expect(signedIn.uri).toBe('/api/accounts/me');
    expect(signedIn.headers['x-viewer-address']).toEqual({ value: '192.0.2.44' });
    const media = config.CacheBehaviors.find((b) => b.PathPattern === '/media/*')!;
    expect(handlerOf(media).code).not.toContain('siteGuardDecision');
  });

  it('leaves the guard off the API with the default exclusions (its function only writes the viewer address)', () => {
    const other = synthesize({ manifests: oneService, context: { siteGuardDomains: 'staff.giving.test' } });
    const distribution = onlyResource(other.template(other.stacks.web), 'AWS::CloudFront::Distribution', () => true).properties
      .DistributionConfig as typeof config;
    const api = distribution.CacheBehaviors.find((b) => b.PathPattern === `${API_PREFIX}/*`)!;
    const functionId = api.FunctionAssociations![0]!.FunctionARN['Fn::GetAtt'][0];
    expect(JSON.stringify(other.template(other.stacks.web).toJSON().Resources[functionId].Properties.FunctionCode)).not.toContain('siteGuardDecision');
    expect(distribution.DefaultCacheBehavior.FunctionAssociations).toHaveLength(1);
  });
});
