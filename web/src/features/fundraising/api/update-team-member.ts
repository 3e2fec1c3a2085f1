import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import type { FundraisingRole } from '@giving/shared/contracts/fundraising';
import { api } from '../../../lib/api-client';
import { publicFundraisingKey, segment, teamKey, teamPath, type Team } from './keys';

/** PATCH /api/fundraising/{events|pages}/{id}/members/{memberId} — changes a member's role (the Owner's own role stays). */
export const updateTeamMember = ({ team, memberId, role }: { team: Team; memberId: string; role: FundraisingRole }): Promise<unknown> =>
  api.patch(`${teamPath(team)}/members/${segment(memberId)}`, { role }, z.unknown());

export function useUpdateTeamMember(team: Team) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ memberId, role }: { memberId: string; role: FundraisingRole }) => updateTeamMember({ team, memberId, role }),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: teamKey(team) }), queryClient.invalidateQueries({ queryKey: publicFundraisingKey })]),
  });
}
