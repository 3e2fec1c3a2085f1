import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { donationHistoryPageSchema, type DonationHistoryPage } from '@giving/shared/contracts/member-giving';
import { ACCOUNT_QUERY_KEY } from '../../../lib/account';
import { api } from '../../../lib/api-client';

/** GET /api/donations/me/donations?cursor= — the member's completed donations, newest first, a page at a time. */
export const getMyDonationHistory = ({ cursor, signal }: { cursor?: string; signal?: AbortSignal } = {}): Promise<DonationHistoryPage> =>
  api.get(`/donations/me/donations${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`, donationHistoryPageSchema, { signal });

export const myDonationHistoryQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: [...ACCOUNT_QUERY_KEY, 'user-area', 'donation-history'],
    queryFn: ({ pageParam, signal }) => getMyDonationHistory({ cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor,
  });

export const useMyDonationHistory = () => useInfiniteQuery(myDonationHistoryQueryOptions());
