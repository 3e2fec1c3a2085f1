import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { pageListSchema, type PageList } from '@giving/shared/contracts/fundraising';
import type { CountryCode } from '@giving/shared/countries';
import { api } from '../../../lib/api-client';
import { backOfficeFundraisingKey, searchOf } from './keys';

/** GET /api/fundraising/backOffice/pages?country=&q=&cursor= — every page, online and offline. */
export const getBackOfficePages = ({ country, q, cursor, signal }: { country: CountryCode; q: string; cursor?: string; signal?: AbortSignal }): Promise<PageList> =>
  api.get(`/fundraising/backOffice/pages${searchOf({ country, q: q.trim(), cursor })}`, pageListSchema, { signal });

export const backOfficePagesQueryOptions = (country: CountryCode, q: string) =>
  infiniteQueryOptions({
    queryKey: [...backOfficeFundraisingKey, 'pages', country, q.trim()],
    queryFn: ({ pageParam, signal }) => getBackOfficePages({ country, q, cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor,
  });

export const useBackOfficePages = (country: CountryCode, q: string, { enabled = true } = {}) => useInfiniteQuery({ ...backOfficePagesQueryOptions(country, q), enabled });
