import { documentClient } from '@giving/shared/lambda/aws';
import { requireEnv } from '@giving/shared/lambda/env';
import { ENV } from '@giving/shared/manifest';
import { dynamoCharityDirectory } from './dynamo-charities';

let directory: ReturnType<typeof dynamoCharityDirectory> | undefined;
export const charities = () => (directory ??= dynamoCharityDirectory(documentClient(), requireEnv(ENV.tableName('accounts'))));
