import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api } from '../../../lib/api-client';
import { memberFundraisingKey, publicFundraisingKey, segment } from './keys';

export type InvitationAnswer = 'Accept' | 'Decline';

/** PATCH /api/fundraising/me/invitations/{invitationId} — the invited member accepts (joins with its role) or declines. */
export const answerInvitation = ({ invitationId, answer }: { invitationId: string; answer: InvitationAnswer }): Promise<unknown> =>
  api.patch(`/fundraising/me/invitations/${segment(invitationId)}`, { answer }, z.unknown());

export function useAnswerInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: { invitationId: string; answer: InvitationAnswer }) => answerInvitation(variables),
    // Accepting adds the member to the page's team (shown on the page) and to their own list.
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: memberFundraisingKey }), queryClient.invalidateQueries({ queryKey: publicFundraisingKey })]),
  });
}
