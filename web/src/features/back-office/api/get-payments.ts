import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  backOfficePaymentDetailSchema,
  backOfficePaymentListSchema,
  type BackOfficePaymentDetail,
  type BackOfficePaymentList,
  type BackOfficePaymentsQuery,
} from '@giving/shared/contracts/back-office-payments';
import { ACCOUNT_QUERY_KEY } from '../../../lib/account';
import { api, isNotFound } from '../../../lib/api-client';

/** The list's filters: a tracking number or donor's e-mail, a status, a charity (blank parts are left out). */
export type PaymentFilters = Omit<BackOfficePaymentsQuery, 'cursor'>;

export const PAYMENTS_KEY = [...ACCOUNT_QUERY_KEY, 'back-office', 'payments'] as const;

/** '?q=…&status=…&charityId=…&cursor=…', blank parts left out. */
function paymentsSearch({ q, status, charityId, cursor }: BackOfficePaymentsQuery): string {
  const query = new URLSearchParams();
  if (q) query.set('q', q);
  if (status) query.set('status', status);
  if (charityId) query.set('charityId', charityId);
  if (cursor) query.set('cursor', cursor);
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** GET /api/donations/backoffice/payments?q=&status=&charityId=&cursor= — every payment, newest first, 25 a page. */
export const getPayments = ({ signal, ...query }: BackOfficePaymentsQuery & { signal?: AbortSignal }): Promise<BackOfficePaymentList> =>
  api.get(`/donations/backoffice/payments${paymentsSearch(query)}`, backOfficePaymentListSchema, { signal });

export const paymentsQueryOptions = (filters: PaymentFilters) =>
  infiniteQueryOptions({
    queryKey: [...PAYMENTS_KEY, 'list', filters.q ?? '', filters.status ?? '', filters.charityId ?? ''],
    queryFn: ({ pageParam, signal }) => getPayments({ ...filters, cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor,
  });

export const usePayments = (filters: PaymentFilters) => useInfiniteQuery(paymentsQueryOptions(filters));

/** GET /api/donations/backoffice/payments/{trackingNumber} — one payment with its history; null when there is none (404). */
export const getPayment = async ({ trackingNumber, signal }: { trackingNumber: string; signal?: AbortSignal }): Promise<BackOfficePaymentDetail | null> => {
  try {
    return await api.get(`/donations/backoffice/payments/${encodeURIComponent(trackingNumber)}`, backOfficePaymentDetailSchema, { signal });
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
};

export const paymentQueryOptions = (trackingNumber: string) =>
  queryOptions({
    queryKey: [...PAYMENTS_KEY, 'detail', trackingNumber],
    queryFn: ({ signal }) => getPayment({ trackingNumber, signal }),
    // While a refund is being given back, read it again every 2 s until its workflow ends.
    refetchInterval: (query) => (query.state.data?.refunds.some((refund) => refund.status === 'Requested') ? 2000 : false),
  });

export const usePayment = (trackingNumber: string) => useQuery(paymentQueryOptions(trackingNumber));
