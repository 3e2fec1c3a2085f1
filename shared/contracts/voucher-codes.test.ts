import { describe, expect, it } from 'vitest';
import { createPaymentRequestSchema, memberPaymentRequestSchema, VOUCHER_ONLY_WITH_VOUCHER_PAYMENT } from './donations';
import { voucherCodeSchema, voucherCovers, VOUCHER_CODE_INVALID } from './voucher-codes';
import { voucherPurchaseRequestSchema, memberVoucherPurchaseRequestSchema } from './vouchers';

const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((issue) => ({ path: issue.path.join('.'), message: issue.message }));

describe('the voucher covering rule (spec §5)', () => {
  it('covers when donation x quantity + tip <= the voucher amount', () => {
    expect(voucherCovers({ donationCents: 2000, quantity: 2, tipCents: 200, voucherCents: 4200 })).toBe(true);
    expect(voucherCovers({ donationCents: 2000, quantity: 2, tipCents: 200, voucherCents: 4199 })).toBe(false);
    expect(voucherCovers({ donationCents: 1000, quantity: 1, tipCents: 0, voucherCents: 5000 })).toBe(true);
    expect(voucherCovers({ donationCents: 1000, quantity: 1, tipCents: 0, voucherCents: 0 })).toBe(false);
  });
});

describe('voucher codes as typed', () => {
  it('are upper-cased and lose spaces and dashes; 6 to 8 letters and digits', () => {
    expect(voucherCodeSchema.parse(' abcd-2345 ')).toBe('ABCD2345');
    expect(voucherCodeSchema.safeParse('ABC23').error?.issues[0]?.message).toBe(VOUCHER_CODE_INVALID);
    expect(voucherCodeSchema.safeParse('ABCD23456').success).toBe(false);
    expect(voucherCodeSchema.safeParse('ABCD*234').success).toBe(false);
  });
});

describe('a payment by gift voucher', () => {
  const card = { token: 'tok_test12345678', cardType: 'visa', last4: '4242' };
  const base = {
    pageType: 'GIFT',
    country: 'nz',
    giftId: '01KDEM0GFT0000000000000001',
    donationAmount: 2500,
    quantity: 1,
    supportingAmount: 0,
    transactionFeeCents: 0,
    isRecurring: false,
    isAnonymous: false,
    receiptName: 'Jane Donor',
    donor: { firstName: 'Jane', lastName: 'Donor', email: 'jane@example.com' },
  };

  it('names its voucher, and may leave the card out (the server decides whether the voucher covers the total)', () => {
    expect(createPaymentRequestSchema.safeParse({ ...base, paymentType: 'VOUCHER', voucher: { code: 'abcd2345' } })).toMatchObject({
      success: true,
      data: { voucher: { code: 'ABCD2345' } },
    });
    expect(createPaymentRequestSchema.safeParse({ ...base, paymentType: 'VOUCHER', voucher: { code: 'ABCD2345' }, card }).success).toBe(true);
    const { donor: _donor, ...member } = base;
    expect(memberPaymentRequestSchema.safeParse({ ...member, paymentType: 'VOUCHER', voucher: { code: 'ABCD2345' } }).success).toBe(true);
  });

  it('is refused without a voucher, and a card payment without a card or with a voucher is refused, naming the field', () => {
    expect(issues(createPaymentRequestSchema.safeParse({ ...base, paymentType: 'VOUCHER', card }))).toEqual([{ path: 'voucher', message: 'Required Field!' }]);
    expect(issues(createPaymentRequestSchema.safeParse({ ...base, paymentType: 'CARD' }))).toEqual([{ path: 'card', message: 'Required Field!' }]);
    expect(issues(createPaymentRequestSchema.safeParse({ ...base, paymentType: 'CARD', card, voucher: { code: 'ABCD2345' } }))).toEqual([
      { path: 'voucher', message: VOUCHER_ONLY_WITH_VOUCHER_PAYMENT },
    ]);
    expect(issues(createPaymentRequestSchema.safeParse({ ...base, paymentType: 'VOUCHER', voucher: { code: '12' } }))).toEqual([
      { path: 'voucher.code', message: VOUCHER_CODE_INVALID },
    ]);
  });
});

describe('buying a voucher', () => {
  const request = {
    country: 'nz',
    voucherValue: 5000,
    card: { token: 'tok_test12345678', cardType: 'visa', last4: '4242' },
    buyer: { firstName: ' Aroha ', lastName: 'Ngata', email: 'aroha@example.com' },
  };

  it('takes a value in whole cents from $1 to $1,000, an optional recipient and message', () => {
    expect(voucherPurchaseRequestSchema.parse({ ...request, recipient: { name: ' Mere ', email: 'mere@example.com' }, message: 'Hi' })).toMatchObject({
      buyer: { firstName: 'Aroha' },
      recipient: { name: 'Mere', email: 'mere@example.com' },
    });
    for (const voucherValue of [99, 100_001, 12.5, '50']) {
      expect(issues(voucherPurchaseRequestSchema.safeParse({ ...request, voucherValue }))).toEqual([{ path: 'voucherValue', message: 'Invalid Amount!' }]);
    }
    expect(issues(voucherPurchaseRequestSchema.safeParse({ ...request, recipient: { email: 'not-an-email' } }))).toEqual([
      { path: 'recipient.email', message: 'Invalid Email!' },
    ]);
  });

  it('as a signed-in member, names no buyer (it comes from the token)', () => {
    const { buyer: _buyer, ...member } = request;
    expect(memberVoucherPurchaseRequestSchema.safeParse(member).success).toBe(true);
    expect(issues(memberVoucherPurchaseRequestSchema.safeParse(request))).toEqual([expect.objectContaining({ path: 'buyer' })]);
  });
});
