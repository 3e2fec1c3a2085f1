import { queryOptions, useQuery } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { invitationListSchema } from '@giving/shared/contracts/accounts';
import { ACCOUNT_QUERY_KEY } from '../../../lib/account-queries';
import { api } from '../../../lib/api-client';

export type InvitationList = z.infer<typeof invitationListSchema>;

/** GET /api/accounts/charity/{charityId}/invitations — the charity's pending invitations. */
export const getCharityInvitations = ({ charityId, signal }: { charityId: string; signal?: AbortSignal }): Promise<InvitationList> =>
  api.get(`/accounts/charity/${encodeURIComponent(charityId)}/invitations`, invitationListSchema, { signal });

export const charityInvitationsQueryOptions = (charityId: string) =>
  queryOptions({
    queryKey: [...ACCOUNT_QUERY_KEY, 'charity-console', charityId, 'invitations'],
    queryFn: ({ signal }) => getCharityInvitations({ charityId, signal }),
    // Only pending invitations can be revoked or still be accepted; the list shows those.
    select: (list: InvitationList) => ({ items: list.items.filter((invitation) => invitation.status === 'Pending') }),
  });

export const useCharityInvitations = (charityId: string) => useQuery(charityInvitationsQueryOptions(charityId));
