import { SESv2Client } from '@aws-sdk/client-sesv2';
import { dynamoCharityCopy, dynamoMemberNameCopy, dynamoTenantRoleCopy } from '@giving/shared/dynamo-copies';
import { systemClock } from '@giving/shared/clock';
import { newId } from '@giving/shared/ids';
import { documentClient } from '@giving/shared/lambda/aws';
import { requireEnv } from '@giving/shared/lambda/env';
import { eventBridgeBatchPublisher, eventBridgePublisher } from '@giving/shared/lambda/publisher';
import { sesMailer } from '@giving/shared/lambda/ses-mailer';
import { s3Client, s3MediaStore } from '@giving/shared/s3-media';
import { ENV } from '@giving/shared/manifest';
import type { VolunteeringDeps } from '../domain/ports';
import { dynamoApplicationStore } from './dynamo-applications';
import { dynamoMemberDataStore } from './dynamo-member-data';
import { dynamoOpportunityStore } from './dynamo-opportunities';
import { dynamoReferenceStore } from './dynamo-reference';

/** The volunteering service's composition root: each adapter is built once per process, on first use. */
const once = <T>(make: () => T) => {
  let value: T | undefined;
  return () => (value ??= make());
};

export const tableName = () => requireEnv(ENV.tableName('volunteering'));

export const opportunities = once(() => dynamoOpportunityStore(documentClient(), tableName()));
export const applications = once(() => dynamoApplicationStore(documentClient(), tableName()));
export const reference = once(() => dynamoReferenceStore(documentClient(), tableName()));
export const charities = once(() => dynamoCharityCopy(documentClient(), tableName()));
export const roles = once(() => dynamoTenantRoleCopy(documentClient(), tableName()));
export const memberData = once(() => dynamoMemberDataStore(documentClient(), tableName()));
export const memberNames = once(() => dynamoMemberNameCopy(documentClient(), tableName()));
export const mailer = once(() => sesMailer(new SESv2Client({}), requireEnv(ENV.mailFrom)));
export const events = once(() => eventBridgePublisher());
export const batchEvents = once(() => eventBridgeBatchPublisher());
export const siteUrl = () => requireEnv(ENV.siteUrl);
/**
 * The media bucket, for the routes whose manifest entry declares media access (roles' images). Addresses are site
 * paths (/media/...), the form the role input accepts for an uploaded image, so saving the role again keeps it.
 */
export const media = once(() => s3MediaStore(s3Client(), requireEnv(ENV.mediaBucket), '/media'));

/** Everything the use cases need (tables only: mail and events are added by the routes that declare them). */
export const deps = (): VolunteeringDeps => ({
  opportunities: opportunities(),
  applications: applications(),
  reference: reference(),
  charities: charities(),
  roles: roles(),
  clock: systemClock,
  newId: () => newId(),
});

/** The same, with the mail settings, for the routes whose manifest entry declares sendsMail. */
export const depsWithMail = () => ({ ...deps(), mail: { mailer: mailer(), siteUrl: siteUrl() } });
