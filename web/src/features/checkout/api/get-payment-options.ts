import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PageType } from '@giving/shared/contracts/donations-public';
import { paymentOptionsFor, paymentOptionsSchema, type PaymentOptions } from '@giving/shared/payment-methods';
import { ACCOUNT_QUERY_KEY } from '../../../lib/account-queries';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

/** GET /api/donations/me/payment-options?pageType= — which methods the signed-in member may use (spec §6). */
export const getPaymentOptions = ({ pageType, signal }: { pageType: PageType; signal?: AbortSignal }): Promise<PaymentOptions> =>
  api.get(`/donations/me/payment-options?pageType=${encodeURIComponent(pageType)}`, paymentOptionsSchema, { signal });

export const paymentOptionsQueryOptions = (pageType: PageType) =>
  queryOptions({
    // Under the account key: signing out or in as someone else drops it.
    queryKey: [...ACCOUNT_QUERY_KEY, 'payment-options', pageType],
    queryFn: ({ signal }) => getPaymentOptions({ pageType, signal }),
    // Workplace roles change rarely; a checkout opened a minute ago is still right (the API checks again on submit).
    staleTime: 60_000,
  });

export interface PaymentOptionsState {
  /** Undefined while a signed-in member's options load (or when loading them failed). */
  options?: PaymentOptions;
  isPending: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * The payment methods this donor may use on a page of this type. Guests (and a session still loading, which the
 * checkout shows as a guest) get the shared rule at once, with no call: card or voucher. Signed-in members ask the
 * API, which answers from their workplace roles.
 */
export function usePaymentOptions(pageType: PageType): PaymentOptionsState {
  const signedIn = useSession().status === 'signedIn';
  const query = useQuery({ ...paymentOptionsQueryOptions(pageType), enabled: signedIn });
  if (!signedIn) {
    return { options: paymentOptionsFor(pageType, { signedIn: false }), isPending: false, error: null, refetch: () => undefined };
  }
  return { options: query.data, isPending: query.isPending, error: query.error, refetch: query.refetch };
}
