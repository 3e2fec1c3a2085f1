import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { charityInvitationsQueryOptions } from './get-charity-invitations';

/** DELETE /api/accounts/charity/{charityId}/invitations/{invitationId} — revokes a pending invitation. */
export const revokeCharityInvitation = ({ charityId, invitationId }: { charityId: string; invitationId: string }): Promise<void> =>
  api.delete(`/accounts/charity/${encodeURIComponent(charityId)}/invitations/${encodeURIComponent(invitationId)}`);

/**
 * Revokes one or more invitations (bulk revoke sends one call each). Resolves with the ids that could not be
 * revoked and the first reason; the list is refreshed either way.
 */
export function useRevokeCharityInvitations(charityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (invitationIds: readonly string[]) => {
      const results = await Promise.allSettled(invitationIds.map((invitationId) => revokeCharityInvitation({ charityId, invitationId })));
      const failed = invitationIds.filter((_, index) => results[index]?.status === 'rejected');
      const firstFailure = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
      if (firstFailure && failed.length === invitationIds.length) throw firstFailure.reason;
      return { failed, reason: firstFailure?.reason as unknown };
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: charityInvitationsQueryOptions(charityId).queryKey }),
  });
}
