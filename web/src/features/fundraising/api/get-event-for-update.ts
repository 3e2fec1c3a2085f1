import { queryOptions, useQuery } from '@tanstack/react-query';
import { eventSchema, type FundraisingEvent } from '@giving/shared/contracts/fundraising';
import { api } from '../../../lib/api-client';
import { teamKey, teamPath } from './keys';

/** GET /api/fundraising/events/{eventId}/edit — the event for its edit form ("get event for update"; its Owner and Admins). */
export const getEventForUpdate = ({ eventId, signal }: { eventId: string; signal?: AbortSignal }): Promise<FundraisingEvent> =>
  api.get(`${teamPath({ kind: 'event', id: eventId })}/edit`, eventSchema, { signal });

export const eventForUpdateQueryOptions = (eventId: string) =>
  queryOptions({ queryKey: [...teamKey({ kind: 'event', id: eventId }), 'edit'], queryFn: ({ signal }) => getEventForUpdate({ eventId, signal }) });

export const useEventForUpdate = (eventId: string) => useQuery(eventForUpdateQueryOptions(eventId));
