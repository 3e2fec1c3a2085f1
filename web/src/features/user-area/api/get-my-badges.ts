import { queryOptions, useQuery } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { memberBadgeListSchema } from '@giving/shared/contracts/accounts';
import { ACCOUNT_QUERY_KEY } from '../../../lib/account';
import { api } from '../../../lib/api-client';

export type MemberBadgeList = z.infer<typeof memberBadgeListSchema>;

/** GET /api/accounts/me/badges — the badges the member has earned. */
export const getMyBadges = ({ signal }: { signal?: AbortSignal } = {}): Promise<MemberBadgeList> => api.get('/accounts/me/badges', memberBadgeListSchema, { signal });

export const myBadgesQueryOptions = () =>
  queryOptions({
    queryKey: [...ACCOUNT_QUERY_KEY, 'user-area', 'badges'],
    queryFn: ({ signal }) => getMyBadges({ signal }),
  });

export const useMyBadges = () => useQuery(myBadgesQueryOptions());
