import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api } from '../../../lib/api-client';
import { teamInvitationsQueryOptions } from './get-team-invitations';
import { segment, teamPath, type Team } from './keys';

/** POST /api/fundraising/{events|pages}/{id}/invitations/{invitationId}/resend — sends a pending invitation again (204). */
export const resendTeamInvitation = ({ team, invitationId }: { team: Team; invitationId: string }): Promise<unknown> =>
  api.post(`${teamPath(team)}/invitations/${segment(invitationId)}/resend`, undefined, z.unknown());

export function useResendTeamInvitation(team: Team) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) => resendTeamInvitation({ team, invitationId }),
    // Its 'last sent' changes.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamInvitationsQueryOptions(team).queryKey }),
  });
}
