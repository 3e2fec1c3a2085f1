import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api } from '../../../lib/api-client';
import { backOfficeFundraisingKey, publicFundraisingKey, segment } from './keys';

/** PATCH /api/fundraising/backOffice/events/{eventId}/toggleOnlineStatus — takes any event on- or offline. */
export const toggleBackOfficeEvent = ({ eventId, isOnline }: { eventId: string; isOnline: boolean }): Promise<unknown> =>
  api.patch(`/fundraising/backOffice/events/${segment(eventId)}/toggleOnlineStatus`, { isOnline }, z.unknown());

export function useToggleBackOfficeEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: { eventId: string; isOnline: boolean }) => toggleBackOfficeEvent(variables),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: backOfficeFundraisingKey }), queryClient.invalidateQueries({ queryKey: publicFundraisingKey })]),
  });
}
