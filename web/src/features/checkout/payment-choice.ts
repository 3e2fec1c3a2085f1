import type { PaymentType } from '@giving/shared/contracts/donations-public';

/** How often the donor gives by card (spec §3 donationFrequency): once, or every month from a saved card. */
export type DonationFrequency = 'OnceOff' | 'Monthly';

/** What choosing a payment method changes besides the method itself (spec §4 "Payment type"). */
export interface PaymentTypeChange {
  paymentType: PaymentType;
  /** Forget the applied voucher and its code. */
  clearVoucher: boolean;
  /** Set the tip to none. */
  clearTip: boolean;
  /** Give once, not monthly. */
  recurringOff: boolean;
}

/**
 * Spec §4: payroll sets tip 0, not recurring, and clears the voucher; a voucher turns recurring off; card while a
 * voucher is applied clears it; unchecking the voucher (choosing it again while it is the method) resets to NONE.
 */
export function choosePaymentType(current: { paymentType: PaymentType; voucherApplied: boolean }, chosen: PaymentType): PaymentTypeChange {
  const unchanged = { paymentType: chosen, clearVoucher: false, clearTip: false, recurringOff: false };
  switch (chosen) {
    case 'PAYROLL':
      return { paymentType: 'PAYROLL', clearVoucher: true, clearTip: true, recurringOff: true };
    case 'VOUCHER':
      if (current.paymentType === 'VOUCHER') return { ...unchanged, paymentType: 'NONE', clearVoucher: true };
      return { ...unchanged, recurringOff: true };
    case 'CARD':
      return { ...unchanged, clearVoucher: current.voucherApplied };
    case 'NONE':
      return { ...unchanged, clearVoucher: true };
  }
}

/** Which methods this donor may use here (spec §6); the API enforces the same rule. */
export interface AllowedPaymentMethods {
  card: boolean;
  voucher: boolean;
  payroll: boolean;
  recurring: boolean;
}

/** The method a fresh checkout starts on: card when allowed (most donors pay by card), else nothing chosen. */
export function initialPaymentType(allowed: AllowedPaymentMethods, saved?: PaymentType): PaymentType {
  if (saved && saved !== 'NONE' && isAllowed(allowed, saved)) return saved;
  return allowed.card ? 'CARD' : 'NONE';
}

export function isAllowed(allowed: AllowedPaymentMethods, paymentType: PaymentType): boolean {
  if (paymentType === 'CARD') return allowed.card;
  if (paymentType === 'VOUCHER') return allowed.voucher;
  if (paymentType === 'PAYROLL') return allowed.payroll;
  return true;
}

/** What the Donate button needs to know to be enabled (spec §5 "Submit disabled when"). */
export interface SubmitReadiness {
  paymentType: PaymentType;
  /** The form shows errors (fields the donor has to fix). */
  hasErrors: boolean;
  voucherApplied: boolean;
  voucherCovers: boolean;
}

/**
 * Spec §5: submit is disabled with no payment type; for card with form errors; for a voucher that does not cover the
 * total while the form (donor details, card) has errors; and when no voucher is applied and the method is not card.
 * Payroll has its own button.
 */
export function submitDisabled({ paymentType, hasErrors, voucherApplied, voucherCovers }: SubmitReadiness): boolean {
  if (paymentType === 'NONE' || paymentType === 'PAYROLL') return true;
  if (paymentType === 'CARD') return hasErrors;
  if (!voucherApplied) return true;
  return !voucherCovers && hasErrors;
}
