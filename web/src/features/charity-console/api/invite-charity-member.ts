import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import type { inviteCharityMemberSchema } from '@giving/shared/contracts/accounts';
import { api } from '../../../lib/api-client';
import { charityInvitationsQueryOptions } from './get-charity-invitations';

export type InviteCharityMember = z.output<typeof inviteCharityMemberSchema>;

/** POST /api/accounts/charity/{charityId}/invitations — e-mails the person; 409 when they already have a pending invitation. */
export const inviteCharityMember = ({ charityId, invitation }: { charityId: string; invitation: InviteCharityMember }): Promise<unknown> =>
  api.post(`/accounts/charity/${encodeURIComponent(charityId)}/invitations`, invitation, z.unknown());

export function useInviteCharityMember(charityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitation: InviteCharityMember) => inviteCharityMember({ charityId, invitation }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: charityInvitationsQueryOptions(charityId).queryKey }),
  });
}
