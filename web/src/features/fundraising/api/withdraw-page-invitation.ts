import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { pageInvitationsQueryOptions } from './get-page-invitations';
import { segment } from './keys';

/** DELETE /api/fundraising/pages/{pageId}/invitations/{invitationId} — withdraws a pending invitation (204). */
export const withdrawPageInvitation = ({ pageId, invitationId }: { pageId: string; invitationId: string }): Promise<void> =>
  api.delete(`/fundraising/pages/${segment(pageId)}/invitations/${segment(invitationId)}`);

export function useWithdrawPageInvitation(pageId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) => withdrawPageInvitation({ pageId, invitationId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pageInvitationsQueryOptions(pageId).queryKey }),
  });
}
