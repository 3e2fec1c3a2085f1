import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MEDIA_CACHE_CONTROL, serveObject } from './serve-object';
import { startObjectStore, type RunningObjectStore } from './server';

/** A stand-in for the site origin: /media/<key> served from the bucket, as CloudFront does in AWS. */
let root: string;
let store: RunningObjectStore;
let site: Server;
let siteUrl: string;
const BUCKET = 'giving-media';

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'media-'));
  store = await startObjectStore({ port: 0, rootDir: root, buckets: [BUCKET] });
  const s3 = new S3Client({ endpoint: store.url, region: 'ap-southeast-2', forcePathStyle: true, credentials: { accessKeyId: 'l', secretAccessKey: 'l' } });
  await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'charities/ōtautahi/logo.png', Body: Buffer.from('PNGDATA'), ContentType: 'image/png' }));
  await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'immutable.css', Body: 'a{}', ContentType: 'text/css', CacheControl: 'public, max-age=31536000, immutable' }));
  await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'evil.html', Body: '<script>alert(1)</script>', ContentType: 'text/html' }));
  s3.destroy();
  site = createServer((req, res) => {
    const pathname = (req.url ?? '/').split('?')[0] ?? '/';
    if (!pathname.startsWith('/media/')) return void res.writeHead(404).end();
    serveObject(root, BUCKET, decodeURIComponent(pathname.slice('/media/'.length)), req, res).catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => site.listen(0, 'localhost', resolve));
  siteUrl = `http://localhost:${(site.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => site.close(resolve));
  await store.stop();
  await rm(root, { recursive: true, force: true });
});

describe('serveObject', () => {
  const logo = () => `${siteUrl}/media/charities/${encodeURIComponent('ōtautahi')}/logo.png`;

  it('serves the object with its content type, length, ETag, Last-Modified and a cache policy', async () => {
    const response = await fetch(logo());
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('PNGDATA');
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('content-length')).toBe('7');
    expect(response.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
    expect(response.headers.get('last-modified')).toMatch(/GMT$/);
    expect(response.headers.get('cache-control')).toBe(DEFAULT_MEDIA_CACHE_CONTROL);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('keeps the Cache-Control the uploader set', async () => {
    const response = await fetch(`${siteUrl}/media/immutable.css`);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('answers 304 to a revalidation with the ETag or the date', async () => {
    const first = await fetch(logo());
    const etag = first.headers.get('etag')!;
    const byTag = await fetch(logo(), { headers: { 'if-none-match': etag } });
    expect(byTag.status).toBe(304);
    expect(byTag.headers.get('etag')).toBe(etag);
    expect(await byTag.text()).toBe('');
    const byDate = await fetch(logo(), { headers: { 'if-modified-since': first.headers.get('last-modified')! } });
    expect(byDate.status).toBe(304);
    const stale = await fetch(logo(), { headers: { 'if-none-match': '"stale"' } });
    expect(stale.status).toBe(200);
  });

  it('answers HEAD without a body, ranges with 206, and 404 for a missing key', async () => {
    const head = await fetch(logo(), { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('7');
    const range = await fetch(logo(), { headers: { range: 'bytes=0-2' } });
    expect(range.status).toBe(206);
    expect(await range.text()).toBe('PNG');
    const missing = await fetch(`${siteUrl}/media/nope.png`);
    expect(missing.status).toBe(404);
    expect((await fetch(`${siteUrl}/media/..%2F..%2Fetc%2Fpasswd`)).status).toBe(404);
  });

  it('refuses writes', async () => {
    const response = await fetch(logo(), { method: 'PUT', body: 'x' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });

  it('sandboxes uploaded HTML so it cannot script the site origin', async () => {
    const response = await fetch(`${siteUrl}/media/evil.html`);
    expect(response.headers.get('content-security-policy')).toContain('sandbox');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
  });
});
