import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROBLEM_CONTENT_TYPE } from '@giving/shared/errors';
import { API_PREFIX } from '@giving/shared/manifest';
import { manifests } from '../../services';
import type { RunningPlatform } from '../../tools/local/src/platform';
import { DOCUMENT_FILE } from '../../tools/openapi/document';
import { startTestPlatform } from './platform';

/**
 * Issue 17 item 8, for integrators: the running API serves its OpenAPI document at /api/openapi.json (public,
 * cacheable), the very file tools/openapi writes from the code, and what it says is what the API does: the payment
 * call's documented body and Idempotency-Key, its problem+json 400 naming the field, a console call's 401.
 */
type Json = Record<string, unknown>;
let platform: RunningPlatform;

beforeAll(async () => {
  platform = await startTestPlatform(9400);
}, 90_000);

afterAll(async () => {
  await platform?.stop();
});

const get = (path: string) => fetch(`${platform.siteUrl}${API_PREFIX}${path}`);
let document: { paths: Record<string, Record<string, Json>>; components: { schemas: Record<string, Json>; parameters: Record<string, Json> } };

describe('GET /api/openapi.json', () => {
  it('answers the committed document to anyone, cacheable for 5 minutes', async () => {
    const response = await get('/openapi.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    document = (await response.json()) as typeof document;
    expect(document).toEqual(JSON.parse(readFileSync(DOCUMENT_FILE, 'utf8')));
    expect(document).toMatchObject({ openapi: '3.1.0', servers: [{ url: '/api' }] });
    const routes = manifests.flatMap((manifest) => manifest.routes.map((route) => `${route.method.toLowerCase()} ${route.path}`));
    for (const route of routes) {
      const [method, path] = route.split(' ') as [string, string];
      expect(document.paths[path]?.[method], route).toBeDefined();
    }
  });

  it('lists POST /donations/payments with its request schema, its Idempotency-Key and its 202 answer', () => {
    const payment = document.paths['/donations/payments']!.post!;
    expect(payment).toMatchObject({
      tags: ['donations'],
      security: [],
      requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/CreatePaymentRequest' } } } },
      responses: { '202': { content: { 'application/json': { schema: { $ref: '#/components/schemas/CreatePaymentResponse' } } } } },
    });
    const request = document.components.schemas.CreatePaymentRequest!;
    const gift = (request.oneOf as Json[]).find((variant) => (variant.properties as Json).pageType && ((variant.properties as Json).pageType as Json).const === 'GIFT')!;
    expect(gift.required).toEqual(expect.arrayContaining(['giftId', 'quantity', 'country', 'donationAmount', 'transactionFeeCents', 'paymentType', 'donor']));
    expect(document.components.schemas.CreatePaymentResponse).toMatchObject({ properties: { trackingNumber: { type: 'string' } }, required: ['trackingNumber'] });
    expect(payment.parameters).toEqual([{ $ref: '#/components/parameters/IdempotencyKey' }]);
    expect(document.components.parameters.IdempotencyKey).toMatchObject({ name: 'Idempotency-Key', in: 'header', required: true });
  });

  it('is what the API does: a payment without a required field of its schema gets problem+json naming each one', async () => {
    const send = (headers: Record<string, string>, body: unknown) =>
      fetch(`${platform.siteUrl}/api/donations/payments`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    const noAmount = await send({ 'idempotency-key': `key-${crypto.randomUUID()}` }, { pageType: 'GIFT' });
    expect(noAmount.status).toBe(400);
    expect(noAmount.headers.get('content-type')).toContain(PROBLEM_CONTENT_TYPE);
    const problem = (await noAmount.json()) as { code: string; errors: { field: string }[] };
    expect(problem.code).toBe('ValidationFailed');
    expect(problem.errors.map((error) => error.field)).toEqual(expect.arrayContaining(['body.donationAmount', 'body.donor']));
  });

  it("documents a console call's bearer token and permissions, and the API answers an anonymous caller the documented 401", async () => {
    const members = document.paths['/accounts/charity/{charityId}/members']!.get!;
    expect(members).toMatchObject({
      security: [{ cognito: ['Charity_MemberView'] }],
      'x-koha-auth': { kind: 'signedIn', tenant: { kind: 'charity', param: 'charityId' } },
      responses: { '401': { $ref: '#/components/responses/Unauthorized' }, '403': { $ref: '#/components/responses/Forbidden' } },
    });
    const anonymous = await get('/accounts/charity/01J00000000000000000000000/members');
    expect(anonymous.status).toBe(401);
  });
});
