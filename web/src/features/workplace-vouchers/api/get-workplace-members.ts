import { queryOptions, useQuery } from '@tanstack/react-query';
import { workplaceMemberListSchema, type WorkplaceMember } from '@giving/shared/contracts/accounts';
import { ACCOUNT_QUERY_KEY } from '../../../lib/account-queries';
import { api } from '../../../lib/api-client';

/**
 * GET /api/accounts/workplace/{workplaceId}/members (Workplace_ViewMembers) — the people vouchers can be bought for,
 * with their business units. The workplace console's key for the same call: one cache for both.
 */
export const getWorkplaceMembers = ({ workplaceId, signal }: { workplaceId: string; signal?: AbortSignal }): Promise<{ items: WorkplaceMember[] }> =>
  api.get(`/accounts/workplace/${encodeURIComponent(workplaceId)}/members`, workplaceMemberListSchema, { signal });

export const workplaceMembersQueryOptions = (workplaceId: string) =>
  queryOptions({
    queryKey: [...ACCOUNT_QUERY_KEY, 'workplace-console', workplaceId, 'members'],
    queryFn: ({ signal }) => getWorkplaceMembers({ workplaceId, signal }),
  });

export const useWorkplaceMembers = (workplaceId: string, { enabled = true }: { enabled?: boolean } = {}) => useQuery({ ...workplaceMembersQueryOptions(workplaceId), enabled });
