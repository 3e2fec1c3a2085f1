/**
 * The card transaction fee the donor covers (docs/DECISIONS.md): a percentage of the part paid by card, rounded to
 * the cent (half up), plus a fixed amount; nothing when the card pays nothing. One function for the server (which
 * charges it) and the SPA (which shows it), so both always agree to the cent.
 */
export interface TransactionProcessingFees {
  /** The percentage in basis points: 190 is 1.9%. */
  readonly percentBasisPoints: number;
  /** Added to every card payment, in cents. */
  readonly fixedCents: number;
}

/** round(cardCents × percentBasisPoints / 10000) + fixedCents when cardCents > 0, else 0. Integer cents throughout. */
export function transactionFeeCents(cardCents: number, fees: TransactionProcessingFees): number {
  if (!Number.isSafeInteger(cardCents) || cardCents < 0) throw new RangeError(`cardCents must be a whole number of cents >= 0, got ${cardCents}`);
  if (cardCents === 0) return 0;
  // Half up, in integers: floor((n + 5000) / 10000) for n >= 0 (n stays far below 2^53 for any real payment).
  return Math.floor((cardCents * fees.percentBasisPoints + 5000) / 10000) + fees.fixedCents;
}

/**
 * The part of a checkout the card pays: the donation × quantity + tip, less what a gift voucher pays (never below
 * zero). Payroll pledges have no card part.
 */
export function cardPartCents(payment: { donationAmountCents: number; quantity: number; supportingAmountCents: number; voucherCents?: number }): number {
  const total = payment.donationAmountCents * payment.quantity + payment.supportingAmountCents;
  return Math.max(0, total - (payment.voucherCents ?? 0));
}
