import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import type { inviteWorkplaceMemberSchema } from '@giving/shared/contracts/accounts';
import { api } from '../../../lib/api-client';
import { workplaceInvitationsQueryOptions } from './get-workplace-invitations';

export type InviteWorkplaceMember = z.output<typeof inviteWorkplaceMemberSchema>;

/** POST /api/accounts/workplace/{workplaceId}/invitations — e-mails the person an invitation to a corporate role. */
export const inviteWorkplaceMember = ({ workplaceId, invitation }: { workplaceId: string; invitation: InviteWorkplaceMember }): Promise<unknown> =>
  api.post(`/accounts/workplace/${encodeURIComponent(workplaceId)}/invitations`, invitation, z.unknown());

export function useInviteWorkplaceMember(workplaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitation: InviteWorkplaceMember) => inviteWorkplaceMember({ workplaceId, invitation }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workplaceInvitationsQueryOptions(workplaceId).queryKey }),
  });
}
