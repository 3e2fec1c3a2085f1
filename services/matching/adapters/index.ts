import { dynamoTenantRoleCopy } from '@giving/shared/dynamo-copies';
import { systemClock } from '@giving/shared/clock';
import { newId } from '@giving/shared/ids';
import { documentClient } from '@giving/shared/lambda/aws';
import { requireEnv } from '@giving/shared/lambda/env';
import { ENV } from '@giving/shared/manifest';
import type { MatchingDeps } from '../domain/ports';
import { dynamoCampaignStore, dynamoWorkplaceNames } from './dynamo-campaigns';
import { dynamoMatchLedger } from './dynamo-ledger';
import { dynamoMemberMatches } from './dynamo-member-matches';
import { dynamoPaymentBook } from './dynamo-matching-payments';

/** The matching service's composition root: each adapter is built once per process, on first use. */
const once = <T>(make: () => T) => {
  let value: T | undefined;
  return () => (value ??= make());
};

export const tableName = () => requireEnv(ENV.tableName('matching'));

export const campaigns = once(() => dynamoCampaignStore(documentClient(), tableName()));
export const workplaces = once(() => dynamoWorkplaceNames(documentClient(), tableName()));
export const roles = once(() => dynamoTenantRoleCopy(documentClient(), tableName()));
export const ledger = once(() => dynamoMatchLedger(documentClient(), tableName()));
export const memberMatches = once(() => dynamoMemberMatches(documentClient(), tableName()));

export const deps = (): MatchingDeps => ({ campaigns: campaigns(), workplaces: workplaces(), roles: roles(), clock: systemClock, newId: () => newId() });
export const paymentBook = once(() => dynamoPaymentBook(documentClient(), tableName()));
