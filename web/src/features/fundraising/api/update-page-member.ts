import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import type { FundraisingRole } from '@giving/shared/contracts/fundraising';
import { api } from '../../../lib/api-client';
import { pageTeamKey, publicFundraisingKey, segment } from './keys';

/** PATCH /api/fundraising/pages/{pageId}/members/{memberId} — changes a member's role (the Owner's own role stays). */
export const updatePageMember = ({ pageId, memberId, role }: { pageId: string; memberId: string; role: FundraisingRole }): Promise<unknown> =>
  api.patch(`/fundraising/pages/${segment(pageId)}/members/${segment(memberId)}`, { role }, z.unknown());

export function useUpdatePageMember(pageId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ memberId, role }: { memberId: string; role: FundraisingRole }) => updatePageMember({ pageId, memberId, role }),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: pageTeamKey(pageId) }), queryClient.invalidateQueries({ queryKey: publicFundraisingKey })]),
  });
}
