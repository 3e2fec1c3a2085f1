import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { publicFundraisingKey, segment, teamKey, teamPath, type Team } from './keys';

/** DELETE /api/fundraising/{events|pages}/{id}/members/{memberId} — removes a member, never the Owner (204). */
export const removeTeamMember = ({ team, memberId }: { team: Team; memberId: string }): Promise<void> => api.delete(`${teamPath(team)}/members/${segment(memberId)}`);

export function useRemoveTeamMember(team: Team) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (memberId: string) => removeTeamMember({ team, memberId }),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: teamKey(team) }), queryClient.invalidateQueries({ queryKey: publicFundraisingKey })]),
  });
}
