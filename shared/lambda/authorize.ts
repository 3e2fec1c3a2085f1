import { isPathParameterName, PATH_PARAMETERS, pathParameterNames } from '../contracts/path-parameters';
import { DomainError, invalid, type FieldError } from '../errors';
import { API_PREFIX, type AuthPolicy, type ServiceManifest } from '../manifest';
import { isAdministrator, resolvePermissions, satisfies, type Permission, type PermissionSource, type TenantRef } from '../permissions';
import { toFieldErrors } from '../validation';
import { httpRoute, type Caller, type ContractedHttpHandler, type HttpRequest, type HttpResult, type HttpRouteOptions, type RouteGuard } from './http';
import { confirmGroups, userPoolGroupDirectory, type GroupDirectory } from './caller-groups';
import type { Logger } from './logger';

const NONE: ReadonlySet<Permission> = new Set();
/** The detail of a 401 given to a signed-in caller who lacks a route's permissions (policy `deniedAs`). */
export const NOT_AUTHORISED_MESSAGE = 'You are signed in, but not as a user authorised to do that.';

/**
 * The server side of every route's policy: the route is found in the service's own manifest by the API's route key,
 * so what a handler enforces is exactly what its manifest entry declares. An unknown route key fails closed.
 * `permissions` is only needed by services whose routes list permissions.
 *
 * Once the caller may use the route, every path parameter is checked against its one schema
 * (shared/contracts/path-parameters.ts) before anything reads it; a tenant parameter is checked first, so a
 * malformed charity or workplace id never reaches a role look-up (it names no tenant the caller belongs to).
 */
export interface GuardOptions {
  /** Where the caller's groups are confirmed; the user pool named by USER_POOL_ID by default. */
  groups?: () => GroupDirectory | undefined;
}

export function manifestGuard(manifest: ServiceManifest, permissions?: () => PermissionSource, options: GuardOptions = {}): RouteGuard {
  const groups = options.groups ?? userPoolGroupDirectory;
  const routes = new Map(
    manifest.routes.map((route) => [`${route.method} ${API_PREFIX}${route.path}`, { policy: route.auth, parameters: pathParameterNames(route.path) }]),
  );
  return async ({ routeKey, caller, pathParameters, log }) => {
    const route = routes.get(routeKey);
    if (!route) {
      log.error('route has no policy in its manifest', { routeKey });
      throw new DomainError('Forbidden');
    }
    // A token's groups are what was true when it was issued: a signed-in route trusts them only as the user pool has them now.
    const confirmed = caller && route.policy.kind === 'signedIn' ? await confirmGroups(caller, groups(), log) : caller;
    const granted = await authorize(route.policy, confirmed, pathParameters, log, routeKey, permissions);
    checkPathParameters(route.parameters, pathParameters);
    return { permissions: granted, caller: confirmed };
  };
}

async function authorize(
  policy: AuthPolicy,
  caller: Caller | undefined,
  pathParameters: Readonly<Record<string, string | undefined>>,
  log: Logger,
  routeKey: string,
  permissions: (() => PermissionSource) | undefined,
): Promise<ReadonlySet<Permission>> {
  if (policy.kind === 'public') return NONE;
  if (!caller) throw new DomainError('Unauthorized');
  if (!policy.tenant && !policy.anyOf?.length && !policy.allOf?.length) return NONE;
  if (!permissions) {
    log.error('route lists permissions but its service has no permission source', { routeKey });
    throw new DomainError('Forbidden');
  }
  const refused = () => (policy.deniedAs ? new DomainError(policy.deniedAs, NOT_AUTHORISED_MESSAGE) : new DomainError('Forbidden'));
  const subject = { memberId: caller.userId, adminRoles: caller.groups };
  let tenant: TenantRef | undefined;
  if (policy.tenant) {
    const id = pathParameters[policy.tenant.param];
    if (!id) throw new DomainError('Forbidden');
    // A malformed id names no tenant anyone belongs to; only an administrator (any tenant) gets on to the 400.
    if (!isWellFormed(policy.tenant.param, id) && !isAdministrator(subject.adminRoles)) throw refused();
    tenant = { kind: policy.tenant.kind, id };
  }
  const granted = await resolvePermissions(permissions(), subject, tenant, log);
  if (!satisfies(granted, policy)) throw refused();
  return granted;
}

function isWellFormed(name: string, value: string): boolean {
  return isPathParameterName(name) && PATH_PARAMETERS[name].safeParse(value).success;
}

/** Every parameter of the route's path, each against its schema: 400 naming `path.<name>`, nothing read or written. */
function checkPathParameters(names: readonly string[], values: Readonly<Record<string, string | undefined>>): void {
  const errors: FieldError[] = [];
  for (const name of names) {
    // An unknown name cannot pass: services/manifests.test.ts keeps every manifest's names in the table.
    const result = isPathParameterName(name) ? PATH_PARAMETERS[name].safeParse(values[name]) : undefined;
    if (result?.success) continue;
    errors.push(...(result ? toFieldErrors(result.error.issues, `path.${name}`) : [{ field: `path.${name}`, message: `Invalid ${name}.` }]));
  }
  if (errors.length > 0) throw invalid(errors);
}

/** A service's HTTP handler factory: `httpRoute` with the service's manifest guard built in. */
export function serviceRoute(manifest: ServiceManifest, permissions?: () => PermissionSource, options: GuardOptions = {}) {
  const guard = manifestGuard(manifest, permissions, options);
  return <TBody = undefined, TParams = Record<string, string>, TQuery = Record<string, string>>(
    options: Omit<HttpRouteOptions<TBody, TParams, TQuery>, 'guard'>,
    handle: (request: HttpRequest<TBody, TParams, TQuery>) => Promise<HttpResult>,
  ): ContractedHttpHandler => httpRoute({ ...options, guard }, handle);
}
