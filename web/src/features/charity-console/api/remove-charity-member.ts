import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { charityMembersQueryOptions } from './get-charity-members';

/** DELETE /api/accounts/charity/{charityId}/members/{memberId} — 409 when it would leave the charity without an admin. */
export const removeCharityMember = ({ charityId, memberId }: { charityId: string; memberId: string }): Promise<void> =>
  api.delete(`/accounts/charity/${encodeURIComponent(charityId)}/members/${encodeURIComponent(memberId)}`);

export function useRemoveCharityMember(charityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (memberId: string) => removeCharityMember({ charityId, memberId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: charityMembersQueryOptions(charityId).queryKey }),
  });
}
