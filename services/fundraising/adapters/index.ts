import { SESv2Client } from '@aws-sdk/client-sesv2';
import { dynamoCharityCopy, dynamoMemberNameCopy, dynamoTenantRoleCopy } from '@giving/shared/dynamo-copies';
import { systemClock } from '@giving/shared/clock';
import { newId } from '@giving/shared/ids';
import { documentClient } from '@giving/shared/lambda/aws';
import { requireEnv } from '@giving/shared/lambda/env';
import { eventBridgeBatchPublisher, eventBridgePublisher } from '@giving/shared/lambda/publisher';
import { sesMailer } from '@giving/shared/lambda/ses-mailer';
import { ENV } from '@giving/shared/manifest';
import type { FundraisingDeps } from '../domain/ports';
import { dynamoMemberDataStore } from './dynamo-member-data';
import { dynamoFundraisingStore } from './dynamo-store';

/** The fundraising service's composition root: each adapter is built once per process, on first use. */
const once = <T>(make: () => T) => {
  let value: T | undefined;
  return () => (value ??= make());
};

export const tableName = () => requireEnv(ENV.tableName('fundraising'));

export const store = once(() => dynamoFundraisingStore(documentClient(), tableName()));
export const charities = once(() => dynamoCharityCopy(documentClient(), tableName()));
export const roles = once(() => dynamoTenantRoleCopy(documentClient(), tableName()));
export const memberData = once(() => dynamoMemberDataStore(documentClient(), tableName()));
export const memberNames = once(() => dynamoMemberNameCopy(documentClient(), tableName()));
export const mailer = once(() => sesMailer(new SESv2Client({}), requireEnv(ENV.mailFrom)));
export const events = once(() => eventBridgePublisher());
/** Many events at once (ReIndexFundraisingEvents / ReIndexFundraisingPages), in PutEvents batches of 10. */
export const batchEvents = once(() => eventBridgeBatchPublisher());

export const deps = (): FundraisingDeps => ({ store: store(), charities: charities(), roles: roles(), clock: systemClock, newId: () => newId() });

/** The same, with the mail settings, for the routes whose manifest entry declares sendsMail. */
export const depsWithMail = () => ({ ...deps(), mail: { mailer: mailer(), siteUrl: requireEnv(ENV.siteUrl) } });
