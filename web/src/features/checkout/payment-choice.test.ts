import { describe, expect, it } from 'vitest';
import { choosePaymentType, initialPaymentType, submitDisabled } from './payment-choice';

const GUEST = { card: true, voucher: true, payroll: true, recurring: true };

describe('choosePaymentType (spec §4 "Payment type")', () => {
  it('payroll sets the tip to none, turns recurring off and clears the voucher', () => {
    expect(choosePaymentType({ paymentType: 'VOUCHER', voucherApplied: true }, 'PAYROLL')).toEqual({
      paymentType: 'PAYROLL',
      clearVoucher: true,
      clearTip: true,
      recurringOff: true,
    });
  });

  it('a voucher turns recurring off and keeps the tip', () => {
    expect(choosePaymentType({ paymentType: 'CARD', voucherApplied: false }, 'VOUCHER')).toEqual({
      paymentType: 'VOUCHER',
      clearVoucher: false,
      clearTip: false,
      recurringOff: true,
    });
  });

  it('card while a voucher is applied clears the voucher; card without one changes nothing else', () => {
    expect(choosePaymentType({ paymentType: 'VOUCHER', voucherApplied: true }, 'CARD').clearVoucher).toBe(true);
    expect(choosePaymentType({ paymentType: 'NONE', voucherApplied: false }, 'CARD')).toEqual({
      paymentType: 'CARD',
      clearVoucher: false,
      clearTip: false,
      recurringOff: false,
    });
  });

  it('unchecking the voucher (choosing it again) resets to NONE and clears it', () => {
    expect(choosePaymentType({ paymentType: 'VOUCHER', voucherApplied: true }, 'VOUCHER')).toMatchObject({ paymentType: 'NONE', clearVoucher: true });
  });
});

describe('initialPaymentType', () => {
  it('starts on card when card is allowed, on the saved method when it is still allowed, else on nothing', () => {
    expect(initialPaymentType(GUEST)).toBe('CARD');
    expect(initialPaymentType(GUEST, 'VOUCHER')).toBe('VOUCHER');
    expect(initialPaymentType({ ...GUEST, payroll: false }, 'PAYROLL')).toBe('CARD');
    expect(initialPaymentType({ card: false, voucher: false, payroll: true, recurring: false })).toBe('NONE');
  });
});

describe('submitDisabled (spec §5)', () => {
  const ready = { hasErrors: false, voucherApplied: false, voucherCovers: false };
  it('is disabled with no payment type, and for payroll (which has its own button)', () => {
    expect(submitDisabled({ ...ready, paymentType: 'NONE' })).toBe(true);
    expect(submitDisabled({ ...ready, paymentType: 'PAYROLL' })).toBe(true);
  });
  it('is disabled for card with form errors only', () => {
    expect(submitDisabled({ ...ready, paymentType: 'CARD' })).toBe(false);
    expect(submitDisabled({ ...ready, paymentType: 'CARD', hasErrors: true })).toBe(true);
  });
  it('is disabled for a voucher until one is applied, and for one not covering the total while there are errors', () => {
    expect(submitDisabled({ ...ready, paymentType: 'VOUCHER' })).toBe(true);
    expect(submitDisabled({ ...ready, paymentType: 'VOUCHER', voucherApplied: true, voucherCovers: true, hasErrors: true })).toBe(false);
    expect(submitDisabled({ ...ready, paymentType: 'VOUCHER', voucherApplied: true, hasErrors: true })).toBe(true);
    expect(submitDisabled({ ...ready, paymentType: 'VOUCHER', voucherApplied: true })).toBe(false);
  });
});
