import { queryOptions, useQuery } from '@tanstack/react-query';
import { workplaceSchema, type Workplace } from '@giving/shared/contracts/accounts';
import { ACCOUNT_QUERY_KEY } from '../../../lib/account-queries';
import { api } from '../../../lib/api-client';

/**
 * GET /api/accounts/workplace/{workplaceId}/settings — the workplace's business units (a campaign may match only some
 * of them). The workplace console's key for the same call (its layout reads it for the country): one cache.
 */
export const getWorkplace = ({ workplaceId, signal }: { workplaceId: string; signal?: AbortSignal }): Promise<Workplace> =>
  api.get(`/accounts/workplace/${encodeURIComponent(workplaceId)}/settings`, workplaceSchema, { signal });

export const workplaceQueryOptions = (workplaceId: string) =>
  queryOptions({
    queryKey: [...ACCOUNT_QUERY_KEY, 'workplace-console', workplaceId, 'settings'],
    queryFn: ({ signal }) => getWorkplace({ workplaceId, signal }),
  });

export const useWorkplace = (workplaceId: string) => useQuery(workplaceQueryOptions(workplaceId));
