import { queryOptions, useQuery } from '@tanstack/react-query';
import { giftSchema, type Gift } from '@giving/shared/contracts/donations-public';
import { api } from '../../../lib/api-client';

/** GET /api/donations/gifts/{charityUrl}/{productUrl} — one gift for its page (404 when missing). */
export const getGift = ({ charityUrl, productUrl, signal }: { charityUrl: string; productUrl: string; signal?: AbortSignal }): Promise<Gift> =>
  api.get(`/donations/gifts/${encodeURIComponent(charityUrl)}/${encodeURIComponent(productUrl)}`, giftSchema, { signal });

export const giftQueryOptions = (charityUrl: string, productUrl: string) =>
  queryOptions({
    queryKey: ['gifts', 'detail', charityUrl, productUrl],
    queryFn: ({ signal }) => getGift({ charityUrl, productUrl, signal }),
  });

export const useGift = (charityUrl: string, productUrl: string) => useQuery(giftQueryOptions(charityUrl, productUrl));
