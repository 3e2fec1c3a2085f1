import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { adminMenuQueryOptions, permissionsQueryOptions } from '../../../lib/account';
import { api } from '../../../lib/api-client';
import { myDashboardQueryOptions } from './get-my-dashboard';
import { myInvitationsQueryOptions } from './get-my-invitations';

/** POST /api/accounts/invitations/{invitationId}/accept — joins the charity or workplace that sent it. */
export const acceptInvitation = ({ invitationId }: { invitationId: string }): Promise<unknown> =>
  api.post(`/accounts/invitations/${encodeURIComponent(invitationId)}/accept`, undefined, z.unknown());

/** Every cached permission list, whatever tenant it was asked for (their keys share the untenanted key's prefix). */
const isPermissionsKey = (key: QueryKey) => {
  const prefix = permissionsQueryOptions().queryKey.slice(0, -1);
  return prefix.every((part, index) => key[index] === part);
};

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) => acceptInvitation({ invitationId }),
    // The new association shows in the account menu, and its console opens with the new role's permissions.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: myInvitationsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: myDashboardQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: adminMenuQueryOptions().queryKey }),
        queryClient.invalidateQueries({ predicate: (query) => isPermissionsKey(query.queryKey) }),
      ]),
  });
}
