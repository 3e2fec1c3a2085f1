import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import type { inviteSchema } from '@giving/shared/contracts/fundraising';
import { api } from '../../../lib/api-client';
import { pageInvitationsQueryOptions } from './get-page-invitations';
import { segment } from './keys';

export type PageInvite = z.output<typeof inviteSchema>;

/** POST /api/fundraising/pages/{pageId}/invitations — e-mails people an invitation as Admin or Member (201; 409 naming any already in). */
export const invitePageMembers = ({ pageId, invite }: { pageId: string; invite: PageInvite }): Promise<unknown> =>
  api.post(`/fundraising/pages/${segment(pageId)}/invitations`, invite, z.unknown());

export function useInvitePageMembers(pageId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invite: PageInvite) => invitePageMembers({ pageId, invite }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pageInvitationsQueryOptions(pageId).queryKey }),
  });
}
