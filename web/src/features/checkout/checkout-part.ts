import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { CountryCode } from '@giving/shared/countries';
import { afterFirstScreen } from '../../lib/first-screen';
import { lazyPart } from '../../lib/lazy-part';

/**
 * The checkout form, in a chunk of its own: the gift, charity and fundraising pages draw their first screen (the
 * gift, the charity or the page, which a phone shows above the form) without it, then load and draw it (issue 12).
 */
const checkoutFormPart = lazyPart(() => import('./components/checkout-form'));

/**
 * A page's checkout form, once `ready` (its first screen's data is there) and that screen has been drawn. The
 * country's card gateway settings (the card fields' key and the fee) are asked for at the same time as the form's
 * code, so they are usually there for its first render: asked for by that render, they came a round trip after it (the
 * fee showing a dash meanwhile) and rendered the whole form again. (Loading the card fields' part with the form too
 * was tried: its frame then loads in the form's first render, and in traces of the gift page at 4x CPU the blocking
 * after the first paint was higher, 460-580 ms against 240-510, so it stays apart.)
 */
export function useCheckoutFormPart(ready: boolean, country: CountryCode) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!ready) return;
    void afterFirstScreen()
      .then(() => import('../../lib/payment-gateway'))
      .then(({ paymentGatewayQueryOptions }) => queryClient.prefetchQuery(paymentGatewayQueryOptions(country)));
  }, [ready, country, queryClient]);
  return checkoutFormPart.usePart(ready, { afterFirstScreen: true });
}
