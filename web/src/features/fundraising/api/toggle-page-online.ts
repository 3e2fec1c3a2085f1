import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api } from '../../../lib/api-client';
import { memberFundraisingKey, publicFundraisingKey, segment } from './keys';

/** PATCH /api/fundraising/pages/{pageId}/toggleOnlineStatus — its Owner or an Admin takes the page on- or offline. */
export const togglePageOnline = ({ pageId, isOnline }: { pageId: string; isOnline: boolean }): Promise<unknown> =>
  api.patch(`/fundraising/pages/${segment(pageId)}/toggleOnlineStatus`, { isOnline }, z.unknown());

export function useTogglePageOnline(pageId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (isOnline: boolean) => togglePageOnline({ pageId, isOnline }),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: publicFundraisingKey }), queryClient.invalidateQueries({ queryKey: memberFundraisingKey })]),
  });
}
