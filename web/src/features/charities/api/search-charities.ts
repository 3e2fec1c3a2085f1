import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { CountryCode } from '@giving/shared/countries';
import { DEFAULT_SEARCH_SIZE, LISTING_STALE_MS, getSiteSearch, nextFrom, type SiteSearchParams } from '../../../lib/search';

/** GET /api/search?type=charities: the country's charities from the charities index, a page at a time. */
export const charityListingParams = (country: CountryCode, from = 0): SiteSearchParams => ({ country, type: 'charities', from, size: DEFAULT_SEARCH_SIZE });

export const charityListingQueryOptions = (country: CountryCode) =>
  infiniteQueryOptions({
    queryKey: ['search', 'listing', 'charities', country],
    queryFn: ({ pageParam, signal }) => getSiteSearch({ params: charityListingParams(country, pageParam), signal }),
    initialPageParam: 0,
    getNextPageParam: (_last, pages) => nextFrom(pages, DEFAULT_SEARCH_SIZE),
    // The first page may have come with the route (its loader, the early start): the list takes it as it is.
    staleTime: LISTING_STALE_MS,
  });

export const useCharityListing = (country: CountryCode) => useInfiniteQuery(charityListingQueryOptions(country));
