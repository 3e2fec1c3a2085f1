import { invalid } from '@giving/shared/errors';
import {
  DEFAULT_SEARCH_SIZE,
  INDEX_OF_TYPE,
  SEARCH_INDEXES,
  SEARCH_SORTS,
  unknownSortMessage,
  type SearchIndexName,
  type SearchItemType,
  type SearchSort,
  type SiteSearchQuery,
} from '@giving/shared/contracts/search';
import type { SearchBody } from './ports';

/**
 * The site search and the listings (GET /search) as one OpenSearch request over the aliases. Relevance:
 * - typo tolerant: a best_fields multi_match with fuzziness AUTO ('kiwii chik' finds "kiwi chick");
 * - prefix as you type: a bool_prefix multi_match (the last word is a prefix: 'preda' finds "predator");
 * - field weights: title 3, a charity's name 2, description and a role's suburb 1;
 * - the typed-word rule (spec 2 §9): a query longer than 2 characters adds its leading word group, a phrase prefix
 *   on the title, so results that start as typed come first;
 * - popularity and recency: function_score multiplies by 1 + 0.3·log1p(donations) + 0.5·gauss(created, 180 days).
 * Whatever the public may not see is never in an index (documents.ts); ended fundraising is filtered here too, as a
 * page or an event may pass its end date without a change.
 */

/** A role's suburb is searched too: the volunteering list's place box sends the place as words. */
export const TEXT_FIELDS = ['title^3', 'charity.name^2', 'charities.name^2', 'description', 'charities.suburb'] as const;
const PREFIX_FIELDS = ['title^3', 'charity.name^2', 'charities.name^2'] as const;
const FUNDRAISING_TYPES: SearchItemType[] = ['fundraisingevent', 'fundraisingpage'];
const DAY_MS = 24 * 60 * 60 * 1000;

const isSort = (id: string): id is SearchSort => (SEARCH_SORTS as readonly string[]).includes(id);

/** The words clause: typo tolerant, prefix as typed, leading word group, weighted fields. */
function wordsClause(words: string): Record<string, unknown> {
  const should: Record<string, unknown>[] = [
    { multi_match: { query: words, fields: [...TEXT_FIELDS], type: 'best_fields', fuzziness: 'AUTO', prefix_length: 1, tie_breaker: 0.3 } },
    { multi_match: { query: words, fields: [...PREFIX_FIELDS], type: 'bool_prefix' } },
  ];
  if (words.length > 2) should.push({ match_phrase_prefix: { title: { query: words, boost: 4 } } });
  return { bool: { should, minimum_should_match: 1 } };
}

/** Fundraising that passed its end date drops out even before its document changes; other types are untouched. */
export function notEndedClause(now: Date): Record<string, unknown> {
  return {
    bool: {
      should: [{ bool: { must_not: [{ terms: { type: FUNDRAISING_TYPES } }] } }, { range: { enddate: { gte: now.toISOString().slice(0, 10) } } }],
      minimum_should_match: 1,
    },
  };
}

const day = (date: string) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d);
};

/** Volunteering's date filters (spec 1 §4), as volunteering's own list applies them, on the first start and last end. */
function dateFilterClause(filter: NonNullable<SiteSearchQuery['dateFilter']>, now: Date, date: string | undefined): Record<string, unknown> {
  const nowText = now.toISOString();
  switch (filter) {
    case 'past':
      return { range: { lastend: { lte: nowText } } };
    case 'coming':
      return { bool: { should: [{ bool: { must_not: [{ exists: { field: 'lastend' } }] } }, { range: { lastend: { gt: nowText } } }], minimum_should_match: 1 } };
    case 'on-or-before':
      return { range: { firststart: { lt: new Date(day(date as string) + DAY_MS).toISOString() } } };
    case 'on-or-after':
      return { bool: { should: [{ bool: { must_not: [{ exists: { field: 'lastend' } }] } }, { range: { lastend: { gte: new Date(day(date as string)).toISOString() } } }], minimum_should_match: 1 } };
  }
}

const list = (text: string | undefined) => (text ?? '').split(',').map((part) => part.trim()).filter(Boolean);

function sortFor(sort: SearchSort, query: SiteSearchQuery): unknown[] {
  switch (sort) {
    case 'relevance':
      return ['_score', { createdon: { order: 'desc' } }, { id: { order: 'asc' } }];
    case 'soonest':
      return [{ nextstart: { order: 'asc', missing: '_last' } }, { firststart: { order: 'asc' } }, { id: { order: 'asc' } }];
    case 'nearest':
      return [{ _geo_distance: { locations: { lat: query.lat, lon: query.lon }, order: 'asc', unit: 'km' } }, { id: { order: 'asc' } }];
    case 'newest':
      return [{ createdon: { order: 'desc' } }, { id: { order: 'asc' } }];
    case 'mostRaised':
      return [{ donatedamount: { order: 'desc', missing: '_last' } }, { createdon: { order: 'desc' } }, { id: { order: 'asc' } }];
    case 'priceLow':
      return [{ giftprice: { order: 'asc', missing: '_last' } }, { id: { order: 'asc' } }];
    case 'priceHigh':
      return [{ giftprice: { order: 'desc', missing: '_last' } }, { id: { order: 'asc' } }];
  }
}

/** Without a sort asked for: relevance for words; otherwise each listing's natural order. */
function defaultSort(query: SiteSearchQuery): SearchSort {
  if (query.q?.trim()) return 'relevance';
  if (query.type === 'volunteeringopportunities') return query.lat !== undefined ? 'nearest' : 'soonest';
  if (query.type === 'charitygift') return 'priceLow';
  return 'newest';
}

export interface SiteSearchRequest {
  indexes: SearchIndexName[];
  body: SearchBody;
}

/** GET /search's query as one OpenSearch request; an unknown sort is the spec's 400. */
export function siteSearchRequest(query: SiteSearchQuery, now: Date): SiteSearchRequest {
  if (query.sort !== undefined && query.sort !== '' && !isSort(query.sort)) invalidSort(query.sort);
  const sort = query.sort && isSort(query.sort) ? query.sort : defaultSort(query);
  const words = query.q?.trim() ?? '';
  const filter: Record<string, unknown>[] = [notEndedClause(now)];
  if (query.country) filter.push({ term: { country: query.country } });
  if (query.type) filter.push({ term: { type: query.type } });
  if (query.cause) filter.push({ term: { causes: query.cause } });
  if (query.minPrice !== undefined || query.maxPrice !== undefined) {
    filter.push({ range: { giftprice: { ...(query.minPrice !== undefined ? { gte: query.minPrice } : {}), ...(query.maxPrice !== undefined ? { lte: query.maxPrice } : {}) } } });
  }
  if (query.charityId) {
    const id = query.charityId;
    filter.push({ bool: { should: [{ term: { 'charity.id': id } }, { term: { 'charities.id': id } }, { bool: { filter: [{ term: { type: 'charities' } }, { term: { id } }] } }], minimum_should_match: 1 } });
  }
  if (query.isRemote) filter.push({ term: { isremote: query.isRemote === 'true' } });
  if (query.lat !== undefined && query.lon !== undefined && query.radiusKm !== undefined) {
    filter.push({ geo_distance: { distance: `${query.radiusKm}km`, locations: { lat: query.lat, lon: query.lon } } });
  }
  if (query.dateFilter) filter.push(dateFilterClause(query.dateFilter, now, query.date));
  const skills = list(query.skills);
  if (skills.length) filter.push({ terms: { skills } });
  const categories = list(query.categories);
  if (categories.length) filter.push({ terms: { categories } });
  if (query.opportunityType) filter.push({ term: { opportunityType: query.opportunityType } });

  const scored = {
    function_score: {
      query: { bool: { ...(words ? { must: [wordsClause(words)] } : {}), filter } },
      functions: [
        { weight: 1 },
        { field_value_factor: { field: 'donationscount', modifier: 'log1p', factor: 1, missing: 0 }, weight: 0.3 },
        { gauss: { createdon: { origin: now.toISOString(), scale: '180d', decay: 0.5 } }, weight: 0.5 },
      ],
      score_mode: 'sum',
      boost_mode: 'multiply',
    },
  };
  const body: SearchBody = {
    from: query.from ?? 0,
    size: query.size ?? DEFAULT_SEARCH_SIZE,
    track_total_hits: true,
    query: scored,
    sort: sortFor(sort, query),
    ...(query.type ? {} : { aggs: { types: { terms: { field: 'type', size: SEARCH_INDEXES.length } } } }),
  };
  return { indexes: query.type ? [INDEX_OF_TYPE[query.type]] : [...SEARCH_INDEXES], body };
}

function invalidSort(id: string): never {
  throw invalid([{ field: 'query.sort', message: unknownSortMessage(id) }]);
}
