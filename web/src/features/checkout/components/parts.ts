import { lazyPart } from '../../../lib/lazy-part';

/** The card gateway's frame (an iframe and its script): after the page's first screen, in its place's spinner. */
export const cardFramePart = lazyPart(() => import('../../../components/payments/card-frame'));

/** The payment's progress dialog: only once a payment is being made. */
export const processingModalPart = lazyPart(() => import('./processing-modal'));
