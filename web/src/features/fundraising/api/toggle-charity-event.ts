import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api } from '../../../lib/api-client';
import { charityFundraisingKey, publicFundraisingKey, segment } from './keys';

/** PATCH /api/fundraising/charity/{charityId}/events/{eventId}/toggleOnlineStatus — the charity takes one of its events on- or offline. */
export const toggleCharityEvent = ({ charityId, eventId, isOnline }: { charityId: string; eventId: string; isOnline: boolean }): Promise<unknown> =>
  api.patch(`/fundraising/charity/${segment(charityId)}/events/${segment(eventId)}/toggleOnlineStatus`, { isOnline }, z.unknown());

export function useToggleCharityEvent(charityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ eventId, isOnline }: { eventId: string; isOnline: boolean }) => toggleCharityEvent({ charityId, eventId, isOnline }),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: charityFundraisingKey(charityId) }), queryClient.invalidateQueries({ queryKey: publicFundraisingKey })]),
  });
}
