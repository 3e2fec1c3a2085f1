import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { adminGiftListSchema, type AdminGiftList } from '@giving/shared/contracts/dollar-handles';
import { api } from '../../../lib/api-client';
import { backOfficeGiftsKey } from './keys';

export interface BackOfficeGiftFilter {
  /** Matches a gift's title or its charity's name. */
  q: string;
  charityId?: string;
}

/** GET /api/donations/backoffice/gifts?q=&charityId=&cursor= — every charity's gifts, a page at a time. */
export const getBackOfficeGifts = ({ q, charityId, cursor, signal }: BackOfficeGiftFilter & { cursor?: string; signal?: AbortSignal }): Promise<AdminGiftList> => {
  const query = new URLSearchParams();
  if (q) query.set('q', q);
  if (charityId) query.set('charityId', charityId);
  if (cursor) query.set('cursor', cursor);
  const search = query.toString();
  return api.get(`/donations/backoffice/gifts${search ? `?${search}` : ''}`, adminGiftListSchema, { signal });
};

export const backOfficeGiftsQueryOptions = (filter: BackOfficeGiftFilter) =>
  infiniteQueryOptions({
    queryKey: [...backOfficeGiftsKey, filter.q, filter.charityId ?? null],
    queryFn: ({ pageParam, signal }) => getBackOfficeGifts({ ...filter, cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor,
  });

export const useBackOfficeGifts = (filter: BackOfficeGiftFilter) => useInfiniteQuery(backOfficeGiftsQueryOptions(filter));
