import { useMutation, useQueryClient } from '@tanstack/react-query';
import { campaignSchema, type Campaign, type CampaignInput } from '@giving/shared/contracts/matching';
import { api } from '../../../lib/api-client';
import { workplaceCampaignsQueryOptions } from './get-workplace-campaigns';

/**
 * POST /api/matching/workplace/{workplaceId}/campaigns (a new campaign) or
 * PUT /api/matching/workplace/{workplaceId}/campaigns/{campaignId} (the whole campaign, e.g. switched on or off).
 */
export const saveCampaign = ({ workplaceId, campaignId, input }: { workplaceId: string; campaignId?: string; input: CampaignInput }): Promise<Campaign> => {
  const base = `/matching/workplace/${encodeURIComponent(workplaceId)}/campaigns`;
  return campaignId ? api.put(`${base}/${encodeURIComponent(campaignId)}`, input, campaignSchema) : api.post(base, input, campaignSchema);
};

export function useSaveCampaign(workplaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ campaignId, input }: { campaignId?: string; input: CampaignInput }) => saveCampaign({ workplaceId, campaignId, input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workplaceCampaignsQueryOptions(workplaceId).queryKey }),
  });
}
