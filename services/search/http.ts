import { serviceRoute } from '@giving/shared/lambda/authorize';
import type { PermissionSource } from '@giving/shared/permissions';
import manifest from './service';

/**
 * Search's routes are public except the back office's operations, which only administrators' groups grant (search
 * keeps no tenant roles: no route of it names a charity or a workplace).
 */
const administratorsOnly: PermissionSource = {
  siteFeatures: async () => [],
  tenantRoles: async () => [],
  corporateRoles: async () => [],
};

/** Every search handler is built with this, so it enforces its manifest entry's policy. */
export const searchRoute = serviceRoute(manifest, () => administratorsOnly);
