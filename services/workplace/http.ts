import { copiedRolesPermissionSource } from '@giving/shared/copies';
import { serviceRoute } from '@giving/shared/lambda/authorize';
import type { PermissionSource } from '@giving/shared/permissions';
import { roles } from './adapters';
import manifest from './service';

let permissions: PermissionSource | undefined;
/** Built on first use: the public link route never needs it. */
const permissionSource = () => (permissions ??= copiedRolesPermissionSource(roles()));

/**
 * Every workplace handler is built with this, so it enforces its manifest entry's policy. Tenant routes read the
 * caller's roles from the workplace service's own copy of workplace memberships.
 */
export const workplaceRoute = serviceRoute(manifest, permissionSource);
