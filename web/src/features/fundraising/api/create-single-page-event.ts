import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { eventSummarySchema, pageSummarySchema, type EventInput } from '@giving/shared/contracts/fundraising';
import { api } from '../../../lib/api-client';
import { memberFundraisingKey, publicFundraisingKey } from './keys';

const createdSchema = z.object({ event: eventSummarySchema, page: pageSummarySchema });
export type CreatedSinglePage = z.infer<typeof createdSchema>;

/** POST /api/fundraising/events/single-page — an event with exactly one page, the caller's (201: {event, page}). */
export const createSinglePageEvent = ({ event }: { event: EventInput }): Promise<CreatedSinglePage> => api.post('/fundraising/events/single-page', event, createdSchema);

export function useCreateSinglePageEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (event: EventInput) => createSinglePageEvent({ event }),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: publicFundraisingKey }), queryClient.invalidateQueries({ queryKey: memberFundraisingKey })]),
  });
}
