import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, ids, stand, type Bucket, type SearchAnswer, type Stand } from './contract.testing';
import type { JsonObject } from './json';

/**
 * Contract tests of _search and _count: every query shape, sort, aggregation and highlight the platform sends,
 * driven over HTTP through the real @opensearch-project/opensearch client. Expectations are OpenSearch's documented
 * behaviour: shapes, totals, order, and errors with their types and statuses.
 */

let os: Stand;
const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString();

const AUCKLAND = { lat: -36.8485, lon: 174.7633 };
const WHANGAREI = { lat: -35.7251, lon: 174.3237 };
const HAMILTON = { lat: -37.787, lon: 175.2793 };
const CHRISTCHURCH = { lat: -43.532, lon: 172.6306 };

const gifts = [
  { id: 'kiwi', title: 'Feed a kiwi chick for a week', description: 'Worms and grubs keep a growing kiwi chick healthy in our crèche.', price: 2500, donations: 40, causes: ['Animals', 'Environment'], created: daysAgo(300), charity: { id: 'c1', name: 'Kiwi Coast' } },
  { id: 'trap', title: 'Buy a predator trap', description: 'One DOC 200 trap protects kiwi habitat from stoats and rats, so more kiwi survive.', price: 6000, donations: 10, causes: ['Environment'], created: daysAgo(20), charity: { id: 'c1', name: 'Kiwi Coast' } },
  { id: 'lunch', title: 'School lunches for a month', description: 'Hot kai for tamariki at kura in Whangārei.', price: 1500, donations: 900, causes: ['Education', 'Food'], created: daysAgo(5), charity: { id: 'c2', name: 'Kai for Kids' } },
  { id: 'reo', title: 'Te reo Māori books', description: 'Pukapuka for a kōhanga reo library.', price: 3000, donations: 3, causes: ['Education'], created: daysAgo(800), charity: { id: 'c3', name: 'Pukapuka Trust' } },
  { id: 'tree', title: 'Plant a native tree', description: 'A tōtara seedling for the riverbank, planted by volunteers.', price: 1000, donations: 120, causes: ['Environment'], created: daysAgo(60), charity: { id: 'c4', name: 'Trees for Whanganui' } },
  { id: 'general', title: 'Area of greatest need', description: 'Where the charity needs it most.', price: 0, donations: 5, causes: [], created: daysAgo(2), charity: { id: 'c2', name: 'Kai for Kids' } },
];
const roles = [
  { id: 'r-akl', title: 'Beach clean-up crew', place: 'Auckland', location: AUCKLAND, starts: daysAgo(-3), remote: false },
  { id: 'r-wre', title: 'Kiwi crèche helper', place: 'Whangārei', location: `${WHANGAREI.lat},${WHANGAREI.lon}`, starts: daysAgo(-10), remote: false },
  { id: 'r-ham', title: 'Driver for the food bank', place: 'Hamilton', location: [HAMILTON.lon, HAMILTON.lat], starts: daysAgo(-1), remote: false },
  { id: 'r-chc', title: 'Tree planting day', place: 'Ōtautahi', location: CHRISTCHURCH, starts: daysAgo(5), remote: false },
  { id: 'r-remote', title: 'Phone support volunteer', place: 'Online', starts: daysAgo(-30), remote: true },
];

/** Great-circle distance in km on OpenSearch's mean earth radius (6,371,008.7714 m), worked out here independently. */
function km(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180;
  const h = Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lon - a.lon) * rad) / 2) ** 2;
  return (2 * 6_371_008.7714 * Math.asin(Math.sqrt(h))) / 1000;
}

const search = async (index: string, body: JsonObject, params: Record<string, string> = {}): Promise<SearchAnswer> =>
  (await os.request('POST', `/${index}/_search`, body, params)).body as unknown as SearchAnswer;
const buckets = (answer: SearchAnswer, name: string) => answer.aggregations![name]!.buckets as unknown as Bucket[];

beforeAll(async () => {
  os = await stand();
  await os.client.indices.putIndexTemplate({
    name: 'search',
    body: {
      index_patterns: ['*-v1'],
      template: {
        settings: {
          number_of_replicas: 0,
          analysis: { analyzer: { folding: { type: 'custom', tokenizer: 'standard', filter: ['lowercase', 'asciifolding'] } }, normalizer: { folding: { type: 'custom', filter: ['lowercase', 'asciifolding'] } } },
        },
      },
    },
  });
  await os.client.indices.create({
    index: 'gifts-v1',
    body: {
      aliases: { gifts: {} },
      mappings: {
        properties: {
          title: { type: 'search_as_you_type', analyzer: 'folding', fields: { keyword: { type: 'keyword' } } },
          plain: { type: 'text' },
          description: { type: 'text', analyzer: 'folding' },
          price: { type: 'integer' },
          donations: { type: 'integer' },
          causes: { type: 'keyword' },
          created: { type: 'date' },
          charity: { properties: { id: { type: 'keyword' }, name: { type: 'text', analyzer: 'folding', fields: { keyword: { type: 'keyword' } } } } },
          cause_folded: { type: 'keyword', normalizer: 'folding' },
        },
      },
    },
  });
  await os.client.indices.create({
    index: 'roles-v1',
    body: {
      aliases: { roles: {} },
      mappings: { properties: { title: { type: 'text', analyzer: 'folding' }, place: { type: 'keyword' }, location: { type: 'geo_point' }, starts: { type: 'date' }, remote: { type: 'boolean' } } },
    },
  });
  await os.client.bulk({
    refresh: true,
    body: [
      ...gifts.flatMap(({ id, ...g }) => [{ index: { _index: 'gifts', _id: id } }, { ...g, plain: g.description, cause_folded: g.causes[0] ?? null }]),
      ...roles.flatMap(({ id, ...r }) => [{ index: { _index: 'roles', _id: id } }, r]),
    ],
  });
});
afterAll(async () => {
  await os.stop();
});

describe('the answer', () => {
  it('has took, timed_out, _shards and hits with total {value, relation}, max_score and hits', async () => {
    const answer = await search('gifts', { query: { match_all: {} } });
    expect(answer.timed_out).toBe(false);
    expect(typeof answer.took).toBe('number');
    expect(answer._shards).toEqual({ total: 1, successful: 1, skipped: 0, failed: 0 });
    expect(answer.hits.total).toEqual({ value: 6, relation: 'eq' });
    expect(answer.hits.max_score).toBe(1);
    expect(answer.hits.hits[0]).toEqual({ _index: 'gifts-v1', _id: 'kiwi', _score: 1, _source: expect.objectContaining({ title: 'Feed a kiwi chick for a week' }) });
  });

  it('has no max_score when no hits are asked for (size 0) and none matched', async () => {
    const none = await search('gifts', { size: 0, query: { match: { title: 'kiwi' } } });
    expect(none.hits).toEqual({ total: { value: 1, relation: 'eq' }, max_score: null, hits: [] });
    expect((await search('gifts', { query: { term: { causes: 'nothing' } } })).hits.max_score).toBeNull();
  });

  it('pages with from and size (default 10), in the body or the URL', async () => {
    const all = ids(await search('gifts', {}));
    expect(all).toHaveLength(6);
    expect(ids(await search('gifts', { from: 2, size: 2 }))).toEqual(all.slice(2, 4));
    expect(ids(await search('gifts', {}, { from: '4', size: '5' }))).toEqual(all.slice(4));
  });

  it('counts totals as track_total_hits says', async () => {
    expect((await search('gifts', { track_total_hits: 2 })).hits.total).toEqual({ value: 2, relation: 'gte' });
    expect((await search('gifts', { track_total_hits: true })).hits.total).toEqual({ value: 6, relation: 'eq' });
    expect((await search('gifts', { track_total_hits: false })).hits.total).toBeUndefined();
  });

  it('filters _source: false, a list of fields, includes/excludes with wildcards', async () => {
    const none = await search('gifts', { _source: false, query: { ids: { values: ['kiwi'] } } });
    expect(none.hits.hits[0]!._source).toBeUndefined();
    const some = await search('gifts', { _source: ['title', 'charity.name'], query: { ids: { values: ['kiwi'] } } });
    expect(some.hits.hits[0]!._source).toEqual({ title: 'Feed a kiwi chick for a week', charity: { name: 'Kiwi Coast' } });
    const excl = await search('gifts', { _source: { includes: ['charity.*', 'price'], excludes: ['charity.id'] }, query: { ids: { values: ['kiwi'] } } });
    expect(excl.hits.hits[0]!._source).toEqual({ price: 2500, charity: { name: 'Kiwi Coast' } });
  });

  it('_count answers {count, _shards}', async () => {
    const { body } = await os.client.count({ index: 'gifts', body: { query: { term: { causes: 'Environment' } } } });
    expect(body).toEqual({ count: 3, _shards: { total: 1, successful: 1, skipped: 0, failed: 0 } });
  });
});

describe('term-level queries', () => {
  it('term matches keyword values exactly (case-sensitive) and text fields by their analysed tokens', async () => {
    expect(ids(await search('gifts', { query: { term: { causes: 'Education' } } })).sort()).toEqual(['lunch', 'reo']);
    expect(ids(await search('gifts', { query: { term: { causes: 'education' } } }))).toEqual([]);
    expect(ids(await search('gifts', { query: { term: { 'cause_folded': 'EDUCATION' } } })).sort()).toEqual(['lunch', 'reo']);
    expect(ids(await search('gifts', { query: { term: { title: 'Kiwi' } } }))).toEqual([]);
    expect(ids(await search('gifts', { query: { term: { title: 'kiwi' } } }))).toEqual(['kiwi']);
    const boosted = await search('gifts', { query: { bool: { should: [{ term: { causes: { value: 'Education', boost: 3 } } }, { term: { causes: 'Food' } }] } } });
    expect(boosted.hits.hits[0]!._id).toBe('lunch');
  });

  it('terms, ids, exists and prefix', async () => {
    expect(ids(await search('gifts', { query: { terms: { causes: ['Food', 'Animals'] } } })).sort()).toEqual(['kiwi', 'lunch']);
    expect(ids(await search('gifts', { query: { ids: { values: ['tree', 'nope'] } } }))).toEqual(['tree']);
    expect(ids(await search('roles', { query: { exists: { field: 'location' } } })).sort()).toEqual(['r-akl', 'r-chc', 'r-ham', 'r-wre']);
    expect(ids(await search('gifts', { query: { prefix: { 'title.keyword': 'Feed' } } }))).toEqual(['kiwi']);
    expect(ids(await search('gifts', { query: { prefix: { 'title.keyword': 'feed' } } }))).toEqual([]);
    expect(ids(await search('gifts', { query: { bool: { must_not: { exists: { field: 'cause_folded' } } } } }))).toEqual(['general']);
  });

  it('range on numbers, and on dates with date math (now-1d/d) and formats', async () => {
    expect(ids(await search('gifts', { query: { range: { price: { gte: 1500, lt: 3000 } } } })).sort()).toEqual(['kiwi', 'lunch']);
    expect(ids(await search('gifts', { query: { range: { created: { gte: 'now-30d/d' } } } })).sort()).toEqual(['general', 'lunch', 'trap']);
    expect(ids(await search('gifts', { query: { range: { created: { lt: 'now-1y' } } } }))).toEqual(['reo']);
    const day = new Date(Date.now() - 5 * DAY);
    const ddmmyyyy = `${String(day.getUTCDate()).padStart(2, '0')}/${String(day.getUTCMonth() + 1).padStart(2, '0')}/${day.getUTCFullYear()}`;
    // lte with a day rounds up to the end of that day; gt rounds up too, so "after that day" starts the next day.
    expect(ids(await search('gifts', { query: { range: { created: { gte: ddmmyyyy, lte: ddmmyyyy, format: 'dd/MM/yyyy' } } } }))).toEqual(['lunch']);
    expect(ids(await search('gifts', { query: { range: { created: { gt: ddmmyyyy, format: 'dd/MM/yyyy' } } } }))).toEqual(['general']);
  });
});

describe('bool', () => {
  it('must and filter intersect; filter and must_not do not score; a should-only bool needs one', async () => {
    const filtered = await search('gifts', { query: { bool: { filter: [{ term: { causes: 'Environment' } }] } } });
    expect(filtered.hits.hits.map((h) => h._score)).toEqual([0, 0, 0]);
    const both = await search('gifts', { query: { bool: { must: { match: { description: 'kiwi' } }, filter: { range: { price: { gt: 3000 } } } } } });
    expect(ids(both)).toEqual(['trap']);
    expect(both.hits.hits[0]!._score).toBeGreaterThan(0);
    const should = await search('gifts', { query: { bool: { should: [{ term: { causes: 'Food' } }, { term: { causes: 'Animals' } }] } } });
    expect(ids(should).sort()).toEqual(['kiwi', 'lunch']);
    const not = await search('gifts', { query: { bool: { must_not: [{ term: { causes: 'Environment' } }] } } });
    expect(ids(not).sort()).toEqual(['general', 'lunch', 'reo']);
  });

  it('should clauses only add to the score beside a must, and minimum_should_match takes numbers and percentages', async () => {
    const optional = await search('gifts', { query: { bool: { must: { term: { causes: 'Environment' } }, should: { term: { causes: 'Animals' } } } } });
    expect(ids(optional)).toHaveLength(3);
    expect(optional.hits.hits[0]!._id).toBe('kiwi');
    const shoulds = [{ term: { causes: 'Environment' } }, { term: { causes: 'Animals' } }, { term: { causes: 'Food' } }];
    expect(ids(await search('gifts', { query: { bool: { should: shoulds, minimum_should_match: 2 } } }))).toEqual(['kiwi']);
    expect(ids(await search('gifts', { query: { bool: { should: shoulds, minimum_should_match: '60%' } } }))).toHaveLength(4);
    expect(ids(await search('gifts', { query: { bool: { should: shoulds, minimum_should_match: '67%' } } }))).toEqual(['kiwi']);
  });
});

describe('full-text queries', () => {
  it('match: OR by default, AND with operator and, minimum_should_match', async () => {
    expect(ids(await search('gifts', { query: { match: { title: 'kiwi lunches' } } })).sort()).toEqual(['kiwi', 'lunch']);
    expect(ids(await search('gifts', { query: { match: { title: { query: 'kiwi lunches', operator: 'and' } } } }))).toEqual([]);
    expect(ids(await search('gifts', { query: { match: { title: { query: 'feed kiwi lunches', minimum_should_match: 2 } } } }))).toEqual(['kiwi']);
  });

  it('is typo tolerant with fuzziness AUTO: "kiwii chik" finds "Feed a kiwi chick for a week"', async () => {
    const answer = await search('gifts', { query: { multi_match: { query: 'kiwii chik', fields: ['title^3', 'description'], fuzziness: 'AUTO' } } });
    expect(answer.hits.hits[0]!._id).toBe('kiwi');
    expect(ids(await search('gifts', { query: { match: { title: { query: 'kiwii chik' } } } }))).toEqual([]);
    // AUTO allows no edit for 1-2 letters, one for 3-5, two for 6 or more.
    const auto = async (query: string) => ids(await search('gifts', { query: { match: { title: { query, fuzziness: 'AUTO' } } } }));
    expect(await auto('trp')).toEqual(['trap']);
    expect(await auto('tr')).toEqual([]);
    expect(await auto('predtr')).toEqual(['trap']);
    expect(await auto('prdtr')).toEqual([]);
    expect(ids(await search('gifts', { query: { match: { title: { query: 'kiwii', fuzziness: 'AUTO', prefix_length: 5 } } } }))).toEqual([]);
    // A transposition is one edit.
    expect(ids(await search('gifts', { query: { match: { title: { query: 'ikwi', fuzziness: 1 } } } }))).toEqual(['kiwi']);
  });

  it('ranks an exact match above a typo match', async () => {
    await os.client.index({ index: 'gifts', id: 'trip', body: { title: 'Buy a predator trip' }, refresh: true });
    const answer = await search('gifts', { query: { match: { title: { query: 'trap', fuzziness: 'AUTO' } } } });
    expect(ids(answer)).toEqual(['trap', 'trip']);
    await os.client.delete({ index: 'gifts', id: 'trip', refresh: true });
  });

  it('folds Māori macrons: "maori" finds "Māori" with the folding analyzer, the standard analyzer does not', async () => {
    expect(ids(await search('gifts', { query: { match: { title: 'maori' } } }))).toEqual(['reo']);
    expect(ids(await search('gifts', { query: { match: { description: 'Whangarei kohanga' } } })).sort()).toEqual(['lunch', 'reo']);
    expect(ids(await search('gifts', { query: { match: { plain: 'whangarei' } } }))).toEqual([]);
    expect(ids(await search('gifts', { query: { match: { plain: 'whangārei' } } }))).toEqual(['lunch']);
  });

  it('match_phrase needs the words in order (slop allows moves); match_phrase_prefix completes the last word', async () => {
    expect(ids(await search('gifts', { query: { match_phrase: { title: 'kiwi chick' } } }))).toEqual(['kiwi']);
    expect(ids(await search('gifts', { query: { match_phrase: { title: 'chick kiwi' } } }))).toEqual([]);
    expect(ids(await search('gifts', { query: { match_phrase: { title: { query: 'feed kiwi', slop: 1 } } } }))).toEqual(['kiwi']);
    expect(ids(await search('gifts', { query: { match_phrase: { title: 'feed kiwi' } } }))).toEqual([]);
    expect(ids(await search('gifts', { query: { match_phrase_prefix: { title: 'feed a ki' } } }))).toEqual(['kiwi']);
    expect(ids(await search('gifts', { query: { match_phrase_prefix: { title: 'a ki' } } }))).toEqual(['kiwi']);
  });

  it('match_bool_prefix and bool_prefix on search_as_you_type: "preda" finds "Buy a predator trap"', async () => {
    expect(ids(await search('gifts', { query: { match_bool_prefix: { title: 'preda' } } }))).toEqual(['trap']);
    const sayt = await search('gifts', { query: { multi_match: { query: 'buy a preda', type: 'bool_prefix', fields: ['title', 'title._2gram', 'title._3gram'] } } });
    expect(sayt.hits.hits[0]!._id).toBe('trap');
    expect(ids(await search('gifts', { query: { match: { 'title._2gram': 'kiwi chick' } } }))).toEqual(['kiwi']);
    expect(ids(await search('gifts', { query: { prefix: { 'title._index_prefix': 'kiwi ch' } } }))).toEqual(['kiwi']);
  });

  it('multi_match best_fields takes the best field (with boosts and tie_breaker); most_fields adds them up', async () => {
    const query = { query: 'kiwi', fields: ['title^5', 'description'] };
    const best = await search('gifts', { query: { multi_match: query } });
    expect(ids(best)).toEqual(['kiwi', 'trap']);
    const titleOnly = await search('gifts', { query: { match: { title: { query: 'kiwi', boost: 5 } } } });
    expect(best.hits.hits[0]!._score).toBe(titleOnly.hits.hits[0]!._score);
    const most = await search('gifts', { query: { multi_match: { ...query, type: 'most_fields' } } });
    const tie = await search('gifts', { query: { multi_match: { ...query, tie_breaker: 1 } } });
    expect(most.hits.hits[0]!._score).toBeGreaterThan(best.hits.hits[0]!._score!);
    expect(tie.hits.hits[0]!._score).toBe(most.hits.hits[0]!._score);
  });

  it('multi_match phrase and phrase_prefix, and field wildcards (title*)', async () => {
    expect(ids(await search('gifts', { query: { multi_match: { query: 'native tree', type: 'phrase', fields: ['title', 'description'] } } }))).toEqual(['tree']);
    expect(ids(await search('gifts', { query: { multi_match: { query: 'school lun', type: 'phrase_prefix', fields: ['title'] } } }))).toEqual(['lunch']);
    expect(ids(await search('gifts', { query: { multi_match: { query: 'greatest', fields: ['title*'] } } }))).toEqual(['general']);
  });
});

describe('compound queries', () => {
  it('constant_score gives its boost; dis_max keeps the best clause plus tie_breaker of the others', async () => {
    const constant = await search('gifts', { query: { constant_score: { filter: { term: { causes: 'Food' } }, boost: 1.5 } } });
    expect(constant.hits.hits.map((h) => h._score)).toEqual([1.5]);
    const a = { constant_score: { filter: { term: { causes: 'Environment' } }, boost: 2 } };
    const b = { constant_score: { filter: { term: { causes: 'Animals' } }, boost: 1 } };
    const dis = await search('gifts', { query: { dis_max: { queries: [a, b], tie_breaker: 0.5 } } });
    expect(dis.hits.hits[0]).toMatchObject({ _id: 'kiwi', _score: 2.5 });
  });

  it('function_score field_value_factor: more donations rank higher', async () => {
    // "kiwi" is twice in the trap's description, once in the kiwi chick's: the trap wins on text alone...
    const plain = await search('gifts', { query: { match: { description: 'kiwi' } } });
    expect(ids(plain)).toEqual(['trap', 'kiwi']);
    // ...but the chick has 40 donations to the trap's 10: log1p(donations) multiplies each score.
    const popular = await search('gifts', {
      query: { function_score: { query: { match: { description: 'kiwi' } }, field_value_factor: { field: 'donations', modifier: 'log1p', factor: 1 } } },
    });
    expect(ids(popular)).toEqual(['kiwi', 'trap']);
    const plainKiwi = plain.hits.hits.find((h) => h._id === 'kiwi')!._score!;
    expect(popular.hits.hits[0]!._score! / plainKiwi).toBeCloseTo(Math.log10(41), 4);
    const byCount = await search('gifts', { query: { function_score: { query: { match_all: {} }, field_value_factor: { field: 'donations' }, boost_mode: 'replace' } } });
    expect(ids(byCount)).toEqual(['lunch', 'tree', 'kiwi', 'trap', 'general', 'reo']);
    expect(byCount.hits.hits[0]!._score).toBe(900);
  });

  it('function_score gauss decay on a date: recent documents rank higher', async () => {
    const answer = await search('gifts', {
      query: { function_score: { query: { term: { causes: 'Environment' } }, gauss: { created: { origin: 'now', scale: '30d', decay: 0.5 } }, boost_mode: 'replace' } },
    });
    expect(ids(answer)).toEqual(['trap', 'tree', 'kiwi']);
    // At one scale from the origin the decay is exactly `decay`.
    const atScale = await search('gifts', {
      query: { function_score: { query: { ids: { values: ['trap'] } }, gauss: { created: { origin: daysAgo(20), scale: '10d', offset: '0d', decay: 0.5 } }, boost_mode: 'replace' } },
    });
    expect(atScale.hits.hits[0]!._score).toBe(1);
  });

  it('function_score with filtered weights, score_mode, boost_mode and max_boost', async () => {
    const answer = await search('gifts', {
      query: {
        function_score: {
          query: { match_all: {} },
          functions: [
            { filter: { term: { causes: 'Education' } }, weight: 3 },
            { filter: { term: { causes: 'Food' } }, weight: 2 },
          ],
          score_mode: 'sum',
          boost_mode: 'replace',
        },
      },
    });
    expect(answer.hits.hits.slice(0, 2).map((h) => [h._id, h._score])).toEqual([
      ['lunch', 5],
      ['reo', 3],
    ]);
    expect(answer.hits.hits.at(-1)!._score).toBe(1);
    const capped = await search('gifts', { query: { function_score: { query: { ids: { values: ['lunch'] } }, functions: [{ weight: 10 }], max_boost: 4, boost_mode: 'replace' } } });
    expect(capped.hits.hits[0]!._score).toBe(4);
  });

  it('function_score exp and linear decay on a number, and gauss on a geo_point', async () => {
    const exp = await search('gifts', { query: { function_score: { query: { ids: { values: ['kiwi'] } }, exp: { price: { origin: 1500, scale: 1000, decay: 0.5 } }, boost_mode: 'replace' } } });
    expect(exp.hits.hits[0]!._score).toBe(0.5);
    const linear = await search('gifts', { query: { function_score: { query: { ids: { values: ['kiwi'] } }, linear: { price: { origin: 1500, scale: 2000, decay: 0.5 } }, boost_mode: 'replace' } } });
    expect(linear.hits.hits[0]!._score).toBe(0.75);
    const near = await search('roles', { query: { function_score: { query: { exists: { field: 'location' } }, gauss: { location: { origin: AUCKLAND, scale: '100km' } }, boost_mode: 'replace' } } });
    expect(ids(near)).toEqual(['r-akl', 'r-ham', 'r-wre', 'r-chc']);
  });
});

describe('geo', () => {
  it('geo_distance filters by distance from a point in any of its forms', async () => {
    for (const origin of [AUCKLAND, `${AUCKLAND.lat},${AUCKLAND.lon}`, [AUCKLAND.lon, AUCKLAND.lat]]) {
      const answer = await search('roles', { query: { bool: { filter: { geo_distance: { distance: '150km', location: origin } } } } });
      expect(ids(answer).sort()).toEqual(['r-akl', 'r-ham', 'r-wre']);
    }
    expect(ids(await search('roles', { query: { geo_distance: { distance: '25km', location: AUCKLAND } } }))).toEqual(['r-akl']);
  });

  it('sorts by _geo_distance, with the distance in the unit as the sort value', async () => {
    const answer = await search('roles', { query: { exists: { field: 'location' } }, sort: [{ _geo_distance: { location: AUCKLAND, order: 'asc', unit: 'km' } }] });
    expect(ids(answer)).toEqual(['r-akl', 'r-ham', 'r-wre', 'r-chc']);
    const [akl, ham, wre, chc] = answer.hits.hits.map((h) => h.sort![0] as number);
    expect(akl).toBe(0);
    expect(ham).toBeCloseTo(km(AUCKLAND, HAMILTON), 3);
    expect(wre).toBeCloseTo(km(AUCKLAND, WHANGAREI), 3);
    expect(ham).toBeGreaterThan(110);
    expect(ham).toBeLessThan(120);
    expect(chc).toBeCloseTo(km(AUCKLAND, CHRISTCHURCH), 3);
    expect(answer.hits.hits[0]!._score).toBeNull();
  });
});

describe('sort', () => {
  it('sorts by fields asc/desc with the hit\'s sort values, and leaves _score null unless track_scores', async () => {
    const answer = await search('gifts', { sort: [{ price: 'desc' }] });
    expect(ids(answer)).toEqual(['trap', 'reo', 'kiwi', 'lunch', 'tree', 'general']);
    expect(answer.hits.hits[0]).toMatchObject({ _score: null, sort: [6000] });
    expect(answer.hits.max_score).toBeNull();
    const tracked = await search('gifts', { sort: [{ price: 'desc' }], track_scores: true });
    expect(tracked.hits.hits[0]!._score).toBe(1);
    const byName = await search('gifts', { sort: 'title.keyword', size: 2 });
    expect(byName.hits.hits.map((h) => h.sort)).toEqual([['Area of greatest need'], ['Buy a predator trap']]);
    const dates = await search('gifts', { sort: [{ created: { order: 'desc' } }], size: 1 });
    expect(dates.hits.hits[0]!.sort).toEqual([Date.parse(gifts.find((g) => g.id === 'general')!.created)]);
  });

  it('puts documents without the field last (or first), and picks min or max of arrays', async () => {
    const last = await search('gifts', { sort: [{ cause_folded: 'asc' }] });
    expect(last.hits.hits.at(-1)).toMatchObject({ _id: 'general', sort: [null] });
    const first = await search('gifts', { sort: [{ cause_folded: { order: 'asc', missing: '_first' } }] });
    expect(first.hits.hits[0]!._id).toBe('general');
    const max = await search('gifts', { query: { terms: { causes: ['Animals', 'Education'] } }, sort: [{ causes: { order: 'asc', mode: 'max' } }] });
    expect(max.hits.hits.map((h) => [h._id, h.sort![0]])).toEqual([
      ['reo', 'Education'],
      ['kiwi', 'Environment'],
      ['lunch', 'Food'],
    ]);
    const noNumber = await search('roles', { sort: [{ starts: 'asc' }], query: { match_all: {} } });
    expect(noNumber.hits.hits.at(-1)!._id).toBe('r-remote');
  });

  it('sorts by _score then a field, and pages with search_after', async () => {
    const page1 = await search('gifts', { size: 2, sort: [{ price: 'asc' }, { _id: 'asc' }] });
    expect(ids(page1)).toEqual(['general', 'tree']);
    const page2 = await search('gifts', { size: 2, sort: [{ price: 'asc' }, { _id: 'asc' }], search_after: page1.hits.hits[1]!.sort as never });
    expect(ids(page2)).toEqual(['lunch', 'kiwi']);
    const scored = await search('gifts', { query: { match: { description: 'kiwi' } }, sort: ['_score', { price: 'asc' }] });
    expect(scored.hits.hits[0]!.sort![0]).toBe(scored.hits.hits[0]!._score);
  });

  it('refuses sorting on a text field or an unmapped one (400 search_phase_execution_exception), unless unmapped_type', async () => {
    const text = await failure(os.client.search({ index: 'gifts', body: { sort: [{ description: 'asc' }] } }));
    expect(text).toMatchObject({ status: 400, type: 'search_phase_execution_exception', reason: 'all shards failed' });
    expect(text.rootCause[0]!.type).toBe('illegal_argument_exception');
    expect(text.rootCause[0]!.reason).toContain('Text fields are not optimised');
    const unmapped = await failure(os.client.search({ index: 'gifts', body: { sort: [{ nothing: 'asc' }] } }));
    expect(unmapped.rootCause[0]).toMatchObject({ type: 'query_shard_exception', reason: 'No mapping found for [nothing] in order to sort on' });
    const typed = await search('gifts', { sort: [{ nothing: { order: 'asc', unmapped_type: 'long' } }] });
    expect(typed.hits.hits).toHaveLength(6);
  });

  it('refuses from + size over 10,000 (index.max_result_window)', async () => {
    const window = await failure(os.client.search({ index: 'gifts', body: { from: 9995, size: 10 } }));
    expect(window).toMatchObject({ status: 400, type: 'search_phase_execution_exception' });
    expect(window.rootCause[0]!.reason).toContain('Result window is too large, from + size must be less than or equal to: [10000] but was [10005]');
  });
});

describe('aggregations', () => {
  it('terms counts every matching document (not the page), ordered by count then key', async () => {
    const answer = await search('gifts', { size: 1, aggs: { causes: { terms: { field: 'causes' } } } });
    expect(answer.hits.hits).toHaveLength(1);
    expect(answer.aggregations!.causes).toEqual({
      doc_count_error_upper_bound: 0,
      sum_other_doc_count: 0,
      buckets: [
        { key: 'Environment', doc_count: 3 },
        { key: 'Education', doc_count: 2 },
        { key: 'Animals', doc_count: 1 },
        { key: 'Food', doc_count: 1 },
      ],
    });
    const filtered = await search('gifts', { query: { range: { price: { gte: 2000 } } }, aggs: { causes: { terms: { field: 'causes' } } } });
    expect(buckets(filtered, 'causes').map((b) => [b.key, b.doc_count])).toEqual([
      ['Environment', 2],
      ['Animals', 1],
      ['Education', 1],
    ]);
  });

  it('terms size, order by key, min_doc_count, missing, and sum_other_doc_count', async () => {
    const answer = await search('gifts', {
      size: 0,
      aggs: {
        top: { terms: { field: 'causes', size: 2 } },
        byKey: { terms: { field: 'causes', order: { _key: 'desc' } } },
        missing: { terms: { field: 'cause_folded', missing: 'none' } },
        many: { terms: { field: 'causes', min_doc_count: 2 } },
      },
    });
    expect(answer.aggregations!.top).toMatchObject({ sum_other_doc_count: 2, buckets: [{ key: 'Environment' }, { key: 'Education' }] });
    expect(buckets(answer, 'byKey').map((b) => b.key)).toEqual(['Food', 'Environment', 'Education', 'Animals']);
    expect(buckets(answer, 'missing').find((b) => b.key === 'none')).toEqual({ key: 'none', doc_count: 1 });
    expect(buckets(answer, 'many').map((b) => b.key)).toEqual(['Environment', 'Education']);
  });

  it('terms on numbers and booleans give their keys as OpenSearch does', async () => {
    const answer = await search('roles', { size: 0, aggs: { remote: { terms: { field: 'remote' } } } });
    expect(buckets(answer, 'remote')).toEqual([
      { key: 0, key_as_string: 'false', doc_count: 4 },
      { key: 1, key_as_string: 'true', doc_count: 1 },
    ]);
    const prices = await search('gifts', { size: 0, query: { range: { price: { gte: 2500 } } }, aggs: { price: { terms: { field: 'price', order: { _key: 'asc' } } } } });
    expect(buckets(prices, 'price').map((b) => b.key)).toEqual([2500, 3000, 6000]);
  });

  it('sub-aggregations: top_hits and terms inside terms', async () => {
    const answer = await search('gifts', {
      size: 0,
      query: { match: { description: 'kiwi kai' } },
      aggs: { charity: { terms: { field: 'charity.id' }, aggs: { best: { top_hits: { size: 1, _source: ['title'] } }, causes: { terms: { field: 'causes' } } } } },
    });
    const [c1, c2] = buckets(answer, 'charity');
    expect(c1).toMatchObject({ key: 'c1', doc_count: 2 });
    const best = (c1!.best as { hits: { total: { value: number }; hits: { _id: string; _source: JsonObject }[] } }).hits;
    expect(best.total.value).toBe(2);
    expect(best.hits).toHaveLength(1);
    expect(best.hits[0]!._source).toEqual({ title: expect.any(String) });
    expect((c1!.causes as { buckets: Bucket[] }).buckets.map((b) => b.key)).toEqual(['Environment', 'Animals']);
    expect(c2).toMatchObject({ key: 'c2', doc_count: 1 });
  });

  it('min, max, avg, sum, value_count, range, filter and filters', async () => {
    const answer = await search('gifts', {
      size: 0,
      aggs: {
        min: { min: { field: 'price' } },
        max: { max: { field: 'price' } },
        avg: { avg: { field: 'price' } },
        sum: { sum: { field: 'price' } },
        count: { value_count: { field: 'causes' } },
        newest: { max: { field: 'created' } },
        prices: { range: { field: 'price', ranges: [{ to: 1000 }, { from: 1000, to: 3000 }, { from: 3000 }] } },
        env: { filter: { term: { causes: 'Environment' } }, aggs: { avg: { avg: { field: 'price' } } } },
        kinds: { filters: { filters: { food: { term: { causes: 'Food' } }, env: { term: { causes: 'Environment' } } } } },
      },
    });
    const aggs = answer.aggregations!;
    expect(aggs.min).toEqual({ value: 0 });
    expect(aggs.max).toEqual({ value: 6000 });
    expect(aggs.avg).toEqual({ value: 14000 / 6 });
    expect(aggs.sum).toEqual({ value: 14000 });
    expect(aggs.count).toEqual({ value: 7 });
    expect(aggs.newest).toMatchObject({ value_as_string: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) });
    expect(aggs.prices!.buckets).toEqual([
      { key: '*-1000.0', to: 1000, doc_count: 1 },
      { key: '1000.0-3000.0', from: 1000, to: 3000, doc_count: 3 },
      { key: '3000.0-*', from: 3000, doc_count: 2 },
    ]);
    expect(aggs.env).toEqual({ doc_count: 3, avg: { value: (2500 + 6000 + 1000) / 3 } });
    expect(aggs.kinds).toEqual({ buckets: { food: { doc_count: 1 }, env: { doc_count: 3 } } });
  });

  it('refuses a terms aggregation on a text field (400) and an unknown aggregation type', async () => {
    const text = await failure(os.request('POST', '/gifts/_search', { aggs: { t: { terms: { field: 'description' } } } }));
    expect(text).toMatchObject({ status: 400, type: 'search_phase_execution_exception' });
    const unknown = await failure(os.request('POST', '/gifts/_search', { aggs: { t: { wobble: { field: 'price' } } } }));
    expect(unknown).toMatchObject({ status: 400, type: 'parsing_exception', reason: 'Unknown aggregation type [wobble]' });
  });
});

describe('several indexes', () => {
  it('searches aliases together, filters by _index (alias or index names) and aggregates by _index', async () => {
    const answer = await search('gifts,roles', {
      size: 20,
      query: {
        bool: {
          should: [
            { bool: { filter: [{ term: { _index: 'gifts' } }, { term: { causes: 'Environment' } }] } },
            { bool: { filter: [{ terms: { _index: ['roles-v1'] } }, { term: { remote: false } }] } },
          ],
          minimum_should_match: 1,
        },
      },
      aggs: { types: { terms: { field: '_index' }, aggs: { top: { top_hits: { size: 1 } } } } },
    });
    expect(answer.hits.total!.value).toBe(7);
    expect(answer._shards.total).toBe(2);
    expect(buckets(answer, 'types').map((b) => [b.key, b.doc_count])).toEqual([
      ['roles-v1', 4],
      ['gifts-v1', 3],
    ]);
  });

  it('fails one index alone (a shard failure) when a clause cannot run there, and all of them as a 400', async () => {
    const partial = await search('gifts,roles', { query: { geo_distance: { distance: '10km', location: AUCKLAND } } });
    expect(ids(partial)).toEqual(['r-akl']);
    expect(partial._shards).toMatchObject({ total: 2, successful: 1, failed: 1 });
    expect(partial._shards.failures![0]).toMatchObject({ index: 'gifts-v1', reason: { type: 'query_shard_exception' } });
    const ignored = await search('gifts,roles', { query: { geo_distance: { distance: '10km', location: AUCKLAND, ignore_unmapped: true } } });
    expect(ignored._shards.failed).toBe(0);
  });
});

describe('highlight', () => {
  it('wraps matched terms in <em> by default, per field, only where they match', async () => {
    const answer = await search('gifts', { query: { multi_match: { query: 'kiwi chick', fields: ['title', 'description'] } }, highlight: { fields: { title: {}, description: {} } } });
    const kiwi = answer.hits.hits.find((h) => h._id === 'kiwi')!;
    expect(kiwi.highlight).toEqual({
      title: ['Feed a <em>kiwi</em> <em>chick</em> for a week'],
      description: ['Worms and grubs keep a growing <em>kiwi</em> <em>chick</em> healthy in our crèche.'],
    });
    const trap = answer.hits.hits.find((h) => h._id === 'trap')!;
    expect(trap.highlight).toEqual({ description: ['One DOC 200 trap protects <em>kiwi</em> habitat from stoats and rats, so more <em>kiwi</em> survive.'] });
  });

  it('takes pre_tags/post_tags, highlights folded and prefix matches in the original text, and whole values with number_of_fragments 0', async () => {
    const answer = await search('gifts', {
      query: { multi_match: { query: 'maori pukap', type: 'bool_prefix', fields: ['title', 'description'] } },
      highlight: { pre_tags: ['<mark>'], post_tags: ['</mark>'], fields: { title: { number_of_fragments: 0 }, description: {} } },
    });
    expect(answer.hits.hits[0]!.highlight).toEqual({ title: ['Te reo <mark>Māori</mark> books'], description: ['<mark>Pukapuka</mark> for a kōhanga reo library.'] });
  });

  it('cuts long values into fragments of about fragment_size around the matches', async () => {
    const long = `${'Filler words go here. '.repeat(10)}The kiwi is here. ${'More filler words. '.repeat(10)}`;
    await os.client.index({ index: 'gifts', id: 'long', body: { title: 'Long one', description: long }, refresh: true });
    const answer = await search('gifts', { query: { match: { description: 'kiwi' } }, highlight: { fields: { description: { fragment_size: 40, number_of_fragments: 1 } } } });
    const fragments = answer.hits.hits.find((h) => h._id === 'long')!.highlight!.description!;
    expect(fragments).toHaveLength(1);
    expect(fragments[0]).toContain('<em>kiwi</em>');
    expect(fragments[0]!.length).toBeLessThan(60);
    await os.client.delete({ index: 'gifts', id: 'long', refresh: true });
  });
});

describe('refusals', () => {
  it('refuses an unknown query with 400 parsing_exception, and an unknown option naming it', async () => {
    const unknown = await failure(os.request('POST', '/gifts/_search', { query: { wobble: { title: 'x' } } }));
    expect(unknown).toMatchObject({ status: 400, type: 'parsing_exception', reason: 'unknown query [wobble]' });
    const option = await failure(os.request('POST', '/gifts/_search', { query: { match: { title: { query: 'x', wobble: 1 } } } }));
    expect(option).toMatchObject({ status: 400, type: 'parsing_exception', reason: '[match] query does not support [wobble]' });
    const multi = await failure(os.request('POST', '/gifts/_search', { query: { multi_match: { query: 'x', fields: ['title'], wobble: 1 } } }));
    expect(multi.reason).toBe('[multi_match] query does not support [wobble]');
    const bool = await failure(os.request('POST', '/gifts/_search', { query: { bool: { must: [], wobble: [] } } }));
    expect(bool.reason).toBe('[bool] query does not support [wobble]');
  });

  it('refuses queries and search options the stand-in does not support, with 400 naming them', async () => {
    const qs = await failure(os.request('POST', '/gifts/_search', { query: { query_string: { query: 'kiwi' } } }));
    expect(qs).toMatchObject({ status: 400, type: 'parsing_exception' });
    expect(qs.reason).toContain('query_string');
    const collapse = await failure(os.request('POST', '/gifts/_search', { collapse: { field: 'causes' } }));
    expect(collapse).toMatchObject({ status: 400, type: 'parsing_exception' });
    expect(collapse.reason).toContain('collapse');
    const body = await failure(os.request('POST', '/gifts/_search', { wobble: true }));
    expect(body).toMatchObject({ status: 400, type: 'parsing_exception', reason: 'Unknown key for a VALUE_BOOLEAN in [wobble].' });
    const cross = await failure(os.request('POST', '/gifts/_search', { query: { multi_match: { query: 'x', type: 'cross_fields', fields: ['title'] } } }));
    expect(cross.status).toBe(400);
  });

  it('answers a search of a missing index with 404 index_not_found_exception', async () => {
    expect(await failure(os.client.search({ index: 'nowhere', body: {} }))).toMatchObject({ status: 404, type: 'index_not_found_exception' });
    const ignored = await search('nowhere', {}, { ignore_unavailable: 'true' });
    expect(ignored.hits.hits).toEqual([]);
  });
});
