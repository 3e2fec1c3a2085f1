import { queryOptions, useQuery } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { charityMemberListSchema } from '@giving/shared/contracts/accounts';
import { ACCOUNT_QUERY_KEY } from '../../../lib/account-queries';
import { api } from '../../../lib/api-client';

export type CharityMemberList = z.infer<typeof charityMemberListSchema>;

/** GET /api/accounts/charity/{charityId}/members — the charity's members and their roles. */
export const getCharityMembers = ({ charityId, signal }: { charityId: string; signal?: AbortSignal }): Promise<CharityMemberList> =>
  api.get(`/accounts/charity/${encodeURIComponent(charityId)}/members`, charityMemberListSchema, { signal });

export const charityMembersQueryOptions = (charityId: string) =>
  queryOptions({
    queryKey: [...ACCOUNT_QUERY_KEY, 'charity-console', charityId, 'members'],
    queryFn: ({ signal }) => getCharityMembers({ charityId, signal }),
  });

export const useCharityMembers = (charityId: string) => useQuery(charityMembersQueryOptions(charityId));
