import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import type { updateWorkplaceMemberSchema } from '@giving/shared/contracts/accounts';
import { api } from '../../../lib/api-client';
import { workplaceMembersQueryOptions } from './get-workplace-members';

export type UpdateWorkplaceMember = z.output<typeof updateWorkplaceMemberSchema>;

/** PATCH /api/accounts/workplace/{workplaceId}/members/{memberId} — corporate roles, employment type or business unit (null clears it). */
export const updateWorkplaceMember = ({ workplaceId, memberId, changes }: { workplaceId: string; memberId: string; changes: UpdateWorkplaceMember }): Promise<unknown> =>
  api.patch(`/accounts/workplace/${encodeURIComponent(workplaceId)}/members/${encodeURIComponent(memberId)}`, changes, z.unknown());

export function useUpdateWorkplaceMember(workplaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ memberId, changes }: { memberId: string; changes: UpdateWorkplaceMember }) => updateWorkplaceMember({ workplaceId, memberId, changes }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workplaceMembersQueryOptions(workplaceId).queryKey }),
  });
}
