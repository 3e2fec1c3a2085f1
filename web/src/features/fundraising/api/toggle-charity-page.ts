import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api } from '../../../lib/api-client';
import { charityFundraisingKey, publicFundraisingKey, segment } from './keys';

/** PATCH /api/fundraising/charity/{charityId}/pages/{pageId}/toggleOnlineStatus — the charity takes one of its pages on- or offline. */
export const toggleCharityPage = ({ charityId, pageId, isOnline }: { charityId: string; pageId: string; isOnline: boolean }): Promise<unknown> =>
  api.patch(`/fundraising/charity/${segment(charityId)}/pages/${segment(pageId)}/toggleOnlineStatus`, { isOnline }, z.unknown());

export function useToggleCharityPage(charityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ pageId, isOnline }: { pageId: string; isOnline: boolean }) => toggleCharityPage({ charityId, pageId, isOnline }),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: charityFundraisingKey(charityId) }), queryClient.invalidateQueries({ queryKey: publicFundraisingKey })]),
  });
}
