import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { pathParameterNames } from '@giving/shared/contracts/path-parameters';
import { ERROR_TABLE } from '@giving/shared/errors';
import { manifests } from '../../services';
import { buildOpenApiDocument, DOCUMENT_FILE, operationIdOf, serialise, type OpenApiDocument } from './document';

type Json = Record<string, unknown>;
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

let document: OpenApiDocument;
beforeAll(async () => {
  document = await buildOpenApiDocument(manifests);
}, 60_000);

const operation = (method: string, path: string) => document.paths[path]?.[method.toLowerCase()] as Json | undefined;

/** Follows a local $ref ('#/components/...') through the document; undefined when it leads nowhere. */
function resolve(ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  return ref
    .slice(2)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Json)[part] : undefined), document);
}
const deref = <T>(node: T): T => (node && typeof node === 'object' && '$ref' in node ? (resolve((node as Json).$ref as string) as T) : node);

function* refsIn(node: unknown, at = '#'): Generator<{ ref: string; at: string }> {
  if (Array.isArray(node)) for (const [i, item] of node.entries()) yield* refsIn(item, `${at}/${i}`);
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') yield { ref: value, at };
      else yield* refsIn(value, `${at}/${key}`);
    }
  }
}

describe('docs/openapi.json', () => {
  it('is what the manifests, handlers and contracts make now (run `npm run openapi` when this fails)', () => {
    expect(readFileSync(DOCUMENT_FILE, 'utf8') === serialise(document), 'docs/openapi.json is out of date: run npm run openapi').toBe(true);
  });
});

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 with the parts every tool reads', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    expect(document.servers).toEqual([expect.objectContaining({ url: '/api' })]);
    expect(document.components.securitySchemes.cognito).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
  });

  it('has every manifest route as an operation, and nothing else', () => {
    const routes = manifests.flatMap((manifest) => manifest.routes.map((route) => `${route.method} ${route.path}`)).sort();
    const operations = Object.entries(document.paths)
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`))
      .sort();
    expect(operations).toEqual(routes);
    for (const methods of Object.values(document.paths)) for (const method of Object.keys(methods)) expect(METHODS).toContain(method);
  });

  it('tags each operation with its service, and gives it a unique operation id', () => {
    const tags = new Set(document.tags.map((tag) => tag.name));
    const ids = new Set<string>();
    for (const manifest of manifests) {
      for (const route of manifest.routes) {
        const op = operation(route.method, route.path)!;
        expect(op.tags).toEqual([manifest.service]);
        expect(tags.has(manifest.service)).toBe(true);
        expect(op.operationId).toBe(operationIdOf(route));
        expect(ids.has(op.operationId as string), `${op.operationId} twice`).toBe(false);
        ids.add(op.operationId as string);
      }
    }
  });

  it('declares every path parameter of every path (required, in: path), and no other', () => {
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const declared = ((op.parameters ?? []) as Json[]).map((p) => deref(p)).filter((p) => p.in === 'path');
        expect(declared.map((p) => p.name).sort(), `${method} ${path}`).toEqual(pathParameterNames(path).sort());
        for (const p of declared) expect(p.required, `${method} ${path} {${String(p.name)}}`).toBe(true);
      }
    }
  });

  it('resolves every $ref', () => {
    const broken = [...refsIn(document)].filter(({ ref }) => resolve(ref) === undefined);
    expect(broken).toEqual([]);
  });

  it('gives every operation responses with descriptions, and problem+json errors', () => {
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const responses = op.responses as Record<string, Json>;
        expect(Object.keys(responses).some((status) => /^(2..|2XX|302)$/.test(status)), `${method} ${path} says what succeeds`).toBe(true);
        for (const [status, response] of Object.entries(responses)) {
          const resolved = deref(response);
          expect(resolved?.description, `${method} ${path} ${status}`).toEqual(expect.any(String));
          if (/^[45]/.test(status) || status === 'default') expect(Object.keys(resolved.content as Json)).toEqual(['application/problem+json']);
        }
      }
    }
    const problem = document.components.schemas.Problem as Json;
    expect((problem.properties as Json).code).toEqual({ type: 'string', enum: Object.keys(ERROR_TABLE) });
  });

  it('documents who may call each route: public, or the bearer token with the permissions (in the tenant) it needs', () => {
    expect(operation('GET', '/donations/charities/{charityUrl}/gifts')).toMatchObject({ security: [], 'x-koha-auth': { kind: 'public' } });
    expect(operation('GET', '/accounts/me')).toMatchObject({ security: [{ cognito: [] }], 'x-koha-auth': { kind: 'signedIn' } });
    expect(operation('GET', '/accounts/me')?.responses).toHaveProperty('401');
    const members = operation('GET', '/accounts/charity/{charityId}/members')!;
    expect(members).toMatchObject({
      security: [{ cognito: ['Charity_MemberView'] }],
      'x-koha-auth': { kind: 'signedIn', anyOf: ['Charity_MemberView'], tenant: { kind: 'charity', param: 'charityId' } },
    });
    expect(members.description).toContain('Needs any of these permissions in the charity named by {charityId}: Charity_MemberView.');
    expect(members.responses).toHaveProperty('403');
    for (const manifest of manifests) {
      for (const route of manifest.routes) {
        const op = operation(route.method, route.path)!;
        expect(op['x-koha-auth'], `${route.method} ${route.path}`).toEqual(route.auth);
        expect(op.security, `${route.method} ${route.path}`).toEqual(route.auth.kind === 'public' ? [] : expect.arrayContaining([expect.objectContaining({ cognito: expect.any(Array) })]));
      }
    }
  });

  it("describes a payment's request body, its Idempotency-Key and its answer from the contracts", () => {
    const payment = operation('POST', '/donations/payments')!;
    const body = deref((payment.requestBody as { content: Record<string, { schema: Json }> }).content['application/json']!.schema);
    expect((payment.requestBody as Json).required).toBe(true);
    // A union of a gift's, a charity's and a fundraising page's payment, each naming the donor and the amounts in cents.
    const variants = (body.oneOf ?? body.anyOf) as Json[];
    expect(variants.length).toBeGreaterThan(1);
    for (const variant of variants) {
      expect(variant.required).toEqual(expect.arrayContaining(['country', 'donationAmount', 'transactionFeeCents', 'donor']));
      expect((variant.properties as Json).donationAmount).toMatchObject({ type: 'integer', minimum: 100 });
    }
    expect(((payment.parameters ?? []) as Json[]).map(deref)).toContainEqual(expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: true }));
    expect(payment.responses).toMatchObject({ '202': { content: { 'application/json': { schema: { $ref: '#/components/schemas/CreatePaymentResponse' } } } } });
    expect(Object.keys(payment.responses as Json)).toEqual(expect.arrayContaining(['400', '415', '422', '429', 'default']));
    expect(payment.description).toContain("Rate limit 'payments'");
  });

  it('names a schema a module re-exports from another once, plainly; only different schemas sharing a name get their file’s', () => {
    const names = Object.keys((document.components as { schemas: Json }).schemas);
    // donations.ts and accounts.ts re-export donations-public.ts and accounts-public.ts: one schema each, not a clash.
    expect(names).toEqual(expect.arrayContaining(['CreatePaymentResponse', 'Gift', 'CharityProfile', 'SiteStats']));
    expect(names.filter((name) => /^(DonationsPublic|AccountsPublic|Donations|Accounts)(CreatePaymentResponse|Gift|CharityProfile|SiteStats)$/.test(name))).toEqual([]);
  });

  it("lists a route's query parameters from the schema its handler parses the query with", () => {
    const gateway = operation('GET', '/donations/payment-gateway')!;
    expect(gateway.parameters).toEqual([{ name: 'country', in: 'query', required: true, schema: { type: 'string', enum: ['nz', 'au'] } }]);
  });
});
