import { lazyPart } from '../../lib/lazy-part';

/**
 * The checkout form, in a chunk of its own: the gift, charity and fundraising pages draw their first screen (the
 * gift, the charity or the page, which a phone shows above the form) without it, then load and draw it (issue 12).
 */
export const checkoutFormPart = lazyPart(() => import('./components/checkout-form'));
