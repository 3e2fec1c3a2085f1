import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSite } from './server';

let site: Awaited<ReturnType<typeof startSite>>;

beforeAll(async () => {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Koha</title>');
  writeFileSync(path.join(dist, 'assets', 'app-123.js'), 'console.log(1)');
  site = await startSite({
    port: 0,
    webDist: dist,
    runtimeConfig: { cardGatewayUrl: 'http://localhost:9999' },
    api: async (_req, res, url) => void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ path: url.pathname })),
    media: (_req, res, key) => void res.writeHead(200).end(`media:${key}`),
    origins: { cardGatewayOrigin: 'http://localhost:9999' },
  });
});

afterAll(() => site?.stop());

describe('the local origin (CloudFront’s behaviours)', () => {
  it('sends /api/* to the HTTP API and /media/* to the media bucket', async () => {
    expect(await (await fetch(`${site.url}/api/donations/payments`)).json()).toEqual({ path: '/api/donations/payments' });
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

  it('serves the runtime config and the security headers on every response', async () => {
    const config = await fetch(`${site.url}/config.json`);
    expect(await config.json()).toEqual({ cardGatewayUrl: 'http://localhost:9999' });
    const csp = config.headers.get('content-security-policy') ?? '';
    expect(csp).toContain('frame-src http://localhost:9999');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(config.headers.get('x-frame-options')).toBe('DENY');
  });

  it('answers a malformed escape with 400 instead of failing', async () => {
    expect((await fetch(`${site.url}/media/%E0%A4`)).status).toBe(400);
  });
});
