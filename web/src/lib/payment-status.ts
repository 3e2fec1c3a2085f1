import { queryOptions, useQuery } from '@tanstack/react-query';
import { paymentStatusResponseSchema, type PaymentStatus, type PaymentStatusResponse } from '@giving/shared/contracts/donations-public';
import { api, isNotFound } from './api-client';

/** Spec §4: the checkout polls the payment's status every 2 seconds. */
export const PAYMENT_STATUS_POLL_MS = 2000;
/** Failed status calls tolerated (about 20 s of outage) before the checkout stops and tells the donor. */
export const MAX_STATUS_ERRORS = 10;
/** Spec §4: when the first status is missing, wait 3 seconds and ask once more before polling (or failing). */
export const MISSING_STATUS_RETRY_MS = 3000;

/** The payment's status was not there (404) and no status has been seen yet: 'Working on it'. */
export const isMissingBeforeFirstStatus = (query: { data?: unknown; error: unknown }) => query.data === undefined && isNotFound(query.error);

export const isFinalStatus = (status: PaymentStatus | undefined): status is 'Completed' | 'Failed' =>
  status === 'Completed' || status === 'Failed';

/** GET /api/donations/payments/{trackingNumber}/status */
export const getPaymentStatus = ({ trackingNumber, signal }: { trackingNumber: string; signal?: AbortSignal }): Promise<PaymentStatusResponse> =>
  api.get(`/donations/payments/${encodeURIComponent(trackingNumber)}/status`, paymentStatusResponseSchema, { signal });

export const paymentStatusQueryOptions = (trackingNumber: string) =>
  queryOptions({
    queryKey: ['payments', trackingNumber, 'status'],
    queryFn: ({ signal }) => getPaymentStatus({ trackingNumber, signal }),
    // The poll is the retry; a status is never fresh.
    retry: false,
    staleTime: 0,
    refetchIntervalInBackground: true,
    refetchInterval: (query) => {
      if (isFinalStatus(query.state.data?.paymentProcessingStatus)) return false;
      // Missing at first: one more try after 3 s; missing again means the payment is not there (the flow fails).
      if (isMissingBeforeFirstStatus(query.state)) return query.state.errorUpdateCount === 1 ? MISSING_STATUS_RETRY_MS : false;
      if (query.state.errorUpdateCount >= MAX_STATUS_ERRORS) return false;
      return PAYMENT_STATUS_POLL_MS;
    },
  });

/** Polls until the payment is Completed or Failed; stops when the component unmounts or `trackingNumber` is undefined. */
export const usePaymentStatus = (trackingNumber: string | undefined) =>
  useQuery({ ...paymentStatusQueryOptions(trackingNumber ?? ''), enabled: trackingNumber !== undefined });
