import * as z from 'zod/mini';
import type { CountryCode } from '../countries';
import type { TransactionProcessingFees } from '../fees';
import { CURRENCIES } from '../money';
import { countryCodeSchema } from './common';

/**
 * The card gateway's merchant accounts and the transaction fee, per country (spec §3 "Payment gateway":
 * transactionProcessingFees, apiAccounts with accountType Trust and clientKey). Donations made in New Zealand are
 * collected into the charitable Trust's merchant account; Australia's into the platform's (docs/DECISIONS.md).
 */
export const MERCHANT_ACCOUNTS = ['Trust', 'Platform'] as const;
export type MerchantAccount = (typeof MERCHANT_ACCOUNTS)[number];

/** Which merchant account collects a country's card payments (charges, refunds, saved cards). */
export const MERCHANT_ACCOUNT_BY_COUNTRY = { nz: 'Trust', au: 'Platform' } as const satisfies Record<CountryCode, MerchantAccount>;

export function merchantAccountFor(country: CountryCode): MerchantAccount {
  return MERCHANT_ACCOUNT_BY_COUNTRY[country];
}

/** Suggested fees when a deployment sets none (CDK context transactionProcessingFees; the local platform uses these). */
export const DEFAULT_TRANSACTION_PROCESSING_FEES = {
  nz: { percentBasisPoints: 190, fixedCents: 30 },
  au: { percentBasisPoints: 175, fixedCents: 30 },
} as const satisfies Record<CountryCode, TransactionProcessingFees>;

export const transactionProcessingFeesSchema = z.object({
  /** 190 = 1.9%; at most 10%. */
  percentBasisPoints: z.int().check(z.gte(0), z.lte(1000)),
  /** At most $5. */
  fixedCents: z.int().check(z.gte(0), z.lte(500)),
});

/**
 * The donations service's settings (environment PAYMENT_GATEWAY_SETTINGS, JSON; set by CDK from context, locally by
 * tools/local/src/config.ts): each merchant account's public client key, and each country's fees.
 */
export const paymentGatewaySettingsSchema = z.object({
  accounts: z.object({
    Trust: z.object({ clientKey: z.string().check(z.minLength(1)) }),
    Platform: z.object({ clientKey: z.string().check(z.minLength(1)) }),
  }),
  transactionProcessingFees: z.object({ nz: transactionProcessingFeesSchema, au: transactionProcessingFeesSchema }),
});
export type PaymentGatewaySettings = z.infer<typeof paymentGatewaySettingsSchema>;

/** GET /donations/payment-gateway?country=nz|au */
export const paymentGatewayQuery = z.object({ country: countryCodeSchema });

export const paymentGatewayResponseSchema = z.object({
  country: countryCodeSchema,
  currency: z.enum(CURRENCIES),
  /** fee = round(cardCents × percentBasisPoints / 10000) + fixedCents when the card pays anything (shared/fees.ts). */
  transactionProcessingFees: transactionProcessingFeesSchema,
  /**
   * The account the country's card payments go to, with its public key for the card fields: accountType Trust is
   * framed as /hosted-fields?parentOrigin=…&clientKey=… (card number and CVC encrypted in the frame), Platform as
   * /hosted-fields?parentOrigin=…&publishableKey=….
   */
  apiAccounts: z.array(z.object({ accountType: z.enum(MERCHANT_ACCOUNTS), clientKey: z.string() })),
});
export type PaymentGatewayResponse = z.infer<typeof paymentGatewayResponseSchema>;

/** What the server says, with a 409, when the fee the donor was shown is not the fee it would charge. */
export const TRANSACTION_FEE_CHANGED_MESSAGE = 'The transaction fee has changed. Please check the total and try again.';
