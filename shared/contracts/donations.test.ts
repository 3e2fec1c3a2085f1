import { describe, expect, it } from 'vitest';
import {
  CARD_CHOICE_MESSAGE,
  DONOR_FROM_SIGN_IN_MESSAGE,
  INVALID_TRANSACTION_FEE_MESSAGE,
  SAVED_CARD_INVALID_MESSAGE,
  SIGN_IN_FOR_RECURRING_MESSAGE,
  SIGN_IN_FOR_SAVED_CARD_MESSAGE,
  SIGN_IN_TO_SAVE_CARD_MESSAGE,
  createPaymentRequestSchema,
  memberPaymentRequestSchema,
  type CreatePaymentRequest,
} from './donations';

/** The two payment contracts: a guest names themselves; a signed-in member leaves the donor to the token. */
const card = { token: 'tok_test12345678', cardType: 'visa', last4: '4242' } as const;
const guestGift: CreatePaymentRequest = {
  pageType: 'GIFT',
  country: 'nz',
  giftId: '01KDEM0GFT0000000000000001',
  quantity: 2,
  donationAmount: 2500,
  supportingAmount: 0,
  transactionFeeCents: 125,
  paymentType: 'CARD',
  isRecurring: false,
  isAnonymous: false,
  receiptName: 'Dana Whitfield',
  donor: { firstName: 'Dana', lastName: 'Whitfield', email: 'dana@example.com' },
  card,
};
const { donor: _donor, ...memberGift } = guestGift;
const memberCharity = { ...memberGift, pageType: 'CHARITY', charityId: '01KDEM0CHR0000000000000001', giftId: undefined, quantity: 1 };

const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })) ?? [];

describe('memberPaymentRequestSchema (POST /donations/me/payments)', () => {
  it('accepts a gift and a general donation without donor', () => {
    expect(memberPaymentRequestSchema.safeParse(memberGift).success).toBe(true);
    const charity = memberPaymentRequestSchema.safeParse(memberCharity);
    expect(charity.success).toBe(true);
    expect(charity.data).toMatchObject({ pageType: 'CHARITY', charityId: '01KDEM0CHR0000000000000001', quantity: 1 });
  });

  it('refuses a donor in the body, naming donor', () => {
    expect(issues(memberPaymentRequestSchema.safeParse(guestGift))).toEqual([{ path: 'donor', message: DONOR_FROM_SIGN_IN_MESSAGE }]);
  });

  it('still requires a receipt name for a card payment, and keeps the guest rules for everything else', () => {
    expect(issues(memberPaymentRequestSchema.safeParse({ ...memberGift, receiptName: '  ' }))).toEqual([{ path: 'receiptName', message: 'Required Field!' }]);
    const { receiptName: _receiptName, ...withoutReceiptName } = memberGift;
    expect(issues(memberPaymentRequestSchema.safeParse(withoutReceiptName))).toEqual([{ path: 'receiptName', message: 'Required Field!' }]);
    expect(issues(memberPaymentRequestSchema.safeParse({ ...memberCharity, quantity: 2 }))).toEqual([{ path: 'quantity', message: 'Invalid Input!' }]);
    // Spec §6: logged-in donors may give monthly (guests must sign in for it, below).
    expect(memberPaymentRequestSchema.safeParse({ ...memberGift, isRecurring: true }).success).toBe(true);
    expect(issues(memberPaymentRequestSchema.safeParse({ ...memberGift, pageType: 'FUNDRAISE' }))).toEqual([{ path: 'pageType', message: 'Invalid Input!' }]);
  });
});

describe('createPaymentRequestSchema (POST /donations/payments, guests)', () => {
  it('is unchanged: a guest must name themselves', () => {
    expect(createPaymentRequestSchema.safeParse(guestGift).success).toBe(true);
    expect(issues(createPaymentRequestSchema.safeParse(memberGift))).toEqual([expect.objectContaining({ path: 'donor' })]);
  });

  it('refuses monthly giving and saved cards, naming the field and saying to sign in', () => {
    expect(issues(createPaymentRequestSchema.safeParse({ ...guestGift, isRecurring: true }))).toEqual([{ path: 'isRecurring', message: SIGN_IN_FOR_RECURRING_MESSAGE }]);
    expect(issues(createPaymentRequestSchema.safeParse({ ...guestGift, card: { ...guestGift.card, saveCard: true } }))).toEqual([
      { path: 'card.saveCard', message: SIGN_IN_TO_SAVE_CARD_MESSAGE },
    ]);
    expect(issues(createPaymentRequestSchema.safeParse({ ...guestGift, card: { ...guestGift.card, savedCardId: '01KDVDNA00N3XDVN09VM4MR90M' } }))).toEqual([
      { path: 'card.savedCardId', message: SIGN_IN_FOR_SAVED_CARD_MESSAGE },
    ]);
  });
});

describe('transactionFeeCents (both payment contracts)', () => {
  it('is required: whole, non-negative cents, named when missing or wrong', () => {
    for (const schema of [createPaymentRequestSchema, memberPaymentRequestSchema]) {
      const body = schema === createPaymentRequestSchema ? guestGift : memberGift;
      const { transactionFeeCents: _fee, ...withoutFee } = body;
      expect(issues(schema.safeParse(withoutFee))).toEqual([{ path: 'transactionFeeCents', message: INVALID_TRANSACTION_FEE_MESSAGE }]);
      for (const bad of [-1, 1.5, '125', null]) {
        expect(issues(schema.safeParse({ ...body, transactionFeeCents: bad }))).toEqual([{ path: 'transactionFeeCents', message: INVALID_TRANSACTION_FEE_MESSAGE }]);
      }
      expect(schema.safeParse({ ...body, transactionFeeCents: 0 }).success).toBe(true);
    }
  });
});

describe('memberPaymentRequestSchema cards', () => {
  it('takes a new card (optionally to save) or one saved card id, and names what is wrong', () => {
    const saved = memberPaymentRequestSchema.safeParse({ ...memberGift, card: { savedCardId: '01KDVDNA00N3XDVN09VM4MR90M' } });
    expect(saved.data?.card).toEqual({ savedCardId: '01KDVDNA00N3XDVN09VM4MR90M' });
    const kept = memberPaymentRequestSchema.safeParse({ ...memberGift, card: { ...memberGift.card, saveCard: true } });
    expect(kept.data?.card).toEqual({ ...memberGift.card, saveCard: true });
    expect(issues(memberPaymentRequestSchema.safeParse({ ...memberGift, card: { savedCardId: 'nope' } }))).toEqual([{ path: 'card.savedCardId', message: SAVED_CARD_INVALID_MESSAGE }]);
    expect(issues(memberPaymentRequestSchema.safeParse({ ...memberGift, card: {} }))).toEqual([{ path: 'card', message: CARD_CHOICE_MESSAGE }]);
  });
});
