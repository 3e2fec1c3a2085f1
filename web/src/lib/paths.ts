import type { CountryCode } from '@giving/shared/countries';

/** Every in-app address in one place; routes are prefixed by the country code. */
export const paths = {
  home: (country: CountryCode) => `/${country}`,
  charities: (country: CountryCode) => `/${country}/charities`,
  charity: (country: CountryCode, charityUrl: string) => `/${country}/charity/${charityUrl}`,
  gift: (country: CountryCode, charityUrl: string, productUrl: string) => `/${country}/${charityUrl}/${productUrl}`,
  thankYou: (country: CountryCode) => `/${country}/thankyou`,
} as const;
