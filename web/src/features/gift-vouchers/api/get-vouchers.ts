import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { backOfficeVoucherListSchema, type BackOfficeVoucherList } from '@giving/shared/contracts/vouchers';
import { ACCOUNT_QUERY_KEY } from '../../../lib/account';
import { api } from '../../../lib/api-client';

/** GET /api/donations/backoffice/vouchers?q=&cursor= — every voucher, newest first, 25 a page; q searches buyer e-mails. */
export function getVouchers({ q, cursor, signal }: { q?: string; cursor?: string; signal?: AbortSignal }): Promise<BackOfficeVoucherList> {
  const query = new URLSearchParams();
  if (q) query.set('q', q);
  if (cursor) query.set('cursor', cursor);
  const search = query.toString();
  return api.get(`/donations/backoffice/vouchers${search ? `?${search}` : ''}`, backOfficeVoucherListSchema, { signal });
}

export const vouchersQueryOptions = (q: string) =>
  infiniteQueryOptions({
    queryKey: [...ACCOUNT_QUERY_KEY, 'back-office', 'vouchers', q],
    queryFn: ({ pageParam, signal }) => getVouchers({ q, cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor,
  });

export const useVouchers = (q: string) => useInfiniteQuery(vouchersQueryOptions(q));
