import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { javaDouble } from './aggs';
import { intersect, Scratch, subtract, union, type DocSet } from './docset';
import { minimumShouldMatch } from './dsl';
import { SearchEngine } from './engine';
import { OpenSearchError } from './errors';
import { phraseFrequency } from './query';
import { float32, topByScore } from './search';
import type { JsonObject } from './json';
import { filterSource, parseSourceFilter, valuesAt } from './source';
import { encodedLength } from './store';

/** Unit tests of the engine's arithmetic and data structures (in-process, no HTTP). */

interface Answer {
  hits: { total: { value: number }; hits: { _id: string; _score: number | null }[] };
}
const search = (engine: SearchEngine, index: string, body: object) => engine.search(index, body as never) as unknown as Answer;

describe('BM25 as Lucene computes it', () => {
  it('scores a term by idf ln(1 + (N - df + 0.5) / (df + 0.5)) and tf / (tf + k1 (1 - b + b dl / avgdl))', () => {
    const engine = new SearchEngine();
    engine.createIndex('bm25', { mappings: { properties: { t: { type: 'text' }, k: { type: 'keyword' } } } });
    engine.index('bm25', 'a', { t: 'kiwi chick week', k: 'kiwi' });
    engine.index('bm25', 'b', { t: 'predator trap here', k: 'trap' });
    engine.index('bm25', 'c', { t: 'school lunch month', k: 'lunch' });
    const idf = Math.log(1 + (3 - 1 + 0.5) / (1 + 0.5));
    // dl = avgdl = 3, tf = 1: tf / (tf + 1.2)
    expect(search(engine, 'bm25', { query: { match: { t: 'kiwi' } } }).hits.hits[0]!._score).toBe(float32(idf / 2.2));
    // keyword fields have no norms and no frequencies: dl and tf are 1, avgdl is 1
    expect(search(engine, 'bm25', { query: { term: { k: 'kiwi' } } }).hits.hits[0]!._score).toBe(float32(idf / 2.2));
    // a longer document scores lower for the same term
    engine.index('bm25', 'd', { t: 'kiwi and a great many other words here' });
    const [short, long] = search(engine, 'bm25', { query: { match: { t: 'kiwi' } } }).hits.hits;
    expect(short!._id).toBe('a');
    expect(long!._id).toBe('d');
    expect(long!._score!).toBeLessThan(short!._score!);
  });

  it('encodes field lengths in a byte as Lucene does: exact below 24, coarser above', () => {
    expect([1, 23, 24, 25, 40, 100, 1000].map(encodedLength)).toEqual([1, 23, 24, 25, 40, 96, 984]);
  });
});

describe('minimum_should_match', () => {
  it('follows the documented arithmetic', () => {
    expect(['2', '-1', '75%', '-25%', '3<90%'].map((spec) => minimumShouldMatch(3, spec))).toEqual([2, 2, 2, 3, 3]);
    expect(minimumShouldMatch(5, '3<90%')).toBe(4);
    expect(minimumShouldMatch(4, '2<-25% 9<-3')).toBe(3);
    expect(minimumShouldMatch(12, '2<-25% 9<-3')).toBe(9);
    expect(minimumShouldMatch(2, '-5')).toBe(0);
  });
});

describe('document sets', () => {
  const set = fc.uniqueArray(fc.integer({ min: 0, max: 300 }), { maxLength: 80 }).map((docs) => docs.sort((a, b) => a - b));
  const toSet = (docs: number[]): DocSet => ({ docs: Int32Array.from(docs), scores: Float64Array.from(docs) });

  it('intersect, subtract and union agree with plain set arithmetic', () => {
    const scratch = new Scratch();
    fc.assert(
      fc.property(set, set, set, fc.integer({ min: 1, max: 3 }), (a, b, c, minMatch) => {
        const inter = intersect(toSet(a), toSet(b), true);
        expect(Array.from(inter.docs)).toEqual(a.filter((d) => b.includes(d)));
        expect(Array.from(inter.scores!)).toEqual(a.filter((d) => b.includes(d)).map((d) => d + d));
        expect(Array.from(subtract(toSet(a), toSet(b)).docs)).toEqual(a.filter((d) => !b.includes(d)));
        const sets = [a, b, c];
        const expected = [...new Set([...a, ...b, ...c])].sort((x, y) => x - y).filter((d) => sets.filter((s) => s.includes(d)).length >= minMatch);
        const sum = union(sets.map(toSet), scratch, 301, 1, minMatch);
        expect(Array.from(sum.docs)).toEqual(expected);
        expect(Array.from(sum.scores!)).toEqual(expected.map((d) => sets.filter((s) => s.includes(d)).length * d));
        const best = union(sets.map(toSet), scratch, 301, 0, minMatch);
        expect(Array.from(best.scores!)).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('picks the top k by score, ties to the earlier document', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 5 }), { maxLength: 60 }), fc.integer({ min: 1, max: 10 }), (values, k) => {
        const scores = Float64Array.from(values);
        const expected = values.map((v, i) => ({ v, i })).sort((x, y) => y.v - x.v || x.i - y.i).slice(0, k).map((x) => x.i);
        expect(topByScore(scores, k)).toEqual(expected);
      }),
    );
  });
});

describe('phrases', () => {
  it('counts exact occurrences, and sloppy ones as 1 / (1 + distance)', () => {
    expect(phraseFrequency([[0, 5], [1, 6]], 0)).toBe(2);
    expect(phraseFrequency([[0], [2]], 0)).toBe(0);
    expect(phraseFrequency([[0], [2]], 1)).toBe(0.5);
    expect(phraseFrequency([[0], [3]], 1)).toBe(0);
  });
});

describe('source filtering', () => {
  const source: JsonObject = { title: 'Kiwi', charity: { id: 'c1', name: 'Kiwi Coast' }, sessions: [{ start: 1, place: { lat: 1 } }, { start: 2 }], 'dotted.key': 3 };

  it('includes and excludes with wildcards, through objects and arrays of objects', () => {
    expect(filterSource(source, parseSourceFilter(['charity.name']))).toEqual({ charity: { name: 'Kiwi Coast' } });
    expect(filterSource(source, parseSourceFilter({ includes: ['sessions.*'], excludes: ['sessions.place'] }))).toEqual({ sessions: [{ start: 1 }, { start: 2 }] });
    expect(filterSource(source, parseSourceFilter({ excludes: ['charity', 'sessions'] }))).toEqual({ title: 'Kiwi', 'dotted.key': 3 });
    expect(filterSource(source, parseSourceFilter(false))).toBeUndefined();
  });

  it('reads values by dotted path, flattening arrays of objects and dotted keys', () => {
    expect(valuesAt(source, 'sessions.start')).toEqual([1, 2]);
    expect(valuesAt(source, 'dotted.key')).toEqual([3]);
    expect(valuesAt(source, 'charity.name')).toEqual(['Kiwi Coast']);
  });
});

describe('numbers as OpenSearch prints them', () => {
  it('prints scores as 32-bit floats and range keys as Java doubles', () => {
    expect(float32(0.1)).toBe(0.1);
    expect(float32(1 / 3)).toBe(0.33333334);
    expect([10, 0.5, 1e7, 1.5e-4].map(javaDouble)).toEqual(['10.0', '0.5', '1.0E7', '1.5E-4']);
  });
});

describe('keeping the index right through changes', () => {
  it('finds documents by their latest version only, before and after compaction', () => {
    const engine = new SearchEngine();
    engine.createIndex('changes', { mappings: { properties: { t: { type: 'text' } } } });
    for (let i = 0; i < 50; i++) engine.index('changes', `d${i}`, { t: `kiwi number ${i}` });
    for (let round = 0; round < 3; round++) for (let i = 0; i < 50; i += 2) engine.index('changes', `d${i}`, { t: `tui round ${round}` });
    for (let i = 1; i < 10; i += 2) engine.delete('changes', `d${i}`);
    const check = () => {
      expect(search(engine, 'changes', { query: { match: { t: 'kiwi' } }, size: 100 }).hits.total.value).toBe(20);
      expect(search(engine, 'changes', { query: { match: { t: 'tui' } }, size: 100 }).hits.total.value).toBe(25);
      expect(search(engine, 'changes', { query: { match: { t: 'round' } }, size: 100 }).hits.hits.every((h) => Number(h._id.slice(1)) % 2 === 0)).toBe(true);
    };
    check();
    const store = engine.storeOf('changes');
    const before = store.inverted.get('t')!.postings.get('kiwi')!.size;
    store.compact();
    expect(store.inverted.get('t')!.postings.get('kiwi')!.size).toBe(20);
    expect(before).toBe(50);
    check();
  });

  it('forgets a deleted index\'s words for fuzzy matching', () => {
    const engine = new SearchEngine();
    engine.index('a', '1', { t: 'kākāpō' });
    engine.index('b', '1', { t: 'kea' });
    expect(engine.vocabulary.words.fuzzy('kākāpo', 1, 0, true).map((e) => e.term)).toEqual(['kākāpō']);
    engine.deleteIndex('a');
    expect(engine.vocabulary.words.fuzzy('kākāpō', 0, 0, true)).toEqual([]);
    expect(engine.vocabulary.words.fuzzy('kea', 0, 0, true).map((e) => e.term)).toEqual(['kea']);
  });
});

describe('robustness', () => {
  it('answers any query body with results or an OpenSearch error, never a crash', () => {
    const engine = new SearchEngine();
    engine.createIndex('robust', {
      mappings: { properties: { t: { type: 'search_as_you_type' }, k: { type: 'keyword' }, n: { type: 'integer' }, d: { type: 'date' }, g: { type: 'geo_point' }, b: { type: 'boolean' } } },
    });
    engine.index('robust', '1', { t: 'kiwi chick', k: 'a', n: 1, d: '2026-01-01', g: { lat: 1, lon: 2 }, b: true });
    engine.index('robust', '2', { t: 'predator trap', k: ['b', 'c'], n: [2, 3] });
    const keys = [
      'query', 'bool', 'must', 'should', 'filter', 'must_not', 'match', 'multi_match', 'term', 'terms', 'range', 'exists', 'prefix', 'ids', 'function_score', 'functions',
      'field_value_factor', 'gauss', 'geo_distance', 'match_phrase', 'match_phrase_prefix', 'match_bool_prefix', 'dis_max', 'constant_score', 'fields', 'field', 'fuzziness',
      'minimum_should_match', 'gte', 'lt', 'origin', 'scale', 'distance', 'sort', 'aggs', 'size', 'from', 'order', 'highlight', 't', 'k', 'n', 'd', 'g', 'b', 't._2gram', 'values', 'value',
    ];
    const leaf = fc.oneof(fc.constantFrom('kiwi', 'AUTO', 'now-1d', '10km', '1,2', 'asc', 'k', 't', '*', '50%', ''), fc.integer({ min: -3, max: 20 }), fc.boolean(), fc.constant(null));
    const { tree } = fc.letrec<{ tree: unknown }>((tie) => ({
      tree: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, fc.array(tie('tree'), { maxLength: 3 }), fc.dictionary(fc.constantFrom(...keys), tie('tree'), { maxKeys: 3, noNullPrototype: true })),
    }));
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom('query', 'sort', 'aggs', 'highlight', 'size', 'from', 'post_filter'), tree, { maxKeys: 3, noNullPrototype: true }), (body) => {
        try {
          engine.search('robust', body as never);
        } catch (error) {
          if (!(error instanceof OpenSearchError)) throw error;
          expect(error.status).toBeGreaterThanOrEqual(400);
          expect(error.status).toBeLessThan(500);
        }
      }),
      { numRuns: 2000 },
    );
  });
});
