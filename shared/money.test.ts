import { describe, expect, it } from 'vitest';
import { addMoney, centsToDollarString, formatMoney, money, multiplyMoney, parseDollars } from './money';

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

  it('formats with Intl for the locale', () => {
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

  it('writes cents back as a form value', () => {
    expect(centsToDollarString(1250)).toBe('12.50');
    expect(centsToDollarString(7)).toBe('0.07');
  });
});
