import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api } from '../../../lib/api-client';
import { charityFundraisingKey, publicFundraisingKey, segment } from './keys';

/** POST /api/fundraising/charity/{charityId}/offline-donations/{offlineDonationId}/confirm — it joins its page's totals, once (409 when already confirmed). */
export const confirmOfflineDonation = ({ charityId, offlineDonationId }: { charityId: string; offlineDonationId: string }): Promise<unknown> =>
  api.post(`/fundraising/charity/${segment(charityId)}/offline-donations/${segment(offlineDonationId)}/confirm`, undefined, z.unknown());

export function useConfirmOfflineDonation(charityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (offlineDonationId: string) => confirmOfflineDonation({ charityId, offlineDonationId }),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: charityFundraisingKey(charityId) }), queryClient.invalidateQueries({ queryKey: publicFundraisingKey })]),
  });
}
