import type { CharityProfile } from '@giving/shared/contracts/accounts';
import type { Gift } from '@giving/shared/contracts/donations';
import type { RuntimeConfig } from '../lib/config';

export const GATEWAY_ORIGIN = 'http://localhost:3010';

export const runtimeConfig: RuntimeConfig = {
  cardGatewayUrl: GATEWAY_ORIGIN,
  cardGatewayPublishableKey: 'pk_test_local_platform',
};

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
    id: '01J0000000000000000000GIFT',
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
