import * as z from 'zod/mini';
import {
  MAX_MESSAGE_LENGTH,
  MAX_RECEIPT_NAME_LENGTH,
  PAYMENT_TYPES,
  type PaymentType,
  donationCentsSchema,
  donorEmailSchema,
  donorNameSchema,
  quantitySchema,
  receiptNameSchema,
} from '@giving/shared/contracts/donations-public';
import { MESSAGES } from '@giving/shared/contracts/messages';
import { centsToDollarString, parseDollars } from '@giving/shared/money';

/** A dollar amount typed in the form ('12', '12.5', '12.50') becomes integer cents; anything else fails as 'Invalid Amount!'. */
export const dollarAmountSchema = z.pipe(
  z.string(),
  z.pipe(
    z.transform((text: string) => parseDollars(text) ?? Number.NaN),
    donationCentsSchema,
  ),
);

/** A quantity typed in a number field; blank or not a whole number fails as 'Invalid Input!'. */
export const quantityTextSchema = z.pipe(
  z.string(),
  z.pipe(
    z.transform((text: string) => (text.trim() === '' ? Number.NaN : Number(text))),
    quantitySchema,
  ),
);

/** The tip radio values (cents as text): none, $2 or $5 — spec §5 "Tip". */
export const TIP_OPTIONS = ['0', '200', '500'] as const;
const tipTextSchema = z.pipe(z.enum(TIP_OPTIONS), z.transform((text) => Number(text) as 0 | 200 | 500));

/** What the checkout asks of everyone: the donation, how it is paid, and the receipt name. */
const donationFields = {
  donationAmount: dollarAmountSchema,
  quantity: quantityTextSchema,
  supportingAmount: tipTextSchema,
  message: z.string().check(z.maxLength(MAX_MESSAGE_LENGTH, MESSAGES.tooLong(MAX_MESSAGE_LENGTH))),
  isAnonymous: z.boolean(),
  /** A fundraising page's donor hides their message from the page: only its owner reads it (FUNDRAISE only). */
  isMessageAnonymous: z.boolean(),
  receiptName: receiptNameSchema,
  paymentType: z.enum(PAYMENT_TYPES),
  isRecurring: z.boolean(),
  saveCard: z.boolean(),
};

/** A receipt name the checkout does not need (spec §5): trimmed, within the limit, possibly empty. */
const optionalReceiptNameSchema = z.pipe(
  z.pipe(z.string(), z.transform((s) => s.trim())),
  z.string().check(z.maxLength(MAX_RECEIPT_NAME_LENGTH, MESSAGES.tooLong(MAX_RECEIPT_NAME_LENGTH))),
);

/**
 * The guest card checkout for a gift or a general donation to a charity, built from the API's own field schemas (shared/contracts/donations.ts),
 * so the form and the API refuse the same things with the same messages.
 */
export const checkoutFormSchema = z.object({
  ...donationFields,
  firstName: donorNameSchema,
  lastName: donorNameSchema,
  email: donorEmailSchema,
});

/**
 * The same checkout for a signed-in member: names and e-mail are not asked (spec §5: required only when not logged
 * in; §6: logged-in donors skip them), so they are not checked — the API takes them from the member's token.
 */
export const memberCheckoutFormSchema = z.object({
  ...donationFields,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
});

/** What decides which fields the checkout asks for (spec §5 "Donation form"). */
export interface CheckoutRules {
  signedIn: boolean;
  paymentType: PaymentType;
  isRecurring: boolean;
  /** A voucher is applied and covers donation x quantity + tip. */
  voucherCovers: boolean;
}

/**
 * The schema for the checkout as it stands (spec §5): names and e-mail only for a guest not paying by payroll;
 * the receipt name for card, for an applied voucher that does not cover the total, or for recurring giving.
 */
export function checkoutSchemaFor({ signedIn, paymentType, isRecurring, voucherCovers }: CheckoutRules) {
  const needsDonor = !signedIn && paymentType !== 'PAYROLL';
  const needsReceiptName = paymentType === 'CARD' || (paymentType === 'VOUCHER' && !voucherCovers) || isRecurring;
  const base = needsDonor ? checkoutFormSchema : memberCheckoutFormSchema;
  return needsReceiptName ? base : z.extend(base, { receiptName: optionalReceiptNameSchema });
}

export type CheckoutFormInput = z.input<typeof checkoutFormSchema>;
export type CheckoutFormValues = z.output<typeof checkoutFormSchema>;
export type CheckoutField = keyof CheckoutFormInput;

/** Spec §3: the amount starts at the gift's price, or $10 when there is none (a general donation); no tip. */
export const DEFAULT_DONATION_CENTS = 1000;

export function checkoutDefaults(priceCents: number): CheckoutFormInput {
  return {
    donationAmount: centsToDollarString(priceCents > 0 ? priceCents : DEFAULT_DONATION_CENTS),
    quantity: '1',
    supportingAmount: '0',
    message: '',
    isAnonymous: false,
    isMessageAnonymous: false,
    firstName: '',
    lastName: '',
    email: '',
    receiptName: '',
    paymentType: 'CARD',
    isRecurring: false,
    saveCard: false,
  };
}

/** Where the API's field errors (request paths without 'body.') show in this form. */
export const SERVER_FIELD_TO_FORM_FIELD: Readonly<Record<string, CheckoutField>> = {
  donationAmount: 'donationAmount',
  quantity: 'quantity',
  supportingAmount: 'supportingAmount',
  message: 'message',
  // A fundraising page's message is the form's message box, sent as donorMessage.
  donorMessage: 'message',
  isAnonymous: 'isAnonymous',
  isMessageAnonymous: 'isMessageAnonymous',
  receiptName: 'receiptName',
  'donor.firstName': 'firstName',
  'donor.lastName': 'lastName',
  'donor.email': 'email',
};

/** The form's fields in the order they appear, so focus goes to the first that is wrong. */
export const CHECKOUT_FIELD_ORDER: readonly CheckoutField[] = [
  'donationAmount',
  'quantity',
  'supportingAmount',
  'message',
  'isAnonymous',
  'isMessageAnonymous',
  'firstName',
  'lastName',
  'email',
  'receiptName',
];
