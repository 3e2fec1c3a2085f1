import { queryOptions, useQuery } from '@tanstack/react-query';
import { myVoucherListSchema, type MyVoucherList } from '@giving/shared/contracts/vouchers';
import { ACCOUNT_QUERY_KEY } from '../../../lib/account';
import { api } from '../../../lib/api-client';

/** GET /api/donations/me/vouchers — the member's gift vouchers (bought with their sign-in's e-mail), newest first. */
export const getMyVouchers = ({ signal }: { signal?: AbortSignal } = {}): Promise<MyVoucherList> => api.get('/donations/me/vouchers', myVoucherListSchema, { signal });

export const myVouchersQueryOptions = () =>
  queryOptions({
    queryKey: [...ACCOUNT_QUERY_KEY, 'user-area', 'gift-vouchers'],
    queryFn: ({ signal }) => getMyVouchers({ signal }),
  });

export const useMyVouchers = () => useQuery(myVouchersQueryOptions());
