import { queryOptions, useQuery } from '@tanstack/react-query';
import { pageListSchema, type PageList } from '@giving/shared/contracts/fundraising';
import { api } from '../../../lib/api-client';
import { teamKey, teamPath } from './keys';

/** GET /api/fundraising/events/{eventId}/pages — every page of the event, offline ones too ("get pages by event"; its Owner and Admins). */
export const getEventPages = ({ eventId, signal }: { eventId: string; signal?: AbortSignal }): Promise<PageList> =>
  api.get(`${teamPath({ kind: 'event', id: eventId })}/pages`, pageListSchema, { signal });

export const eventPagesQueryOptions = (eventId: string) =>
  queryOptions({ queryKey: [...teamKey({ kind: 'event', id: eventId }), 'pages'], queryFn: ({ signal }) => getEventPages({ eventId, signal }) });

export const useEventPages = (eventId: string) => useQuery(eventPagesQueryOptions(eventId));
