import { useMutation, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { offlineDonationSchema, type offlineDonationInputSchema, type OfflineDonation } from '@giving/shared/contracts/fundraising';
import { api } from '../../../lib/api-client';
import { pageOfflineDonationsQueryOptions } from './get-page-offline-donations';
import { segment } from './keys';

export type OfflineDonationInput = z.output<typeof offlineDonationInputSchema>;

/** POST /api/fundraising/pages/{pageId}/offline-donations — a gift received offline (201); it counts once the charity confirms it. */
export const enterOfflineDonation = ({ pageId, donation }: { pageId: string; donation: OfflineDonationInput }): Promise<OfflineDonation> =>
  api.post(`/fundraising/pages/${segment(pageId)}/offline-donations`, donation, offlineDonationSchema);

export function useEnterOfflineDonation(pageId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (donation: OfflineDonationInput) => enterOfflineDonation({ pageId, donation }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pageOfflineDonationsQueryOptions(pageId).queryKey }),
  });
}
