import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api } from '../../../lib/api-client';
import { backOfficeFundraisingKey, publicFundraisingKey, segment } from './keys';

/** PATCH /api/fundraising/backOffice/pages/{pageId}/toggleOnlineStatus — takes any page on- or offline. */
export const toggleBackOfficePage = ({ pageId, isOnline }: { pageId: string; isOnline: boolean }): Promise<unknown> =>
  api.patch(`/fundraising/backOffice/pages/${segment(pageId)}/toggleOnlineStatus`, { isOnline }, z.unknown());

export function useToggleBackOfficePage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: { pageId: string; isOnline: boolean }) => toggleBackOfficePage(variables),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: backOfficeFundraisingKey }), queryClient.invalidateQueries({ queryKey: publicFundraisingKey })]),
  });
}
