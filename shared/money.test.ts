import { describe, expect, it } from 'vitest';
import { addMoney, centsToDollarString, formatCount, formatMoney, money, multiplyMoney, parseDollars } from './money';

describe('money', () => {
  it('parses dollar text exactly into cents', () => {
    expect(parseDollars('12')).toBe(1200);
    expect(parseDollars('12.5')).toBe(1250);
    expect(parseDollars('0.29')).toBe(29);
    expect(parseDollars(' 100.07 ')).toBe(10007);
  });

  it('refuses text that is not a dollar amount with at most 2 decimals', () => {
    for (const bad of ['', 'abc', '-5', '1.234', '1e3', '12.', '.5']) expect(parseDollars(bad)).toBeUndefined();
  });

  it('refuses non-integer cents and mixed currencies', () => {
    expect(() => money(10.5, 'NZD')).toThrow(/safe integer/);
    expect(() => addMoney(money(1, 'NZD'), money(1, 'AUD'))).toThrow(/NZD to AUD/);
    expect(() => multiplyMoney(money(1, 'NZD'), 1.5)).toThrow(/integer/);
  });

  it('adds and multiplies in cents', () => {
    expect(addMoney(money(1999, 'NZD'), money(1, 'NZD'))).toEqual({ cents: 2000, currency: 'NZD' });
    expect(multiplyMoney(money(333, 'AUD'), 3)).toEqual({ cents: 999, currency: 'AUD' });
  });

  it('formats for the locale', () => {
    expect(formatMoney(money(1250, 'NZD'), 'en-NZ')).toBe('$12.50');
    expect(formatMoney(money(123456789, 'AUD'), 'en-AU')).toBe('$1,234,567.89');
    expect(formatMoney(money(5000, 'NZD'), 'en-NZ', { dropZeroCents: true })).toBe('$50');
    expect(formatMoney(money(5050, 'NZD'), 'en-NZ', { dropZeroCents: true })).toBe('$50.50');
  });

  it('shows a running total in whole dollars whatever its cents, never rounding up', () => {
    expect(formatMoney(money(1234500, 'NZD'), 'en-NZ', { wholeDollars: true })).toBe('$12,345');
    expect(formatMoney(money(1234599, 'NZD'), 'en-NZ', { wholeDollars: true })).toBe('$12,345');
    expect(formatMoney(money(2068, 'AUD'), 'en-AU', { wholeDollars: true })).toBe('$20');
  });

  it("writes our locales' dollars exactly as Intl does, without asking Intl (its first use costs a phone's main thread)", () => {
    const intl = (cents: number, currency: 'NZD' | 'AUD', locale: string, options: { dropZeroCents?: boolean; wholeDollars?: boolean }) => {
      const whole = options.wholeDollars === true;
      const drop = whole || (options.dropZeroCents === true && cents % 100 === 0);
      const format = new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: 'narrowSymbol', minimumFractionDigits: drop ? 0 : 2, maximumFractionDigits: 2 });
      return format.format(whole ? Math.trunc(cents / 100) : cents / 100);
    };
    const amounts = [0, 1, 7, 10, 99, 100, 101, 999, 1000, 1250, 99_999, 100_000, 100_001, 123_456, 999_999, 1_000_000, 12_345_678, 123_456_789, 99_999_999_999];
    for (const cents of [...amounts, ...amounts.map((a) => -a).filter(Boolean)])
      for (const currency of ['NZD', 'AUD'] as const)
        for (const locale of ['en-NZ', 'en-AU'])
          for (const options of [{}, { dropZeroCents: true }, { wholeDollars: true }])
            expect(formatMoney(money(cents, currency), locale, options), `${cents} ${currency} ${locale} ${JSON.stringify(options)}`).toBe(intl(cents, currency, locale, options));
    // Other locales still go through Intl.
    expect(formatMoney(money(123456, 'NZD'), 'de-DE')).toBe(intl(123456, 'NZD', 'de-DE', {}));
  });

  it('writes counts as Intl does (grouped, rounded as Intl rounds), without asking Intl in our locales', () => {
    const values = [0, -0, 1, 0.04, 0.05, 0.15, 0.25, 1.005, 1.05, 2.5, 7.4, 7.5, 12.25, 99.95, 999.5, 999.95, 1000, 12_345, 1_234_567.49, 98_765_432_109, -0.04, -3, -1234.65];
    for (const locale of ['en-NZ', 'en-AU'])
      for (const digits of [0, 1, 2] as const)
        for (const value of values)
          expect(formatCount(value, locale, digits), `${value} ${locale} ${digits}`).toBe(new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value));
    expect(formatCount(1234567, 'de-DE')).toBe('1.234.567');
    expect(formatCount(1e-7, 'en-NZ', 1)).toBe('0');
  });

  it('writes cents back as a form value', () => {
    expect(centsToDollarString(1250)).toBe('12.50');
    expect(centsToDollarString(7)).toBe('0.07');
  });
});
