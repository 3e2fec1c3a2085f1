import { useCallback, useReducer, useRef } from 'react';
import type { Currency } from '@giving/shared/money';
import { ApiError, errorMessageOf } from '../../../lib/api-client';
import { useLookupVoucher } from '../api/lookup-voucher';
import { canApplyVoucher, initialVoucherState, voucherReducer, type VoucherState } from '../voucher-state';

export interface VoucherControl {
  state: VoucherState;
  /** The voucher is applied: the payment goes as paymentType VOUCHER with this code. */
  applied: boolean;
  canApply: boolean;
  setCode(code: string): void;
  /** Looks the code up (spec §4: DEFAULT -> VOUCHER_API_LOADING -> VOUCHER_APPLIED, or back with the error). */
  apply(): Promise<void>;
  /** Back to DEFAULT with amount 0 and an empty code. */
  cancel(): void;
}

/** The API's words for the code (404 and 400 name body.code), else its general message. */
const messageOf = (error: unknown) => (error instanceof ApiError ? error.fieldMessages().code : undefined) ?? errorMessageOf(error);

/**
 * The checkout's gift voucher: the state of voucher-state.ts, and Apply calling the lookup API. A lookup answered
 * after Cancel is ignored. `initialCode` restores a saved checkout's voucherCode (spec §3), not applied.
 */
export function useVoucher({ currency, initialCode = '' }: { currency: Currency; initialCode?: string }): VoucherControl {
  const [state, dispatch] = useReducer(voucherReducer, initialCode, initialVoucherState);
  const { mutateAsync: lookup } = useLookupVoucher();
  // Which Apply is current: an answer to an earlier one (before a Cancel) changes nothing.
  const attempt = useRef(0);

  const apply = useCallback(async () => {
    if (!canApplyVoucher(state)) return;
    const current = ++attempt.current;
    dispatch({ type: 'applyStarted' });
    try {
      const found = await lookup({ code: state.voucherCode });
      if (current === attempt.current) dispatch({ type: 'applySucceeded', ...found, currency });
    } catch (error) {
      if (current === attempt.current) dispatch({ type: 'applyFailed', error: messageOf(error) });
    }
  }, [state, lookup, currency]);

  const cancel = useCallback(() => {
    attempt.current++;
    dispatch({ type: 'cancelled' });
  }, []);

  const setCode = useCallback((code: string) => dispatch({ type: 'codeChanged', code }), []);

  return { state, applied: state.voucherState === 'VOUCHER_APPLIED', canApply: canApplyVoucher(state), setCode, apply, cancel };
}
