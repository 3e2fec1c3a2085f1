import { useMutation, useQueryClient } from '@tanstack/react-query';
import { eventSummarySchema, type EventInput, type EventSummary } from '@giving/shared/contracts/fundraising';
import { api } from '../../../lib/api-client';
import { memberFundraisingKey, publicFundraisingKey } from './keys';

/** POST /api/fundraising/events — a multi-page event for a charity (201); the caller is its Owner. */
export const createEvent = ({ event }: { event: EventInput }): Promise<EventSummary> => api.post('/fundraising/events', event, eventSummarySchema);

export function useCreateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (event: EventInput) => createEvent({ event }),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: publicFundraisingKey }), queryClient.invalidateQueries({ queryKey: memberFundraisingKey })]),
  });
}
