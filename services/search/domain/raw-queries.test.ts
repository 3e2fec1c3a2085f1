import { describe, expect, it } from 'vitest';
import { DomainError } from '@giving/shared/errors';
import { confinedSearchBody } from './raw-queries';

const now = new Date('2026-11-26T00:00:00Z');
const fieldsOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error.fieldErrors.map((e) => e.field);
    throw error;
  }
  return [];
};

describe("a client's query (POST /search/{index}/_search)", () => {
  it('passes the supported shapes through, confined to the country and to fundraising that has not ended', () => {
    const query = {
      bool: {
        must: [{ multi_match: { query: 'kiwi', fields: ['title^3', 'description'], fuzziness: 'AUTO' } }],
        filter: [{ term: { 'charities.id': '01JB7F8X2N4M6Q8R0T2V4X6Z8A' } }, { range: { 'sessions.startTime': { gte: 'now' } } }],
      },
    };
    const body = confinedSearchBody({ query, size: 24, sort: [{ createdon: 'desc' }], aggs: { types: { terms: { field: 'type' } } } }, { country: 'nz', now });
    expect(body.size).toBe(24);
    expect(body.query).toEqual({
      bool: {
        must: [query],
        filter: [expect.objectContaining({ bool: expect.anything() }), { term: { country: 'nz' } }],
      },
    });
  });

  it('defaults to ten hits of everything when there is no query', () => {
    const body = confinedSearchBody({}, { now });
    expect(body.size).toBe(10);
    expect((body.query as { bool: { must: unknown[] } }).bool.must).toEqual([{ match_all: {} }]);
  });

  it('refuses more than 100 hits, naming body.size', () => {
    expect(fieldsOf(() => confinedSearchBody({ size: 101 }, { now }))).toEqual(['body.size']);
    expect(fieldsOf(() => confinedSearchBody({ size: 100 }, { now }))).toEqual([]);
  });

  it('refuses scripts, unknown clauses and options with a 400 naming where they are', () => {
    expect(fieldsOf(() => confinedSearchBody({ query: { script: { script: 'doc.x' } } }, { now }))).toEqual(['body.query.script']);
    expect(fieldsOf(() => confinedSearchBody({ query: { bool: { must: [{ match: { title: { query: 'a', evil: 1 } } }] } } }, { now }))).toEqual(['body.query.bool.must.0.match.title.evil']);
    expect(fieldsOf(() => confinedSearchBody({ runtime_mappings: {} }, { now }))).toEqual(['body.runtime_mappings']);
    expect(fieldsOf(() => confinedSearchBody({ sort: [{ _script: { type: 'number' } }] }, { now }))).toEqual(['body.sort.0._script']);
    expect(fieldsOf(() => confinedSearchBody({ aggs: { x: { scripted_metric: {} } } }, { now }))).toEqual(['body.aggs.x']);
    expect(fieldsOf(() => confinedSearchBody({ query: { function_score: { script_score: {} } } }, { now }))).toEqual(['body.query.function_score.script_score']);
  });

  it('refuses bodies that are not objects and clauses that are not one clause', () => {
    expect(fieldsOf(() => confinedSearchBody([1, 2], { now }))).toEqual(['body']);
    expect(fieldsOf(() => confinedSearchBody({ query: { match_all: {}, term: { a: 1 } } }, { now }))).toEqual(['body.query']);
  });

  it('never lets a query nest without end', () => {
    let query: Record<string, unknown> = { match_all: {} };
    for (let i = 0; i < 40; i++) query = { bool: { must: [query] } };
    expect(fieldsOf(() => confinedSearchBody({ query }, { now })).length).toBeGreaterThan(0);
  });
});
