import { queryOptions, useQuery } from '@tanstack/react-query';
import { giftListSchema, type GiftList } from '@giving/shared/contracts/donations';
import { api } from '../../../lib/api-client';

/** GET /api/donations/charities/{charityUrl}/gifts — up to 24 of a charity's gifts. */
export const getCharityGifts = ({ charityUrl, signal }: { charityUrl: string; signal?: AbortSignal }): Promise<GiftList> =>
  api.get(`/donations/charities/${encodeURIComponent(charityUrl)}/gifts`, giftListSchema, { signal });

export const charityGiftsQueryOptions = (charityUrl: string) =>
  queryOptions({
    queryKey: ['gifts', 'by-charity', charityUrl],
    queryFn: ({ signal }) => getCharityGifts({ charityUrl, signal }),
  });

export const useCharityGifts = (charityUrl: string) => useQuery(charityGiftsQueryOptions(charityUrl));
