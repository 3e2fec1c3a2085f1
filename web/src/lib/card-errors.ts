/** What can go wrong with the card before a payment is sent; the card frame and the payment flows (checkout, membership) share these. */

/** The gateway's hosted card fields reported problems in what the donor typed; the frame shows them itself. */
export class CardInvalidError extends Error {
  override name = 'CardInvalidError';
  constructor(readonly errors: Readonly<Record<string, string>>) {
    super('Please check your card details.');
  }
}

/** The card frame could not tokenise (gateway error, no answer, not loaded); `message` is for the donor. */
export class CardFrameError extends Error {
  override name = 'CardFrameError';
}

export const CARD_FRAME_NOT_READY = 'The secure card form is still loading. Please wait a moment and try again.';
export const CARD_FRAME_TIMEOUT = 'The secure card form did not respond. Please try again.';
export const CARD_FORM_UNAVAILABLE = 'We couldn’t load the secure card form. Please refresh the page to try again.';
export const CARD_FRAME_LOADING = 'Loading secure card form…';
