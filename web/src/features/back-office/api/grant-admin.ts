import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api } from '../../../lib/api-client';
import { adminsQueryOptions } from './get-admins';
import { backOfficeDashboardQueryOptions } from './get-back-office-dashboard';
import { MEMBERS_KEY } from './get-members';

/** PUT /api/accounts/backoffice/admins/{memberId} — grants the Administrator role (idempotent). */
export const grantAdmin = ({ memberId }: { memberId: string }): Promise<unknown> =>
  api.put(`/accounts/backoffice/admins/${encodeURIComponent(memberId)}`, undefined, z.unknown());

/**
 * Makes one or more members administrators (the bulk action sends one call each). Resolves with the ids that
 * failed and the first reason; throws only when every one failed.
 */
export function useGrantAdmins() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (memberIds: readonly string[]) => {
      const results = await Promise.allSettled(memberIds.map((memberId) => grantAdmin({ memberId })));
      const failed = memberIds.filter((_, index) => results[index]?.status === 'rejected');
      const firstFailure = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
      if (firstFailure && failed.length === memberIds.length) throw firstFailure.reason;
      return { failed, reason: firstFailure?.reason as unknown };
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: MEMBERS_KEY }),
        queryClient.invalidateQueries({ queryKey: adminsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: backOfficeDashboardQueryOptions().queryKey }),
      ]),
  });
}
