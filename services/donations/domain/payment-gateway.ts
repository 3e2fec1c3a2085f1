import { merchantAccountFor, type MerchantAccount, type PaymentGatewayResponse, type PaymentGatewaySettings } from '@giving/shared/contracts/payment-gateway';
import { COUNTRIES, type CountryCode } from '@giving/shared/countries';
import { transactionFeeCents, type TransactionProcessingFees } from '@giving/shared/fees';
import { money, type Money } from '@giving/shared/money';
import type { Payment, SavedCard } from './ports';

/**
 * The card gateway's merchant accounts and the transaction fee (docs/DECISIONS.md). A country's card payments go to
 * one merchant account (nz: the charitable Trust's, au: the platform's), for charges, refunds, lookups and saved cards
 * alike; the donor covers the fee on the part the card pays, at the country's rates from the service's settings.
 */

export { merchantAccountFor };

/** GET /donations/payment-gateway?country=: the country's fees and the account its card fields tokenise for. */
export function paymentGatewayFor(settings: PaymentGatewaySettings, country: CountryCode): PaymentGatewayResponse {
  const accountType = merchantAccountFor(country);
  return {
    country,
    currency: COUNTRIES[country].currency,
    transactionProcessingFees: { ...settings.transactionProcessingFees[country] },
    apiAccounts: [{ accountType, clientKey: settings.accounts[accountType].clientKey }],
  };
}

export function feesFor(settings: PaymentGatewaySettings, country: CountryCode): TransactionProcessingFees {
  const { percentBasisPoints, fixedCents } = settings.transactionProcessingFees[country];
  return { percentBasisPoints, fixedCents };
}

/** The account a payment is charged, refunded and looked up in: its country's. */
export const accountOfPayment = (payment: Pick<Payment, 'country'>): MerchantAccount => merchantAccountFor(payment.country);

/** The account a saved card was vaulted in; cards saved before there were accounts are the platform's. */
export const accountOfSavedCard = (card: Pick<SavedCard, 'account'>): MerchantAccount => card.account ?? 'Platform';

/** The fee on the card's part of a payment, at the rates it was made with (none recorded: no fee). */
export function transactionFeeOn(cardPart: Money, fees: TransactionProcessingFees | undefined): Money {
  return money(fees ? transactionFeeCents(cardPart.cents, fees) : 0, cardPart.currency);
}
