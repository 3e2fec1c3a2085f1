import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawSearchResultSchema, searchItemSchema, siteSearchResultSchema, type SiteSearchResult } from '@giving/shared/contracts/search';
import type { RunningPlatform } from '../../tools/local/src/platform';
import { DEMO_PASSWORD, DEMO_USERS, type DemoRole } from '../../tools/local/src/seed/data';
import { apiCaller, eventually, platformClient, startTestPlatform } from './platform';

/**
 * Search through the local platform (issue 14): the seeded content reaches the indexes through each service's events,
 * GET /search answers typed items (typo tolerant, prefix as typed, public only), POST /search/{index}/_search answers
 * OpenSearch's shape, a change is searchable within seconds, and the back office re-indexes with no gap.
 */
let platform: RunningPlatform;
const tokens = new Map<DemoRole, string>();

const call = apiCaller(() => platform, tokens);
const search = async (query: string) => {
  const answer = await call<SiteSearchResult>(`/search?${query}`);
  expect(answer.status).toBe(200);
  return siteSearchResultSchema.parse(answer.body);
};
const titles = (result: SiteSearchResult) => result.items.map((item) => item.title);

let kiwiId = '';

beforeAll(async () => {
  platform = await startTestPlatform(8400);
  const client = platformClient(platform);
  for (const user of DEMO_USERS) tokens.set(user.role, await client.idToken(user.email, DEMO_PASSWORD));
  kiwiId = (await call<{ items: { id: string; charityUrl: string }[] }>('/accounts/charities?country=nz')).body.items.find((c) => c.charityUrl === 'kiwi-coast-rescue')!.id;
  // The seed is written to the services' tables; their streams publish it and the indexer takes it in.
  await eventually(
    () => search('country=nz&size=100'),
    (result) => Object.keys(result.types ?? {}).length === 5,
    60_000,
  );
}, 120_000);
afterAll(() => platform?.stop());

describe('GET /search', () => {
  it("finds a gift with typos ('kiwii chik') and answers typed items with counts per type", async () => {
    const result = await search('q=kiwii%20chik&country=nz');
    expect(result.items[0]).toMatchObject({ type: 'charitygift', title: 'Feed a kiwi chick for a week', slug: 'kiwi-coast-rescue/feed-a-kiwi-chick', gifttype: 'Product', giftprice: 2500 });
    for (const item of result.items) expect(searchItemSchema.safeParse(item).success).toBe(true);
    expect(Object.values(result.types ?? {}).reduce((a, b) => a + b, 0)).toBe(result.total);
  });

  it("finds as you type ('preda' finds the predator trap)", async () => {
    expect(titles(await search('q=preda&country=nz'))).toContain('Buy a predator trap');
  });

  it('weighs a title above a description', async () => {
    // "kiwi" is in many descriptions; a title with it comes first.
    const result = await search('q=kiwi&country=nz&type=charitygift');
    expect(result.items[0]?.title.toLowerCase()).toContain('kiwi');
  });

  it('never returns what the public may not see: an exclusive role, a role waiting for approval', async () => {
    const roles = titles(await search('country=nz&type=volunteeringopportunities&size=100'));
    expect(roles.length).toBeGreaterThan(0);
    expect(roles).not.toContain('Tasman Engineering conservation day');
    expect(roles).not.toContain('Kiwi call count night');
  });

  it('pages with from and size, and keeps to a country', async () => {
    const all = await search('country=nz&type=charitygift&size=100');
    const second = await search('country=nz&type=charitygift&size=2&from=2');
    expect(second.items.map((item) => item.id)).toEqual(all.items.slice(2, 4).map((item) => item.id));
    expect(all.items.every((item) => item.country === 'nz')).toBe(true);
    const au = await search('country=au&size=100');
    expect(au.items.every((item) => item.country === 'au')).toBe(true);
  });

  it("filters a charity's gifts by price, and sorts by price", async () => {
    const result = await search(`type=charitygift&charityId=${kiwiId}&minPrice=100&sort=priceHigh`);
    const prices = result.items.map((item) => (item.type === 'charitygift' ? item.giftprice : -1));
    expect(prices.length).toBeGreaterThan(1);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    expect(prices.every((price) => price >= 100)).toBe(true);
  });

  it("answers an unknown sort with the spec's message, and bad filters with 400 naming them", async () => {
    const sort = await call<{ errors: { field: string; message: string }[] }>('/search?sort=cheapest');
    expect(sort.status).toBe(400);
    expect(sort.body.errors).toEqual([{ field: 'query.sort', message: 'Sort Option: sorting option cheapest not found' }]);
    const size = await call<{ errors: { field: string }[] }>('/search?size=101');
    expect(size.status).toBe(400);
    expect(size.body.errors[0]?.field).toBe('query.size');
  });
});

describe('POST /search/{index}/_search', () => {
  const post = (index: string, body: unknown, headers: Record<string, string> = { 'x-host': 'localhost', 'x-country': 'nz' }) =>
    call<Record<string, unknown>>(`/search/${index}/_search`, { method: 'POST', body, headers });

  it("answers OpenSearch's shape for one charity's gifts", async () => {
    const answer = await post('charitygifts-v2', { query: { bool: { filter: [{ term: { 'charity.id': kiwiId } }] } }, size: 24, aggs: { kinds: { terms: { field: 'gifttype' } } } });
    expect(answer.status).toBe(200);
    const result = rawSearchResultSchema.parse(answer.body);
    expect(result.hits.total.value).toBeGreaterThan(1);
    expect(result.hits.hits.every((hit) => hit._index.startsWith('charitygifts-v2__') && (hit._source.charity as { id: string }).id === kiwiId)).toBe(true);
    expect(result.aggregations?.kinds).toMatchObject({ buckets: expect.arrayContaining([{ key: 'Product', doc_count: expect.any(Number) }]) });
  });

  it('searches volunteering roles with x-host and x-country', async () => {
    const answer = await post('volunteeringopportunities-v2', { query: { match: { title: 'trap' } } });
    expect(answer.status).toBe(200);
    const hits = rawSearchResultSchema.parse(answer.body).hits.hits;
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.every((hit) => hit._source.country === 'nz')).toBe(true);
  });

  it('refuses more than 100 hits, a script, an unknown index and a bad country', async () => {
    expect((await post('charities', { size: 101 })).status).toBe(400);
    const script = await post('charities', { query: { script: { script: { source: 'true' } } } });
    expect(script.status).toBe(400);
    expect(JSON.stringify(script.body)).toContain('body.query.script');
    const unknown = await post('members', { query: { match_all: {} } });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain('path.index');
    expect((await post('charities', {}, { 'x-country': 'uk' })).status).toBe(400);
  });
});

describe('freshness and operations', () => {
  it('a new gift is searchable within seconds; made inactive it is gone', async () => {
    const productUrl = `search-test-${Date.now()}`;
    const created = await call<{ id: string }>(`/donations/charity/${kiwiId}/gifts`, {
      method: 'POST',
      role: 'charityAdmin',
      headers: { 'idempotency-key': `search-test-${Date.now()}` },
      body: { title: 'Plant a kahikatea seedling', description: 'A podocarp for the wetland.', productUrl, priceCents: 1500 },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const found = await eventually(() => search('q=kahikatea&country=nz'), (result) => titles(result).includes('Plant a kahikatea seedling'), 10_000);
    expect(titles(found)).toContain('Plant a kahikatea seedling');
    expect((await call(`/donations/charity/${kiwiId}/gifts/${created.body.id}/active`, { method: 'PUT', role: 'charityAdmin', body: { isActive: false } })).status).toBeLessThan(300);
    const gone = await eventually(() => search('q=kahikatea&country=nz'), (result) => !titles(result).includes('Plant a kahikatea seedling'), 10_000);
    expect(titles(gone)).not.toContain('Plant a kahikatea seedling');
  });

  it('the back office re-indexes with no gap: searches keep answering the same while the alias moves', async () => {
    const before = await search('country=nz&type=charitygift&size=100');
    const status = await call<{ items: { index: string; target: string; documents: number }[] }>('/search/backOffice/indexes', { role: 'backOffice' });
    expect(status.status, JSON.stringify(status.body)).toBe(200);
    const old = status.body.items.find((item) => item.index === 'charitygifts-v2')!;
    let stop = false;
    const totals: number[] = [];
    const watcher = (async () => {
      while (!stop) totals.push((await search('country=nz&type=charitygift&size=1')).total);
    })();
    const rebuilt = await call<{ from: string; to: string; documents: number }>('/search/backOffice/indexes/charitygifts-v2/rebuild', { method: 'POST', role: 'backOffice' });
    stop = true;
    await watcher;
    expect(rebuilt.status).toBe(200);
    expect(rebuilt.body.from).toBe(old.target);
    expect(rebuilt.body.to).not.toBe(old.target);
    expect(new Set(totals)).toEqual(new Set([before.total]));
    const after = await search('country=nz&type=charitygift&size=100');
    expect(after.items.map((item) => item.id).sort()).toEqual(before.items.map((item) => item.id).sort());
    expect((await call('/search/backOffice/indexes/charitygifts-v2/rebuild', { method: 'POST', role: 'donor' })).status).toBe(401);
  });
});
