import { downloadCors } from '@giving/shared/download-cors';
import { ADMINISTRATOR } from '@giving/shared/permissions';
import { Aws, CfnOutput, Duration, RemovalPolicy, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as ec2 from 'aws-cdk-lib/aws-ec2';
import * as events from 'aws-cdk-lib/aws-events';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as opensearch from 'aws-cdk-lib/aws-opensearchservice';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import * as ssm from 'aws-cdk-lib/aws-ssm';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import {
  deadLetterQueueName,
  streamDeadLetterQueueName,
  EVENT_BUS_NAME,
  MAX_RECEIVE_COUNT,
  queueName,
  ruleName,
  tableName,
  type ServiceManifest,
  type ServiceName,
} from '@giving/shared/manifest';
import { mailDomain, mailSender, type DeploymentConfig } from './config';
import { rateRuleWebAcl } from './web-acl';
import {
  accessLogsBucketName,
  CARD_GATEWAY_SECRET_NAME,
  CARD_GATEWAY_TRUST_SECRET_NAME,
  mediaBucketName,
  payrollFilesBucketName,
  personalDataBucketName,
  ORIGIN_VERIFY_SECRET_NAME,
  scheduleDeadLetterQueueName,
  SEARCH_DOMAIN_NAME,
  SEARCH_ENDPOINT_PARAMETER,
  searchDomainArn,
  siteBucketName,
  VOUCHER_CODE_SECRET_NAME,
} from './names';
import { timeoutSecondsOf } from './service-function';

export interface StatefulStackProps extends StackProps {
  readonly manifests: readonly ServiceManifest[];
  readonly config: DeploymentConfig;
}

/** SQS keeps a message this long; the dead-letter queues keep theirs for the SQS maximum. */
const QUEUE_RETENTION = Duration.days(4);
const DEAD_LETTER_RETENTION = Duration.days(14);
/** AWS's advice for Lambda consumers: visibility timeout at least six times the function timeout. */
const VISIBILITY_TIMEOUT_FACTOR = 6;

/**
 * Everything that holds data or identity and must outlive any deployment of the code: tables, the bus,
 * queues with their dead-letter queues, the user pool, the search domain, buckets and the gateway secret.
 * Nothing in here references the stacks built on top of it, so they can change without touching it.
 */
export class StatefulStack extends Stack {
  readonly eventBus: events.EventBus;
  readonly userPool: cognito.UserPool;
  readonly userPoolClient: cognito.UserPoolClient;
  readonly searchDomain: opensearch.Domain;
  readonly siteBucket: s3.Bucket;
  readonly mediaBucket: s3.Bucket;
  readonly payrollFilesBucket: s3.Bucket;
  readonly personalDataBucket: s3.Bucket;
  readonly accessLogsBucket: s3.Bucket;
  readonly cardGatewaySecret: secretsmanager.Secret;
  readonly cardGatewayTrustSecret: secretsmanager.Secret;
  readonly voucherCodeSecret: secretsmanager.Secret;
  readonly originVerifySecret: secretsmanager.Secret;
  private readonly tables = new Map<ServiceName, dynamodb.Table>();
  private readonly queues = new Map<string, sqs.Queue>();

  constructor(scope: Construct, id: string, props: StatefulStackProps) {
    super(scope, id, props);

    this.eventBus = new events.EventBus(this, 'EventBus', { eventBusName: EVENT_BUS_NAME });

    for (const manifest of props.manifests) {
      if (manifest.table) this.tables.set(manifest.service, this.createTable(manifest.service, manifest.table));
      for (const subscription of manifest.subscriptions) this.createSubscriptionQueue(manifest.service, subscription);
      for (const { name } of manifest.schedules) {
        this.createFailureQueue(
          `Queue-${manifest.service}-schedule-${name}-Dlq`,
          scheduleDeadLetterQueueName(manifest.service, name),
          `the ${manifest.service} schedule '${name}' (EventBridge Scheduler's DeadLetterConfig)`,
        );
      }
      for (const { name } of manifest.streams) {
        this.createFailureQueue(
          `Queue-${manifest.service}-stream-${name}-Dlq`,
          streamDeadLetterQueueName(manifest.service, name),
          `the ${manifest.service} stream subscription '${name}' (records whose retries ran out)`,
        );
      }
    }

    this.accessLogsBucket = this.createAccessLogsBucket();
    this.siteBucket = this.createBucket('SiteBucket', { bucketName: siteBucketName(), serverAccessLogsPrefix: 's3/site/' });
    this.mediaBucket = this.createBucket('MediaBucket', {
      bucketName: mediaBucketName(),
      serverAccessLogsPrefix: 's3/media/',
      versioned: true,
      // Replaced or deleted logos stay recoverable for a month, then stop costing.
      lifecycleRules: [{ noncurrentVersionExpiration: Duration.days(30) }],
    });
    for (const bucket of [this.siteBucket, this.mediaBucket]) allowCloudFrontRead(bucket);
    // A download over the API's 4 MB answer is a 303 to a signed address in one of the next two buckets, which the SPA's
    // fetch follows from the site's origin: the site may read them (shared/download-cors.ts).
    const cors = downloadBucketCors(props.config);
    // Employees' names and what they give: private (no CloudFront), and gone after seven years (a tax record's life).
    this.payrollFilesBucket = this.createBucket('PayrollFilesBucket', {
      bucketName: payrollFilesBucketName(),
      serverAccessLogsPrefix: 's3/payroll-files/',
      lifecycleRules: [{ expiration: Duration.days(7 * 366) }],
      cors,
    });
    // Files of personal data made for download (a member's own data, a charity's members CSV): private, gone after 30 days.
    this.personalDataBucket = this.createBucket('PersonalDataBucket', {
      bucketName: personalDataBucketName(),
      serverAccessLogsPrefix: 's3/personal-data/',
      lifecycleRules: [{ expiration: Duration.days(30) }],
      cors,
    });

    ({ userPool: this.userPool, client: this.userPoolClient } = this.createUserPool(props.config));
    this.searchDomain = this.createSearchDomain(props.config);

    this.cardGatewaySecret = new secretsmanager.Secret(this, 'CardGatewayApiKey', {
      secretName: CARD_GATEWAY_SECRET_NAME,
      description:
        'Secret API key of the card gateway. Created with a random value; put the real key here (aws secretsmanager put-secret-value): functions read it at run time (cached for five minutes).',
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.cardGatewayTrustSecret = new secretsmanager.Secret(this, 'CardGatewayTrustApiKey', {
      secretName: CARD_GATEWAY_TRUST_SECRET_NAME,
      description:
        "Secret API key of the charitable Trust's merchant account at the card gateway (New Zealand's donations are collected there). Created with a random value; put the real key here: functions read it at run time.",
      removalPolicy: RemovalPolicy.RETAIN,
    });
    new CfnOutput(this, 'UserPoolId', { value: this.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.userPoolClient.userPoolClientId });
    new CfnOutput(this, 'SearchDomainEndpoint', { value: this.searchDomain.domainEndpoint });
    // Service stacks read the endpoint from here when they deploy (no export between stacks).
    new ssm.StringParameter(this, 'SearchEndpointParameter', {
      parameterName: SEARCH_ENDPOINT_PARAMETER,
      stringValue: this.searchDomain.domainEndpoint,
      description: 'The search domain endpoint, for the functions that reach it (SEARCH_ENDPOINT).',
    });
    this.voucherCodeSecret = new secretsmanager.Secret(this, 'VoucherCodeKey', {
      secretName: VOUCHER_CODE_SECRET_NAME,
      description:
        'Key of the gift voucher codes (HMAC-SHA256): codes are derived from it and stored only as their keyed hash. Generated once; changing it makes every issued code unknown.',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this.voucherCodeSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason: 'Every issued gift voucher code is derived from and checked against this key: rotating it would make the codes people hold unusable.',
    });
    this.originVerifySecret = new secretsmanager.Secret(this, 'OriginVerify', {
      secretName: ORIGIN_VERIFY_SECRET_NAME,
      description:
        'What CloudFront sends the API as X-Origin-Verify: every route refuses a request without it, so CloudFront (and its web ACL) is the only way in. CloudFront gets it by a dynamic reference when the web stack deploys.',
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this.originVerifySecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'CloudFront holds this value in its origin configuration: rotate it by putting a new value and redeploying the web stack (routes read it again within five minutes), not with a rotation Lambda that CloudFront would not follow.',
    });
    for (const secret of [this.cardGatewaySecret, this.cardGatewayTrustSecret]) {
      Validations.of(secret).acknowledge({
        id: 'AwsSolutions-SMG4',
        reason:
          'The card gateway issues this API key; it is rotated in the gateway dashboard and put here by hand. A Secrets Manager rotation Lambda cannot create keys at the gateway.',
      });
    }
  }

  /** The service's table; throws when its manifest declares none. */
  table(service: ServiceName): dynamodb.Table {
    const table = this.tables.get(service);
    if (!table) throw new Error(`${service} declares no table in its manifest`);
    return table;
  }

  subscriptionQueue(service: ServiceName, subscription: string): sqs.Queue {
    return this.queueNamed(queueName(service, subscription));
  }

  scheduleDeadLetterQueue(service: ServiceName, schedule: string): sqs.Queue {
    return this.queueNamed(scheduleDeadLetterQueueName(service, schedule));
  }

  private queueNamed(name: string): sqs.Queue {
    const queue = this.queues.get(name);
    if (!queue) throw new Error(`no queue ${name} in the stateful stack`);
    return queue;
  }

  private createTable(service: ServiceName, spec: NonNullable<ServiceManifest['table']>): dynamodb.Table {
    const key = (name: string) => ({ name, type: dynamodb.AttributeType.STRING });
    const table = new dynamodb.Table(this, `Table-${service}`, {
      tableName: tableName(service),
      partitionKey: key('pk'),
      sortKey: key('sk'),
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: spec.ttlAttribute,
      stream: spec.stream ? dynamodb.StreamViewType[spec.stream] : undefined,
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    for (const index of spec.indexes) {
      table.addGlobalSecondaryIndex({
        indexName: index,
        partitionKey: key(`${index}pk`),
        sortKey: key(`${index}sk`),
        projectionType: dynamodb.ProjectionType.ALL,
      });
    }
    return table;
  }

  private createQueue(id: string, props: sqs.QueueProps): sqs.Queue {
    const queue = new sqs.Queue(this, id, {
      encryption: sqs.QueueEncryption.SQS_MANAGED, // EventBridge cannot use the AWS-managed SQS KMS key
      enforceSSL: true,
      ...props,
    });
    this.queues.set(props.queueName ?? id, queue);
    return queue;
  }

  private createSubscriptionQueue(service: ServiceName, subscription: ServiceManifest['subscriptions'][number]): void {
    const name = queueName(service, subscription.name);
    const deadLetterQueue = this.createQueue(`Queue-${service}-${subscription.name}-Dlq`, {
      queueName: deadLetterQueueName(service, subscription.name),
      retentionPeriod: DEAD_LETTER_RETENTION,
    });
    const queue = this.createQueue(`Queue-${service}-${subscription.name}`, {
      queueName: name,
      retentionPeriod: QUEUE_RETENTION,
      visibilityTimeout: Duration.seconds(VISIBILITY_TIMEOUT_FACTOR * timeoutSecondsOf('queue', subscription)),
      deadLetterQueue: { queue: deadLetterQueue, maxReceiveCount: MAX_RECEIVE_COUNT },
    });
    // The rule lives in the service stack. Granting its (predictable) ARN here, instead of letting the rule
    // target edit this policy, keeps references one way: service stack -> stateful stack.
    const rule = this.formatArn({ service: 'events', resource: 'rule', resourceName: `${EVENT_BUS_NAME}/${ruleName(service, subscription.name)}` });
    queue.addToResourcePolicy(
      new iam.PolicyStatement({
        principals: [new iam.ServicePrincipal('events.amazonaws.com')],
        actions: ['sqs:SendMessage'],
        resources: [queue.queueArn],
        conditions: { ArnEquals: { 'aws:SourceArn': rule } },
      }),
    );
  }

  /** A queue that is itself where failures end up (a schedule's or a stream subscription's), so it needs no DLQ. */
  private createFailureQueue(id: string, queueName: string, whose: string): void {
    const queue = this.createQueue(id, { queueName, retentionPeriod: DEAD_LETTER_RETENTION });
    Validations.of(queue).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason: `This queue is the dead-letter queue of ${whose}; a dead-letter queue of its own would add nothing.`,
    });
  }

  private createAccessLogsBucket(): s3.Bucket {
    const bucket = new s3.Bucket(this, 'AccessLogsBucket', {
      bucketName: accessLogsBucketName(),
      encryption: s3.BucketEncryption.S3_MANAGED, // log delivery cannot write with a KMS key
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      // CloudFront standard logs are delivered with an ACL, which needs ACLs enabled on the bucket.
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(365) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(bucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This is the access-log bucket that the site and media buckets and CloudFront log into; logging it into itself would loop.',
    });
    return bucket;
  }

  private createBucket(id: string, props: s3.BucketProps): s3.Bucket {
    return new s3.Bucket(this, id, {
      encryption: s3.BucketEncryption.S3_MANAGED,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      serverAccessLogsBucket: this.accessLogsBucket,
      removalPolicy: RemovalPolicy.RETAIN,
      ...props,
    });
  }

  private createUserPool(config: DeploymentConfig) {
    const from = mailSender(config.mailFromAddress);
    const userPool = new cognito.UserPool(this, 'UserPool', {
      userPoolName: 'giving-members',
      selfSignUpEnabled: true,
      signInAliases: { email: true },
      signInCaseSensitive: false, // Jo@Example.org and jo@example.org are one member
      autoVerify: { email: true },
      standardAttributes: { email: { required: true, mutable: true } },
      passwordPolicy: {
        minLength: 12,
        requireLowercase: true,
        requireUppercase: true,
        requireDigits: true,
        requireSymbols: true,
        tempPasswordValidity: Duration.days(3),
      },
      mfa: cognito.Mfa.OPTIONAL,
      // E-mailed codes are what 'require MFA for administrators' turns on for each administrator (accounts service):
      // they need no set-up, the address being verified. Members may still add an authenticator app.
      mfaSecondFactor: { otp: true, sms: false, email: true },
      featurePlan: cognito.FeaturePlan.ESSENTIALS,
      // E-mailed codes are sent through SES, from the platform's own verified domain (the one receipts come from).
      email: cognito.UserPoolEmail.withSES({
        fromEmail: from.address,
        ...(from.name ? { fromName: from.name } : {}),
        sesRegion: this.region,
        sesVerifiedDomain: mailDomain(config.mailFromAddress),
      }),
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(userPool).acknowledge({
      id: 'AwsSolutions-COG2',
      reason:
        "MFA is optional for the pool by product decision (requiring it would stop donors from signing in on a new device mid-checkout); the back office's 'require MFA for administrators' requires e-mailed codes of every administrator, per user (AdminSetUserMFAPreference).",
    });
    Validations.of(userPool).acknowledge({
      id: 'AwsSolutions-COG8',
      reason:
        'Essentials feature plan: the Plus plan (threat protection) is billed per monthly active user across every donor, a cost decision for the charity; strong passwords and optional TOTP MFA are enforced here.',
    });
    // Signing in goes to Cognito, not through CloudFront: the user pool has its own web ACL with the sign-in rate rule.
    const signInAcl = rateRuleWebAcl(this, 'UserPoolWebAcl', {
      name: 'giving-user-pool',
      aclScope: 'REGIONAL',
      rules: 'userPool',
      description: 'Rate rules in front of the user pool - sign-in, sign-up and password resets per address - from shared/edge.ts',
    });
    new wafv2.CfnWebACLAssociation(this, 'UserPoolWebAclAssociation', { resourceArn: userPool.userPoolArn, webAclArn: signInAcl.attrArn });
    // The back office role: the accounts service adds and removes its members; tokens carry it in cognito:groups.
    new cognito.CfnUserPoolGroup(this, 'AdministratorGroup', {
      userPoolId: userPool.userPoolId,
      groupName: ADMINISTRATOR,
      description: 'Back-office administrators (managed from the back office Admins screen)',
    });
    const client = userPool.addClient('WebClient', {
      userPoolClientName: 'giving-web',
      generateSecret: false, // a browser cannot keep a secret
      authFlows: { userPassword: true, userSrp: true },
      disableOAuth: true, // the SPA signs in with the user pool API; no hosted UI, no implicit grant
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      accessTokenValidity: Duration.hours(1),
      idTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
    });
    return { userPool, client };
  }

  private createSearchDomain(config: DeploymentConfig): opensearch.Domain {
    const logGroup = (id: string) =>
      new logs.LogGroup(this, id, { retention: logs.RetentionDays.THREE_MONTHS, removalPolicy: RemovalPolicy.RETAIN });
    const slowSearchLogGroup = logGroup('SearchSlowSearchLogs');
    const slowIndexLogGroup = logGroup('SearchSlowIndexLogs');
    const appLogGroup = logGroup('SearchAppLogs');
    // Written here rather than by the construct's custom-resource Lambda (suppressLogsResourcePolicy below).
    new logs.ResourcePolicy(this, 'SearchLogsPolicy', {
      resourcePolicyName: 'giving-search-logs',
      policyStatements: [
        new iam.PolicyStatement({
          principals: [new iam.ServicePrincipal('es.amazonaws.com')],
          actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
          resources: [slowSearchLogGroup, slowIndexLogGroup, appLogGroup].map((group) => group.logGroupArn),
          conditions: { StringEquals: { 'aws:SourceAccount': Aws.ACCOUNT_ID } },
        }),
      ],
    });
    const zoneAware = config.searchDataNodes >= 2;
    const domain = new opensearch.Domain(this, 'SearchDomain', {
      domainName: SEARCH_DOMAIN_NAME,
      version: opensearch.EngineVersion.OPENSEARCH_2_19,
      capacity: { dataNodes: config.searchDataNodes, dataNodeInstanceType: config.searchInstanceType, multiAzWithStandbyEnabled: false },
      ebs: { volumeSize: 20, volumeType: ec2.EbsDeviceVolumeType.GP3 },
      zoneAwareness: zoneAware ? { enabled: true, availabilityZoneCount: 2 } : { enabled: false },
      encryptionAtRest: { enabled: true },
      nodeToNodeEncryption: true,
      enforceHttps: true,
      tlsSecurityPolicy: opensearch.TLSSecurityPolicy.TLS_1_2_PFS,
      logging: {
        slowSearchLogEnabled: true,
        slowSearchLogGroup,
        slowIndexLogEnabled: true,
        slowIndexLogGroup,
        appLogEnabled: true,
        appLogGroup,
      },
      suppressLogsResourcePolicy: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    // Only this account's IAM principals, and then only those whose own policy grants es:ESHttp*. Set on the
    // CloudFormation resource (the name is fixed, so the ARN is known) instead of through the construct's
    // accessPolicies, which would add a custom-resource Lambda to apply it after creation.
    (domain.node.defaultChild as opensearch.CfnDomain).accessPolicies = new iam.PolicyDocument({
      statements: [
        new iam.PolicyStatement({
          principals: [new iam.AccountRootPrincipal()],
          actions: ['es:ESHttp*'],
          resources: [`${searchDomainArn()}/*`],
        }),
      ],
    }).toJSON();
    Validations.of(domain).acknowledge({
      id: 'AwsSolutions-OS1',
      reason:
        'Outside a VPC on purpose: callers are Lambda functions signing with SigV4 and authorised by IAM; a VPC would put every search function in a VPC with NAT gateways only to reach this one endpoint.',
    });
    Validations.of(domain).acknowledge({
      id: 'AwsSolutions-OS3',
      reason: 'Access is granted to IAM principals of this account (SigV4), not to IP ranges: Lambda has no fixed source address outside a VPC.',
    });
    Validations.of(domain).acknowledge({
      id: 'AwsSolutions-OS4',
      reason: `A ${config.searchDataNodes}-node search domain for the catalogue; AWS recommends dedicated master nodes for larger clusters, and three of them would cost more than the data nodes. Sized by context searchInstanceType/searchDataNodes.`,
    });
    if (!zoneAware) {
      Validations.of(domain).acknowledge({
        id: 'AwsSolutions-OS7',
        reason: 'Single data node (context searchDataNodes=1): zone awareness needs at least two; the index is rebuilt from the domain events by a reindex.',
      });
    }
    domain.node.addDependency(this.node.findChild('SearchLogsPolicy'));
    return domain;
  }
}

/**
 * CloudFront (in the web stack) reads through origin access control. The distribution's id is not known
 * here without a cycle, so any distribution of this account may read: these buckets only hold what the
 * site serves publicly anyway.
 */
function allowCloudFrontRead(bucket: s3.Bucket): void {
  bucket.addToResourcePolicy(
    new iam.PolicyStatement({
      principals: [new iam.ServicePrincipal('cloudfront.amazonaws.com')],
      actions: ['s3:GetObject'],
      resources: [bucket.arnForObjects('*')],
      conditions: {
        StringEquals: { 'aws:SourceAccount': Aws.ACCOUNT_ID },
        ArnLike: { 'aws:SourceArn': `arn:${Aws.PARTITION}:cloudfront::${Aws.ACCOUNT_ID}:distribution/*` },
      },
    }),
  );
}

/**
 * The download buckets' CORS rule: the site's origins (the configured site address and the web domain), or any
 * origin where neither is known when the app is built (CloudFront's own domain comes from the web stack, built after
 * this one). Reading only, and only with the signed address the API gave out.
 */
export function downloadBucketCors(config: Pick<DeploymentConfig, 'siteUrl' | 'webDomain'>): s3.CorsRule[] {
  const origins = [...new Set([config.siteUrl, config.webDomain ? `https://${config.webDomain.name}` : undefined].flatMap((address) => (address ? [new URL(address).origin] : [])))];
  const rule = downloadCors(origins);
  return [
    {
      allowedOrigins: [...rule.allowedOrigins],
      allowedMethods: rule.allowedMethods.map((method) => (method === 'GET' ? s3.HttpMethods.GET : s3.HttpMethods.HEAD)),
      allowedHeaders: [...rule.allowedHeaders],
      exposedHeaders: [...rule.exposedHeaders],
      maxAge: rule.maxAgeSeconds,
    },
  ];
}
