/**
 * The browser-side protocol with the card gateway's hosted fields (an iframe on the gateway's own origin).
 * Our page asks the frame to tokenise; the frame answers with a token, or with field errors to show. A page whose own
 * fields are wrong asks the frame to show its errors too ('validate', no answer), so the donor sees every problem at once.
 */
export const CARD_FRAME_MESSAGE = 'giving-card-frame';

export type ToCardFrame =
  | { type: typeof CARD_FRAME_MESSAGE; action: 'tokenise'; requestId: string }
  | { type: typeof CARD_FRAME_MESSAGE; action: 'validate' };

export type FromCardFrame =
  | { type: typeof CARD_FRAME_MESSAGE; event: 'ready' }
  | { type: typeof CARD_FRAME_MESSAGE; event: 'resize'; height: number }
  | { type: typeof CARD_FRAME_MESSAGE; event: 'change'; complete: boolean }
  | { type: typeof CARD_FRAME_MESSAGE; event: 'tokenised'; requestId: string; token: string; cardType: 'visa' | 'mastercard' | 'amex' | 'unknown'; last4: string }
  | { type: typeof CARD_FRAME_MESSAGE; event: 'invalid'; requestId: string; errors: Record<string, string> }
  | { type: typeof CARD_FRAME_MESSAGE; event: 'error'; requestId: string; message: string };

/** Sandbox test cards (documented in the README). */
export const TEST_CARDS = {
  approve: '4242424242424242',
  decline: '4000000000000002',
  insufficientFunds: '4000000000009995',
  transientThenApprove: '4000000000000119',
  lostReply: '4000000000000259',
  /** Approved as a new card; once saved, every charge declines with insufficient funds (a soft decline: retry later). */
  savedCardInsufficientFunds: '4000000000000341',
  /** Approved as a new card; once saved, the first charge declines with insufficient funds and later ones are approved. */
  savedCardInsufficientFundsOnce: '4000000000003220',
  /** Approved as a new card; once saved, every charge declines as a stolen card (a hard decline: never retry). */
  savedCardStolen: '4000000000009979',
} as const;
