import { serviceRoute } from '@giving/shared/lambda/authorize';
import { documentClient } from '@giving/shared/lambda/aws';
import { requireEnv } from '@giving/shared/lambda/env';
import { ENV } from '@giving/shared/manifest';
import type { PermissionSource } from '@giving/shared/permissions';
import { donationsPermissionSource, dynamoTenantRoleDirectory } from './adapters/dynamo-tenant-roles';
import manifest from './service';

let permissions: PermissionSource | undefined;
/** Built on first use: public routes never need it. */
const permissionSource = () =>
  (permissions ??= donationsPermissionSource(dynamoTenantRoleDirectory(documentClient(), requireEnv(ENV.tableName('donations')))));

/**
 * Every donations handler is built with this, so it enforces its manifest entry's policy. Charity console routes
 * (tenant policies) read the caller's roles from donations' own copy of charity memberships.
 */
export const donationsRoute = serviceRoute(manifest, permissionSource);
