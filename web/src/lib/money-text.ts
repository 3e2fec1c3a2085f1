import { COUNTRIES, COUNTRY_CODES } from '@giving/shared/countries';
import { formatMoney, type Money } from '@giving/shared/money';

/** '$1,234.50': an amount in its currency's own locale (NZD as in New Zealand, AUD as in Australia). */
export const moneyText = (value: Money): string =>
  formatMoney(value, COUNTRIES[COUNTRY_CODES.find((code) => COUNTRIES[code].currency === value.currency) ?? 'nz'].locale);

const counts = new Intl.NumberFormat('en-NZ', { maximumFractionDigits: 1 });

/** '1,234' or '12.5': a count (people, donations, hours), to a tenth at most. */
export const countText = (value: number): string => counts.format(value);
