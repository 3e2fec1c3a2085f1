import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { EVENT_BUS_NAME } from '@giving/shared/manifest';
import { CARD_GATEWAY_SECRET_NAME, CARD_GATEWAY_TRUST_SECRET_NAME } from './names';
import { downloadBucketCors } from './stateful-stack';
import { appSynth, onlyResource, type Synth } from './testing';

let synth: Synth;
beforeAll(() => {
  synth = appSynth();
});
const stateful = () => synth.template(synth.stacks.stateful);

describe('stateful stack', () => {
  it('has the one event bus', () => {
    stateful().resourceCountIs('AWS::Events::EventBus', 1);
    stateful().hasResourceProperties('AWS::Events::EventBus', { Name: EVENT_BUS_NAME });
  });

  it('has a user pool signing in by e-mail with a strong password policy, kept on delete', () => {
    stateful().hasResource('AWS::Cognito::UserPool', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({
        UsernameAttributes: ['email'],
        Policies: { PasswordPolicy: Match.objectLike({ MinimumLength: 12, RequireLowercase: true, RequireUppercase: true, RequireNumbers: true, RequireSymbols: true }) },
      }),
    });
  });

  it('has a public web client for USER_PASSWORD_AUTH, SRP and refresh, without OAuth flows', () => {
    const client = onlyResource(stateful(), 'AWS::Cognito::UserPoolClient', () => true).properties;
    expect([...(client.ExplicitAuthFlows as string[])].sort()).toEqual(['ALLOW_REFRESH_TOKEN_AUTH', 'ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH']);
    expect(client.GenerateSecret).toBe(false);
    expect(client.AllowedOAuthFlows).toBeUndefined();
    expect(client.CallbackURLs).toBeUndefined();
  });

  it('has five private, encrypted, SSL-only, retained buckets; site, media, payroll files and personal data log to the access-log bucket', () => {
    const buckets = stateful().findResources('AWS::S3::Bucket');
    expect(Object.keys(buckets)).toHaveLength(5);
    for (const bucket of Object.values(buckets)) {
      expect(bucket.DeletionPolicy).toBe('Retain');
      expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
      expect(bucket.Properties.BucketEncryption).toBeDefined();
    }
    const policies = Object.values(stateful().findResources('AWS::S3::BucketPolicy'));
    expect(policies).toHaveLength(5);
    for (const policy of policies) {
      expect(policy.Properties.PolicyDocument.Statement).toContainEqual(
        expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
      );
    }
    const logged = Object.values(buckets).filter((bucket) => bucket.Properties.LoggingConfiguration);
    expect(logged.map((bucket) => bucket.Properties.LoggingConfiguration.LogFilePrefix).sort()).toEqual(['s3/media/', 's3/payroll-files/', 's3/personal-data/', 's3/site/']);
    // Payroll files (employees' names and gifts) expire after seven years and are not readable by CloudFront.
    const payroll = Object.values(buckets).find((bucket) => bucket.Properties.LoggingConfiguration?.LogFilePrefix === 's3/payroll-files/');
    expect(payroll?.Properties.LifecycleConfiguration.Rules).toContainEqual(expect.objectContaining({ ExpirationInDays: 7 * 366, Status: 'Enabled' }));
    const payrollPolicy = policies.find((policy) => JSON.stringify(policy.Properties.Bucket).includes(Object.keys(buckets).find((id) => buckets[id] === payroll)!));
    expect(JSON.stringify(payrollPolicy?.Properties.PolicyDocument)).not.toContain('cloudfront');
    // Members' data exports ("Download my data") are gone after 30 days, and never behind CloudFront either.
    const personal = Object.values(buckets).find((bucket) => bucket.Properties.LoggingConfiguration?.LogFilePrefix === 's3/personal-data/');
    expect(personal?.Properties.LifecycleConfiguration.Rules).toContainEqual(expect.objectContaining({ ExpirationInDays: 30, Status: 'Enabled' }));
    const personalPolicy = policies.find((policy) => JSON.stringify(policy.Properties.Bucket).includes(Object.keys(buckets).find((id) => buckets[id] === personal)!));
    expect(JSON.stringify(personalPolicy?.Properties.PolicyDocument)).not.toContain('cloudfront');
    // A download over 4 MB is a 303 to a signed address in one of these two, which the SPA's fetch follows: reading
    // only, and the file's name readable. The others allow no other origin.
    for (const bucket of [payroll, personal]) {
      expect(bucket?.Properties.CorsConfiguration.CorsRules).toEqual([
        expect.objectContaining({ AllowedMethods: ['GET', 'HEAD'], ExposedHeaders: expect.arrayContaining(['Content-Disposition']) }),
      ]);
    }
    expect(Object.values(buckets).filter((bucket) => bucket.Properties.CorsConfiguration)).toHaveLength(2);
  });

  it("lets only the site's origins read the download buckets where the site's address is configured", () => {
    expect(downloadBucketCors({ siteUrl: 'https://give.koha.nz/', webDomain: { name: 'www.koha.nz', certificateArn: 'arn' } })[0]?.allowedOrigins).toEqual([
      'https://give.koha.nz',
      'https://www.koha.nz',
    ]);
    // Unknown when the app is built (CloudFront's own domain comes from the web stack): the signed address is the credential.
    expect(downloadBucketCors({ siteUrl: undefined, webDomain: undefined })[0]?.allowedOrigins).toEqual(['*']);
  });

  it('has a search domain encrypted at rest and between nodes, HTTPS only, with its logs published', () => {
    const domain = onlyResource(stateful(), 'AWS::OpenSearchService::Domain', () => true).properties;
    expect(domain).toMatchObject({
      EncryptionAtRestOptions: { Enabled: true },
      NodeToNodeEncryptionOptions: { Enabled: true },
      DomainEndpointOptions: { EnforceHTTPS: true },
    });
    expect(Object.keys(domain.LogPublishingOptions as object).sort()).toEqual(['ES_APPLICATION_LOGS', 'INDEX_SLOW_LOGS', 'SEARCH_SLOW_LOGS']);
    expect(JSON.stringify(domain.AccessPolicies)).not.toContain('"AWS":"*"');
  });

  it('has the card gateway secrets (the platform’s and the Trust’s merchant accounts) under their fixed names', () => {
    for (const name of [CARD_GATEWAY_SECRET_NAME, CARD_GATEWAY_TRUST_SECRET_NAME]) {
      stateful().hasResource('AWS::SecretsManager::Secret', { DeletionPolicy: 'Retain', Properties: Match.objectLike({ Name: name }) });
    }
  });
});

describe('api stack', () => {
  it('has one HTTP API whose JWT authorizer trusts the user pool and its web client', () => {
    const api = synth.template(synth.stacks.api);
    // One HTTP API (the live-updates WebSocket API beside it: infra/lib/live-api.suite.ts).
    api.resourcePropertiesCountIs('AWS::ApiGatewayV2::Api', { ProtocolType: 'HTTP' }, 1);
    const authorizer = onlyResource(api, 'AWS::ApiGatewayV2::Authorizer', () => true).properties;
    expect(authorizer.AuthorizerType).toBe('JWT');
    expect(authorizer.IdentitySource).toEqual(['$request.header.Authorization']);
    expect(JSON.stringify(authorizer.JwtConfiguration)).toMatch(/ExportsOutputFnGetAttUserPool[0-9A-F]+ProviderURL/);
    expect(JSON.stringify(authorizer.JwtConfiguration)).toMatch(/ExportsOutputRefUserPoolWebClient/);
  });

  it('logs every request of the auto-deployed $default stage', () => {
    synth.template(synth.stacks.api).hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      AccessLogSettings: Match.objectLike({ DestinationArn: Match.anyValue() }),
    });
  });
});
