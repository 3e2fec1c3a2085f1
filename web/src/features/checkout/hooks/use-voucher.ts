import { useCallback, useEffect, useRef, type Dispatch, type SetStateAction } from 'react';
import type { Currency } from '@giving/shared/money';
import { ApiError, errorMessageOf } from '../../../lib/api-client';
import { useLookupVoucher } from '../api/lookup-voucher';
import { canApplyVoucher, voucherReducer, type VoucherAction, type VoucherState } from '../voucher-state';

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
 * Drives the checkout's gift voucher: the state of voucher-state.ts, which the checkout keeps (it needs the code and
 * the balance for its total), and Apply calling the lookup API. This code comes with the voucher panel, after the
 * checkout's first paint. A lookup answered after Cancel, or after the panel has gone, is ignored.
 */
export function useVoucher({ currency, state, update }: { currency: Currency; state: VoucherState; update: Dispatch<SetStateAction<VoucherState>> }): VoucherControl {
  const dispatch = useCallback((action: VoucherAction) => update((current) => voucherReducer(current, action)), [update]);
  const { mutateAsync: lookup } = useLookupVoucher();
  // Which Apply is current: an answer to an earlier one (before a Cancel) changes nothing.
  const attempt = useRef(0);
  useEffect(
    () => () => {
      attempt.current++;
    },
    [],
  );

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
  }, [state, lookup, currency, dispatch]);

  const cancel = useCallback(() => {
    attempt.current++;
    dispatch({ type: 'cancelled' });
  }, [dispatch]);

  const setCode = useCallback((code: string) => dispatch({ type: 'codeChanged', code }), [dispatch]);

  return { state, applied: state.voucherState === 'VOUCHER_APPLIED', canApply: canApplyVoucher(state), setCode, apply, cancel };
}
