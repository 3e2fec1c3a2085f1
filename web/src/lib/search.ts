import { useEffect, useRef } from 'react';
import * as z from 'zod/mini';
import {
  DEFAULT_SEARCH_SIZE,
  MAX_SEARCH_SIZE,
  SEARCH_ITEM_TYPES,
  giftSearchDocument,
  opportunitySearchDocument,
  rawSearchResultSchema,
  searchItemSchema,
  type GiftSearchDocument,
  type OpportunitySearchDocument,
  type SearchIndexName,
  type SearchItem,
  type SearchItemType,
  type SearchSort,
} from '@giving/shared/contracts/search';
import type { DateFilter } from '@giving/shared/contracts/volunteering';
import type { CountryCode } from '@giving/shared/countries';
import { api } from './api-client';

/**
 * The search service's two calls (issue 14; contract: shared/contracts/search.ts), for every feature that lists from
 * the indexes: the site search and the listings (GET /api/search) and the charity page's grids
 * (POST /api/search/{index}/_search). Each feature's api file wraps them in its own query options and hook.
 */

export { DEFAULT_SEARCH_SIZE, MAX_SEARCH_SIZE };

/** GET /api/search's query values, as the address carries them (cents for prices). */
export interface SiteSearchParams {
  q?: string;
  country: CountryCode;
  type?: SearchItemType;
  from?: number;
  size?: number;
  sort?: SearchSort;
  cause?: string;
  minPrice?: number;
  maxPrice?: number;
  charityId?: string;
  isRemote?: 'true' | 'false';
  lat?: number;
  lon?: number;
  radiusKm?: number;
  dateFilter?: DateFilter;
  date?: string;
  skills?: string;
  categories?: string;
  opportunityType?: string;
}

/**
 * The order the values go into the address. Always the same, so one search is one URL (one cache entry, and the
 * early start's read of a listing's first page is the page's own: lib/early-start.ts).
 */
const PARAM_ORDER = [
  'q',
  'country',
  'type',
  'from',
  'size',
  'sort',
  'cause',
  'minPrice',
  'maxPrice',
  'charityId',
  'isRemote',
  'lat',
  'lon',
  'radiusKm',
  'dateFilter',
  'date',
  'skills',
  'categories',
  'opportunityType',
] as const satisfies readonly (keyof SiteSearchParams)[];

/** '/search?q=kiwi&country=nz&size=24' — empty values and a first page's `from=0` are left out. */
export function siteSearchPath(params: SiteSearchParams): string {
  const query = new URLSearchParams();
  for (const name of PARAM_ORDER) {
    const value = params[name];
    if (value === undefined || value === '') continue;
    if (name === 'from' && value === 0) continue;
    query.set(name, String(value));
  }
  return `/search?${query.toString()}`;
}

/** How long a listing's page is taken as fresh: long enough that one asked with the route is not asked again. */
export const LISTING_STALE_MS = 30_000;

/** A page of typed results: each item its type's search item (spec 1 §3). */
export interface SiteSearchPage {
  total: number;
  items: SearchItem[];
  /** How many of each type match the words (the search page's tabs). */
  types: Partial<Record<SearchItemType, number>>;
}

const siteSearchAnswer = z.object({
  total: z.int(),
  items: z.array(z.unknown()),
  types: z.optional(z.record(z.string(), z.int())),
});

const isItemType = (type: unknown): type is SearchItemType => typeof type === 'string' && (SEARCH_ITEM_TYPES as readonly string[]).includes(type);

/**
 * Keeps the items the site can show: spec 1 §2, an item of any other type shows nothing, so it is left out here. An
 * item of a known type that breaks the contract is left out too (one bad document must not blank the whole page);
 * it is reported in the console for whoever looks.
 */
export function typedItems<T>(raw: readonly unknown[], parse: (item: unknown) => { success: true; data: T } | { success: false }): T[] {
  const items: T[] = [];
  for (const item of raw) {
    const type = typeof item === 'object' && item !== null ? (item as { type?: unknown }).type : undefined;
    if (!isItemType(type)) continue;
    const parsed = parse(item);
    if (parsed.success) items.push(parsed.data);
    else console.warn(`search: a ${type} result does not match the contract and is not shown`);
  }
  return items;
}

const parseItem = (item: unknown) => searchItemSchema.safeParse(item);

/** GET /api/search — typed results for words and filters, a page at a time. */
export async function getSiteSearch({ params, signal }: { params: SiteSearchParams; signal?: AbortSignal }): Promise<SiteSearchPage> {
  const answer = await api.get(siteSearchPath(params), siteSearchAnswer, { signal });
  const types: Partial<Record<SearchItemType, number>> = {};
  for (const [type, count] of Object.entries(answer.types ?? {})) if (isItemType(type)) types[type] = count;
  return { total: answer.total, items: typedItems(answer.items, parseItem), types };
}

/** The document each index the SPA searches directly holds. */
const DOCUMENTS = {
  'charitygifts-v2': giftSearchDocument,
  'volunteeringopportunities-v2': opportunitySearchDocument,
} as const;
type DirectIndex = keyof typeof DOCUMENTS;
export interface IndexDocuments {
  'charitygifts-v2': GiftSearchDocument;
  'volunteeringopportunities-v2': OpportunitySearchDocument;
}

/** An OpenSearch query body (spec 2 §7): what the SPA sends is built by the feature that asks. */
export type SearchQueryBody = Record<string, unknown>;

/** The site's host, which the search call is told (header x-host, spec 2 §7). */
const siteHost = () => (typeof window === 'undefined' ? '' : window.location.host);

/**
 * POST /api/search/{index}/_search — an OpenSearch query against one public index, with the headers x-host and
 * x-country (spec 2 §7). Answers the total and the documents of the hits, in order.
 */
export async function searchIndex<I extends DirectIndex & SearchIndexName>({
  index,
  body,
  country,
  signal,
}: {
  index: I;
  body: SearchQueryBody;
  country: CountryCode;
  signal?: AbortSignal;
}): Promise<{ total: number; items: IndexDocuments[I][] }> {
  const answer = await api.post(`/search/${index}/_search`, body, rawSearchResultSchema, { headers: { 'x-host': siteHost(), 'x-country': country }, signal });
  const schema = DOCUMENTS[index] as unknown as z.ZodMiniType<IndexDocuments[I]>;
  const items = typedItems(
    answer.hits.hits.map((hit) => hit._source),
    (source) => schema.safeParse(source),
  );
  return { total: answer.hits.total.value, items };
}

/** Spec 1 §2 and spec 2 §9: the charity page's grids show up to 24 cards. */
export const CHARITY_GRID_SIZE = 24;
/** Spec 1 §4, spec 2 §4 and §9: the charity grids repeat their search after 1500 ms. */
export const CHARITY_GRID_REPEAT_MS = 1500;

/**
 * Spec 2 §4: "set the query to the charity id, search, then repeat the same search after 1.5 seconds". The first
 * search is the query's own; this asks it once more, 1.5 s after the charity was set (what was just published, e.g.
 * a gift added a moment ago, is then in the index). The cards on screen stay while it runs.
 */
export function useRepeatedSearch(charityId: string, refetch: () => unknown, enabled = true): void {
  // The latest refetch, without restarting the timer when a caller passes a new function.
  const latest = useRef(refetch);
  latest.current = refetch;
  useEffect(() => {
    if (!enabled || !charityId) return;
    const timer = setTimeout(() => void latest.current(), CHARITY_GRID_REPEAT_MS);
    return () => clearTimeout(timer);
  }, [charityId, enabled]);
}

/**
 * The `from` of the page after `pages` (offset paging for "Load more"), or undefined when all are loaded or the next
 * page would pass the 10,000 results a search answers.
 */
export function nextFrom(pages: readonly { total: number }[], size: number): number | undefined {
  const loaded = pages.length * size;
  const total = pages.at(-1)?.total ?? 0;
  return loaded < total && loaded + size <= 10_000 ? loaded : undefined;
}
