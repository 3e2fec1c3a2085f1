import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import type { inviteSchema } from '@giving/shared/contracts/fundraising';
import { api } from '../../../lib/api-client';
import { teamInvitationsQueryOptions } from './get-team-invitations';
import { teamPath, type Team } from './keys';

export type TeamInvite = z.output<typeof inviteSchema>;

/** POST /api/fundraising/{events|pages}/{id}/invitations — e-mails people an invitation as Admin or Member (201; 409 naming any already in). */
export const inviteTeamMembers = ({ team, invite }: { team: Team; invite: TeamInvite }): Promise<unknown> => api.post(`${teamPath(team)}/invitations`, invite, z.unknown());

export function useInviteTeamMembers(team: Team) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invite: TeamInvite) => inviteTeamMembers({ team, invite }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamInvitationsQueryOptions(team).queryKey }),
  });
}
