import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { LISTING_STALE_MS, getSiteSearch, type SiteSearchParams } from '../../../lib/search';

export { getSiteSearch };

/** GET /api/search — one page of typed results (the search page, /donating). One key per search. */
export const siteSearchQueryOptions = (params: SiteSearchParams) =>
  queryOptions({
    queryKey: ['search', 'site', params],
    queryFn: ({ signal }) => getSiteSearch({ params, signal }),
    staleTime: LISTING_STALE_MS,
  });

/**
 * The page of results for `params`; while the next page or another tab loads, the page shown stays (marked as
 * placeholder) instead of blanking. Idle while `enabled` is false (the search page with no words).
 */
export const useSiteSearch = (params: SiteSearchParams, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...siteSearchQueryOptions(params), enabled, placeholderData: keepPreviousData });
