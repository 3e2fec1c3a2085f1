import { queryOptions, useQuery } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { offlineDonationListSchema, type OfflineDonation } from '@giving/shared/contracts/fundraising';
import { api } from '../../../lib/api-client';
import { charityFundraisingKey, segment } from './keys';

export type OfflineDonationList = z.infer<typeof offlineDonationListSchema>;

/** GET /api/fundraising/charity/{charityId}/offline-donations?status= — offline gifts entered on the charity's pages. */
export const getCharityOfflineDonations = ({ charityId, status, signal }: { charityId: string; status: OfflineDonation['status']; signal?: AbortSignal }): Promise<OfflineDonationList> =>
  api.get(`/fundraising/charity/${segment(charityId)}/offline-donations?status=${status}`, offlineDonationListSchema, { signal });

export const charityOfflineDonationsQueryOptions = (charityId: string, status: OfflineDonation['status']) =>
  queryOptions({
    queryKey: [...charityFundraisingKey(charityId), 'offline-donations', status],
    queryFn: ({ signal }) => getCharityOfflineDonations({ charityId, status, signal }),
  });

export const useCharityOfflineDonations = (charityId: string, status: OfflineDonation['status']) => useQuery(charityOfflineDonationsQueryOptions(charityId, status));
