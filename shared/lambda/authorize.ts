import { DomainError } from '../errors';
import { API_PREFIX, type AuthPolicy, type ServiceManifest } from '../manifest';
import { resolvePermissions, satisfies, type Permission, type PermissionSource } from '../permissions';
import { httpRoute, type HttpHandler, type HttpRequest, type HttpResult, type HttpRouteOptions, type RouteGuard } from './http';

const NONE: ReadonlySet<Permission> = new Set();
/** The detail of a 401 given to a signed-in caller who lacks a route's permissions (policy `deniedAs`). */
export const NOT_AUTHORISED_MESSAGE = 'You are signed in, but not as a user authorised to do that.';

/**
 * The server side of every route's policy: the route is found in the service's own manifest by the API's route key,
 * so what a handler enforces is exactly what its manifest entry declares. An unknown route key fails closed.
 * `permissions` is only needed by services whose routes list permissions.
 */
export function manifestGuard(manifest: ServiceManifest, permissions?: () => PermissionSource): RouteGuard {
  const policies = new Map<string, AuthPolicy>(manifest.routes.map((route) => [`${route.method} ${API_PREFIX}${route.path}`, route.auth]));
  return async ({ routeKey, caller, pathParameters, log }) => {
    const policy = policies.get(routeKey);
    if (!policy) {
      log.error('route has no policy in its manifest', { routeKey });
      throw new DomainError('Forbidden');
    }
    if (policy.kind === 'public') return { permissions: NONE };
    if (!caller) throw new DomainError('Unauthorized');
    if (!policy.tenant && !policy.anyOf?.length && !policy.allOf?.length) return { permissions: NONE };
    if (!permissions) {
      log.error('route lists permissions but its service has no permission source', { routeKey });
      throw new DomainError('Forbidden');
    }
    const tenantId = policy.tenant ? pathParameters[policy.tenant.param] : undefined;
    if (policy.tenant && !tenantId) throw new DomainError('Forbidden');
    const granted = await resolvePermissions(
      permissions(),
      { memberId: caller.userId, adminRoles: caller.groups },
      policy.tenant && tenantId ? { kind: policy.tenant.kind, id: tenantId } : undefined,
      log,
    );
    if (!satisfies(granted, policy)) {
      throw policy.deniedAs ? new DomainError(policy.deniedAs, NOT_AUTHORISED_MESSAGE) : new DomainError('Forbidden');
    }
    return { permissions: granted };
  };
}

/** A service's HTTP handler factory: `httpRoute` with the service's manifest guard built in. */
export function serviceRoute(manifest: ServiceManifest, permissions?: () => PermissionSource) {
  const guard = manifestGuard(manifest, permissions);
  return <TBody = undefined, TParams = Record<string, string>, TQuery = Record<string, string>>(
    options: Omit<HttpRouteOptions<TBody, TParams, TQuery>, 'guard'>,
    handle: (request: HttpRequest<TBody, TParams, TQuery>) => Promise<HttpResult>,
  ): HttpHandler => httpRoute({ ...options, guard }, handle);
}
