import type { CharityProfile } from '@giving/shared/contracts/accounts';
import type { Gift } from '@giving/shared/contracts/donations-public';
import type { PaymentGatewayResponse } from '@giving/shared/contracts/payment-gateway';
import type { RuntimeConfig } from '../lib/config';
import { json, type FetchFake } from './fetch-fake';

export const GATEWAY_ORIGIN = 'http://localhost:3010';

export const runtimeConfig: RuntimeConfig = {
  cardGatewayUrl: GATEWAY_ORIGIN,
  cardGatewayPublishableKey: 'pk_test_local_platform',
};

/** The local platform's payment gateway settings: nz's card payments go to the Trust account (1.9% + 30c). */
export const paymentGateways: Record<'nz' | 'au', PaymentGatewayResponse> = {
  nz: {
    country: 'nz',
    currency: 'NZD',
    transactionProcessingFees: { percentBasisPoints: 190, fixedCents: 30 },
    apiAccounts: [{ accountType: 'Trust', clientKey: 'ck_test_trust_nz' }],
  },
  au: {
    country: 'au',
    currency: 'AUD',
    transactionProcessingFees: { percentBasisPoints: 175, fixedCents: 30 },
    apiAccounts: [{ accountType: 'Platform', clientKey: 'pk_test_local_platform' }],
  },
};

/** What a card checkout reads before it can take a card: the runtime config and each country's gateway settings. */
export function answerCardSettings(fetch: FetchFake) {
  fetch.on('GET', '/config.json', json(200, runtimeConfig));
  for (const gateway of Object.values(paymentGateways)) {
    fetch.on('GET', `/api/donations/payment-gateway?country=${gateway.country}`, json(200, gateway));
  }
}

export function aCharity(overrides: Partial<CharityProfile> = {}): CharityProfile {
  return {
    id: '01J0000000000000000000CHAR',
    name: 'Kiwi Kids Trust',
    charityUrl: 'kiwi-kids-trust',
    country: 'nz',
    logoImageUrl: 'http://localhost:3000/media/charities/kiwi-kids/logo.png',
    description: 'Breakfast in schools and after-school reading for children across Aotearoa New Zealand.',
    causes: ['Children', 'Education'],
    website: 'https://kiwikids.example.org',
    location: 'Wellington',
    ...overrides,
  };
}

export function aGift(overrides: Partial<Gift> = {}): Gift {
  return {
    id: '01J00000000000000000000GFT',
    title: 'School lunches for a week',
    description: 'Five healthy lunches for a child who would otherwise go without.',
    imageUrl: 'http://localhost:3000/media/gifts/lunches.jpg',
    iconUrl: 'http://localhost:3000/media/gifts/lunches-card.jpg',
    productUrl: 'school-lunches',
    price: { cents: 2500, currency: 'NZD' },
    isActive: true,
    charity: {
      id: '01J0000000000000000000CHAR',
      name: 'Kiwi Kids Trust',
      charityUrl: 'kiwi-kids-trust',
      logoImageUrl: 'http://localhost:3000/media/charities/kiwi-kids/logo.png',
    },
    ...overrides,
  };
}

export const TRACKING_NUMBER = '01JABCDEFGHJKMNPQRSTVWXYZ0';
