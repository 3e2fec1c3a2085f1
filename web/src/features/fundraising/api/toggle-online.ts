import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api } from '../../../lib/api-client';
import { memberFundraisingKey, publicFundraisingKey, teamPath, type Team } from './keys';

/**
 * PATCH /api/fundraising/{events|pages}/{id}/toggleOnlineStatus — its Owner or an Admin takes the event or page on-
 * or offline (an event's pages go with it).
 */
export const toggleOnline = ({ team, isOnline }: { team: Team; isOnline: boolean }): Promise<unknown> =>
  api.patch(`${teamPath(team)}/toggleOnlineStatus`, { isOnline }, z.unknown());

export function useToggleOnline(team: Team) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (isOnline: boolean) => toggleOnline({ team, isOnline }),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: publicFundraisingKey }), queryClient.invalidateQueries({ queryKey: memberFundraisingKey })]),
  });
}
