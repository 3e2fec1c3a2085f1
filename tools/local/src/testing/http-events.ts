import { newId } from '@giving/shared/ids';
import type { HttpEvent } from '@giving/shared/lambda/http';
import { API_PREFIX } from '@giving/shared/manifest';

/** Who a test request comes from: a Cognito sub, its groups as the token carries them ('Administrator'), its user name. */
export interface TestCaller {
  sub: string;
  groups: string;
  username?: string;
}

/**
 * A request as HTTP API hands it to a route's function (payload 2.0): the route key, the path under /api, and the
 * JWT authorizer's claims when a caller is given. For handler tests that call one route's function directly.
 */
export function routeEvent(method: string, path: `/${string}`, caller?: TestCaller): HttpEvent {
  const full = `${API_PREFIX}${path}`;
  return {
    version: '2.0',
    routeKey: `${method} ${full}`,
    rawPath: full,
    rawQueryString: '',
    headers: {},
    isBase64Encoded: false,
    requestContext: {
      requestId: newId(),
      http: { method, path: full },
      ...(caller ? { authorizer: { jwt: { claims: { sub: caller.sub, 'cognito:groups': caller.groups, 'cognito:username': caller.username ?? caller.sub } } } } : {}),
    },
  } as unknown as HttpEvent;
}
