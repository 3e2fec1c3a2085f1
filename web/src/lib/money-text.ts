import { COUNTRIES, COUNTRY_CODES } from '@giving/shared/countries';
import { formatCount, formatMoney, type Money } from '@giving/shared/money';

/** '$1,234.50': an amount in its currency's own locale (NZD as in New Zealand, AUD as in Australia). */
export const moneyText = (value: Money): string =>
  formatMoney(value, COUNTRIES[COUNTRY_CODES.find((code) => COUNTRIES[code].currency === value.currency) ?? 'nz'].locale);

/** '1,234' or '12.5': a count (people, donations, hours), to a tenth at most. */
export const countText = (value: number): string => formatCount(value, 'en-NZ', 1);
