import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { workplaceVoucherListSchema, type WorkplaceVoucherList } from '@giving/shared/contracts/vouchers';
import { ACCOUNT_QUERY_KEY } from '../../../lib/account-queries';
import { api } from '../../../lib/api-client';

/** Every page of a workplace's voucher list (under the account's key: signing out drops them). */
export const workplaceVouchersKey = (workplaceId: string) => [...ACCOUNT_QUERY_KEY, 'workplace-vouchers', workplaceId] as const;

/**
 * GET /api/donations/workplace/{workplaceId}/vouchers?cursor= — the vouchers the workplace bought, newest first, 50 a
 * page, each with who has it and what is left on it; every page carries the totals over all of them.
 */
export function getWorkplaceVouchers({ workplaceId, cursor, signal }: { workplaceId: string; cursor?: string; signal?: AbortSignal }): Promise<WorkplaceVoucherList> {
  const query = cursor ? `?${new URLSearchParams({ cursor }).toString()}` : '';
  return api.get(`/donations/workplace/${encodeURIComponent(workplaceId)}/vouchers${query}`, workplaceVoucherListSchema, { signal });
}

export const workplaceVouchersQueryOptions = (workplaceId: string) =>
  infiniteQueryOptions({
    queryKey: workplaceVouchersKey(workplaceId),
    queryFn: ({ pageParam, signal }) => getWorkplaceVouchers({ workplaceId, cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor,
  });

export const useWorkplaceVouchers = (workplaceId: string) => useInfiniteQuery(workplaceVouchersQueryOptions(workplaceId));
