import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminGiftListSchema, type AdminGiftList } from '@giving/shared/contracts/dollar-handles';
import { api } from '../../../lib/api-client';
import { charityDonationsKey } from './keys';

/** GET /api/donations/charity/{charityId}/gifts — every gift of the charity, active or not. */
export const getCharityGifts = ({ charityId, signal }: { charityId: string; signal?: AbortSignal }): Promise<AdminGiftList> =>
  api.get(`/donations/charity/${encodeURIComponent(charityId)}/gifts`, adminGiftListSchema, { signal });

export const charityGiftsQueryOptions = (charityId: string) =>
  queryOptions({
    queryKey: [...charityDonationsKey(charityId), 'gifts'],
    queryFn: ({ signal }) => getCharityGifts({ charityId, signal }),
  });

export const useCharityGifts = (charityId: string, { enabled = true }: { enabled?: boolean } = {}) => useQuery({ ...charityGiftsQueryOptions(charityId), enabled });
