import * as z from 'zod/mini';
import { countryCodeSchema, moneySchema } from './common';
import { DONOR_FROM_SIGN_IN_MESSAGE, MAX_MESSAGE_LENGTH, cardTokenSchema, donorEmailSchema, donorSchema } from './donations';
import { MESSAGES } from './messages';
import { voucherCodeSchema } from './voucher-codes';

/** Gift vouchers: buying one by card, looking one up, and the buyer's and the back office's lists. */

/** Quick values on the voucher page, in dollars; any other whole-cent value from the minimum to the maximum works too. */
export const VOUCHER_QUICK_VALUES = [20, 50, 100, 200] as const;
/** A voucher is worth at least $1 and at most $1,000. */
export const MIN_VOUCHER_CENTS = 100;
export const MAX_VOUCHER_CENTS = 100_000;
export const MAX_RECIPIENT_NAME_LENGTH = 100;

export const voucherValueSchema = z.int({ error: MESSAGES.invalidAmount }).check(
  z.gte(MIN_VOUCHER_CENTS, MESSAGES.invalidAmount),
  z.lte(MAX_VOUCHER_CENTS, MESSAGES.invalidAmount),
);

/** Who the voucher is for, both optional: the recipient also gets the code by e-mail when an address is given. */
export const voucherRecipientSchema = z.object({
  name: z.optional(
    z.pipe(
      z.pipe(z.string(), z.transform((s) => s.trim())),
      z.string().check(z.maxLength(MAX_RECIPIENT_NAME_LENGTH, MESSAGES.tooLong(MAX_RECIPIENT_NAME_LENGTH))),
    ),
  ),
  email: z.optional(donorEmailSchema),
});

const purchaseFields = {
  country: countryCodeSchema,
  /** The voucher's value in integer cents of the country's currency. */
  voucherValue: voucherValueSchema,
  recipient: z.optional(voucherRecipientSchema),
  message: z.optional(z.string().check(z.maxLength(MAX_MESSAGE_LENGTH, MESSAGES.tooLong(MAX_MESSAGE_LENGTH)))),
  card: cardTokenSchema,
};

/** POST /donations/voucher-purchases — a guest buys a voucher by card and names themselves (the code is e-mailed there). */
export const voucherPurchaseRequestSchema = z.object({ ...purchaseFields, buyer: donorSchema });
export type VoucherPurchaseRequest = z.infer<typeof voucherPurchaseRequestSchema>;

/** POST /donations/me/voucher-purchases — the same by a signed-in member: the buyer comes from the ID token. */
export const memberVoucherPurchaseRequestSchema = z.object({
  ...purchaseFields,
  buyer: z.optional(z.never({ error: DONOR_FROM_SIGN_IN_MESSAGE })),
});
export type MemberVoucherPurchaseRequest = z.infer<typeof memberVoucherPurchaseRequestSchema>;

/** POST /donations/vouchers/lookup */
export const voucherLookupRequestSchema = z.object({ code: voucherCodeSchema });
export type VoucherLookupRequest = z.infer<typeof voucherLookupRequestSchema>;

/** Spec §3 "Voucher lookup response: isExpired, remainingBalance" (and when it expires). */
export const voucherLookupResponseSchema = z.object({
  isExpired: z.boolean(),
  remainingBalance: moneySchema,
  expiresAt: z.string(),
});
export type VoucherLookupResponse = z.infer<typeof voucherLookupResponseSchema>;

export const VOUCHER_STATUSES = ['Active', 'Used', 'Expired'] as const;
export type VoucherStatus = (typeof VOUCHER_STATUSES)[number];

/** A voucher in a list. The code itself is never shown again: only its last 2 characters, masked. */
export const voucherSummarySchema = z.object({
  id: z.string(),
  /** e.g. '••••••7K' */
  maskedCode: z.string(),
  value: moneySchema,
  /** Spec §3 Voucher: voucherBalance, createdOn. */
  voucherBalance: moneySchema,
  createdOn: z.string(),
  expiresAt: z.string(),
  status: z.enum(VOUCHER_STATUSES),
  recipientName: z.optional(z.string()),
});
export type VoucherSummary = z.infer<typeof voucherSummarySchema>;

/** GET /donations/me/vouchers — the signed-in member's vouchers (bought by them, or as a guest with their e-mail), newest first. */
export const myVoucherListSchema = z.object({ items: z.array(voucherSummarySchema) });
export type MyVoucherList = z.infer<typeof myVoucherListSchema>;

export const backOfficeVoucherSchema = z.object({
  ...voucherSummarySchema.shape,
  buyerEmail: z.string(),
  buyerName: z.string(),
  country: countryCodeSchema,
});
export type BackOfficeVoucher = z.infer<typeof backOfficeVoucherSchema>;

/** GET /donations/backoffice/vouchers?q=&cursor= — every voucher, newest first, a page at a time; q searches buyer e-mails. */
export const backOfficeVoucherListSchema = z.object({ items: z.array(backOfficeVoucherSchema), nextCursor: z.optional(z.string()) });
export type BackOfficeVoucherList = z.infer<typeof backOfficeVoucherListSchema>;

export const voucherListQuerySchema = z.object({
  q: z.optional(z.string().check(z.maxLength(254, MESSAGES.tooLong(254)))),
  cursor: z.optional(z.string().check(z.maxLength(500))),
});
export type VoucherListQuery = z.infer<typeof voucherListQuerySchema>;
