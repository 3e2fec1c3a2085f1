import { queryOptions, useQuery } from '@tanstack/react-query';
import { eventListSchema, type EventList } from '@giving/shared/contracts/fundraising';
import { api } from '../../../lib/api-client';
import { charityFundraisingKey, segment } from './keys';

/** GET /api/fundraising/charity/{charityId}/events — the charity's events, online and offline, newest first. */
export const getCharityEvents = ({ charityId, signal }: { charityId: string; signal?: AbortSignal }): Promise<EventList> =>
  api.get(`/fundraising/charity/${segment(charityId)}/events`, eventListSchema, { signal });

export const charityEventsQueryOptions = (charityId: string) =>
  queryOptions({ queryKey: [...charityFundraisingKey(charityId), 'events'], queryFn: ({ signal }) => getCharityEvents({ charityId, signal }) });

export const useCharityEvents = (charityId: string) => useQuery(charityEventsQueryOptions(charityId));
