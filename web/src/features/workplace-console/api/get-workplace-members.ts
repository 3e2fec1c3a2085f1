import { queryOptions, useQuery } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { workplaceMemberListSchema } from '@giving/shared/contracts/accounts';
import { ACCOUNT_QUERY_KEY } from '../../../lib/account';
import { api } from '../../../lib/api-client';

export type WorkplaceMemberList = z.infer<typeof workplaceMemberListSchema>;

/** GET /api/accounts/workplace/{workplaceId}/members — members, their corporate roles, employment type and business unit. */
export const getWorkplaceMembers = ({ workplaceId, signal }: { workplaceId: string; signal?: AbortSignal }): Promise<WorkplaceMemberList> =>
  api.get(`/accounts/workplace/${encodeURIComponent(workplaceId)}/members`, workplaceMemberListSchema, { signal });

export const workplaceMembersQueryOptions = (workplaceId: string) =>
  queryOptions({
    queryKey: [...ACCOUNT_QUERY_KEY, 'workplace-console', workplaceId, 'members'],
    queryFn: ({ signal }) => getWorkplaceMembers({ workplaceId, signal }),
  });

export const useWorkplaceMembers = (workplaceId: string) => useQuery(workplaceMembersQueryOptions(workplaceId));
