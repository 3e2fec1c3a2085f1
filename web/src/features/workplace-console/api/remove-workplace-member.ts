import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { workplaceQueryOptions } from './get-workplace';
import { workplaceMembersQueryOptions } from './get-workplace-members';

/** DELETE /api/accounts/workplace/{workplaceId}/members/{memberId} — 409 when it would leave the workplace without an admin. */
export const removeWorkplaceMember = ({ workplaceId, memberId }: { workplaceId: string; memberId: string }): Promise<void> =>
  api.delete(`/accounts/workplace/${encodeURIComponent(workplaceId)}/members/${encodeURIComponent(memberId)}`);

export function useRemoveWorkplaceMember(workplaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (memberId: string) => removeWorkplaceMember({ workplaceId, memberId }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: workplaceMembersQueryOptions(workplaceId).queryKey }),
        queryClient.invalidateQueries({ queryKey: workplaceQueryOptions(workplaceId).queryKey }),
      ]),
  });
}
