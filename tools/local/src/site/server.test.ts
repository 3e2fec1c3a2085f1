import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaSecurityHeaders, securityHeaders } from '@giving/shared/security-headers';
import { REDIRECTING_TO_LOGIN, SESSION_COOKIE, type SiteGuardConfig } from '@giving/shared/site-guard';
import { siteGuardFromEnvironment } from './options';
import { startSite, type SiteOptions } from './server';

type Site = Awaited<ReturnType<typeof startSite>>;
const BIG_SCRIPT = Array.from({ length: 400 }, (_, i) => `export const value${i} = ${i} * 2;`).join('\n');

/** A GET (or HEAD) with exactly these request headers, answering the bytes as sent (fetch would decode them). */
function rawGet(url: string, headers: Record<string, string>, method = 'GET'): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const req = request({ host: target.hostname, port: target.port, path: target.pathname, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}
let site: Site;
let guarded: Site;
/** The build's inline early start (web/src/lib/early-start.ts), allowed by its hash and by nothing broader. */
const EARLY_START = "document.head.append('early')";
const EARLY_START_HASH = `'sha256-${createHash('sha256').update(EARLY_START).digest('base64')}'`;
const origins = { cardGatewayOrigin: 'http://localhost:9999', cognitoOrigin: 'http://localhost:9229' };

beforeAll(async () => {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), `<!doctype html><head><script>${EARLY_START}</script><title>Koha</title></head>`);
  writeFileSync(path.join(dist, 'assets', 'app-123.js'), 'console.log(1)');
  writeFileSync(path.join(dist, 'assets', 'vendor-456.js'), BIG_SCRIPT);
  writeFileSync(path.join(dist, 'assets', 'logo-789.png'), Buffer.alloc(5000, 7));
  writeFileSync(path.join(dist, 'assets', 'app-123.js.map'), '{"version":3,"sources":["src/secret.ts"]}');
  const options: SiteOptions = {
    port: 0,
    webDist: dist,
    runtimeConfig: { cardGatewayUrl: 'http://localhost:9999' },
    api: async (req, res, url) => void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ path: url.pathname, headers: req.headers })),
    media: (_req, res, key) => void res.writeHead(200).end(`media:${key}`),
    origins,
    originVerify: 'origin-secret',
    local: (_req, res) => (res.writeHead(200).end('local page'), true),
  };
  site = await startSite(options);
  // localhost is guarded, 127.0.0.1 is not: one server shows both sides of the domain rule.
  const guard: SiteGuardConfig = { domains: ['localhost'], optionalExclusions: ['/api/'] };
  guarded = await startSite({ ...options, siteGuard: guard });
});

afterAll(async () => {
  await site?.stop();
  await guarded?.stop();
});

describe('the local origin (CloudFront’s behaviours)', () => {
  it('sends /api/* to the HTTP API and /media/* to the media bucket', async () => {
    expect(await (await fetch(`${site.url}/api/donations/payments`)).json()).toMatchObject({ path: '/api/donations/payments' });
    expect(await (await fetch(`${site.url}/media/charities/a%20b/logo.svg`)).text()).toBe('media:charities/a b/logo.svg');
  });

  it('serves the SPA: files as they are, extension-less paths as index.html, missing files as 404', async () => {
    const page = await fetch(`${site.url}/nz/charity/kiwi-coast-rescue`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>Koha</title>');
    const asset = await fetch(`${site.url}/assets/app-123.js`);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`${site.url}/assets/missing.js`)).status).toBe(404);
    expect((await fetch(`${site.url}/../../etc/passwd.txt`)).status).toBe(404);
  });

  it('compresses what CloudFront compresses: brotli first, else gzip, for text types of 1,000 bytes or more', async () => {
    const vendor = `${site.url}/assets/vendor-456.js`;
    const br = await rawGet(vendor, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers).toMatchObject({ 'content-encoding': 'br', vary: 'Accept-Encoding', 'cache-control': 'public, max-age=31536000, immutable' });
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(BIG_SCRIPT.length / 4);
    expect(brotliDecompressSync(br.body).toString()).toBe(BIG_SCRIPT);

    const gzip = await rawGet(vendor, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(BIG_SCRIPT);
    // q=0 refuses an encoding; none accepted (or no header) is the file as it is.
    expect((await rawGet(vendor, { 'accept-encoding': 'br;q=0, gzip' })).headers['content-encoding']).toBe('gzip');
    const plain = await rawGet(vendor, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.body.toString()).toBe(BIG_SCRIPT);
    const head = await rawGet(vendor, { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.headers['content-length']).toBe(br.headers['content-length']);
    expect(head.body.length).toBe(0);
  });

  it('writes the runtime configuration into every index.html it serves, so the SPA starts without fetching it', async () => {
    for (const address of ['/nz/charity/kiwi-coast-rescue', '/index.html', '/']) {
      const html = await (await fetch(`${site.url}${address}`)).text();
      const block = /<script id="runtime-config" type="application\/json">(.*?)<\/script>/.exec(html)?.[1];
      expect(JSON.parse(block ?? 'null')).toEqual({ cardGatewayUrl: 'http://localhost:9999' });
      expect(html).toContain('<title>Koha</title>');
    }
  });

  it('allows index.html’s inline early start by its hash, and no other inline script', async () => {
    const page = await fetch(`${site.url}/nz/charity/kiwi-coast-rescue`);
    const scriptSources = /script-src ([^;]*)/.exec(page.headers.get('content-security-policy') ?? '')?.[1]?.split(' ');
    expect(scriptSources).toEqual(["'self'", EARLY_START_HASH]);
    const compressed = await rawGet(`${site.url}/`, { 'accept-encoding': 'br' });
    expect(compressed.headers['content-security-policy']).toContain(EARLY_START_HASH);
  });

  it('leaves small files, images and the HTML shell’s caching alone: index.html is never cached, even compressed', async () => {
    expect((await rawGet(`${site.url}/assets/app-123.js`, { 'accept-encoding': 'br' })).headers['content-encoding']).toBeUndefined();
    expect((await rawGet(`${site.url}/assets/logo-789.png`, { 'accept-encoding': 'br' })).headers['content-encoding']).toBeUndefined();
    const shell = await rawGet(`${site.url}/nz`, { 'accept-encoding': 'br' });
    expect(shell.headers['cache-control']).toBe('no-cache');
    expect(shell.body.toString()).toContain('<title>Koha</title>'); // under 1,000 bytes: as it is
  });

  it('drops every forwarding header a client sent and sets its own, as CloudFront does, with the origin secret', async () => {
    const url = new URL(`${site.url}/api/donations/vouchers/lookup`);
    const raw = [
      'Host', url.host,
      'CloudFront-Viewer-Address', '203.0.113.7:443', 'cloudfront-viewer-address', '198.51.100.1:1',
      'X-Forwarded-For', '198.51.100.2', 'Forwarded', 'for=192.0.2.3', 'X-Real-IP', '192.0.2.4', 'True-Client-IP', '192.0.2.5',
      'CloudFront-Viewer-Country', 'NZ', 'X-Amz-Cf-Id', 'abc', 'X-Origin-Verify', 'a guess', 'X-Viewer-Address', '203.0.113.8', 'Authorization', 'Bearer kept',
    ];
    const headers = await new Promise<Record<string, string>>((resolve, reject) => {
      const req = request({ host: url.hostname, port: url.port, path: url.pathname, headers: raw }, (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve((JSON.parse(text) as { headers: Record<string, string> }).headers));
      });
      req.on('error', reject);
      req.end();
    });
    expect(headers['x-viewer-address']).toBe('127.0.0.1');
    expect(headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(headers['x-origin-verify']).toBe('origin-secret');
    expect(headers.authorization).toBe('Bearer kept');
    for (const name of ['forwarded', 'x-real-ip', 'true-client-ip', 'cloudfront-viewer-address', 'cloudfront-viewer-country', 'x-amz-cf-id']) expect([name, headers[name]]).toEqual([name, undefined]);
  });

  it('serves the runtime config', async () => {
    const config = await fetch(`${site.url}/config.json`);
    expect(await config.json()).toEqual({ cardGatewayUrl: 'http://localhost:9999' });
  });

  it('sends CloudFront’s security headers (shared/security-headers.ts) on every kind of response', async () => {
    const expected = securityHeaders({ ...origins, scriptHashes: [EARLY_START_HASH] });
    const responses = {
      page: await fetch(`${site.url}/nz/charities`),
      asset: await fetch(`${site.url}/assets/app-123.js`),
      config: await fetch(`${site.url}/config.json`),
      api: await fetch(`${site.url}/api/accounts/me`),
      missing: await fetch(`${site.url}/assets/missing.js`),
      wrongMethod: await fetch(`${site.url}/nz`, { method: 'POST' }),
      guardRedirect: await fetch(`${guarded.url}/nz/charities`, { redirect: 'manual' }),
    };
    expect(responses.guardRedirect.status).toBe(302);
    expect(responses.missing.status).toBe(404);
    for (const [kind, response] of Object.entries(responses)) {
      for (const [name, value] of Object.entries(expected)) expect([kind, name, response.headers.get(name)]).toEqual([kind, name, value]);
    }
    const csp = expected['content-security-policy'];
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain('frame-src http://localhost:9999');
    // Amplify signs in against cognito-local's origin from the browser.
    expect(csp).toContain("connect-src 'self' http://localhost:9229");
    expect(expected['strict-transport-security']).toMatch(/^max-age=\d+; includeSubDomains/);
    expect(expected['x-content-type-options']).toBe('nosniff');
    expect(expected['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('sends the media set on /media/*: sandboxed, and never framed, like every other response', async () => {
    const expected = mediaSecurityHeaders(origins);
    expect(expected['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(expected['content-security-policy']).toContain('sandbox');
    for (const response of [await fetch(`${site.url}/media/logo.png`), await fetch(`${site.url}/media/%E0%A4`)]) {
      for (const [name, value] of Object.entries(expected)) expect([name, response.headers.get(name)]).toEqual([name, value]);
    }
  });

  it('never serves a source map, though the build keeps them beside the bundles', async () => {
    expect((await fetch(`${site.url}/assets/app-123.js.map`)).status).toBe(404);
    expect(await (await fetch(`${site.url}/assets/app-123.js`)).text()).toBe('console.log(1)');
  });

  it('answers a malformed escape with 400 instead of failing', async () => {
    expect((await fetch(`${site.url}/media/%E0%A4`)).status).toBe(400);
  });
});

describe('the optional site-wide guard on the local origin', () => {
  const get = (target: Site, pathAndQuery: string, headers: Record<string, string> = {}) =>
    fetch(`${target.url}${pathAndQuery}`, { redirect: 'manual', headers });

  it('sends anonymous visitors of guarded hosts to login with the spec’s message', async () => {
    const response = await get(guarded, '/nz/charities?q=kiwi');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`/login?returnUrl=${encodeURIComponent('/nz/charities?q=kiwi')}`);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.text()).toBe(REDIRECTING_TO_LOGIN);
  });

  it('serves the login pages, static files and the excluded API to anyone', async () => {
    for (const pathAndQuery of ['/login?returnUrl=%2Fnz', '/login/sso', '/access-denied', '/auth/denied', '/assets/app-123.js', '/config.json', '/media/logo.png', '/api/accounts/me']) {
      expect([pathAndQuery, (await get(guarded, pathAndQuery)).status]).toEqual([pathAndQuery, 200]);
    }
    expect(await (await get(guarded, '/login')).text()).toContain('<title>Koha</title>');
  });

  it('lets a browser with a session cookie in, and leaves other hosts and local tools alone', async () => {
    expect((await get(guarded, '/nz/charities', { cookie: `${SESSION_COOKIE}=session` })).status).toBe(200);
    expect((await get(guarded, '/_local/outbox')).status).toBe(200);
    const otherHost = guarded.url.replace('localhost', '127.0.0.1');
    expect((await fetch(`${otherHost}/nz/charities`, { redirect: 'manual' })).status).toBe(200);
  });

  it('is off unless LOCAL_SITE_GUARD_DOMAINS names hosts', () => {
    expect(siteGuardFromEnvironment({})).toBeUndefined();
    expect(siteGuardFromEnvironment({ LOCAL_SITE_GUARD_DOMAINS: ' , ' })).toBeUndefined();
    expect(siteGuardFromEnvironment({ LOCAL_SITE_GUARD_DOMAINS: 'Localhost, giving.test' })).toEqual({
      domains: ['localhost', 'giving.test'],
      optionalExclusions: ['/api/', '/favicon.ico'],
    });
    expect(siteGuardFromEnvironment({ LOCAL_SITE_GUARD_DOMAINS: 'localhost', LOCAL_SITE_GUARD_EXCLUSIONS: 'none' })?.optionalExclusions).toEqual([]);
    expect(siteGuardFromEnvironment({ LOCAL_SITE_GUARD_DOMAINS: 'localhost', LOCAL_SITE_GUARD_EXCLUSIONS: '/_next/,/api/login' })?.optionalExclusions).toEqual([
      '/_next/',
      '/api/login',
    ]);
    expect(() => siteGuardFromEnvironment({ LOCAL_SITE_GUARD_DOMAINS: 'localhost', LOCAL_SITE_GUARD_EXCLUSIONS: '/admin/' })).toThrow(/not one of/);
  });
});
