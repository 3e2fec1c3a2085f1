import { queryOptions, useQuery } from '@tanstack/react-query';
import { givingSummarySchema, type GivingSummary } from '@giving/shared/contracts/workplace-reports';
import { ACCOUNT_QUERY_KEY } from '../../../lib/account';
import { api } from '../../../lib/api-client';

/** GET /api/workplace/{workplaceId}/reports/summary — the dashboard's giving figures: this month, this year, by giving type, top charities. */
export const getGivingSummary = ({ workplaceId, signal }: { workplaceId: string; signal?: AbortSignal }): Promise<GivingSummary> =>
  api.get(`/workplace/${encodeURIComponent(workplaceId)}/reports/summary`, givingSummarySchema, { signal });

export const givingSummaryQueryOptions = (workplaceId: string) =>
  queryOptions({
    queryKey: [...ACCOUNT_QUERY_KEY, 'workplace-console', workplaceId, 'giving-summary'],
    queryFn: ({ signal }) => getGivingSummary({ workplaceId, signal }),
  });

export const useGivingSummary = (workplaceId: string) => useQuery(givingSummaryQueryOptions(workplaceId));
