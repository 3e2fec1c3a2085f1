import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { workplaceInvitationsQueryOptions } from './get-workplace-invitations';

/** DELETE /api/accounts/workplace/{workplaceId}/invitations/{invitationId} — revokes a pending invitation. */
export const revokeWorkplaceInvitation = ({ workplaceId, invitationId }: { workplaceId: string; invitationId: string }): Promise<void> =>
  api.delete(`/accounts/workplace/${encodeURIComponent(workplaceId)}/invitations/${encodeURIComponent(invitationId)}`);

export function useRevokeWorkplaceInvitation(workplaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) => revokeWorkplaceInvitation({ workplaceId, invitationId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workplaceInvitationsQueryOptions(workplaceId).queryKey }),
  });
}
