import { describe, expect, it } from 'vitest';
import { VOUCHER_EXPIRED, VOUCHER_USED_UP, VOUCHER_WRONG_COUNTRY } from '@giving/shared/contracts/voucher-codes';
import { canApplyVoucher, initialVoucherState, voucherCovers, voucherReducer, voucherSplit, type VoucherAction, type VoucherState } from './voucher-state';

const run = (actions: VoucherAction[], from: VoucherState = initialVoucherState()) => actions.reduce(voucherReducer, from);
const found = (cents: number, extra: Partial<Extract<VoucherAction, { type: 'applySucceeded' }>> = {}): VoucherAction => ({
  type: 'applySucceeded',
  remainingBalance: { cents, currency: 'NZD' },
  isExpired: false,
  expiresAt: '2027-11-21T09:00:00.000Z',
  currency: 'NZD',
  ...extra,
});

describe('voucherCovers (spec §5)', () => {
  it('covers when donation x quantity + tip <= the voucher amount', () => {
    expect(voucherCovers({ donationCents: 1000, quantity: 3, tipCents: 500, voucherCents: 3500 })).toBe(true);
    expect(voucherCovers({ donationCents: 1000, quantity: 3, tipCents: 500, voucherCents: 3499 })).toBe(false);
  });
});

describe('the voucher state (spec §4)', () => {
  it('keeps at most 8 characters of the code, upper case; Apply is enabled at 6 or more, an empty code does nothing', () => {
    expect(run([{ type: 'codeChanged', code: 'abcd-2345xyz' }]).voucherCode).toBe('ABCD2345');
    expect(canApplyVoucher(run([{ type: 'codeChanged', code: 'ABCDE' }]))).toBe(false);
    expect(canApplyVoucher(run([{ type: 'codeChanged', code: 'ABCDEF' }]))).toBe(true);
    expect(run([{ type: 'applyStarted' }])).toEqual(initialVoucherState());
  });

  it('DEFAULT -> VOUCHER_API_LOADING on Apply -> VOUCHER_APPLIED with the balance as its amount', () => {
    const loading = run([{ type: 'codeChanged', code: 'ABCD2345' }, { type: 'applyStarted' }]);
    expect(loading.voucherState).toBe('VOUCHER_API_LOADING');
    expect(canApplyVoucher(loading)).toBe(false);
    const applied = voucherReducer(loading, found(4200));
    expect(applied).toEqual({ voucherState: 'VOUCHER_APPLIED', voucherCode: 'ABCD2345', voucherAmount: 4200, isExpired: false, expiresAt: '2027-11-21T09:00:00.000Z' });
    // The applied code is fixed until Cancel.
    expect(voucherReducer(applied, { type: 'codeChanged', code: 'OTHER234' }).voucherCode).toBe('ABCD2345');
  });

  it('back to DEFAULT with the error: a failed lookup, an expired voucher (isExpired), a used-up one, another currency', () => {
    const loading = run([{ type: 'codeChanged', code: 'ABCD2345' }, { type: 'applyStarted' }]);
    expect(voucherReducer(loading, { type: 'applyFailed', error: 'Voucher not found. Please check the code and try again.' })).toMatchObject({
      voucherState: 'DEFAULT',
      voucherCode: 'ABCD2345',
      voucherAmount: 0,
      error: 'Voucher not found. Please check the code and try again.',
    });
    expect(voucherReducer(loading, found(5000, { isExpired: true }))).toMatchObject({ voucherState: 'DEFAULT', isExpired: true, error: VOUCHER_EXPIRED });
    expect(voucherReducer(loading, found(0))).toMatchObject({ voucherState: 'DEFAULT', error: VOUCHER_USED_UP });
    expect(voucherReducer(loading, found(5000, { remainingBalance: { cents: 5000, currency: 'AUD' } }))).toMatchObject({ voucherState: 'DEFAULT', error: VOUCHER_WRONG_COUNTRY });
    // Typing again clears the error.
    expect(voucherReducer(voucherReducer(loading, { type: 'applyFailed', error: 'x' }), { type: 'codeChanged', code: 'ABCD234' }).error).toBeUndefined();
  });

  it('Cancel returns to DEFAULT with amount 0 and an empty code; a lookup answered after Cancel changes nothing', () => {
    const applied = run([{ type: 'codeChanged', code: 'ABCD2345' }, { type: 'applyStarted' }, found(4200)]);
    expect(voucherReducer(applied, { type: 'cancelled' })).toEqual({ voucherState: 'DEFAULT', voucherCode: '', voucherAmount: 0, isExpired: false });
    const cancelledWhileLoading = run([{ type: 'codeChanged', code: 'ABCD2345' }, { type: 'applyStarted' }, { type: 'cancelled' }, found(4200)]);
    expect(cancelledWhileLoading).toEqual(initialVoucherState());
  });

  it('splits a total between the applied voucher and the card', () => {
    const applied = run([{ type: 'codeChanged', code: 'ABCD2345' }, { type: 'applyStarted' }, found(1000)]);
    expect(voucherSplit(applied, 2500)).toEqual({ voucherCents: 1000, cardCents: 1500 });
    expect(voucherSplit(applied, 800)).toEqual({ voucherCents: 800, cardCents: 0 });
    expect(voucherSplit(initialVoucherState(), 800)).toEqual({ voucherCents: 0, cardCents: 800 });
  });
});
