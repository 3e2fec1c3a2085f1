import * as z from 'zod/mini';
import { countryCodeSchema, moneySchema } from './common';
import { DONOR_FROM_SIGN_IN_MESSAGE, MAX_MESSAGE_LENGTH, cardTokenSchema, donorEmailSchema, donorSchema } from './donations-public';
import { MESSAGES } from './messages';
import { CURRENCIES } from '../money';

/** The lookup's schemas live with the code (the checkout builds only those). */
export { voucherLookupRequestSchema, voucherLookupResponseSchema, type VoucherLookupRequest, type VoucherLookupResponse } from './voucher-codes';

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

/* ------------------------------------------------------------------------------------------------------------
 * A workplace buys gift vouchers for its staff (issue 15 item 9; its payments admins): one card payment, one voucher
 * per person, each e-mailed its own code; the workplace sees every voucher's balance.
 * ---------------------------------------------------------------------------------------------------------- */

/**
 * People per order: the vouchers are created with the payment's completion in one DynamoDB transaction (at most 100
 * items), so they exist exactly when the card was charged. A bigger group is several orders.
 */
export const MAX_VOUCHERS_PER_ORDER = 99;
export const TOO_MANY_RECIPIENTS = `Up to ${MAX_VOUCHERS_PER_ORDER} people per order. Split the list and place another order for the rest.`;
export const DUPLICATE_RECIPIENT = 'This e-mail address is already in the list.';

const recipientNameSchema = z.pipe(
  z.pipe(z.string(), z.transform((s) => s.trim())),
  z.string().check(z.maxLength(MAX_RECIPIENT_NAME_LENGTH, MESSAGES.tooLong(MAX_RECIPIENT_NAME_LENGTH))),
);

/** One person a workplace voucher is for: their e-mail gets the code. */
export const workplaceVoucherRecipientSchema = z.object({ email: donorEmailSchema, name: z.optional(recipientNameSchema) });
export type WorkplaceVoucherRecipient = z.infer<typeof workplaceVoucherRecipientSchema>;

/** POST /donations/workplace/{workplaceId}/voucher-purchases (Workplace_ManagePayments; Idempotency-Key header required) -> 202 {trackingNumber}. */
export const workplaceVoucherPurchaseRequestSchema = z
  .object({
    country: countryCodeSchema,
    /** Each voucher's value, in integer cents of the country's currency; the card pays value x people. */
    voucherValue: voucherValueSchema,
    recipients: z
      .array(workplaceVoucherRecipientSchema, { error: MESSAGES.requiredField })
      .check(z.minLength(1, MESSAGES.requiredField), z.maxLength(MAX_VOUCHERS_PER_ORDER, TOO_MANY_RECIPIENTS)),
    message: z.optional(z.string().check(z.maxLength(MAX_MESSAGE_LENGTH, MESSAGES.tooLong(MAX_MESSAGE_LENGTH)))),
    card: cardTokenSchema,
  })
  .check(
    z.superRefine((order, ctx) => {
      const seen = new Set<string>();
      order.recipients.forEach((recipient, index) => {
        const email = recipient.email.toLowerCase();
        if (seen.has(email)) ctx.addIssue({ code: 'custom', path: ['recipients', index, 'email'], message: DUPLICATE_RECIPIENT });
        seen.add(email);
      });
    }),
  );
export type WorkplaceVoucherPurchaseRequest = z.infer<typeof workplaceVoucherPurchaseRequestSchema>;

/** A voucher the workplace bought, as its console lists it: who has it and what is left on it (never the code). */
export const workplaceVoucherSchema = z.object({
  ...voucherSummarySchema.shape,
  recipientEmail: z.string(),
  /** The order (payment) it was bought in. */
  orderNumber: z.string(),
  /** Who in the workplace bought it. */
  buyerName: z.string(),
});
export type WorkplaceVoucher = z.infer<typeof workplaceVoucherSchema>;

/** Per currency: how many vouchers, what they were worth, what is left on those still usable, and what was given with them. */
export const workplaceVoucherTotalsSchema = z.object({
  currency: z.enum(CURRENCIES),
  count: z.int(),
  value: moneySchema,
  given: moneySchema,
  remaining: moneySchema,
  expired: moneySchema,
});
export type WorkplaceVoucherTotals = z.infer<typeof workplaceVoucherTotalsSchema>;

/** GET /donations/workplace/{workplaceId}/vouchers?cursor= -> the workplace's vouchers, newest first, a page at a time, with totals over all of them. */
export const workplaceVoucherListSchema = z.object({
  items: z.array(workplaceVoucherSchema),
  nextCursor: z.optional(z.string()),
  totals: z.array(workplaceVoucherTotalsSchema),
});
export type WorkplaceVoucherList = z.infer<typeof workplaceVoucherListSchema>;

export const workplaceVoucherListQuerySchema = z.object({ cursor: z.optional(z.string().check(z.maxLength(500))) });
