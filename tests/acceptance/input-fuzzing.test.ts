import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '@giving/shared/contracts/card-gateway';
import type { Gift } from '@giving/shared/contracts/donations';
import { pathParameterNames } from '@giving/shared/contracts/path-parameters';
import { PROBLEM_CONTENT_TYPE } from '@giving/shared/errors';
import { newId } from '@giving/shared/ids';
import { API_PREFIX, type RouteSpec } from '@giving/shared/manifest';
import { manifests } from '../../services';
import type { RunningPlatform } from '../../tools/local/src/platform';
import { DEMO_PASSWORD, DEMO_USERS } from '../../tools/local/src/seed/data';
import { platformClient, startTestPlatform, withFee } from './platform';

/**
 * Fuzzing every route's input: each manifest route is sent malformed path parameters, query strings and bodies, as an
 * anonymous caller and as callers with rights to it (the back office, and the charity admin on its own charity's
 * routes). Whatever arrives, the API answers below 500, with problem+json for a 4xx (or HTTP API's own answer for what
 * never reaches a function: no token, no such route), and never with a stack or an exception's message.
 * The inputs come from fast-check with a fixed seed, so a failure repeats: FUZZ_SEED=<n> tries another sample.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261121);
const CONCURRENCY = 6;

type Caller = 'anonymous' | 'backOffice' | 'charityAdmin';
interface Probe {
  caller: Caller;
  method: string;
  /** Already encoded, below /api. */
  path: string;
  query?: string;
  body?: string;
  contentType?: string;
}

let platform: RunningPlatform;
const tokens = new Map<Caller, string>();
const known = { charityId: '', workplaceId: '' };
/** Requests a caller with rights would really send, each then broken one field at a time. */
const examples: { caller: Caller; method: string; route: string; body: Record<string, unknown> }[] = [];

beforeAll(async () => {
  platform = await startTestPlatform(6900);
  const client = platformClient(platform);
  for (const role of ['backOffice', 'charityAdmin'] as const) {
    const user = DEMO_USERS.find((u) => u.role === role);
    if (!user) throw new Error(`no demo ${role}`);
    tokens.set(role, await client.idToken(user.email, DEMO_PASSWORD));
  }
  const charities = (await (await fetch(`${platform.siteUrl}/api/accounts/charities?country=nz`)).json()) as { items: { id: string; charityUrl: string }[] };
  known.charityId = charities.items.find((c) => c.charityUrl === 'kiwi-coast-rescue')?.id ?? '';
  const menu = (await (await fetch(`${platform.siteUrl}/api/accounts/me`, { headers: { authorization: `Bearer ${tokens.get('backOffice')}` } })).json()) as object;
  const workplaces = (await (await fetch(`${platform.siteUrl}/api/accounts/backoffice/workplaces`, { headers: { authorization: `Bearer ${tokens.get('backOffice')}` } })).json()) as {
    items: { id: string }[];
  };
  known.workplaceId = workplaces.items[0]?.id ?? '';
  expect([menu, known.charityId, known.workplaceId].every(Boolean)).toBe(true);
  const gift = (await (await fetch(`${platform.siteUrl}/api/donations/gifts/kiwi-coast-rescue/feed-a-kiwi-chick`)).json()) as Gift;
  const card = await client.cardToken(TEST_CARDS.approve);
  const donor = { firstName: 'Jane', lastName: 'Donor', email: 'jane.donor@example.org' };
  const giftPayment = withFee({ pageType: 'GIFT', country: 'nz' as const, giftId: gift.id, donationAmount: gift.price.cents, quantity: 1, supportingAmount: 0 });
  const common = { paymentType: 'CARD', isRecurring: false, isAnonymous: false, receiptName: 'Jane Donor', message: 'Kia kaha', card };
  examples.push(
    { caller: 'anonymous', method: 'POST', route: '/donations/payments', body: { ...giftPayment, ...common, donor } },
    {
      caller: 'anonymous',
      method: 'POST',
      route: '/donations/payments',
      body: { ...withFee({ pageType: 'CHARITY', country: 'nz' as const, charityId: known.charityId, donationAmount: 1500, quantity: 1, supportingAmount: 200 }), ...common, donor },
    },
    { caller: 'backOffice', method: 'POST', route: '/donations/me/payments', body: { ...giftPayment, ...common } },
    { caller: 'anonymous', method: 'POST', route: '/donations/voucher-purchases', body: { country: 'nz', voucherValue: 5000, card, buyer: donor } },
    { caller: 'anonymous', method: 'POST', route: '/donations/vouchers/lookup', body: { code: 'ABCDEFGH' } },
    {
      caller: 'backOffice',
      method: 'POST',
      route: '/donations/me/payroll-pledges',
      body: { pageType: 'GIFT', country: 'nz', productId: gift.id, productQuantity: 1, productAmount: gift.price.cents, donationFrequency: 'OnceOff', anonymousDonation: false },
    },
    {
      caller: 'backOffice',
      method: 'POST',
      route: '/donations/me/payroll-pledges',
      body: { pageType: 'CHARITY', country: 'nz', charityId: known.charityId, amount: 2000, donationFrequency: 'EveryPayCycle', anonymousDonation: true },
    },
    {
      caller: 'backOffice',
      method: 'POST',
      route: '/matching/workplace/{workplaceId}/campaigns',
      body: {
        name: 'Winter match', description: '', givingType: 'Any', recurrenceType: 'Any', matchRatio: 1, memberCap: 50_000, entryCap: 0, campaignCap: 0, currency: 'NZD',
        matchType: 'Donation', memberType: 'Employee', moduleType: 'DollarHandle', items: [{ id: gift.id, name: gift.title }], startsOn: '2026-06-01', endsOn: '2026-08-31', active: true,
      },
    },
    { caller: 'charityAdmin', method: 'PUT', route: '/accounts/charity/{charityId}/settings', body: { description: 'We protect kiwi.', causes: ['Conservation'], website: 'https://kiwi.example.org', location: 'Northland' } },
    { caller: 'charityAdmin', method: 'POST', route: '/accounts/charity/{charityId}/invitations', body: { email: 'new.member@example.org', role: 'Charity.Member' } },
    { caller: 'backOffice', method: 'PUT', route: '/accounts/backoffice/security', body: { requireMfaForAdministrators: false, adminSessionMinutes: 60 } },
  );
  const declared = new Set(routes.map((route) => `${route.method} ${route.path}`));
  for (const example of examples) expect(declared, `${example.method} ${example.route}`).toContain(`${example.method} ${example.route}`);
}, 120_000);

afterAll(async () => {
  await platform?.stop();
});

/** A well-formed value for each parameter: the demo tenants, a real slug, else an id that exists nowhere. */
function wellFormed(name: string): string {
  if (name === 'charityId') return known.charityId;
  if (name === 'workplaceId') return known.workplaceId;
  if (name === 'memberId') return randomUUID();
  if (name === 'charityUrl') return 'kiwi-coast-rescue';
  if (name === 'productUrl') return 'feed-a-kiwi-chick';
  if (name === 'opportunityUrl') return 'saturday-trap-line-walker';
  if (name === 'templateName') return 'badge-awarded';
  if (name === 'index') return 'charities';
  return newId();
}

/** Path segments as a client may send them, already percent-encoded where a raw character could not travel. */
const MALFORMED_SEGMENTS = [
  'A'.repeat(2000),
  'A'.repeat(5000),
  encodeURIComponent('ünïcødé 🎁'),
  '..%2F..%2Fetc%2Fpasswd',
  '%00',
  '%20',
  '%2F',
  'NOSUCHID',
  newId().toLowerCase(),
  encodeURIComponent('{"$ne":null}'),
  encodeURIComponent("' OR 1=1 --"),
  '%E0%A4',
];

function pathWith(route: RouteSpec, overrides: Record<string, string> = {}): string {
  return route.path.replace(/\{([^}]+)\}/g, (_, name: string) => overrides[name] ?? encodeURIComponent(wellFormed(name)));
}

/**
 * Who may call the route: anonymous for public routes, the back office for all, the charity admin on its charity.
 * A signed-out caller of a signed-in route is refused by the HTTP API before any function runs, whatever the path or
 * query: it gets the first malformed input of each kind only (`first`), which proves the refusal; the rest go to
 * callers whose requests reach the function.
 */
function callersOf(route: RouteSpec, first = true): Caller[] {
  if (route.auth.kind === 'public') return ['anonymous'];
  const signedIn: Caller[] = route.auth.tenant?.kind === 'charity' ? ['backOffice', 'charityAdmin'] : ['backOffice'];
  return first ? [...signedIn, 'anonymous'] : signedIn;
}

const routes = manifests.flatMap((manifest) => manifest.routes);
const writes = routes.filter((route) => route.method !== 'GET');
const sample = <T>(arbitrary: fc.Arbitrary<T>, numRuns: number, salt: number) => fc.sample(arbitrary, { seed: SEED + salt, numRuns });

const QUERY_NAMES = ['country', 'charityId', 'workplaceId', 'giftId', 'cursor', 'limit', 'status', 'from', 'to', 'q', 'page', 'sort', 'charityUrl', 'year', 'type'];
const nasty = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom('A'.repeat(5000), '-1', '1e309', 'NaN', '[]', '{}', '\u0000', '2026-13-45', '../', 'nz,au', ''),
);
const queryArbitrary = fc.dictionary(fc.oneof(fc.constantFrom(...QUERY_NAMES), fc.string({ maxLength: 12 })), nasty, { minKeys: 1, maxKeys: 5 });

const FIELD_NAMES = [
  'email', 'firstName', 'lastName', 'country', 'donationAmount', 'quantity', 'supportingAmount', 'transactionFeeCents',
  'paymentType', 'donor', 'card', 'token', 'savedCardId', 'voucherCode', 'code', 'giftId', 'charityId', 'name', 'title',
  'description', 'items', 'roles', 'role', 'subject', 'body', 'text', 'sessions', 'startsAt', 'endsAt', 'requiredPeople',
  'matchRatio', 'memberCap', 'active', 'isActive', 'kind', 'data', 'contentType', 'reason', 'amount', 'cents', 'currency',
  'requireMfaForAdministrators', 'adminSessionMinutes', 'businessUnits', 'causes', 'website', 'opportunityId', 'sdgs',
  'status', 'message', 'price', 'productUrl', 'frequency', 'donationFrequency', 'isRecurring', 'recipient', 'valueCents',
];
const bodyArbitrary = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(fc.constantFrom(...FIELD_NAMES), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 8 }),
  fc.dictionary(fc.constantFrom(...FIELD_NAMES), fc.oneof(fc.string({ unit: 'grapheme' }), fc.integer(), fc.double(), fc.boolean(), fc.constant(null)), { minKeys: 3, maxKeys: 12 }),
);

/** Bodies no generator is likely to find: huge, deep, not JSON, not declared as JSON. */
const CRAFTED_BODIES: { body: string; contentType?: string }[] = [
  { body: 'null' },
  { body: '[]' },
  { body: '"text"' },
  { body: '12' },
  { body: '{"' },
  { body: '{}' },
  { body: JSON.stringify({ text: 'x'.repeat(200_000), name: 'x'.repeat(200_000), description: 'x'.repeat(200_000) }) },
  { body: `${'['.repeat(5000)}${']'.repeat(5000)}` },
  { body: `${'{"a":'.repeat(500)}1${'}'.repeat(500)}` },
  { body: JSON.stringify({ items: Array.from({ length: 2000 }, (_, i) => ({ name: `n${i}`, path: '/x' })) }) },
  { body: '{"email": "a@b.nz"}', contentType: 'text/plain' },
  { body: 'email=a%40b.nz', contentType: 'application/x-www-form-urlencoded' },
  { body: '\u0000\u0001\u0002', contentType: 'application/json' },
];

/** What replaces one field of a valid request: too long, empty, the wrong type, an operator, control characters. */
const MUTANTS: unknown[] = ['A'.repeat(2000), 'A'.repeat(5000), '', null, -1, 1e308, 0.5, true, [], { $gt: '' }, 'ünï\u0000💥'];

/** Every leaf of a request (nested objects and arrays included), as paths: [['card', 'token'], ['items', 0, 'id'], ...]. */
function leaves(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((item, index) => leaves(item, [...at, index]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => leaves(item, [...at, key]));
  return [at];
}

function withLeaf(value: unknown, path: (string | number)[], replacement: unknown, remove = false): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  if (remove && rest.length === 0) delete copy[head];
  else copy[head] = withLeaf(copy[head], rest, replacement, remove);
  return copy;
}

/** HTTP API's own answers (no token, no such route, too large): plain JSON with a message, as in AWS. */
const GATEWAY_MESSAGES = new Set(['Unauthorized', 'Not Found', 'Request Entity Too Large']);
const LEAK = /\bat (?:async )?\S+ \(|node_modules|\.ts:\d+|Exception\b|TypeError|ReferenceError|RangeError|Cannot read|undefined is not|ECONNREFUSED/;

async function send(probe: Probe): Promise<string | undefined> {
  const headers: Record<string, string> = {};
  const token = tokens.get(probe.caller);
  if (token) headers.authorization = `Bearer ${token}`;
  if (probe.body !== undefined) headers['content-type'] = probe.contentType ?? 'application/json';
  if (probe.method === 'POST' || probe.method === 'PUT' || probe.method === 'PATCH') headers['idempotency-key'] = `fuzz-${newId()}`;
  const url = `${platform.siteUrl}${API_PREFIX}${probe.path}${probe.query ? `?${probe.query}` : ''}`;
  const response = await fetch(url, { method: probe.method, headers, body: probe.body, redirect: 'manual' });
  const text = await response.text();
  const what = `${probe.method} ${probe.path.slice(0, 120)}${probe.query ? `?${probe.query.slice(0, 80)}` : ''} as ${probe.caller}${probe.body === undefined ? '' : ` with ${probe.body.slice(0, 60)}`}`;
  if (response.status >= 500) return `${what} -> ${response.status} ${text.slice(0, 200)}`;
  if (LEAK.test(text)) return `${what} -> ${response.status} leaks ${text.slice(0, 200)}`;
  if (response.status < 400) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.startsWith(PROBLEM_CONTENT_TYPE)) {
    const problem = JSON.parse(text) as { status?: number; title?: string; code?: string };
    return problem.status === response.status && problem.title && problem.code ? undefined : `${what} -> ${response.status} malformed problem ${text.slice(0, 200)}`;
  }
  const gateway = response.headers.get('apigw-requestid') && GATEWAY_MESSAGES.has((JSON.parse(text) as { message?: string }).message ?? '');
  // The origin refuses a path it cannot decode before any route is chosen (CloudFront-style 400).
  const undecodable = response.status === 400 && text === 'Bad request' && /%E0%A4/.test(probe.path);
  return gateway || undecodable ? undefined : `${what} -> ${response.status} ${type} ${text.slice(0, 200)}`;
}

async function run(probes: Probe[]): Promise<string[]> {
  const failures: string[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < probes.length) {
        const probe = probes[next++] as Probe;
        const failure = await send(probe).catch((error: Error) => `${probe.method} ${probe.path.slice(0, 120)} as ${probe.caller} -> ${error.message}`);
        if (failure) failures.push(failure);
      }
    }),
  );
  return failures;
}

// Thousands of requests per case, while other files run beside this one on two cores: minutes, not the default 30 s.
describe(`fuzzing every route's input (seed ${SEED}; FUZZ_SEED=<n> samples others)`, { timeout: 180_000 }, () => {
  it('malformed path parameters: 2,000 characters, unicode, ../, %00, empty-ish, not ids', async () => {
    const probes = routes.flatMap((route) =>
      pathParameterNames(route.path).flatMap((name) =>
        MALFORMED_SEGMENTS.flatMap((segment, index) => callersOf(route, index === 0).map((caller) => ({ caller, method: route.method, path: pathWith(route, { [name]: segment }) }))),
      ),
    );
    expect(await run(probes)).toEqual([]);
  });

  it('malformed query strings', async () => {
    const probes = routes.flatMap((route, index) =>
      sample(queryArbitrary, 3, index).flatMap((query, nth) =>
        callersOf(route, nth === 0).map((caller) => ({ caller, method: route.method, path: pathWith(route), query: new URLSearchParams(query).toString() })),
      ),
    );
    expect(await run(probes)).toEqual([]);
  });

  it('malformed bodies: wrong types, null, arrays, huge strings, deep nesting, invalid JSON, wrong content type', async () => {
    const probes = writes.flatMap((route, index) => {
      const bodies: { body: string; contentType?: string }[] = [...CRAFTED_BODIES, ...sample(bodyArbitrary, 8, 1000 + index).map((value) => ({ body: JSON.stringify(value) }))];
      return bodies.flatMap(({ body, contentType }) =>
        callersOf(route)
          .filter((caller) => caller !== 'anonymous' || route.auth.kind === 'public')
          .map((caller) => ({ caller, method: route.method, path: pathWith(route), body, contentType })),
      );
    });
    expect(await run(probes)).toEqual([]);
  });

  it('valid requests with one field broken at a time: ids of 2,000 characters, wrong types, operators, missing fields', async () => {
    const probes = examples.flatMap(({ caller, method, route, body }) =>
      leaves(body).flatMap((path) =>
        [...MUTANTS.map((mutant) => withLeaf(body, path, mutant)), withLeaf(body, path, undefined, true)].map((broken) => ({
          caller,
          method,
          path: pathWith({ path: route } as RouteSpec),
          body: JSON.stringify(broken),
        })),
      ),
    );
    expect(await run(probes)).toEqual([]);
  });
});
