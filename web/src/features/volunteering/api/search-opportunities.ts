import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { CountryCode } from '@giving/shared/countries';
import { DEFAULT_SEARCH_SIZE, LISTING_STALE_MS, getSiteSearch, nextFrom, type SiteSearchParams } from '../../../lib/search';
import type { VisitorPosition } from '../hooks/use-visitor-position';
import type { OpportunityFilter } from './opportunities';

/**
 * What GET /api/search is asked for the volunteering list: the roles of the country from the volunteering index,
 * with the list's filters. The place typed in Location is searched as words (the index has no place-name filter);
 * the 'nearest' sort needs where the visitor is, and without it the list keeps the soonest first.
 */
export function opportunitySearchParams(country: CountryCode, filter: OpportunityFilter, position?: VisitorPosition, from = 0): SiteSearchParams {
  const words = [filter.q, filter.location].filter(Boolean).join(' ');
  const nearest = filter.sort === 'nearest' && position !== undefined;
  return {
    q: words || undefined,
    country,
    type: 'volunteeringopportunities',
    from,
    size: DEFAULT_SEARCH_SIZE,
    sort: nearest ? 'nearest' : filter.sort === 'newest' ? 'newest' : 'soonest',
    isRemote: filter.isRemote,
    lat: nearest ? position.lat : undefined,
    lon: nearest ? position.lon : undefined,
    dateFilter: filter.dateFilter,
    date: filter.date,
    skills: filter.skills,
    categories: filter.categories,
    opportunityType: filter.opportunityType,
  };
}

export const opportunitySearchQueryOptions = (country: CountryCode, filter: OpportunityFilter, position?: VisitorPosition) =>
  infiniteQueryOptions({
    queryKey: ['search', 'listing', 'volunteeringopportunities', country, filter, position ?? null],
    queryFn: ({ pageParam, signal }) => getSiteSearch({ params: opportunitySearchParams(country, filter, position, pageParam), signal }),
    initialPageParam: 0,
    getNextPageParam: (_last, pages) => nextFrom(pages, DEFAULT_SEARCH_SIZE),
    // The first page may have come with the route (its loader, the early start): the list takes it as it is.
    staleTime: LISTING_STALE_MS,
  });

/** GET /api/search?type=volunteeringopportunities: the list's roles, a page at a time. */
export const useOpportunitySearch = (country: CountryCode, filter: OpportunityFilter, position: VisitorPosition | undefined, { enabled = true } = {}) =>
  useInfiniteQuery({ ...opportunitySearchQueryOptions(country, filter, position), enabled });
