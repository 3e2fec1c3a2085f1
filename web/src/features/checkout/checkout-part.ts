import { lazyPart } from '../../lib/lazy-part';

/**
 * The checkout form, in a chunk of its own: the gift and charity pages draw their first screen (the gift or the
 * charity, which a phone shows above the form) without it, then load and draw it (issue 12).
 */
export const checkoutFormPart = lazyPart(() => import('./components/checkout-form'));
