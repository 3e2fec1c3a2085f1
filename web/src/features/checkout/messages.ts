import { MESSAGES } from '@giving/shared/contracts/messages';

/** Shown when a payment fails and the server gave no message (the API's default). */
export const DEFAULT_PAYMENT_FAILURE = MESSAGES.paymentFailed;
/** The payment request never got an answer; pressing Donate again resends the very same payment. */
export const PAYMENT_NOT_SENT = 'We couldn’t reach Koha to send your payment. Check your connection and press Donate again.';
/** The status stopped answering; the payment may still complete, so the donor must not simply pay again. */
export const PAYMENT_STATUS_UNKNOWN =
  'We couldn’t confirm your payment yet. Please check your email for a receipt before trying again.';

/** Spec §4: the first status was missing; the checkout waits 3 seconds and asks again. */
export const WORKING_ON_IT = 'Working on it';
/** The payment's status was still missing after the retry. */
export const PAYMENT_STATUS_MISSING = 'We couldn’t find your payment to confirm it. Please check your email for a receipt before trying again.';

/** Spec §2 "Checkout form": the payment processing modal. */
export const PROCESSING_TITLE = 'Payment Processing';
export const PROCESSING_BE_PATIENT = 'Please be patient. This may take a few moments to process';
export const PROCESSING_STAY = 'Please don’t click away from this screen until payment is completed';

/** Shown where the card fields go until the gateway's frame is ready. */
export { CARD_FRAME_LOADING } from '../../lib/card-errors';
