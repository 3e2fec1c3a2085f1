import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { pageTeamKey, publicFundraisingKey, segment } from './keys';

/** DELETE /api/fundraising/pages/{pageId}/members/{memberId} — removes a member, never the Owner (204). */
export const removePageMember = ({ pageId, memberId }: { pageId: string; memberId: string }): Promise<void> =>
  api.delete(`/fundraising/pages/${segment(pageId)}/members/${segment(memberId)}`);

export function useRemovePageMember(pageId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (memberId: string) => removePageMember({ pageId, memberId }),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: pageTeamKey(pageId) }), queryClient.invalidateQueries({ queryKey: publicFundraisingKey })]),
  });
}
