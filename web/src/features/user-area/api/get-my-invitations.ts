import { queryOptions, useQuery } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { invitationListSchema } from '@giving/shared/contracts/accounts';
import { ACCOUNT_QUERY_KEY } from '../../../lib/account';
import { api } from '../../../lib/api-client';

export type InvitationList = z.infer<typeof invitationListSchema>;

/** GET /api/accounts/me/invitations — pending invitations addressed to the member's e-mail. */
export const getMyInvitations = ({ signal }: { signal?: AbortSignal } = {}): Promise<InvitationList> =>
  api.get('/accounts/me/invitations', invitationListSchema, { signal });

export const myInvitationsQueryOptions = () =>
  queryOptions({
    queryKey: [...ACCOUNT_QUERY_KEY, 'user-area', 'invitations'],
    queryFn: ({ signal }) => getMyInvitations({ signal }),
    select: (list: InvitationList) => ({ items: list.items.filter((invitation) => invitation.status === 'Pending') }),
  });

export const useMyInvitations = () => useQuery(myInvitationsQueryOptions());
