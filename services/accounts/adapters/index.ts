import { documentClient } from '@giving/shared/lambda/aws';
import { requireEnv } from '@giving/shared/lambda/env';
import { eventBridgeBatchPublisher, eventBridgePublisher } from '@giving/shared/lambda/publisher';
import { ENV } from '@giving/shared/manifest';
import { dynamoCharityDirectory } from './dynamo-charities';
import { dynamoPermissionSource } from './dynamo-permissions';
import { dynamoPublishedProfiles } from './dynamo-published-profiles';

/** The accounts table's name, read once per cold start. */
export const accountsTable = () => requireEnv(ENV.tableName('accounts'));

let directory: ReturnType<typeof dynamoCharityDirectory> | undefined;
export const charities = () => (directory ??= dynamoCharityDirectory(documentClient(), accountsTable()));

let permissions: ReturnType<typeof dynamoPermissionSource> | undefined;
export const permissionSource = () => (permissions ??= dynamoPermissionSource(documentClient(), accountsTable()));

let published: ReturnType<typeof dynamoPublishedProfiles> | undefined;
/** The version each charity's profile was last published with (the profile publisher writes it, ReIndexCharities reads it). */
export const publishedProfiles = () => (published ??= dynamoPublishedProfiles(documentClient(), accountsTable()));

let publisher: ReturnType<typeof eventBridgePublisher> | undefined;
export const events = () => (publisher ??= eventBridgePublisher());

let batchPublisher: ReturnType<typeof eventBridgeBatchPublisher> | undefined;
/** Many events at once (re-emitting charity profiles for search), in PutEvents batches of 10. */
export const batchEvents = () => (batchPublisher ??= eventBridgeBatchPublisher());
