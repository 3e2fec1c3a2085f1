import { useMutation, useQueryClient } from '@tanstack/react-query';
import { campaignRestrictionsSchema, type CampaignRestrictions } from '@giving/shared/contracts/matching';
import { api } from '../../../lib/api-client';
import { workplaceCampaignsQueryOptions } from './get-workplace-campaigns';

/** PUT /api/matching/workplace/{workplaceId}/campaigns/{campaignId}/restrictions — who may be matched (empty lists = everyone). */
export const saveRestrictions = ({ workplaceId, campaignId, restrictions }: { workplaceId: string; campaignId: string; restrictions: CampaignRestrictions }): Promise<CampaignRestrictions> =>
  api.put(`/matching/workplace/${encodeURIComponent(workplaceId)}/campaigns/${encodeURIComponent(campaignId)}/restrictions`, restrictions, campaignRestrictionsSchema);

export function useSaveRestrictions(workplaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ campaignId, restrictions }: { campaignId: string; restrictions: CampaignRestrictions }) => saveRestrictions({ workplaceId, campaignId, restrictions }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workplaceCampaignsQueryOptions(workplaceId).queryKey }),
  });
}
