import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { pageListSchema, type FundraisingSort, type PageList } from '@giving/shared/contracts/fundraising';
import type { CountryCode } from '@giving/shared/countries';
import { api } from '../../../lib/api-client';
import { publicFundraisingKey, searchOf } from './keys';

/** GET /api/fundraising/pages?country=&sort=&cursor= — online pages in a country, a page at a time. */
export const getPages = ({ country, sort, cursor, signal }: { country: CountryCode; sort?: FundraisingSort; cursor?: string; signal?: AbortSignal }): Promise<PageList> =>
  api.get(`/fundraising/pages${searchOf({ country, sort, cursor })}`, pageListSchema, { signal });

export const pagesQueryOptions = (country: CountryCode, sort?: FundraisingSort) =>
  infiniteQueryOptions({
    queryKey: [...publicFundraisingKey, country, 'pages', sort ?? 'newest'],
    queryFn: ({ pageParam, signal }) => getPages({ country, sort, cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor,
  });

export const usePages = (country: CountryCode, sort?: FundraisingSort, { enabled = true } = {}) => useInfiniteQuery({ ...pagesQueryOptions(country, sort), enabled });
