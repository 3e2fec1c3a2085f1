import { describe, expect, it } from 'vitest';
import { accountOfPayment, accountOfSavedCard, feesFor, merchantAccountFor, paymentGatewayFor, transactionFeeOn } from './payment-gateway';
import { gatewaySettings } from './test-support';

describe('the merchant account of a country', () => {
  it('is the charitable Trust’s for New Zealand and the platform’s for Australia, for payments and their lookups alike', () => {
    expect(merchantAccountFor('nz')).toBe('Trust');
    expect(merchantAccountFor('au')).toBe('Platform');
    expect(accountOfPayment({ country: 'nz' })).toBe('Trust');
    expect(accountOfPayment({ country: 'au' })).toBe('Platform');
  });

  it('a saved card pays in the account it was vaulted in; one saved before accounts is the platform’s', () => {
    expect(accountOfSavedCard({ account: 'Trust' })).toBe('Trust');
    expect(accountOfSavedCard({})).toBe('Platform');
  });
});

describe('the payment gateway answer', () => {
  it('gives the country’s currency, fees and its one account with the public client key (never a secret)', () => {
    expect(paymentGatewayFor(gatewaySettings, 'nz')).toEqual({
      country: 'nz',
      currency: 'NZD',
      transactionProcessingFees: { percentBasisPoints: 190, fixedCents: 30 },
      apiAccounts: [{ accountType: 'Trust', clientKey: 'ck_test_trust' }],
    });
    expect(paymentGatewayFor(gatewaySettings, 'au')).toEqual({
      country: 'au',
      currency: 'AUD',
      transactionProcessingFees: { percentBasisPoints: 175, fixedCents: 30 },
      apiAccounts: [{ accountType: 'Platform', clientKey: 'pk_test_platform' }],
    });
    expect(feesFor(gatewaySettings, 'au')).toEqual({ percentBasisPoints: 175, fixedCents: 30 });
  });

  it('the fee on a card part at a payment’s recorded rates; none recorded, none charged', () => {
    expect(transactionFeeOn({ cents: 2500, currency: 'NZD' }, { percentBasisPoints: 190, fixedCents: 30 })).toEqual({ cents: 78, currency: 'NZD' });
    expect(transactionFeeOn({ cents: 0, currency: 'NZD' }, { percentBasisPoints: 190, fixedCents: 30 })).toEqual({ cents: 0, currency: 'NZD' });
    expect(transactionFeeOn({ cents: 2500, currency: 'AUD' }, undefined)).toEqual({ cents: 0, currency: 'AUD' });
  });
});
