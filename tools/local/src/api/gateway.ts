import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { DEFAULT_TIMEOUT_SECONDS, type RouteSpec, type ServiceManifest, type ServiceName } from '@giving/shared/manifest';
import { ACCOUNT_ID } from '../config';
import { lambdaContext, loadHandler } from '../runtime/handlers';
import { readBody } from '../runtime/http-server';
import { claimsForEvent, jwtAuthorizer } from './jwt';
import { compileRoutes, matchRoute } from './routes';

/**
 * The local HTTP API: routes from the manifests, the JWT authorizer on signedIn routes, payload format 2.0
 * events, and HTTP API's own answers for what never reaches a function (404, 401, 413, 500).
 */
export type Invoke = (service: ServiceName, route: RouteSpec, event: APIGatewayProxyEventV2, context: ReturnType<typeof lambdaContext>) => Promise<unknown>;

export interface ApiGatewayOptions {
  manifests: readonly ServiceManifest[];
  authorizer?: { issuer: string; audience: readonly string[] };
  invoke?: Invoke;
  apiId?: string;
  /** Sees every routed request's body (the browser tests' card-number scan keeps them; see tools/local/src/evidence). */
  recordRequest?: (routeKey: string, body: string) => void;
}

const MAX_BODY_BYTES = 10 * 1024 * 1024;
const TEXT_TYPES = /^(text\/|application\/([\w.+-]+\+)?(json|xml|javascript|x-www-form-urlencoded|problem\+json))/i;

const defaultInvoke: Invoke = async (service, route, event, context) => (await loadHandler(service, route.handler))(event, context);

export function createApiGateway(options: ApiGatewayOptions) {
  const routes = compileRoutes(options.manifests);
  const authorize = options.authorizer ? jwtAuthorizer(options.authorizer) : undefined;
  const invoke = options.invoke ?? defaultInvoke;
  const apiId = options.apiId ?? 'local';

  return async function handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const method = (req.method ?? 'GET').toUpperCase();
    const match = matchRoute(routes, method, url.pathname);
    if (match.kind === 'notFound') return gatewayAnswer(res, 404, 'Not Found');

    const { compiled, pathParameters } = match;
    let claims: Record<string, string> | undefined;
    if (compiled.route.auth.kind === 'signedIn') {
      const payload = authorize ? await authorize(req.headers.authorization) : undefined;
      if (!payload) return gatewayAnswer(res, 401, 'Unauthorized');
      claims = claimsForEvent(payload);
    }

    let body: Buffer;
    try {
      body = await readBody(req, MAX_BODY_BYTES, () => new Error('too large'));
    } catch {
      return gatewayAnswer(res, 413, 'Request Entity Too Large');
    }

    const now = new Date();
    const headers: Record<string, string> = {};
    for (const [key, value] of Object.entries(req.headers)) {
      if (value !== undefined && key !== 'cookie') headers[key] = Array.isArray(value) ? value.join(',') : value;
    }
    const query: Record<string, string> = {};
    for (const key of new Set(url.searchParams.keys())) query[key] = url.searchParams.getAll(key).join(',');
    const isText = body.length === 0 || (TEXT_TYPES.test(headers['content-type'] ?? '') && !headers['content-encoding']);
    const requestId = randomUUID();
    options.recordRequest?.(compiled.routeKey, body.toString(isText ? 'utf8' : 'base64'));

    const event: APIGatewayProxyEventV2 & { requestContext: { authorizer?: unknown } } = {
      version: '2.0',
      routeKey: compiled.routeKey,
      rawPath: url.pathname,
      rawQueryString: url.search.slice(1),
      cookies: req.headers.cookie ? req.headers.cookie.split(/;\s*/) : undefined,
      headers,
      queryStringParameters: Object.keys(query).length ? query : undefined,
      pathParameters: compiled.paramNames.length ? pathParameters : undefined,
      requestContext: {
        accountId: ACCOUNT_ID,
        apiId,
        domainName: headers.host ?? 'localhost',
        domainPrefix: (headers.host ?? 'localhost').split('.')[0] as string,
        http: {
          method,
          path: url.pathname,
          protocol: `HTTP/${req.httpVersion}`,
          sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
          userAgent: headers['user-agent'] ?? '',
        },
        requestId,
        routeKey: compiled.routeKey,
        stage: '$default',
        time: now.toUTCString(),
        timeEpoch: now.getTime(),
        ...(claims ? { authorizer: { jwt: { claims, scopes: null } } } : {}),
      },
      body: body.length ? (isText ? body.toString('utf8') : body.toString('base64')) : undefined,
      isBase64Encoded: body.length > 0 && !isText,
    };

    const timeoutSeconds = compiled.route.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS.http;
    const context = lambdaContext(`${compiled.service}:${compiled.route.handler}`, timeoutSeconds);
    let timer: NodeJS.Timeout | undefined;
    try {
      const result = await Promise.race([
        invoke(compiled.service, compiled.route, event, context),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`Task timed out after ${timeoutSeconds} seconds`)), timeoutSeconds * 1000);
        }),
      ]);
      writeResult(res, result);
    } catch (error) {
      console.error(`[api] ${compiled.routeKey} failed: ${(error as Error).stack ?? String(error)}`);
      gatewayAnswer(res, 500, 'Internal Server Error');
    } finally {
      clearTimeout(timer);
    }
  };
}


/** What HTTP API itself answers when no function result is involved. */
function gatewayAnswer(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json', 'apigw-requestid': randomUUID() });
  res.end(JSON.stringify({ message }));
}

/** Payload format 2.0: a result with statusCode is used as is; anything else is a 200 JSON body. */
function writeResult(res: ServerResponse, result: unknown): void {
  const structured =
    result && typeof result === 'object' && 'statusCode' in result
      ? (result as APIGatewayProxyStructuredResultV2)
      : { statusCode: 200, headers: { 'content-type': 'application/json' }, body: typeof result === 'string' ? result : JSON.stringify(result) };
  const headers: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(structured.headers ?? {})) headers[key.toLowerCase()] = String(value);
  if (structured.cookies?.length) headers['set-cookie'] = structured.cookies;
  const body = structured.body === undefined ? undefined : Buffer.from(structured.body, structured.isBase64Encoded ? 'base64' : 'utf8');
  if (body && !headers['content-type']) headers['content-type'] = 'application/json';
  res.writeHead(structured.statusCode ?? 200, headers);
  res.end(body);
}
