import { queryOptions, useQuery } from '@tanstack/react-query';
import { campaignStatsSchema, campaignTransactionListSchema, type CampaignStats, type CampaignTransactionList } from '@giving/shared/contracts/matching';
import { api } from '../../../lib/api-client';
import { workplaceCampaignsQueryOptions } from './get-workplace-campaigns';

/** What a campaign has matched: its stats and every bonus it gave (newest first). */
const campaignPath = (workplaceId: string, campaignId: string) => `/matching/workplace/${encodeURIComponent(workplaceId)}/campaigns/${encodeURIComponent(campaignId)}`;
/** Under the list's key: a change to the campaigns refreshes their figures too. */
const figuresKey = (workplaceId: string, campaignId: string) => [...workplaceCampaignsQueryOptions(workplaceId).queryKey, campaignId] as const;

/** GET /api/matching/workplace/{workplaceId}/campaigns/{campaignId}/stats */
export const getCampaignStats = ({ workplaceId, campaignId, signal }: { workplaceId: string; campaignId: string; signal?: AbortSignal }): Promise<CampaignStats> =>
  api.get(`${campaignPath(workplaceId, campaignId)}/stats`, campaignStatsSchema, { signal });

export const useCampaignStats = (workplaceId: string, campaignId: string) =>
  useQuery(queryOptions({ queryKey: [...figuresKey(workplaceId, campaignId), 'stats'], queryFn: ({ signal }) => getCampaignStats({ workplaceId, campaignId, signal }) }));

/** GET /api/matching/workplace/{workplaceId}/campaigns/{campaignId}/transactions */
export const getCampaignTransactions = ({ workplaceId, campaignId, signal }: { workplaceId: string; campaignId: string; signal?: AbortSignal }): Promise<CampaignTransactionList> =>
  api.get(`${campaignPath(workplaceId, campaignId)}/transactions`, campaignTransactionListSchema, { signal });

export const useCampaignTransactions = (workplaceId: string, campaignId: string) =>
  useQuery(queryOptions({ queryKey: [...figuresKey(workplaceId, campaignId), 'transactions'], queryFn: ({ signal }) => getCampaignTransactions({ workplaceId, campaignId, signal }) }));
