import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { eventListSchema, type EventList } from '@giving/shared/contracts/fundraising';
import type { CountryCode } from '@giving/shared/countries';
import { api } from '../../../lib/api-client';
import { backOfficeFundraisingKey, searchOf } from './keys';

/** GET /api/fundraising/backOffice/events?country=&q=&cursor= — every event, online and offline. */
export const getBackOfficeEvents = ({ country, q, cursor, signal }: { country: CountryCode; q: string; cursor?: string; signal?: AbortSignal }): Promise<EventList> =>
  api.get(`/fundraising/backOffice/events${searchOf({ country, q: q.trim(), cursor })}`, eventListSchema, { signal });

export const backOfficeEventsQueryOptions = (country: CountryCode, q: string) =>
  infiniteQueryOptions({
    queryKey: [...backOfficeFundraisingKey, 'events', country, q.trim()],
    queryFn: ({ pageParam, signal }) => getBackOfficeEvents({ country, q, cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor,
  });

export const useBackOfficeEvents = (country: CountryCode, q: string, { enabled = true } = {}) => useInfiniteQuery({ ...backOfficeEventsQueryOptions(country, q), enabled });
