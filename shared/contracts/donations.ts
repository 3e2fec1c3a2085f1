import * as z from 'zod/mini';
import { countryCodeSchema, moneySchema } from './common';
import { MESSAGES } from './messages';
import { voucherCodeSchema } from './voucher-codes';
import { pathParameters, requiredIdSchema, ULID_PATTERN } from './path-parameters';

export const PAGE_TYPES = ['GIFT', 'CHARITY', 'FUNDRAISE'] as const;
export const PAYMENT_TYPES = ['CARD', 'VOUCHER', 'PAYROLL', 'NONE'] as const;
export const PAYMENT_STATUSES = ['Initiated', 'Processing', 'Completed', 'Failed'] as const;
export type PageType = (typeof PAGE_TYPES)[number];
export type PaymentType = (typeof PAYMENT_TYPES)[number];
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Quick-pick donation amounts, in dollars. */
export const QUICK_PICK_AMOUNTS = [10, 20, 50, 100, 200] as const;
/** Checkout minimum per item, in cents ($1). */
export const MIN_DONATION_CENTS = 100;
/** A sanity ceiling per item ($1,000,000) that catches mistyped amounts. */
export const MAX_DONATION_CENTS = 100_000_000;
/** Spec §2: the quantity field's minimum. */
export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 1000;
export const MAX_MESSAGE_LENGTH = 500;
export const MAX_NAME_LENGTH = 50;
export const MAX_RECEIPT_NAME_LENGTH = 100;

/** A general donation to a charity the platform does not know here, or one that has stopped taking donations. */
export const CHARITY_MISSING_MESSAGE = 'This charity is not taking donations at the moment.';
export const CHARITY_WRONG_COUNTRY_MESSAGE = 'This charity cannot be given to from this country.';

const trimmed = (max: number) =>
  z.pipe(
    z.pipe(z.string({ error: MESSAGES.requiredField }), z.transform((s) => s.trim())),
    z.string().check(z.minLength(1, MESSAGES.requiredField), z.maxLength(max, MESSAGES.tooLong(max))),
  );

export const donorNameSchema = trimmed(MAX_NAME_LENGTH);
export const receiptNameSchema = trimmed(MAX_RECEIPT_NAME_LENGTH);
export const donorEmailSchema = z.pipe(
  z.pipe(z.string({ error: MESSAGES.requiredField }), z.transform((s) => s.trim())),
  z.string().check(z.minLength(1, MESSAGES.requiredField), z.email(MESSAGES.invalidEmail), z.maxLength(254, MESSAGES.invalidEmail)),
);
export const quantitySchema = z.int({ error: MESSAGES.invalidInput }).check(
  z.gte(MIN_QUANTITY, MESSAGES.invalidInput),
  z.lte(MAX_QUANTITY, MESSAGES.invalidInput),
);
/** A donation amount per item in integer cents: at least $1. */
export const donationCentsSchema = z.int({ error: MESSAGES.invalidAmount }).check(
  z.gte(MIN_DONATION_CENTS, MESSAGES.invalidAmount),
  z.lte(MAX_DONATION_CENTS, MESSAGES.invalidAmount),
);
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

/** What the browser gets back from the card gateway's hosted fields; the card number never leaves them. */
export const cardTokenSchema = z.object({
  token: z.string().check(z.regex(/^tok_[A-Za-z0-9]{8,64}$/, 'Invalid card token.')),
  cardType: z.enum(['visa', 'mastercard', 'amex', 'unknown']),
  last4: z.string().check(z.regex(/^\d{4}$/, 'Invalid card token.')),
});
export type CardToken = z.infer<typeof cardTokenSchema>;

/** Saved cards and monthly giving are for signed-in donors (spec §6); a guest asking for them gets a 400 naming the field. */
export const SIGN_IN_TO_SAVE_CARD_MESSAGE = 'Sign in to save your card for future donations.';
export const SIGN_IN_FOR_SAVED_CARD_MESSAGE = 'Sign in to pay with a saved card.';
export const SIGN_IN_FOR_RECURRING_MESSAGE = 'Sign in to give monthly.';
export const SAVED_CARD_INVALID_MESSAGE = 'Invalid saved card.';
export const CARD_CHOICE_MESSAGE = 'Choose a saved card or enter your card details.';

/** Our ids (tracking numbers, saved cards, monthly schedules) are ULIDs. */
const ulidSchema = (message: string) => z.string({ error: message }).check(z.regex(ULID_PATTERN, message));
export const savedCardIdSchema = ulidSchema(SAVED_CARD_INVALID_MESSAGE);
/** A saved card belongs to the merchant account it was saved with, so it pays only in that account's countries. */
export const SAVED_CARD_OTHER_COUNTRY_MESSAGE = 'This saved card cannot be used for donations in this country. Please use another card.';
/** GET /donations/me/saved-cards?country= — with a country, only the cards that can pay there (its merchant account's). */
export const savedCardListQuery = z.object({ country: z.optional(countryCodeSchema) });

/** A guest's card: a new card only, never kept. */
const guestCardSchema = z.extend(cardTokenSchema, {
  saveCard: z.optional(z.literal(false, { error: SIGN_IN_TO_SAVE_CARD_MESSAGE })),
  savedCardId: z.optional(z.never({ error: SIGN_IN_FOR_SAVED_CARD_MESSAGE })),
});

/** A member's new card, which they may ask to keep ('Securely save my card for future donations'). */
export const memberNewCardSchema = z.extend(cardTokenSchema, { saveCard: z.optional(z.boolean()) });
/** One of the member's saved cards, by our id; the server resolves it to the member's own card or refuses it. */
export const savedCardChoiceSchema = z.object({ savedCardId: savedCardIdSchema });
export const memberCardSchema = z.union([savedCardChoiceSchema, memberNewCardSchema], { error: CARD_CHOICE_MESSAGE });
export type MemberCard = z.infer<typeof memberCardSchema>;

export const donorSchema = z.object({
  firstName: donorNameSchema,
  lastName: donorNameSchema,
  email: donorEmailSchema,
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

/** Why a signed-in payment that names a donor is refused: the donor is always the member the token names. */
export const DONOR_FROM_SIGN_IN_MESSAGE = 'Leave donor out: a signed-in donation is given as the signed-in member.';

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

export const createPaymentResponseSchema = z.object({ trackingNumber: z.string() });
export type CreatePaymentResponse = z.infer<typeof createPaymentResponseSchema>;

export const paymentStatusResponseSchema = z.object({
  trackingNumber: z.string(),
  paymentProcessingStatus: z.enum(PAYMENT_STATUSES),
  messages: z.array(z.string()),
});
export type PaymentStatusResponse = z.infer<typeof paymentStatusResponseSchema>;

export const trackingNumberParams = pathParameters('trackingNumber');

export const giftSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  imageUrl: z.string(),
  iconUrl: z.string(),
  productUrl: z.string(),
  price: moneySchema,
  isActive: z.boolean(),
  charity: z.object({ id: z.string(), name: z.string(), charityUrl: z.string(), logoImageUrl: z.string() }),
});
export type Gift = z.infer<typeof giftSchema>;

export const giftListSchema = z.object({ items: z.array(giftSchema) });
export type GiftList = z.infer<typeof giftListSchema>;

export const giftParams = pathParameters('charityUrl', 'productUrl');
export const charityGiftsParams = pathParameters('charityUrl');
export const charityGiftsQuery = z.object({ limit: z.optional(z.string().check(z.regex(/^\d{1,2}$/))) });
