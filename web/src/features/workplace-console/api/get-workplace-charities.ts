import { queryOptions, useQuery } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { workplaceCharityListSchema } from '@giving/shared/contracts/accounts';
import { ACCOUNT_QUERY_KEY } from '../../../lib/account';
import { api } from '../../../lib/api-client';

export type WorkplaceCharityList = z.infer<typeof workplaceCharityListSchema>;

/** GET /api/accounts/workplace/{workplaceId}/charities — the charities the workplace supports. */
export const getWorkplaceCharities = ({ workplaceId, signal }: { workplaceId: string; signal?: AbortSignal }): Promise<WorkplaceCharityList> =>
  api.get(`/accounts/workplace/${encodeURIComponent(workplaceId)}/charities`, workplaceCharityListSchema, { signal });

export const workplaceCharitiesQueryOptions = (workplaceId: string) =>
  queryOptions({
    queryKey: [...ACCOUNT_QUERY_KEY, 'workplace-console', workplaceId, 'charities'],
    queryFn: ({ signal }) => getWorkplaceCharities({ workplaceId, signal }),
  });

export const useWorkplaceCharities = (workplaceId: string, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...workplaceCharitiesQueryOptions(workplaceId), enabled });
