import {
  VOUCHER_CODE_LENGTH,
  VOUCHER_CODE_MIN_APPLY,
  VOUCHER_EXPIRED,
  VOUCHER_USED_UP,
  VOUCHER_WRONG_COUNTRY,
  normalizeVoucherCode,
  voucherCovers,
} from '@giving/shared/contracts/voucher-codes';
import type { Currency, Money } from '@giving/shared/money';

export { voucherCovers };

/**
 * The checkout's gift voucher (spec §3 voucher, §4 "Voucher"): DEFAULT -> VOUCHER_API_LOADING on Apply ->
 * VOUCHER_APPLIED on success, or back to DEFAULT with the error; Cancel returns to DEFAULT with amount 0 and an empty
 * code. `voucherAmount` is what the applied voucher holds (its remaining balance, in cents): the server takes
 * min(balance, total) from it when the payment runs.
 */
export type VoucherStatus = 'DEFAULT' | 'VOUCHER_API_LOADING' | 'VOUCHER_APPLIED';

export interface VoucherState {
  voucherState: VoucherStatus;
  voucherCode: string;
  voucherAmount: number;
  isExpired: boolean;
  /** When the applied (or expired) voucher expires, ISO text. */
  expiresAt?: string;
  error?: string;
}

export type VoucherAction =
  | { type: 'codeChanged'; code: string }
  | { type: 'applyStarted' }
  | { type: 'applySucceeded'; remainingBalance: Money; isExpired: boolean; expiresAt: string; currency: Currency }
  | { type: 'applyFailed'; error: string }
  /** The API found the applied voucher holds less than it did when applied (409 naming voucher.code). */
  | { type: 'balanceChanged' }
  | { type: 'cancelled' };

export const initialVoucherState = (voucherCode = ''): VoucherState => ({
  voucherState: 'DEFAULT',
  voucherCode: normalizeVoucherCode(voucherCode).slice(0, VOUCHER_CODE_LENGTH),
  voucherAmount: 0,
  isExpired: false,
});

/** Spec §5: Apply is enabled at 6 characters or more (and not while a lookup runs); an empty code does nothing. */
export const canApplyVoucher = (state: VoucherState) =>
  state.voucherState === 'DEFAULT' && state.voucherCode.length >= VOUCHER_CODE_MIN_APPLY;

export function voucherReducer(state: VoucherState, action: VoucherAction): VoucherState {
  switch (action.type) {
    case 'codeChanged':
      // The code is fixed once applied (Cancel first); typing clears the last error.
      if (state.voucherState !== 'DEFAULT') return state;
      return { ...state, voucherCode: normalizeVoucherCode(action.code).slice(0, VOUCHER_CODE_LENGTH), error: undefined, isExpired: false };
    case 'applyStarted':
      if (!canApplyVoucher(state)) return state;
      return { ...state, voucherState: 'VOUCHER_API_LOADING', error: undefined, isExpired: false };
    case 'applySucceeded': {
      if (state.voucherState !== 'VOUCHER_API_LOADING') return state; // cancelled meanwhile
      const back = (error: string, extra: Partial<VoucherState> = {}): VoucherState => ({ ...state, voucherState: 'DEFAULT', voucherAmount: 0, error, ...extra });
      if (action.isExpired) return back(VOUCHER_EXPIRED, { isExpired: true, expiresAt: action.expiresAt });
      if (action.remainingBalance.currency !== action.currency) return back(VOUCHER_WRONG_COUNTRY);
      if (action.remainingBalance.cents <= 0) return back(VOUCHER_USED_UP);
      return { ...state, voucherState: 'VOUCHER_APPLIED', voucherAmount: action.remainingBalance.cents, expiresAt: action.expiresAt, error: undefined };
    }
    case 'applyFailed':
      if (state.voucherState !== 'VOUCHER_API_LOADING') return state;
      return { ...state, voucherState: 'DEFAULT', voucherAmount: 0, error: action.error };
    case 'balanceChanged':
      // Applied again, it shows what it holds now and what is left for the card (and its fee); the code stays.
      if (state.voucherState !== 'VOUCHER_APPLIED') return state;
      return { ...state, voucherState: 'DEFAULT', voucherAmount: 0 };
    case 'cancelled':
      return initialVoucherState();
  }
}

/** What the applied voucher pays of a total, and what is left for the card (both in cents). */
export function voucherSplit(state: VoucherState, totalCents: number): { voucherCents: number; cardCents: number } {
  const voucherCents = state.voucherState === 'VOUCHER_APPLIED' ? Math.min(state.voucherAmount, totalCents) : 0;
  return { voucherCents, cardCents: totalCents - voucherCents };
}
