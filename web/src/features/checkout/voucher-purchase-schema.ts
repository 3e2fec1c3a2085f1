import * as z from 'zod/mini';
import { MAX_MESSAGE_LENGTH, donorEmailSchema, donorNameSchema } from '@giving/shared/contracts/donations-public';
import { MESSAGES } from '@giving/shared/contracts/messages';
import { MAX_RECIPIENT_NAME_LENGTH, voucherValueSchema } from '@giving/shared/contracts/vouchers';
import { parseDollars } from '@giving/shared/money';

/** The voucher page's form, built from the API's own field schemas (shared/contracts/vouchers.ts). */

/** A dollar value typed in the form ('50', '50.5', '50.50') becomes integer cents from $1 to $1,000, else 'Invalid Amount!'. */
export const voucherValueTextSchema = z.pipe(
  z.string(),
  z.pipe(
    z.transform((text: string) => parseDollars(text) ?? Number.NaN),
    voucherValueSchema,
  ),
);

const optionalEmail = z.union([z.literal(''), donorEmailSchema], { error: MESSAGES.invalidEmail });

const voucherFields = {
  voucherValue: voucherValueTextSchema,
  recipientName: z.string().check(z.maxLength(MAX_RECIPIENT_NAME_LENGTH, MESSAGES.tooLong(MAX_RECIPIENT_NAME_LENGTH))),
  recipientEmail: optionalEmail,
  message: z.string().check(z.maxLength(MAX_MESSAGE_LENGTH, MESSAGES.tooLong(MAX_MESSAGE_LENGTH))),
};

/** A guest names themselves: the code is e-mailed to them. */
export const voucherPurchaseFormSchema = z.object({ ...voucherFields, firstName: donorNameSchema, lastName: donorNameSchema, email: donorEmailSchema });

/** A signed-in member is the buyer their sign-in names: names and e-mail are not asked. */
export const memberVoucherPurchaseFormSchema = z.object({ ...voucherFields, firstName: z.string(), lastName: z.string(), email: z.string() });

export type VoucherPurchaseFormInput = z.input<typeof voucherPurchaseFormSchema>;
export type VoucherPurchaseFormValues = z.output<typeof voucherPurchaseFormSchema>;

/** The page starts at $50. */
export const DEFAULT_VOUCHER_DOLLARS = 50;

export const voucherPurchaseDefaults = (): VoucherPurchaseFormInput => ({
  voucherValue: `${DEFAULT_VOUCHER_DOLLARS}.00`,
  recipientName: '',
  recipientEmail: '',
  message: '',
  firstName: '',
  lastName: '',
  email: '',
});

/** API field paths (without 'body.') to the form's fields, for the API's 400s. */
export const VOUCHER_SERVER_FIELDS: Record<string, keyof VoucherPurchaseFormInput> = {
  voucherValue: 'voucherValue',
  'recipient.name': 'recipientName',
  'recipient.email': 'recipientEmail',
  message: 'message',
  'buyer.firstName': 'firstName',
  'buyer.lastName': 'lastName',
  'buyer.email': 'email',
};
