import { describe, expect, it } from 'vitest';
import { DomainError } from '@giving/shared/errors';
import { SEARCH_INDEXES } from '@giving/shared/contracts/search';
import { siteSearchRequest } from './queries';

const now = new Date('2026-11-26T00:00:00Z');
type Json = Record<string, unknown>;
const inner = (body: Json) => ((body.query as Json).function_score as Json).query as { bool: { must?: Json[]; filter: Json[] } };
const shouldOf = (body: Json) => ((inner(body).bool.must?.[0] as Json).bool as { should: Json[] }).should;

describe('the site search request (GET /search)', () => {
  it('searches every index with typo tolerance, prefixes and weighted fields, and counts each type', () => {
    const { indexes, body } = siteSearchRequest({ q: 'kiwii chik' }, now);
    expect(indexes).toEqual([...SEARCH_INDEXES]);
    const should = shouldOf(body);
    expect(should[0]).toEqual({ multi_match: expect.objectContaining({ query: 'kiwii chik', fuzziness: 'AUTO', fields: ['title^3', 'charity.name^2', 'charities.name^2', 'description', 'charities.suburb'] }) });
    expect(should[1]).toEqual({ multi_match: expect.objectContaining({ type: 'bool_prefix' }) });
    expect(body.aggs).toEqual({ types: { terms: { field: 'type', size: 5 } } });
    expect(body.sort).toEqual(['_score', { createdon: { order: 'desc' } }, { id: { order: 'asc' } }]);
  });

  it('adds the leading word group only when the words are longer than 2 characters (spec 2 §9)', () => {
    expect(shouldOf(siteSearchRequest({ q: 'ki' }, now).body)).toHaveLength(2);
    expect(shouldOf(siteSearchRequest({ q: 'kiw' }, now).body)[2]).toEqual({ match_phrase_prefix: { title: { query: 'kiw', boost: 4 } } });
  });

  it('ranks by donations and recency on top of the words', () => {
    const functions = (((siteSearchRequest({ q: 'trap' }, now).body.query as Json).function_score as Json).functions as Json[]).map((fn) => Object.keys(fn).sort().join('+'));
    expect(functions).toEqual(['weight', 'field_value_factor+weight', 'gauss+weight']);
  });

  it('asks one index for one type, without the type counts', () => {
    const { indexes, body } = siteSearchRequest({ type: 'charitygift', cause: 'Animals', minPrice: 500, maxPrice: 5000 }, now);
    expect(indexes).toEqual(['charitygifts-v2']);
    expect(body.aggs).toBeUndefined();
    expect(inner(body).bool.filter).toEqual(expect.arrayContaining([{ term: { type: 'charitygift' } }, { term: { causes: 'Animals' } }, { range: { giftprice: { gte: 500, lte: 5000 } } }]));
    expect(body.sort).toEqual([{ giftprice: { order: 'asc', missing: '_last' } }, { id: { order: 'asc' } }]);
  });

  it("keeps volunteering's sort options and date filters", () => {
    const soonest = siteSearchRequest({ type: 'volunteeringopportunities', dateFilter: 'coming' }, now).body;
    expect((soonest.sort as Json[])[0]).toEqual({ nextstart: { order: 'asc', missing: '_last' } });
    const nearest = siteSearchRequest({ type: 'volunteeringopportunities', sort: 'nearest', lat: -36.85, lon: 174.76, radiusKm: 30 }, now).body;
    expect((nearest.sort as Json[])[0]).toEqual({ _geo_distance: { locations: { lat: -36.85, lon: 174.76 }, order: 'asc', unit: 'km' } });
    expect(inner(nearest).bool.filter).toContainEqual({ geo_distance: { distance: '30km', locations: { lat: -36.85, lon: 174.76 } } });
    const before = siteSearchRequest({ type: 'volunteeringopportunities', dateFilter: 'on-or-before', date: '2026-12-01' }, now).body;
    expect(inner(before).bool.filter).toContainEqual({ range: { firststart: { lt: '2026-12-02T00:00:00.000Z' } } });
    const past = siteSearchRequest({ type: 'volunteeringopportunities', dateFilter: 'past' }, now).body;
    expect(inner(past).bool.filter).toContainEqual({ range: { lastend: { lte: now.toISOString() } } });
  });

  it("answers an unknown sort with the spec's message, naming query.sort", () => {
    try {
      siteSearchRequest({ sort: 'cheapest-first' }, now);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).fieldErrors).toEqual([{ field: 'query.sort', message: 'Sort Option: sorting option cheapest-first not found' }]);
    }
  });

  it('drops fundraising past its end date even before its document changes', () => {
    const filter = inner(siteSearchRequest({ country: 'au' }, now).body).bool.filter;
    expect(filter[0]).toEqual({
      bool: {
        should: [{ bool: { must_not: [{ terms: { type: ['fundraisingevent', 'fundraisingpage'] } }] } }, { range: { enddate: { gte: '2026-11-26' } } }],
        minimum_should_match: 1,
      },
    });
    expect(filter).toContainEqual({ term: { country: 'au' } });
  });
});
