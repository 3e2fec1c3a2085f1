import * as z from 'zod/mini';
import { countryCodeSchema } from './common';
import { MESSAGES } from './messages';
import { voucherCodeSchema } from './voucher-codes';
import { pathParameters, requiredIdSchema } from './path-parameters';
import {
  DONOR_FROM_SIGN_IN_MESSAGE,
  MAX_DONATION_CENTS,
  MAX_MESSAGE_LENGTH,
  SIGN_IN_FOR_RECURRING_MESSAGE,
  SIGN_IN_FOR_SAVED_CARD_MESSAGE,
  SIGN_IN_TO_SAVE_CARD_MESSAGE,
  cardTokenSchema,
  donationCentsSchema,
  donorSchema,
  memberCardSchema,
  quantitySchema,
  receiptNameSchema,
} from './donations-public';

export * from './donations-public';

/** Tip to the platform, in cents: none, $2 or $5. */
export const supportingCentsSchema = z.union([z.literal(0), z.literal(200), z.literal(500)]);
export const INVALID_TRANSACTION_FEE_MESSAGE = 'Invalid transaction fee.';
/**
 * The card transaction fee the donor was shown, in cents (shared/fees.ts over GET /donations/payment-gateway): the
 * server computes it again and answers 409 when it differs, so nobody is charged a fee they did not see.
 */
export const transactionFeeCentsSchema = z.int({ error: INVALID_TRANSACTION_FEE_MESSAGE }).check(
  z.gte(0, INVALID_TRANSACTION_FEE_MESSAGE),
  z.lte(MAX_DONATION_CENTS, INVALID_TRANSACTION_FEE_MESSAGE),
);

/** A saved card belongs to the merchant account it was saved with, so it pays only in that account's countries. */
export const SAVED_CARD_OTHER_COUNTRY_MESSAGE = 'This saved card cannot be used for donations in this country. Please use another card.';
/** GET /donations/me/saved-cards?country= — with a country, only the cards that can pay there (its merchant account's). */
export const savedCardListQuery = z.object({ country: z.optional(countryCodeSchema) });

/** A guest's card: a new card only, never kept. */
const guestCardSchema = z.extend(cardTokenSchema, {
  saveCard: z.optional(z.literal(false, { error: SIGN_IN_TO_SAVE_CARD_MESSAGE })),
  savedCardId: z.optional(z.never({ error: SIGN_IN_FOR_SAVED_CARD_MESSAGE })),
});

/** What every card payment carries, whatever it is for and whoever gives it. */
const cardPaymentFields = {
  country: countryCodeSchema,
  donationAmount: donationCentsSchema,
  supportingAmount: supportingCentsSchema,
  /** Required: what the checkout showed as the transaction fee (0 when the card pays nothing). */
  transactionFeeCents: transactionFeeCentsSchema,
  /** CARD, or VOUCHER (a gift voucher, topped up by card when it does not cover the total). */
  paymentType: z.enum(['CARD', 'VOUCHER']),
  isRecurring: z.literal(false),
  message: z.optional(z.string().check(z.maxLength(MAX_MESSAGE_LENGTH, MESSAGES.tooLong(MAX_MESSAGE_LENGTH)))),
  isAnonymous: z.boolean(),
  receiptName: receiptNameSchema,
  /** Required when paying by card; with a voucher, only when it does not cover the total (paymentMethodRule). */
  card: z.optional(cardTokenSchema),
  /** The gift voucher that pays (paymentType VOUCHER); the code is never stored, only its keyed hash. */
  voucher: z.optional(z.object({ code: voucherCodeSchema })),
};

/** A guest names themselves (spec §6: work e-mail, first name, last name and receipt name). */
const guestFields = {
  ...cardPaymentFields,
  card: z.optional(guestCardSchema),
  isRecurring: z.literal(false, { error: SIGN_IN_FOR_RECURRING_MESSAGE }),
  donor: donorSchema,
};

/**
 * A signed-in member skips e-mail and names (spec §6): the donor comes from the verified token. A `donor` in the body
 * is refused (400 naming body.donor) rather than ignored, so no client believes it gave, or sent a receipt, as someone else.
 */
const memberFields = {
  ...cardPaymentFields,
  /** A new card (optionally saved), or one of the member's saved cards. */
  card: z.optional(memberCardSchema),
  /** Monthly giving (donationFrequency Monthly): charged now, then each month from the saved card. */
  isRecurring: z.boolean(),
  donor: z.optional(z.never({ error: DONOR_FROM_SIGN_IN_MESSAGE })),
};

/** A gift from a gift page: the gift's id, any quantity. */
const giftTarget = {
  pageType: z.literal('GIFT'),
  giftId: requiredIdSchema,
  quantity: quantitySchema,
};

/** A general donation from a charity page: the charity's id; the quantity is always 1. */
const charityTarget = {
  pageType: z.literal('CHARITY'),
  charityId: requiredIdSchema,
  quantity: z.literal(1, { error: MESSAGES.invalidInput }),
};

export const VOUCHER_IS_ONCE_OFF = 'A gift voucher pays once; it cannot give monthly.';
export const VOUCHER_ONLY_WITH_VOUCHER_PAYMENT = 'Choose the gift voucher payment method to use a voucher.';

/**
 * Spec §5: card details are required when paying by card; a voucher payment names its voucher, and needs a card only
 * when the voucher does not cover the total, which the server decides from the real balance when it redeems. Spec §4:
 * a voucher turns recurring off.
 */
const paymentMethodRule = z.superRefine(
  (payment: { paymentType: 'CARD' | 'VOUCHER'; isRecurring: boolean; card?: unknown; voucher?: unknown }, ctx) => {
    if (payment.paymentType === 'CARD' && payment.card === undefined) ctx.addIssue({ code: 'custom', path: ['card'], message: MESSAGES.requiredField });
    if (payment.paymentType === 'CARD' && payment.voucher !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['voucher'], message: VOUCHER_ONLY_WITH_VOUCHER_PAYMENT });
    }
    if (payment.paymentType === 'VOUCHER' && payment.voucher === undefined) ctx.addIssue({ code: 'custom', path: ['voucher'], message: MESSAGES.requiredField });
    if (payment.paymentType === 'VOUCHER' && payment.isRecurring) ctx.addIssue({ code: 'custom', path: ['isRecurring'], message: VOUCHER_IS_ONCE_OFF });
  },
);

export const giftPaymentRequestSchema = z.object({ ...giftTarget, ...guestFields }).check(paymentMethodRule);
export const charityPaymentRequestSchema = z.object({ ...charityTarget, ...guestFields }).check(paymentMethodRule);

/** POST /donations/payments — a guest card payment for a gift (GIFT) or a general donation to a charity (CHARITY). */
export const createPaymentRequestSchema = z.discriminatedUnion(
  'pageType',
  [giftPaymentRequestSchema, charityPaymentRequestSchema],
  { error: MESSAGES.invalidInput },
);
export type CreatePaymentRequest = z.infer<typeof createPaymentRequestSchema>;
export type GiftPaymentRequest = z.infer<typeof giftPaymentRequestSchema>;
export type CharityPaymentRequest = z.infer<typeof charityPaymentRequestSchema>;

export const memberGiftPaymentRequestSchema = z.object({ ...giftTarget, ...memberFields }).check(paymentMethodRule);
export const memberCharityPaymentRequestSchema = z.object({ ...charityTarget, ...memberFields }).check(paymentMethodRule);

/** POST /donations/me/payments — the same payment by a signed-in member, without `donor`. */
export const memberPaymentRequestSchema = z.discriminatedUnion(
  'pageType',
  [memberGiftPaymentRequestSchema, memberCharityPaymentRequestSchema],
  { error: MESSAGES.invalidInput },
);
export type MemberPaymentRequest = z.infer<typeof memberPaymentRequestSchema>;
export type MemberGiftPaymentRequest = z.infer<typeof memberGiftPaymentRequestSchema>;
export type MemberCharityPaymentRequest = z.infer<typeof memberCharityPaymentRequestSchema>;

/**
 * Giving to a fundraising page (spec 1 §4: "fundraise uses its own call"): POST /fundraising/pages/{pageId}/donate
 * (a guest) and POST /fundraising/me/pages/{pageId}/donate (a member) — the checkout's payment body with page type
 * FUNDRAISE (the page comes from the path; quantity is fixed at 1, spec 2 §9), plus the donor's message to the page's
 * owner and whether it is shown (`isMessageAnonymous` hides it from the page; `isAnonymous` hides the donor's name).
 */
export const MAX_DONOR_MESSAGE_LENGTH = 500;
const fundraiseTarget = {
  pageType: z.literal('FUNDRAISE', { error: MESSAGES.invalidInput }),
  quantity: z.literal(1, { error: MESSAGES.invalidInput }),
  isMessageAnonymous: z.boolean({ error: MESSAGES.invalidInput }),
  donorMessage: z.optional(z.pipe(z.pipe(z.string(), z.transform((s) => s.trim())), z.string().check(z.maxLength(MAX_DONOR_MESSAGE_LENGTH, MESSAGES.tooLong(MAX_DONOR_MESSAGE_LENGTH))))),
};
export const fundraisePaymentRequestSchema = z.object({ ...fundraiseTarget, ...guestFields }).check(paymentMethodRule);
export type FundraisePaymentRequest = z.infer<typeof fundraisePaymentRequestSchema>;
export const memberFundraisePaymentRequestSchema = z.object({ ...fundraiseTarget, ...memberFields }).check(paymentMethodRule);
export type MemberFundraisePaymentRequest = z.infer<typeof memberFundraisePaymentRequestSchema>;
export const fundraisePaymentParams = pathParameters('pageId');

export const trackingNumberParams = pathParameters('trackingNumber');

export const giftParams = pathParameters('charityUrl', 'productUrl');
export const charityGiftsParams = pathParameters('charityUrl');
export const charityGiftsQuery = z.object({ limit: z.optional(z.string().check(z.regex(/^\d{1,2}$/))) });
