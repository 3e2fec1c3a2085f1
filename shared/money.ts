/**
 * Money is an integer number of cents with a currency. Never a float.
 * Dollar strings from forms are parsed exactly (no binary floating point on the way in).
 */
export const CURRENCIES = ['NZD', 'AUD'] as const;
export type Currency = (typeof CURRENCIES)[number];

export interface Money {
  readonly cents: number;
  readonly currency: Currency;
}

export class MoneyError extends Error {
  override name = 'MoneyError';
}

export function money(cents: number, currency: Currency): Money {
  if (!Number.isSafeInteger(cents)) throw new MoneyError(`cents must be a safe integer, got ${cents}`);
  return { cents, currency };
}

export function addMoney(a: Money, b: Money): Money {
  if (a.currency !== b.currency) throw new MoneyError(`cannot add ${a.currency} to ${b.currency}`);
  return money(a.cents + b.cents, a.currency);
}

export function multiplyMoney(a: Money, factor: number): Money {
  if (!Number.isSafeInteger(factor)) throw new MoneyError(`factor must be an integer, got ${factor}`);
  return money(a.cents * factor, a.currency);
}

const DOLLARS = /^\s*(\d{1,9})(?:\.(\d{1,2}))?\s*$/;

/** '12', '12.5', '12.50' -> 1250. Returns undefined for anything else (negative, 3 decimals, text). */
export function parseDollars(text: string): number | undefined {
  const match = DOLLARS.exec(text);
  if (!match) return undefined;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '0').padEnd(2, '0'));
  return whole * 100 + fraction;
}

/** 1250 -> '12.50' (for form fields; no currency symbol). */
export function centsToDollarString(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * Formats for display with Intl, e.g. $12.50 (NZD in en-NZ). Whole amounts may drop the cents. `wholeDollars` shows
 * a running total in whole dollars, whatever its cents (rounded down: never more than was given), so a figure such
 * as the header's overall donations keeps one format as it grows.
 */
export function formatMoney(value: Money, locale: string, options: { dropZeroCents?: boolean; wholeDollars?: boolean } = {}): string {
  const whole = options.wholeDollars === true;
  const drop = whole || (options.dropZeroCents === true && value.cents % 100 === 0);
  const key = `${locale}|${value.currency}|${drop}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: value.currency,
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: drop ? 0 : 2,
      maximumFractionDigits: 2,
    });
    formatters.set(key, formatter);
  }
  // Integer division keeps the value exact; Intl only sees a number with at most two decimals.
  return formatter.format(whole ? Math.trunc(value.cents / 100) : value.cents / 100);
}
