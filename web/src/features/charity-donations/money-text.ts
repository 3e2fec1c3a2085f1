import * as z from 'zod/mini';
import { MESSAGES } from '@giving/shared/contracts/messages';
import { COUNTRIES, COUNTRY_CODES, type CountryCode } from '@giving/shared/countries';
import { formatMoney, parseDollars, type Money } from '@giving/shared/money';

/** The site whose currency this is (each country has one), for locales and public links. */
export const countryOfCurrency = (currency: Money['currency']): CountryCode =>
  COUNTRY_CODES.find((code) => COUNTRIES[code].currency === currency) ?? 'nz';

/** '$1,234.50' in the currency's own locale. */
export const moneyText = (value: Money): string => formatMoney(value, COUNTRIES[countryOfCurrency(value.currency)].locale);

/** Dollars typed as text ('25', '25.5', '25.50') -> integer cents, else 'Invalid Amount!'; then the API's rule for the cents. */
export const dollarsText = <Rule extends z.ZodMiniType<number, number>>(rule: Rule) =>
  z.pipe(
    z.string().check(z.refine((text) => parseDollars(text) !== undefined, MESSAGES.invalidAmount)),
    z.pipe(
      z.transform((text: string) => parseDollars(text) as number),
      rule,
    ),
  );

/** The tip is the platform's: the report and remittance never count it, and say so. */
export const TIP_NOTE = 'Amounts are what your charity receives. Tips donors add for Koha are not included.';
