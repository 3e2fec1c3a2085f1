import { describe, expect, it } from 'vitest';
import { cardPartCents, transactionFeeCents } from './fees';

const nz = { percentBasisPoints: 190, fixedCents: 30 };
const au = { percentBasisPoints: 175, fixedCents: 30 };

describe('transactionFeeCents', () => {
  it('is the percentage of the card part, rounded to the cent, plus the fixed part', () => {
    expect(transactionFeeCents(10_000, nz)).toBe(220); // 1.9% of $100 = $1.90, + 30c
    expect(transactionFeeCents(10_000, au)).toBe(205); // 1.75% of $100 = $1.75, + 30c
    expect(transactionFeeCents(2_500, nz)).toBe(78); // 47.5c rounds half up to 48c, + 30c
    expect(transactionFeeCents(2_499, nz)).toBe(77); // 47.481c -> 47c
    expect(transactionFeeCents(1_700, au)).toBe(60); // 29.75c -> 30c
    expect(transactionFeeCents(1, nz)).toBe(30); // 0.019c -> 0c
    expect(transactionFeeCents(27, { percentBasisPoints: 1000, fixedCents: 0 })).toBe(3); // 2.7c -> 3c
  });

  it('is nothing when the card pays nothing', () => {
    expect(transactionFeeCents(0, nz)).toBe(0);
  });

  it('stays exact for the largest payments (integer arithmetic, no float drift)', () => {
    // $1,000,000 x 1000 items: 1e11 cents x 190 bp.
    expect(transactionFeeCents(100_000_000_000, nz)).toBe(1_900_000_000 + 30);
    expect(transactionFeeCents(100_000_005_000, { percentBasisPoints: 1, fixedCents: 0 })).toBe(10_000_001); // 10,000,000.5c -> half up
  });

  it('refuses a card part that is not whole, non-negative cents', () => {
    expect(() => transactionFeeCents(-1, nz)).toThrow(RangeError);
    expect(() => transactionFeeCents(10.5, nz)).toThrow(RangeError);
  });
});

describe('cardPartCents', () => {
  it('is donation x quantity + tip', () => {
    expect(cardPartCents({ donationAmountCents: 5000, quantity: 2, supportingAmountCents: 500 })).toBe(10_500);
  });

  it('less what a voucher pays, never below zero', () => {
    expect(cardPartCents({ donationAmountCents: 5000, quantity: 2, supportingAmountCents: 500, voucherCents: 2500 })).toBe(8000);
    expect(cardPartCents({ donationAmountCents: 2000, quantity: 1, supportingAmountCents: 0, voucherCents: 2000 })).toBe(0);
    expect(cardPartCents({ donationAmountCents: 2000, quantity: 1, supportingAmountCents: 0, voucherCents: 5000 })).toBe(0);
  });

  it('with a voucher covering part of it, the fee is on the rest only', () => {
    const card = cardPartCents({ donationAmountCents: 3000, quantity: 1, supportingAmountCents: 200, voucherCents: 2000 });
    expect(card).toBe(1200);
    expect(transactionFeeCents(card, nz)).toBe(23 + 30); // 22.8c -> 23c
  });
});
