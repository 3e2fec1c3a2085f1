import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { FundraisingSort } from '@giving/shared/contracts/fundraising';
import type { CountryCode } from '@giving/shared/countries';
import { DEFAULT_SEARCH_SIZE, LISTING_STALE_MS, getSiteSearch, nextFrom, type SiteSearchParams } from '../../../lib/search';

/** Events or fundraisers' pages. */
export type FundraisingShow = 'events' | 'pages';

/** What GET /api/search is asked for the fundraising list: online events or pages of the country, newest or most raised first. */
export const fundraisingSearchParams = (country: CountryCode, show: FundraisingShow, sort: FundraisingSort, from = 0): SiteSearchParams => ({
  country,
  type: show === 'events' ? 'fundraisingevent' : 'fundraisingpage',
  from,
  size: DEFAULT_SEARCH_SIZE,
  sort,
});

export const fundraisingSearchQueryOptions = (country: CountryCode, show: FundraisingShow, sort: FundraisingSort) =>
  infiniteQueryOptions({
    queryKey: ['search', 'listing', show === 'events' ? 'fundraisingevent' : 'fundraisingpage', country, sort],
    queryFn: ({ pageParam, signal }) => getSiteSearch({ params: fundraisingSearchParams(country, show, sort, pageParam), signal }),
    initialPageParam: 0,
    getNextPageParam: (_last, pages) => nextFrom(pages, DEFAULT_SEARCH_SIZE),
    // The first page may have come with the route (its loader, the early start): the list takes it as it is.
    staleTime: LISTING_STALE_MS,
  });

/** GET /api/search?type=fundraisingevent|fundraisingpage: the list's events or pages from the indexes, a page at a time. */
export const useFundraisingSearch = (country: CountryCode, show: FundraisingShow, sort: FundraisingSort) => useInfiniteQuery(fundraisingSearchQueryOptions(country, show, sort));
