import { copiedRolesPermissionSource } from '@giving/shared/copies';
import { serviceRoute } from '@giving/shared/lambda/authorize';
import type { PermissionSource } from '@giving/shared/permissions';
import { roles } from './adapters';
import manifest from './service';

let permissions: PermissionSource | undefined;
/** Built on first use: the public route never needs it. */
const permissionSource = () => (permissions ??= copiedRolesPermissionSource(roles()));

/**
 * Every matching handler is built with this, so it enforces its manifest entry's policy. The workplace console's
 * routes (tenant policies) read the caller's roles from matching's own copy of workplace memberships.
 */
export const matchingRoute = serviceRoute(manifest, permissionSource);
