import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api } from '../../../lib/api-client';
import { pageInvitationsQueryOptions } from './get-page-invitations';
import { segment } from './keys';

/** POST /api/fundraising/pages/{pageId}/invitations/{invitationId}/resend — sends a pending invitation again (204). */
export const resendPageInvitation = ({ pageId, invitationId }: { pageId: string; invitationId: string }): Promise<unknown> =>
  api.post(`/fundraising/pages/${segment(pageId)}/invitations/${segment(invitationId)}/resend`, undefined, z.unknown());

export function useResendPageInvitation(pageId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) => resendPageInvitation({ pageId, invitationId }),
    // Its 'last sent' changes.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pageInvitationsQueryOptions(pageId).queryKey }),
  });
}
