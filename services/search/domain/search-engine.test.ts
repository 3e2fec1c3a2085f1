import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchItem, SiteSearchQuery } from '@giving/shared/contracts/search';
import { fixedClock } from '@giving/shared/clock';
import { startOpenSearch, type RunningOpenSearch } from '../../../tools/local/src/opensearch';
import { testTables } from '../../../tools/local/src/testing/dynamo';
import { dynamoDocumentCopies } from '../adapters/dynamo-copies';
import { openSearchClient, openSearchEngine } from '../adapters/opensearch';
import search from '../service';
import { padVersion } from './documents';
import { indexDocument, rebuildIndex, refreshRoleSchedules } from './indexer';
import type { SearchDeps } from './ports';
import { siteSearchRequest } from './queries';
import { confinedSearchBody } from './raw-queries';

/**
 * Every query shape search sends (queries.ts, raw-queries.ts) and every write it makes (indexer.ts: external
 * versions, aliases, templates, bulk), against the local OpenSearch stand-in through the real client and search's
 * copies in DynamoDB Local: what the site search answers for them.
 */
const now = new Date('2026-11-26T00:00:00Z');
let engine: RunningOpenSearch;
let deps: SearchDeps;
let ids = 0;

const base = { image: '', description: '', country: 'nz' as const, createdon: '2026-10-01T00:00:00.000Z', donationscount: 0 };
const charity = { id: 'c1', name: 'Kiwi Coast Rescue', image: '', slug: 'kiwi-coast-rescue' };
const gift = (id: string, title: string, giftprice: number, extra: Partial<SearchItem> = {}): SearchItem =>
  ({ ...base, type: 'charitygift', id, title, slug: `kiwi-coast-rescue/${id}`, gifttype: 'Product', giftprice, currency: 'NZD', charity, causes: ['Animals'], ...extra }) as SearchItem;
const role = (id: string, title: string, location: { lat: number; lon: number }, firststart: string, lastend?: string): SearchItem => ({
  ...base,
  type: 'volunteeringopportunities',
  id,
  title,
  slug: `kiwi-coast-rescue/${id}`,
  charities: [{ ...charity, suburb: 'Somewhere', location }],
  sessions: [{ requiredpeople: 2, startTime: firststart, ...(lastend ? { endTime: lastend } : {}) }],
  locations: [location],
  scheduleType: 'FixedSchedule',
  isexclusive: false,
  isremote: false,
  opportunityType: 'UnSkilled',
  skills: ['Gardening'],
  categories: ['Environment'],
  firststart,
  ...(lastend ? { lastend } : {}),
  nextstart: firststart,
});
const page = (id: string, title: string, enddate: string, donationscount: number): SearchItem =>
  ({ ...base, type: 'fundraisingpage', id, title, slug: `walk/${id}`, event: { slug: 'walk', title: 'Walk' }, charity, currency: 'NZD', donatedamount: donationscount * 1000, targetamount: 100_000, raisedpercentage: donationscount, ownername: 'Jane', enddate, donationscount }) as SearchItem;

const put = (item: SearchItem, version = ++ids) => indexDocument(deps, { index: item.type === 'charitygift' ? 'charitygifts-v2' : item.type === 'volunteeringopportunities' ? 'volunteeringopportunities-v2' : 'fundraisingpages', id: item.id, item, version: padVersion(version) });
const find = async (query: SiteSearchQuery) => {
  const request = siteSearchRequest(query, now);
  return deps.engine.search(request.indexes, request.body);
};
const titlesOf = async (query: SiteSearchQuery) => (await find(query)).hits.hits.map((hit) => hit._source.title);

beforeAll(async () => {
  engine = await startOpenSearch({ port: 0 });
  const tables = await testTables([search]);
  deps = { engine: openSearchEngine(openSearchClient({ endpoint: engine.url })), copies: dynamoDocumentCopies(tables.client, tables.tableName('search')), clock: fixedClock(now), newId: () => `v${++ids}` };
  await deps.engine.ensureIndexes();
  await put(gift('g1', 'Feed a kiwi chick for a week', 2500));
  await put(gift('g2', 'Buy a predator trap', 6000, { description: 'Protects kiwi from stoats.' }));
  await put(gift('g3', 'Plant a Māori kōwhai tree', 1500));
  await put(gift('g4', 'Weed the wetland', 800, { description: 'A kiwi habitat.', country: 'au' }));
  await put(role('r1', 'Trap line walker', { lat: -41.29, lon: 174.78 }, '2026-12-05T20:00:00.000Z', '2026-12-05T23:00:00.000Z'));
  await put(role('r2', 'Nest monitor', { lat: -36.85, lon: 174.76 }, '2026-12-01T20:00:00.000Z'));
  await put(role('r3', 'Beach clean', { lat: -45.87, lon: 170.5 }, '2026-10-01T20:00:00.000Z', '2026-10-01T23:00:00.000Z'));
  await put(page('p1', 'Jane walks for kiwi', '2027-01-01', 2));
  await put(page('p2', 'Tama walks for kiwi', '2027-01-01', 80));
  await put(page('p3', 'Aroha walked for kiwi', '2026-11-01', 500));
}, 60_000);
afterAll(() => engine?.stop());

describe('search on the engine', () => {
  it("tolerates typos ('kiwii chik'), completes prefixes ('preda') and folds macrons ('maori kowhai')", async () => {
    expect((await titlesOf({ q: 'kiwii chik' }))[0]).toBe('Feed a kiwi chick for a week');
    expect(await titlesOf({ q: 'preda' })).toContain('Buy a predator trap');
    expect(await titlesOf({ q: 'maori kowhai' })).toEqual(['Plant a Māori kōwhai tree']);
  });

  it('ranks a title match above a description match', async () => {
    const titles = await titlesOf({ q: 'kiwi', type: 'charitygift' });
    expect(titles.indexOf('Feed a kiwi chick for a week')).toBeLessThan(titles.indexOf('Buy a predator trap'));
  });

  it('lifts the more donated of two equal matches, and drops fundraising past its end date', async () => {
    expect(await titlesOf({ q: 'walks kiwi', type: 'fundraisingpage' })).toEqual(['Tama walks for kiwi', 'Jane walks for kiwi']);
  });

  it('counts each type over all matches (the charity name matches too), and filters country, price and cause', async () => {
    const all = await find({ q: 'kiwi', country: 'nz' });
    const buckets = (all.aggregations?.types as { buckets: { key: string; doc_count: number }[] }).buckets;
    expect(Object.fromEntries(buckets.map((b) => [b.key, b.doc_count]))).toEqual({ charitygift: 3, fundraisingpage: 2, volunteeringopportunities: 3 });
    expect(await titlesOf({ type: 'charitygift', country: 'nz', minPrice: 2000, maxPrice: 7000, cause: 'Animals' })).toEqual(['Feed a kiwi chick for a week', 'Buy a predator trap']);
  });

  it("sorts volunteering nearest to the visitor within a radius, soonest, and by the date filters", async () => {
    const wellington = { lat: -41.3, lon: 174.8 };
    expect(await titlesOf({ type: 'volunteeringopportunities', sort: 'nearest', ...wellington })).toEqual(['Trap line walker', 'Nest monitor', 'Beach clean']);
    expect(await titlesOf({ type: 'volunteeringopportunities', sort: 'nearest', ...wellington, radiusKm: 600 })).toEqual(['Trap line walker', 'Nest monitor']);
    expect(await titlesOf({ type: 'volunteeringopportunities', sort: 'soonest' })).toEqual(['Beach clean', 'Nest monitor', 'Trap line walker']);
    expect(await titlesOf({ type: 'volunteeringopportunities', dateFilter: 'past' })).toEqual(['Beach clean']);
    expect((await titlesOf({ type: 'volunteeringopportunities', dateFilter: 'coming' })).sort()).toEqual(['Nest monitor', 'Trap line walker']);
    expect(await titlesOf({ type: 'volunteeringopportunities', dateFilter: 'on-or-before', date: '2026-12-01' })).toContain('Nest monitor');
    expect(await titlesOf({ type: 'volunteeringopportunities', dateFilter: 'on-or-before', date: '2026-12-01' })).not.toContain('Trap line walker');
  });

  it("answers a client's confined query with OpenSearch's shape", async () => {
    const answer = await deps.engine.search(['charitygifts-v2'], confinedSearchBody({ query: { term: { 'charity.id': 'c1' } }, size: 2, sort: [{ giftprice: 'asc' }] }, { country: 'nz', now }));
    expect(answer.hits.total.value).toBe(3);
    expect(answer.hits.hits.map((hit) => hit._id)).toEqual(['g3', 'g1']);
    expect(answer.hits.hits[0]?._index).toBe('charitygifts-v2__initial');
  });

  it('keeps the newest of two racing writes, and removes what is no longer public', async () => {
    await put(gift('g5', 'Newer title', 100), 1000);
    expect(await put(gift('g5', 'Older title', 100), 999)).toBe('stale');
    expect(await titlesOf({ q: 'title', type: 'charitygift' })).toEqual(['Newer title']);
    await indexDocument(deps, { index: 'charitygifts-v2', id: 'g5', item: undefined, version: padVersion(1001) });
    expect(await titlesOf({ q: 'title', type: 'charitygift' })).toEqual([]);
  });

  it('re-indexes into a new versioned index and moves the alias, keeping every document', async () => {
    const before = (await find({ type: 'charitygift', size: 100 })).hits.hits.map((hit) => hit._id).sort();
    const outcome = await rebuildIndex(deps, 'charitygifts-v2');
    expect(outcome.from).toBe('charitygifts-v2__initial');
    expect(await deps.engine.aliasTarget('charitygifts-v2')).toBe(outcome.to);
    expect((await find({ type: 'charitygift', size: 100 })).hits.hits.map((hit) => hit._id).sort()).toEqual(before);
    // Writes after the switch land in the new index.
    await put(gift('g6', 'Sponsor a weta hotel', 2000));
    expect(await titlesOf({ q: 'weta' })).toEqual(['Sponsor a weta hotel']);
  });
});

describe("the daily refresh of roles' next start", () => {
  it('moves a role whose next session passed to its following one, and leaves the rest alone', async () => {
    await put(role('r9', 'Weekly weeding', { lat: -41.3, lon: 174.8 }, '2026-11-27T20:00:00.000Z', '2026-12-20T23:00:00.000Z'));
    const item = (await deps.copies.get('volunteeringopportunities-v2', 'r9'))?.item as SearchItem & { sessions: unknown[] };
    // Two sessions: the 27th and the 4th; the document was made before either.
    await indexDocument(deps, { index: 'volunteeringopportunities-v2', id: 'r9', item: { ...item, sessions: [{ requiredpeople: 2, startTime: '2026-11-27T20:00:00.000Z', endTime: '2026-11-27T23:00:00.000Z' }, { requiredpeople: 2, startTime: '2026-12-04T20:00:00.000Z', endTime: '2026-12-04T23:00:00.000Z' }] } as SearchItem, version: padVersion(5000) });
    const later = { ...deps, clock: fixedClock('2026-11-29T00:00:00Z') };
    expect(await refreshRoleSchedules(later)).toBeGreaterThanOrEqual(1);
    const hit = (await deps.engine.search(['volunteeringopportunities-v2'], { query: { ids: { values: ['r9'] } } })).hits.hits[0];
    expect(hit?._source.nextstart).toBe('2026-12-04T20:00:00.000Z');
    // Run again the same day: nothing moved, nothing written.
    expect(await refreshRoleSchedules(later)).toBe(0);
  });
});
