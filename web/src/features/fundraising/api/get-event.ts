import { queryOptions, useQuery } from '@tanstack/react-query';
import { eventSchema, type FundraisingEvent } from '@giving/shared/contracts/fundraising';
import { api } from '../../../lib/api-client';
import { publicFundraisingKey, segment } from './keys';

/** GET /api/fundraising/events/{eventUrl} — an event with its online pages, most raised first. */
export const getEvent = ({ eventUrl, signal }: { eventUrl: string; signal?: AbortSignal }): Promise<FundraisingEvent> =>
  api.get(`/fundraising/events/${segment(eventUrl)}`, eventSchema, { signal });

export const eventQueryOptions = (eventUrl: string) =>
  queryOptions({
    queryKey: [...publicFundraisingKey, 'event', eventUrl],
    queryFn: ({ signal }) => getEvent({ eventUrl, signal }),
  });

export const useEvent = (eventUrl: string, { enabled = true } = {}) => useQuery({ ...eventQueryOptions(eventUrl), enabled: enabled && eventUrl !== '' });
