import { queryOptions, useQuery } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { invitationListSchema } from '@giving/shared/contracts/accounts';
import { ACCOUNT_QUERY_KEY } from '../../../lib/account';
import { api } from '../../../lib/api-client';

export type InvitationList = z.infer<typeof invitationListSchema>;

/** GET /api/accounts/workplace/{workplaceId}/invitations — the workplace's pending invitations. */
export const getWorkplaceInvitations = ({ workplaceId, signal }: { workplaceId: string; signal?: AbortSignal }): Promise<InvitationList> =>
  api.get(`/accounts/workplace/${encodeURIComponent(workplaceId)}/invitations`, invitationListSchema, { signal });

export const workplaceInvitationsQueryOptions = (workplaceId: string) =>
  queryOptions({
    queryKey: [...ACCOUNT_QUERY_KEY, 'workplace-console', workplaceId, 'invitations'],
    queryFn: ({ signal }) => getWorkplaceInvitations({ workplaceId, signal }),
    select: (list: InvitationList) => ({ items: list.items.filter((invitation) => invitation.status === 'Pending') }),
  });

export const useWorkplaceInvitations = (workplaceId: string) => useQuery(workplaceInvitationsQueryOptions(workplaceId));
