import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { eventListSchema, type EventList, type FundraisingSort } from '@giving/shared/contracts/fundraising';
import type { CountryCode } from '@giving/shared/countries';
import { api } from '../../../lib/api-client';
import { publicFundraisingKey, searchOf } from './keys';

/** GET /api/fundraising/events?country=&sort=&cursor= — online events in a country, a page at a time. */
export const getEvents = ({ country, sort, cursor, signal }: { country: CountryCode; sort?: FundraisingSort; cursor?: string; signal?: AbortSignal }): Promise<EventList> =>
  api.get(`/fundraising/events${searchOf({ country, sort, cursor })}`, eventListSchema, { signal });

export const eventsQueryOptions = (country: CountryCode, sort?: FundraisingSort) =>
  infiniteQueryOptions({
    queryKey: [...publicFundraisingKey, country, 'events', sort ?? 'newest'],
    queryFn: ({ pageParam, signal }) => getEvents({ country, sort, cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor,
  });

export const useEvents = (country: CountryCode, sort?: FundraisingSort, { enabled = true } = {}) => useInfiniteQuery({ ...eventsQueryOptions(country, sort), enabled });
