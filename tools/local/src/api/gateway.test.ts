import { createServer, type Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { mkdtempSync } from 'node:fs';
import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineService } from '@giving/shared/manifest';
import { createUsers, startCognito, type RunningCognito } from '../cognito';
import { freePort } from '../testing/global-setup';
import { createApiGateway } from './gateway';
import { compileRoutes, matchRoute } from './routes';

const manifest = defineService({
  service: 'accounts',
  routes: [
    { method: 'GET', path: '/things/{thingId}', handler: 'h/get', auth: { kind: 'public' }, summary: 'one thing', access: {} },
    { method: 'GET', path: '/things/mine', handler: 'h/mine', auth: { kind: 'signedIn' }, summary: 'my things', access: {} },
    { method: 'POST', path: '/things', handler: 'h/create', auth: { kind: 'public' }, summary: 'create', access: {} },
    { method: 'GET', path: '/boom', handler: 'h/boom', auth: { kind: 'public' }, summary: 'fails', access: {} },
  ],
});

describe('route table', () => {
  it('ranks literal segments above parameters and decodes parameters', () => {
    const routes = compileRoutes([manifest]);
    const mine = matchRoute(routes, 'GET', '/api/things/mine');
    expect(mine.kind === 'found' && mine.compiled.route.handler).toBe('h/mine');
    const one = matchRoute(routes, 'GET', '/api/things/a%20b');
    expect(one.kind === 'found' && one.pathParameters).toEqual({ thingId: 'a b' });
    expect(matchRoute(routes, 'DELETE', '/api/things/1').kind).toBe('notFound');
  });

  it('refuses two routes with the same key', () => {
    expect(() => compileRoutes([manifest, manifest])).toThrow(/duplicate route GET \/api\/things\/\{thingId\}/);
  });
});

describe('local HTTP API', () => {
  let cognito: RunningCognito;
  let server: Server;
  let base: string;
  const seen: APIGatewayProxyEventV2[] = [];

  beforeAll(async () => {
    cognito = await startCognito({ port: await freePort(), stateDir: mkdtempSync(path.join(os.tmpdir(), 'cognito-')) });
    await createUsers(cognito, [{ email: 'donor@example.com', password: 'Passw0rd!', givenName: 'Dana', familyName: 'Donor', groups: ['donors'] }]);
    const gateway = createApiGateway({
      manifests: [manifest],
      authorizer: { issuer: cognito.issuer, audience: [cognito.userPoolClientId] },
      invoke: async (_service, route, event) => {
        seen.push(event);
        if (route.handler === 'h/boom') throw new Error('secret database password in message');
        if (route.handler === 'h/create') return { statusCode: 201, headers: { 'content-type': 'application/json' }, body: event.body };
        return { thing: event.pathParameters?.thingId ?? 'mine' };
      },
    });
    server = createServer((req, res) => void gateway(req, res, new URL(req.url ?? '/', 'http://localhost')));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });

  afterAll(async () => {
    server?.close();
    await cognito?.stop();
  });

  it('answers 404 like HTTP API for a path no manifest declares', async () => {
    const response = await fetch(`${base}/api/nowhere`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Not Found' });
  });

  it('refuses a signed-in route without a valid token, before any function runs', async () => {
    const before = seen.length;
    expect((await fetch(`${base}/api/things/mine`)).status).toBe(401);
    expect((await fetch(`${base}/api/things/mine`, { headers: { authorization: 'Bearer not.a.jwt' } })).status).toBe(401);
    expect(seen.length).toBe(before);
  });

  it('verifies a cognito-local token and passes its claims where HTTP API puts them', async () => {
    const auth = await cognito.client.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: cognito.userPoolClientId,
        AuthParameters: { USERNAME: 'donor@example.com', PASSWORD: 'Passw0rd!' },
      }),
    );
    const token = auth.AuthenticationResult?.AccessToken;
    const response = await fetch(`${base}/api/things/mine`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ thing: 'mine' });
    const event = seen.at(-1) as APIGatewayProxyEventV2 & { requestContext: { authorizer: { jwt: { claims: Record<string, string> } } } };
    expect(event.routeKey).toBe('GET /api/things/mine');
    expect(event.requestContext.authorizer.jwt.claims['cognito:groups']).toBe('[donors]');
    expect(event.requestContext.authorizer.jwt.claims.sub).toMatch(/.+/);
  });

  it('builds a payload 2.0 event with body, query and path parameters', async () => {
    const response = await fetch(`${base}/api/things?a=1&a=2&b=x`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'key-12345678' },
      body: JSON.stringify({ name: 'kiwi' }),
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ name: 'kiwi' });
    const event = seen.at(-1) as APIGatewayProxyEventV2;
    expect(event.version).toBe('2.0');
    expect(event.queryStringParameters).toEqual({ a: '1,2', b: 'x' });
    expect(event.headers['idempotency-key']).toBe('key-12345678');
    expect(event.isBase64Encoded).toBe(false);
  });

  it('answers a crashed function with a bare 500 that leaks nothing', async () => {
    const response = await fetch(`${base}/api/boom`);
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ message: 'Internal Server Error' });
    expect(text).not.toMatch(/password/);
  });
});
