import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { DomainError, tooManyRequests } from '../errors';
import { MESSAGES } from '../contracts/messages';
import { ENV } from '../manifest';
import { accepted, csvFile, httpRoute, ok, pdfFile, type HttpEvent, type RouteGuard } from './http';
import { resetSecretsForTests } from './secrets';

const guard: RouteGuard = async () => ({ permissions: new Set() });

const event = (overrides: Partial<HttpEvent> = {}): HttpEvent =>
  ({
    version: '2.0',
    routeKey: 'POST /api/things',
    rawPath: '/api/things',
    rawQueryString: '',
    headers: { 'content-type': 'application/json' },
    requestContext: { requestId: 'req-1', http: { method: 'POST', path: '/api/things' } },
    isBase64Encoded: false,
    ...overrides,
  }) as HttpEvent;

const create = httpRoute(
  {
    guard,
    body: z.object({ name: z.string().check(z.minLength(1, MESSAGES.requiredField)), quantity: z.int({ error: MESSAGES.invalidInput }) }),
    idempotencyKey: 'required',
  },
  async ({ body, idempotencyKey }) => accepted({ ...body, idempotencyKey }),
);

const body = (status: number | undefined, text: string | undefined) => ({ status, json: text ? JSON.parse(text) : undefined });

describe('httpRoute', () => {
  it('passes a valid body and the idempotency key to the use case', async () => {
    const response = await create(event({ body: '{"name":"kiwi","quantity":2}', headers: { 'content-type': 'application/json', 'Idempotency-Key': 'abcdefgh-1' } }));
    expect(body(response.statusCode, response.body as string)).toEqual({ status: 202, json: { name: 'kiwi', quantity: 2, idempotencyKey: 'abcdefgh-1' } });
  });

  it('answers 400 problem+json naming every bad field in the spec’s words', async () => {
    const response = await create(event({ body: '{"name":"","quantity":"x"}', headers: { 'content-type': 'application/json', 'idempotency-key': 'abcdefgh-1' } }));
    expect(response.statusCode).toBe(400);
    expect(response.headers?.['content-type']).toBe('application/problem+json');
    const problem = JSON.parse(response.body as string);
    expect(problem.code).toBe('ValidationFailed');
    expect(problem.errors).toEqual([
      { field: 'body.name', message: 'Required Field!' },
      { field: 'body.quantity', message: 'Invalid Input!' },
    ]);
  });

  it('requires the Idempotency-Key header when the route says so', async () => {
    const response = await create(event({ body: '{"name":"a","quantity":1}' }));
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body as string).errors).toEqual([{ field: 'Idempotency-Key', message: 'Required header.' }]);
  });

  it('refuses malformed JSON with 400 and other media types with 415', async () => {
    const headers = { 'content-type': 'application/json', 'idempotency-key': 'abcdefgh-1' };
    expect((await create(event({ body: '{"name":', headers }))).statusCode).toBe(400);
    expect((await create(event({ body: 'name=a', headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' } }))).statusCode).toBe(415);
  });

  it('maps domain errors through the error table', async () => {
    const missing = httpRoute({ guard }, async () => {
      throw new DomainError('NotFound', 'Gift was not found.');
    });
    const response = await missing(event());
    expect(response.statusCode).toBe(404);
    expect(JSON.parse(response.body as string)).toMatchObject({ status: 404, code: 'NotFound', detail: 'Gift was not found.' });
  });

  it('tells a refused caller when to try again: 429 with Retry-After in whole seconds', async () => {
    const limited = httpRoute({ guard }, async () => {
      throw tooManyRequests('Too many declined payments.', 1799.2);
    });
    const response = await limited(event());
    expect(response.statusCode).toBe(429);
    expect(response.headers?.['retry-after']).toBe('1800');
    expect(JSON.parse(response.body as string)).toMatchObject({ status: 429, code: 'TooManyRequests', detail: 'Too many declined payments.' });
  });

  it('never leaks an unexpected error’s message or stack', async () => {
    const crash = httpRoute({ guard }, async () => {
      throw new Error('connect ECONNREFUSED 10.0.0.1 password=hunter2');
    });
    const response = await crash(event());
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toMatch(/hunter2|ECONNREFUSED|at /);
    expect(JSON.parse(response.body as string)).toMatchObject({ status: 500, code: 'Internal' });
  });

  it('reads the caller from HTTP API JWT claims, including list claims as strings', async () => {
    const me = httpRoute({ guard }, async ({ caller }) => ok(caller));
    const response = await me(
      event({
        requestContext: {
          requestId: 'r',
          authorizer: { jwt: { claims: { sub: 'user-1', email: 'a@b.nz', email_verified: 'true', 'cognito:groups': '[Administrator donors]' }, scopes: null } },
        } as unknown as HttpEvent['requestContext'],
      }),
    );
    expect(JSON.parse(response.body as string)).toMatchObject({ userId: 'user-1', email: 'a@b.nz', groups: ['Administrator', 'donors'] });
  });

  it('gives the caller no e-mail until Cognito has verified it', async () => {
    const me = httpRoute({ guard }, async ({ caller }) => ok({ email: caller?.email ?? null }));
    const asCaller = (claims: Record<string, string>) =>
      me(event({ requestContext: { requestId: 'r', authorizer: { jwt: { claims, scopes: null } } } as unknown as HttpEvent['requestContext'] }));
    const unverified: Record<string, string>[] = [{ sub: 'u', email: 'someone@else.nz' }, { sub: 'u', email: 'someone@else.nz', email_verified: 'false' }];
    for (const claims of unverified) {
      expect(JSON.parse((await asCaller(claims)).body as string)).toEqual({ email: null });
    }
  });
});

describe('csvFile', () => {
  it('sends the text as it is, as a text/csv attachment with a safe file name', async () => {
    const download = httpRoute({ guard }, async () => csvFile('kiwi "rescue"\r\n.csv', 'Date,Amount\r\n2026-11-21,"1,000.00"\r\n'));
    const response = await download(event({ routeKey: 'GET /api/things' }));
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('Date,Amount\r\n2026-11-21,"1,000.00"\r\n');
    expect(response.headers).toMatchObject({ 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="kiwi rescue.csv"' });
  });
});

describe('pdfFile', () => {
  it('sends the bytes base64-encoded (payload format 2.0), as an application/pdf attachment', async () => {
    const bytes = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x00, 0xff, 0x80]);
    const download = httpRoute({ guard }, async () => pdfFile('receipt "01J"\r\n.pdf', bytes));
    const response = await download(event({ routeKey: 'GET /api/things' }));
    expect(response.statusCode).toBe(200);
    expect(response.isBase64Encoded).toBe(true);
    expect(new Uint8Array(Buffer.from(response.body as string, 'base64'))).toEqual(bytes);
    expect(response.headers).toMatchObject({ 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="receipt 01J.pdf"' });
  });
});

describe('httpRoute guard', () => {
  it('refuses before reading any input, so a refused caller learns nothing about validation', async () => {
    let ran = false;
    const refuse: RouteGuard = async () => {
      throw new DomainError('Forbidden');
    };
    const route = httpRoute({ guard: refuse, body: z.object({ name: z.string() }) }, async () => {
      ran = true;
      return ok({});
    });
    const response = await route(event({ body: '{"name":' }));
    expect(response.statusCode).toBe(403);
    expect(ran).toBe(false);
  });
});

describe('the edge: X-Origin-Verify and the caller’s address', () => {
  const secrets = mockClient(SecretsManagerClient);
  const whoAmI = httpRoute({ guard }, async ({ sourceIp }) => ok({ sourceIp }));
  const request = (headers: Record<string, string>) =>
    whoAmI(event({ routeKey: 'GET /api/who', headers, requestContext: { requestId: 'r', http: { method: 'GET', path: '/api/who', sourceIp: '10.1.2.3' } } as HttpEvent['requestContext'] }));
  const saved = { ...process.env };

  afterEach(() => {
    process.env = { ...saved };
    secrets.reset();
    resetSecretsForTests();
  });

  it('where the function is given the edge secret, refuses a request without it or with another, before anything else', async () => {
    process.env[ENV.secretId('ORIGIN_VERIFY')] = 'giving/origin-verify';
    secrets.on(GetSecretValueCommand).resolves({ SecretString: 'the-edge-secret' });
    for (const headers of [{}, { 'x-origin-verify': 'a guess' }, { 'x-origin-verify': 'the-edge-secre' }] as Record<string, string>[]) {
      const response = await request(headers);
      expect(response.statusCode).toBe(403);
      expect(JSON.parse(response.body as string)).toMatchObject({ code: 'Forbidden', detail: 'Send requests to the API through the site.' });
    }
    const through = await request({ 'x-origin-verify': 'the-edge-secret', 'x-viewer-address': '2001:db8::7', 'cloudfront-viewer-address': '203.0.113.1:443' });
    expect(JSON.parse(through.body as string)).toEqual({ sourceIp: '2001:db8::7' });
  });

  it('never takes the address from a client’s headers: without the edge it is the connection’s', async () => {
    const response = await request({ 'x-viewer-address': '203.0.113.2', 'cloudfront-viewer-address': '203.0.113.1:443', 'x-forwarded-for': '198.51.100.1', forwarded: 'for=192.0.2.1', 'x-real-ip': '192.0.2.2' });
    expect(JSON.parse(response.body as string)).toEqual({ sourceIp: '10.1.2.3' });
  });
});
