import { useParams } from 'react-router-dom';
import { COUNTRIES, isCountryCode, type CountryCode } from '@giving/shared/countries';

export type Country = (typeof COUNTRIES)[CountryCode];

export const DEFAULT_COUNTRY: CountryCode = 'nz';

/**
 * The country of the current route (/:country/...). Pages under an unknown country never render
 * (the country layout shows not-found), so the fallback only serves that not-found page's header.
 */
export function useCountry(): Country {
  const { country } = useParams();
  return COUNTRIES[isCountryCode(country) ? country : DEFAULT_COUNTRY];
}
