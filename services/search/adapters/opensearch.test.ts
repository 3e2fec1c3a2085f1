import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { QueryRefused, SearchUnavailable } from '../domain/ports';
import { openSearchClient, openSearchEngine } from './opensearch';

/**
 * The adapter's signing and error handling, against a scripted HTTP endpoint: what the AWS domain does with a signed
 * request, or how it fails, is beyond the local stand-in (which neither checks signatures nor breaks on purpose).
 */
let server: Server;
let endpoint: string;
let seen: { method: string; url: string; headers: IncomingHttpHeaders; body: string }[] = [];
let answer: (url: string) => { status: number; body: unknown } = () => ({ status: 200, body: {} });

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const reply = answer(req.url ?? '');
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(() => {
  seen = [];
  answer = () => ({ status: 200, body: {} });
});

const hits = { took: 1, timed_out: false, hits: { total: { value: 0, relation: 'eq' }, max_score: null, hits: [] } };

describe('the OpenSearch adapter', () => {
  it('signs every request with SigV4 for the es service in AWS', async () => {
    process.env.AWS_ACCESS_KEY_ID = 'AKIDEXAMPLE';
    process.env.AWS_SECRET_ACCESS_KEY = 'secret';
    answer = () => ({ status: 200, body: hits });
    const engine = openSearchEngine(openSearchClient({ endpoint, signingRegion: 'ap-southeast-2' }));
    await engine.search(['charities'], { query: { match_all: {} } });
    const request = seen[0];
    expect(request?.url).toBe('/charities/_search');
    expect(request?.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/ap-southeast-2\/es\/aws4_request, SignedHeaders=.*host.*, Signature=[0-9a-f]{64}$/);
    expect(request?.headers['x-amz-date']).toMatch(/^\d{8}T\d{6}Z$/);
    expect(request?.headers['x-amz-content-sha256']).toMatch(/^[0-9a-f]{64}$/);
  });

  it('sends nothing signed to the local stand-in', async () => {
    answer = () => ({ status: 200, body: hits });
    await openSearchEngine(openSearchClient({ endpoint })).search(['charities', 'fundraisingpages'], {});
    expect(seen[0]?.url).toBe('/charities%2Cfundraisingpages/_search');
    expect(seen[0]?.headers.authorization).toBeUndefined();
  });

  it("turns the engine's 400 into a refused query with its reason", async () => {
    answer = () => ({ status: 400, body: { error: { root_cause: [{ type: 'parsing_exception', reason: 'unknown query [scripted]' }], type: 'parsing_exception', reason: 'unknown query [scripted]' }, status: 400 } });
    const search = openSearchEngine(openSearchClient({ endpoint })).search(['charities'], {});
    await expect(search).rejects.toBeInstanceOf(QueryRefused);
    await expect(openSearchEngine(openSearchClient({ endpoint })).search(['charities'], {})).rejects.toThrow('unknown query [scripted]');
  });

  it('turns a 5xx or no connection into "unavailable", retrying once only', async () => {
    answer = () => ({ status: 503, body: { error: { type: 'cluster_block_exception', reason: 'blocked' }, status: 503 } });
    await expect(openSearchEngine(openSearchClient({ endpoint })).search(['charities'], {})).rejects.toBeInstanceOf(SearchUnavailable);
    expect(seen.length).toBeLessThanOrEqual(2);
    await expect(openSearchEngine(openSearchClient({ endpoint: 'http://127.0.0.1:9' })).search(['charities'], {})).rejects.toBeInstanceOf(SearchUnavailable);
  });

  it('writes with external versions and calls an older write stale', async () => {
    answer = () => ({ status: 409, body: { error: { type: 'version_conflict_engine_exception', reason: 'current version [5] is higher' }, status: 409 } });
    const engine = openSearchEngine(openSearchClient({ endpoint }));
    expect(await engine.put('charities', 'c1', { type: 'charities' } as never, 4)).toBe('stale');
    expect(seen[0]?.method).toBe('PUT');
    expect(seen[0]?.url).toBe('/charities/_doc/c1?version=4&version_type=external');
    expect(await engine.remove('charities', 'c1', 4)).toBe('stale');
    answer = () => ({ status: 404, body: { _index: 'charities', _id: 'c1', result: 'not_found' } });
    expect(await engine.remove('charities', 'c1', 6)).toBe('absent');
  });

  it('counts a rebuild item the new index already holds newer as written, and any other failure as failed', async () => {
    answer = () => ({ status: 200, body: { took: 1, errors: true, items: [{ index: { status: 201 } }, { index: { status: 409 } }, { index: { status: 400 } }] } });
    const outcome = await openSearchEngine(openSearchClient({ endpoint })).bulkPut('charities__x', [1, 2, 3].map((n) => ({ id: `c${n}`, item: { type: 'charities' } as never, version: n })));
    expect(outcome).toEqual({ written: 2, failed: 1 });
    expect(seen[0]?.body.split('\n')[0]).toBe('{"index":{"_index":"charities__x","_id":"c1","version":1,"version_type":"external"}}');
  });
});
