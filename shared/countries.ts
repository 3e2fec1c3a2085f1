import type { Currency } from './money';

/** Countries the site serves. Routes are prefixed by the lower-case code. */
export const COUNTRIES = {
  nz: { code: 'nz', name: 'New Zealand', currency: 'NZD', locale: 'en-NZ' },
  au: { code: 'au', name: 'Australia', currency: 'AUD', locale: 'en-AU' },
} as const satisfies Record<string, { code: string; name: string; currency: Currency; locale: string }>;

export type CountryCode = keyof typeof COUNTRIES;
export const COUNTRY_CODES = Object.keys(COUNTRIES) as CountryCode[];

export function isCountryCode(value: string | undefined): value is CountryCode {
  return value !== undefined && Object.hasOwn(COUNTRIES, value);
}
