import { queryOptions, useQuery } from '@tanstack/react-query';
import { matchingPaymentListSchema, type MatchingPaymentList } from '@giving/shared/contracts/matching-payments';
import { ACCOUNT_QUERY_KEY } from '../../../lib/account-queries';
import { api } from '../../../lib/api-client';

export type MatchingPaymentStatus = 'owed' | 'paid' | 'all';

/** Every matching-payments query (a workplace's, the back office's) starts here: recording a payment refreshes them all. */
export const matchingPaymentsKey = [...ACCOUNT_QUERY_KEY, 'matching-payments'] as const;

/** GET /api/matching/workplace/{workplaceId}/payments — what the workplace owes per campaign and month, newest first. */
export const getWorkplaceMatchingPayments = ({ workplaceId, signal }: { workplaceId: string; signal?: AbortSignal }): Promise<MatchingPaymentList> =>
  api.get(`/matching/workplace/${encodeURIComponent(workplaceId)}/payments`, matchingPaymentListSchema, { signal });

export const workplaceMatchingPaymentsQueryOptions = (workplaceId: string) =>
  queryOptions({
    queryKey: [...matchingPaymentsKey, 'workplace', workplaceId],
    queryFn: ({ signal }) => getWorkplaceMatchingPayments({ workplaceId, signal }),
  });

export const useWorkplaceMatchingPayments = (workplaceId: string) => useQuery(workplaceMatchingPaymentsQueryOptions(workplaceId));

/** GET /api/matching/backoffice/payments?status=owed|paid|all — the same, across workplaces (each row names its workplace). */
export const getBackOfficeMatchingPayments = ({ status, signal }: { status: MatchingPaymentStatus; signal?: AbortSignal }): Promise<MatchingPaymentList> =>
  api.get(`/matching/backoffice/payments?status=${status}`, matchingPaymentListSchema, { signal });

export const backOfficeMatchingPaymentsQueryOptions = (status: MatchingPaymentStatus) =>
  queryOptions({
    queryKey: [...matchingPaymentsKey, 'backoffice', status],
    queryFn: ({ signal }) => getBackOfficeMatchingPayments({ status, signal }),
  });

export const useBackOfficeMatchingPayments = (status: MatchingPaymentStatus) => useQuery(backOfficeMatchingPaymentsQueryOptions(status));
