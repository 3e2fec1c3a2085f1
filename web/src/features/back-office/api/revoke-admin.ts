import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminsQueryOptions } from './get-admins';
import { backOfficeDashboardQueryOptions } from './get-back-office-dashboard';
import { MEMBERS_KEY } from './get-members';

/** DELETE /api/accounts/backoffice/admins/{memberId} — revokes the Administrator role; 409 for your own. */
export const revokeAdmin = ({ memberId }: { memberId: string }): Promise<void> => api.delete(`/accounts/backoffice/admins/${encodeURIComponent(memberId)}`);

export function useRevokeAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (memberId: string) => revokeAdmin({ memberId }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: MEMBERS_KEY }),
        queryClient.invalidateQueries({ queryKey: backOfficeDashboardQueryOptions().queryKey }),
      ]),
  });
}
