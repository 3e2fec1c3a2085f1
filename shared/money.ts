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
 * The locales our two countries use (en-NZ, en-AU). Their dollar format is written out here rather than asked of Intl:
 * a page's first Intl.NumberFormat loads the number data, about 25 ms of a phone's main thread in one task, usually
 * in the middle of the first screen's render. The output is Intl's own for these locales and currencies (pinned by
 * money.test.ts against Intl); any other locale still goes through Intl.
 */
const DOLLAR_LOCALES = new Set(['en-NZ', 'en-AU']);

/** 123456789 -> '123,456,789' (a whole number, not negative). */
function groupThousands(whole: number): string {
  const digits = String(whole);
  let grouped = '';
  for (let end = digits.length; end > 0; end -= 3) grouped = `${digits.slice(Math.max(0, end - 3), end)}${grouped ? `,${grouped}` : ''}`;
  return grouped;
}

/**
 * `value` (finite, not negative) rounded to `digits` decimals as Intl rounds: from its shortest decimal form (0.15 is
 * '0.15', so 0.2 to one decimal), halves away from zero; trailing zeros dropped. Undefined for exponent forms.
 */
function roundedDecimal(value: number, digits: number): { whole: number; fraction: string } | undefined {
  const text = String(value);
  if (text.includes('e')) return undefined;
  const [intPart = '0', fracPart = ''] = text.split('.');
  if (fracPart.length <= digits) return { whole: Number(intPart), fraction: fracPart.replace(/0+$/, '') };
  const scaled = Number(`${intPart}${fracPart.slice(0, digits)}`) + (fracPart.charCodeAt(digits) >= 53 /* '5' */ ? 1 : 0);
  const unit = 10 ** digits;
  return { whole: Math.trunc(scaled / unit), fraction: digits ? String(scaled % unit).padStart(digits, '0').replace(/0+$/, '') : '' };
}

/**
 * A count for display, e.g. 12,345 or 12.5 (to at most `maximumFractionDigits` decimals, 0 by default): what
 * Intl.NumberFormat(locale, { maximumFractionDigits }) writes, without its first-use cost in our locales.
 */
export function formatCount(value: number, locale: string, maximumFractionDigits: 0 | 1 | 2 = 0): string {
  const rounded = DOLLAR_LOCALES.has(locale) && Math.abs(value) < 1e13 ? roundedDecimal(Math.abs(value), maximumFractionDigits) : undefined;
  if (!rounded) return new Intl.NumberFormat(locale, { maximumFractionDigits }).format(value);
  const text = `${groupThousands(rounded.whole)}${rounded.fraction ? `.${rounded.fraction}` : ''}`;
  return value < 0 || Object.is(value, -0) ? `-${text}` : text;
}

/**
 * Formats for display, e.g. $12.50 (NZD in en-NZ). Whole amounts may drop the cents. `wholeDollars` shows a running
 * total in whole dollars, whatever its cents (rounded toward zero: never more than was given), so a figure such as the
 * header's overall donations keeps one format as it grows.
 */
export function formatMoney(value: Money, locale: string, options: { dropZeroCents?: boolean; wholeDollars?: boolean } = {}): string {
  const whole = options.wholeDollars === true;
  const drop = whole || (options.dropZeroCents === true && value.cents % 100 === 0);
  if (DOLLAR_LOCALES.has(locale) && (value.currency === 'NZD' || value.currency === 'AUD')) {
    const negative = value.cents < 0 || Object.is(value.cents, -0);
    const abs = Math.abs(value.cents);
    const cents = abs % 100;
    const text = `$${groupThousands(Math.trunc(abs / 100))}${drop ? '' : `.${String(cents).padStart(2, '0')}`}`;
    return negative ? `-${text}` : text;
  }
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
