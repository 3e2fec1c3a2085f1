import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { eventListSchema, eventSchema, type EventList, type FundraisingEvent } from '@giving/shared/contracts/fundraising';
import type { CountryCode } from '@giving/shared/countries';
import { api } from '../../../lib/api-client';

/**
 * Where a fundraising campaign's pages are chosen from: the country's online events (public, a page of them at a
 * time), then an event with its online pages (public). The fundraising screens' keys for the same calls: one cache.
 */

/** GET /api/fundraising/events?country=&cursor= */
export const getEventChoices = ({ country, cursor, signal }: { country: CountryCode; cursor?: string; signal?: AbortSignal }): Promise<EventList> =>
  api.get(`/fundraising/events?country=${country}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, eventListSchema, { signal });

export const useEventChoices = (country: CountryCode) =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: ['fundraising', country, 'events', 'newest'],
      queryFn: ({ pageParam, signal }) => getEventChoices({ country, cursor: pageParam, signal }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (page) => page.nextCursor,
    }),
  );

/** GET /api/fundraising/events/{eventUrl} — the event and its online pages, most raised first. */
export const getEventPages = ({ eventUrl, signal }: { eventUrl: string; signal?: AbortSignal }): Promise<FundraisingEvent> =>
  api.get(`/fundraising/events/${encodeURIComponent(eventUrl)}`, eventSchema, { signal });

export const useEventPages = (eventUrl: string) =>
  useQuery({ ...queryOptions({ queryKey: ['fundraising', 'event', eventUrl], queryFn: ({ signal }) => getEventPages({ eventUrl, signal }) }), enabled: eventUrl !== '' });
