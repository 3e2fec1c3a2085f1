import type { CountryCode } from '@giving/shared/countries';
import { merchantAccountFor } from '@giving/shared/contracts/payment-gateway';
import type { TransactionProcessingFees } from '@giving/shared/fees';
import { useRuntimeConfig } from '../../../lib/config';
import { usePaymentGateway } from '../api/get-payment-gateway';
import { useCardFrame, type CardFrame } from './use-card-frame';

export interface CountryCardFrame {
  frame: CardFrame;
  /** The fee the donor covers on the card part; undefined while the gateway settings load. */
  fees: TransactionProcessingFees | undefined;
  /** The gateway settings could not be loaded: no card can be taken. */
  unavailable: boolean;
  /** Asks for the fees again (after the API said the fee shown was out of date). */
  refreshFees: () => void;
}

/**
 * The card fields of the merchant account that collects this country's payments (nz: the charitable Trust's, framed
 * with its client key so the frame encrypts the card; au: the platform's publishable key), and that country's fee.
 */
export function useCountryCardFrame(country: CountryCode): CountryCardFrame {
  const config = useRuntimeConfig();
  const gateway = usePaymentGateway(country);
  const accountType = merchantAccountFor(country);
  const account = gateway.data?.apiAccounts.find((candidate) => candidate.accountType === accountType);
  const frame = useCardFrame(
    config.data && account
      ? { url: config.data.cardGatewayUrl, key: account.clientKey, keyKind: account.accountType === 'Trust' ? 'clientKey' : 'publishableKey' }
      : undefined,
  );
  return {
    frame,
    fees: gateway.data?.transactionProcessingFees,
    unavailable: config.isError || gateway.isError || (gateway.isSuccess && !account),
    refreshFees: () => void gateway.refetch(),
  };
}
