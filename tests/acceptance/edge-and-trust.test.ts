import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_RULES } from '@giving/shared/edge';
import { MEDIA_CONTENT_SECURITY_POLICY } from '@giving/shared/security-headers';
import { VOUCHER_LOOKUP_WINDOW_SECONDS, VOUCHER_LOOKUPS_PER_WINDOW } from '../../services/donations/domain/vouchers';
import type { RunningPlatform } from '../../tools/local/src/platform';
import { closeServer, listenOn } from '../../tools/local/src/runtime/http-server';
import { DEMO_PASSWORD, DEMO_USERS, type DemoRole } from '../../tools/local/src/seed/data';
import { pause, platformClient, startTestPlatform } from './platform';

const userOf = (role: DemoRole) => DEMO_USERS.find((user) => user.role === role)!;

/**
 * The edge as a caller meets it: the address the limits count is the one the edge sets, whatever the client sends.
 */
let platform: RunningPlatform;

beforeAll(async () => {
  // A deployment's limits (scale 1): this file is about them.
  platform = await startTestPlatform(7700, { edgeRateLimitScale: 1 });
}, 120_000);

afterAll(async () => {
  await platform?.stop();
});

const lookup = (headers: Record<string, string>) =>
  fetch(`${platform.siteUrl}/api/donations/vouchers/lookup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ code: 'ZZZZZZZZ' }),
  });

/** Every header a client might send to claim another address, each with a fresh invented one. */
const INVENTED: ((n: number) => Record<string, string>)[] = [
  (n) => ({ 'cloudfront-viewer-address': `203.0.113.${n}:443` }),
  (n) => ({ 'x-forwarded-for': `198.51.100.${n}` }),
  (n) => ({ forwarded: `for=192.0.2.${n};proto=https` }),
  (n) => ({ 'x-real-ip': `203.0.113.${n}` }),
  (n) => ({ 'true-client-ip': `198.51.100.${n}` }),
  (n) => ({ 'x-viewer-address': `2001:db8::${n}`, 'x-forwarded-for': `192.0.2.${n}, 10.0.0.1` }),
];

describe('the caller’s address is the one the edge sets', () => {
  it('25 voucher look-ups with invented addresses share one budget: the 21st gets 429', async () => {
    // The budget is a fixed window: 25 look-ups across its end would start counting again (seen once, a run at 14:10).
    const window = VOUCHER_LOOKUP_WINDOW_SECONDS * 1000;
    const leftOfWindow = window - (Date.now() % window);
    if (leftOfWindow < 20_000) await pause(leftOfWindow + 100);
    const statuses: number[] = [];
    for (let n = 1; n <= 25; n++) {
      const response = await lookup(INVENTED[n % INVENTED.length]!(n));
      statuses.push(response.status);
      if (response.status === 429) {
        expect(response.headers.get('content-type')).toBe('application/problem+json');
      }
      await response.arrayBuffer();
    }
    expect(VOUCHER_LOOKUPS_PER_WINDOW).toBe(20);
    expect(statuses.slice(0, 20).every((status) => status !== 429)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429, 429, 429, 429]);
  }, 60_000);

  it('the local API gateway reached directly, not through the origin, refuses whatever the request claims', async () => {
    // In AWS the default execute-api endpoint is off and every route wants CloudFront's X-Origin-Verify; here the
    // gateway is served bare, as a client going round the origin would find it.
    const { createApiGateway } = await import('../../tools/local/src/api/gateway');
    const { manifests } = await import('../../services');
    const gateway = createApiGateway({ manifests });
    const server = createServer((req, res) => void gateway(req, res, new URL(req.url ?? '/', 'http://localhost')));
    const { url } = await listenOn(server, 0);
    try {
      const response = await fetch(`${url}/api/donations/vouchers/lookup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-origin-verify': 'a guess', 'cloudfront-viewer-address': '203.0.113.9:443' },
        body: JSON.stringify({ code: 'ZZZZZZZZ' }),
      });
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ code: 'Forbidden', detail: 'Send requests to the API through the site.' });
    } finally {
      await closeServer(server);
    }
  });
});

describe('a revoked back-office administrator loses access at once', () => {
  it('with the ID token they still hold: every service’s back-office routes refuse the next call', async () => {
    const client = platformClient(platform);
    const alex = await client.idToken(userOf('backOffice').email, DEMO_PASSWORD);
    const dana = userOf('donor');
    const call = (token: string, method: string, path: string) =>
      fetch(`${platform.siteUrl}/api${path}`, { method, headers: { authorization: `Bearer ${token}` } });
    const danaId = ((await (await call(await client.idToken(dana.email, DEMO_PASSWORD), 'GET', '/accounts/me')).json()) as { primaryAccount: { id: string } }).primaryAccount.id;

    expect((await call(alex, 'PUT', `/accounts/backoffice/admins/${danaId}`)).status).toBe(200);
    const danaAsAdmin = await client.idToken(dana.email, DEMO_PASSWORD);
    const backOffice = [
      ['GET', '/accounts/backoffice/dashboard'],
      ['GET', '/donations/backoffice/vouchers'],
      ['GET', '/volunteering/backOffice/opportunity'],
    ] as const;
    for (const [method, path] of backOffice) expect([path, (await call(danaAsAdmin, method, path)).status]).toEqual([path, 200]);

    expect((await call(alex, 'DELETE', `/accounts/backoffice/admins/${danaId}`)).status).toBe(200);
    // The same token, still unexpired and still naming the Administrator group.
    const outcomes = await Promise.all(backOffice.map(async ([method, path]) => [path, (await call(danaAsAdmin, method, path)).status]));
    expect(outcomes).toEqual([
      ['/accounts/backoffice/dashboard', 403],
      ['/donations/backoffice/vouchers', 403],
      // Spec 1 §6: back-office volunteering calls answer 401 to anyone who is not an authorised back-office user.
      ['/volunteering/backOffice/opportunity', 401],
    ]);
    // She is still a member: her own area answers, and it no longer calls her an administrator.
    const me = await call(danaAsAdmin, 'GET', '/accounts/me');
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ isAdmin: false });
  });
});

describe('headers and files', () => {
  it('/media/* carries the security headers, frame-ancestors included, with a sandboxing CSP', async () => {
    const charities = (await (await fetch(`${platform.siteUrl}/api/accounts/charities?country=nz`)).json()) as { items: { logoImageUrl: string }[] };
    const logo = charities.items[0]!.logoImageUrl;
    expect(logo).toMatch(/^\/media\//);
    const response = await fetch(`${platform.siteUrl}${logo}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toBe(MEDIA_CONTENT_SECURITY_POLICY);
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('strict-transport-security')).toMatch(/^max-age=/);
  });

  it('serves no source map, whatever the build left beside the bundles', async () => {
    const index = await (await fetch(`${platform.siteUrl}/`)).text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(index)?.[1];
    expect(script).toBeDefined();
    const bundle = await (await fetch(`${platform.siteUrl}${script}`)).text();
    expect(bundle).not.toContain('sourceMappingURL');
    expect((await fetch(`${platform.siteUrl}${script}.map`)).status).toBe(404);
  });
});

// Last: these use up the address's budgets (sign-in included) for the rest of the file.
describe('the web ACLs’ rate rules, applied by the local origin and the user pool’s edge', () => {
  const rule = (name: string) => RATE_RULES.find((r) => r.name === name)!;

  it('refuses payment creation past the limit with 429 and Retry-After, before the API sees it', async () => {
    const payments = rule('payments');
    const statuses: number[] = [];
    for (let i = 0; i < payments.limit; i++) {
      const response = await fetch(`${platform.siteUrl}/api/donations/payments`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      statuses.push(response.status);
      await response.arrayBuffer();
    }
    expect(new Set(statuses)).toEqual(new Set([400]));
    const refused = await fetch(`${platform.siteUrl}/api/donations/me/payments`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(payments.windowSeconds);
    expect(refused.headers.get('content-type')).toBe('application/problem+json');
    expect(await refused.json()).toMatchObject({ status: 429, code: 'TooManyRequests', title: 'Too many requests. Please try again shortly.' });
    // Other requests from the address still pass: the rule counts payment creation only.
    expect((await fetch(`${platform.siteUrl}/api/donations/payment-gateway?country=nz`)).status).toBe(200);
  });

  it('refuses sign-in attempts past the limit at the user pool’s edge', async () => {
    const signIn = rule('sign-in');
    const attempt = () =>
      fetch(platform.urls.cognito, {
        method: 'POST',
        headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
        body: JSON.stringify({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: platform.cognito.userPoolClientId, AuthParameters: { USERNAME: 'nobody@example.org', PASSWORD: 'wrong-Password-1' } }),
      });
    // This file has signed in a few times already: the budget is the rule's limit for the whole window.
    const statuses: number[] = [];
    for (let i = 0; i <= signIn.limit && !statuses.includes(429); i++) {
      const response = await attempt();
      statuses.push(response.status);
      await response.arrayBuffer();
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((status) => status === 400)).toBe(true);
    expect(statuses.length).toBeLessThanOrEqual(signIn.limit + 1);
    const refused = await attempt();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
