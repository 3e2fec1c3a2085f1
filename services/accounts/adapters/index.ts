import { documentClient } from '@giving/shared/lambda/aws';
import { requireEnv } from '@giving/shared/lambda/env';
import { ENV } from '@giving/shared/manifest';
import { dynamoCharityDirectory } from './dynamo-charities';
import { dynamoPermissionSource } from './dynamo-permissions';

/** The accounts table's name, read once per cold start. */
export const accountsTable = () => requireEnv(ENV.tableName('accounts'));

let directory: ReturnType<typeof dynamoCharityDirectory> | undefined;
export const charities = () => (directory ??= dynamoCharityDirectory(documentClient(), accountsTable()));

let permissions: ReturnType<typeof dynamoPermissionSource> | undefined;
export const permissionSource = () => (permissions ??= dynamoPermissionSource(documentClient(), accountsTable()));
