import { queryOptions, useQuery } from '@tanstack/react-query';
import { campaignListSchema, type CampaignList } from '@giving/shared/contracts/matching';
import { ACCOUNT_QUERY_KEY } from '../../../lib/account-queries';
import { api } from '../../../lib/api-client';

/** GET /api/matching/workplace/{workplaceId}/campaigns — the workplace's matching campaigns, newest first. */
export const getWorkplaceCampaigns = ({ workplaceId, signal }: { workplaceId: string; signal?: AbortSignal }): Promise<CampaignList> =>
  api.get(`/matching/workplace/${encodeURIComponent(workplaceId)}/campaigns`, campaignListSchema, { signal });

export const workplaceCampaignsQueryOptions = (workplaceId: string) =>
  queryOptions({
    queryKey: [...ACCOUNT_QUERY_KEY, 'matching', workplaceId, 'campaigns'],
    queryFn: ({ signal }) => getWorkplaceCampaigns({ workplaceId, signal }),
  });

export const useWorkplaceCampaigns = (workplaceId: string) => useQuery(workplaceCampaignsQueryOptions(workplaceId));
