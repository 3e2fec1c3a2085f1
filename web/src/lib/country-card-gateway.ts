import type { CountryCode } from '@giving/shared/countries';
import { merchantAccountFor } from '@giving/shared/contracts/payment-gateway';
import type { TransactionProcessingFees } from '@giving/shared/fees';
import { useRuntimeConfig } from './config';
import { usePaymentGateway } from './payment-gateway';
import type { CardGatewaySettings } from './card-frame';

export interface CountryCardGateway {
  /** Where the card fields come from and the key that frames them; undefined while they load. */
  gateway: CardGatewaySettings | undefined;
  /** The fee the donor covers on the card part; undefined while the gateway settings load. */
  fees: TransactionProcessingFees | undefined;
  /** The gateway settings could not be loaded: no card can be taken. */
  unavailable: boolean;
  /** Asks for the fees again (after the API said the fee shown was out of date). */
  refreshFees: () => void;
}

/**
 * The merchant account that collects this country's payments (nz: the charitable Trust's, whose client key makes
 * the frame encrypt the card; au: the platform's publishable key), for the card fields, and that country's fee.
 */
export function useCountryCardGateway(country: CountryCode): CountryCardGateway {
  const config = useRuntimeConfig();
  const settings = usePaymentGateway(country);
  const accountType = merchantAccountFor(country);
  const account = settings.data?.apiAccounts.find((candidate) => candidate.accountType === accountType);
  return {
    gateway:
      config.data && account
        ? { url: config.data.cardGatewayUrl, key: account.clientKey, keyKind: account.accountType === 'Trust' ? 'clientKey' : 'publishableKey' }
        : undefined,
    fees: settings.data?.transactionProcessingFees,
    unavailable: config.isError || settings.isError || (settings.isSuccess && !account),
    refreshFees: () => void settings.refetch(),
  };
}
