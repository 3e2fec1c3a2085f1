import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { teamInvitationsQueryOptions } from './get-team-invitations';
import { segment, teamPath, type Team } from './keys';

/** DELETE /api/fundraising/{events|pages}/{id}/invitations/{invitationId} — withdraws a pending invitation (204). */
export const withdrawTeamInvitation = ({ team, invitationId }: { team: Team; invitationId: string }): Promise<void> =>
  api.delete(`${teamPath(team)}/invitations/${segment(invitationId)}`);

export function useWithdrawTeamInvitation(team: Team) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) => withdrawTeamInvitation({ team, invitationId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamInvitationsQueryOptions(team).queryKey }),
  });
}
