import { Aws } from 'aws-cdk-lib';
import { SECRETS, type ServiceManifest, type ServiceName } from '@giving/shared/manifest';

/** Stack ids (and CloudFormation stack names). */
export const STACK_IDS = {
  stateful: 'GivingStateful',
  api: 'GivingApi',
  web: 'GivingWeb',
  edge: 'GivingEdge',
  service: (service: ServiceName) => `Giving${service.charAt(0).toUpperCase()}${service.slice(1)}`,
} as const;

/**
 * Buckets have fixed names (account and region keep them globally unique), so the web and service stacks
 * address them, and grant on them, by name: no CloudFormation export to get stuck on.
 */
const bucketName = (purpose: string) => `giving-${purpose}-${Aws.ACCOUNT_ID}-${Aws.REGION}`;
export const siteBucketName = () => bucketName('site');
export const mediaBucketName = () => bucketName('media');
/** Payroll files for workplaces' finance teams: private, never behind CloudFront; reached through the API only. */
export const payrollFilesBucketName = () => bucketName('payroll-files');
/** Members' data exports ("Download my data"): private, gone after 30 days; reached through signed addresses from the API only. */
export const personalDataBucketName = () => bucketName('personal-data');
export const accessLogsBucketName = () => bucketName('access-logs');
export const bucketArn = (name: string) => `arn:${Aws.PARTITION}:s3:::${name}`;

/**
 * The search domain has a fixed name, so service stacks grant on its ARN by name; its endpoint (which AWS chooses) is
 * kept in an SSM parameter of a fixed name, resolved when a service stack deploys: no CloudFormation export.
 */
export const SEARCH_DOMAIN_NAME = 'giving-search';
export const SEARCH_ENDPOINT_PARAMETER = '/giving/search/endpoint';
export const searchDomainArn = () => `arn:${Aws.PARTITION}:es:${Aws.REGION}:${Aws.ACCOUNT_ID}:domain/${SEARCH_DOMAIN_NAME}`;

/**
 * Secrets have fixed names (shared/manifest.ts SECRETS), so service stacks grant on them and name them to their
 * functions by name instead of importing their ARNs; functions read the values at run time.
 */
export const CARD_GATEWAY_SECRET_NAME = SECRETS.CARD_GATEWAY_API_KEY;
/** The charitable Trust's merchant account's secret key (New Zealand's donations), beside the platform's. */
export const CARD_GATEWAY_TRUST_SECRET_NAME = SECRETS.CARD_GATEWAY_TRUST_API_KEY;
/** The key gift voucher codes are derived and hashed with; generated once, never rotated (codes depend on it). */
export const VOUCHER_CODE_SECRET_NAME = SECRETS.VOUCHER_CODE_KEY;
/** What CloudFront sends the API as X-Origin-Verify; generated, and given to CloudFront by a dynamic reference. */
export const ORIGIN_VERIFY_SECRET_NAME = SECRETS.ORIGIN_VERIFY;

/** Where EventBridge Scheduler puts invocations of a schedule that failed every retry. */
export const scheduleDeadLetterQueueName = (service: ServiceName, schedule: string) =>
  `giving-${service}-schedule-${schedule}-dlq`;

/** A manifest with nothing to deploy gets no stack: CloudFormation cannot create an empty one. */
export function hasDeployables(manifest: ServiceManifest): boolean {
  return (
    manifest.routes.length + manifest.subscriptions.length + manifest.streams.length + manifest.workflows.length + manifest.schedules.length > 0 ||
    manifest.websocket !== undefined
  );
}
