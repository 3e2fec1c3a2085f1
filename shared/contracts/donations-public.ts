import * as z from 'zod/mini';
import { moneySchema, ULID_PATTERN } from './common';
import { MESSAGES } from './messages';

/**
 * What the browser reads of donations: the checkout's constants and messages, the gift, the donor's fields, the card
 * token, and the answers to a payment and its status. Kept apart from donations.ts, which re-exports it, so no page
 * builds the payment requests' schemas, which only the API validates with: evaluating donations.ts built all of them
 * before a gift page's first paint (issue 12). The web imports these from here; the services from donations.ts.
 */

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

/** Why a signed-in payment that names a donor is refused: the donor is always the member the token names. */
export const DONOR_FROM_SIGN_IN_MESSAGE = 'Leave donor out: a signed-in donation is given as the signed-in member.';

export const createPaymentResponseSchema = z.object({ trackingNumber: z.string() });
export type CreatePaymentResponse = z.infer<typeof createPaymentResponseSchema>;

export const paymentStatusResponseSchema = z.object({
  trackingNumber: z.string(),
  paymentProcessingStatus: z.enum(PAYMENT_STATUSES),
  messages: z.array(z.string()),
});
export type PaymentStatusResponse = z.infer<typeof paymentStatusResponseSchema>;

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
