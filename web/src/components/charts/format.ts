import { COUNTRIES, COUNTRY_CODES } from '@giving/shared/countries';
import { formatCount, formatMoney, type Currency } from '@giving/shared/money';

/** How a chart's values are written: counts (hours, people; to a tenth) or money, given in integer cents. */
export type ChartValueFormat = 'count' | { currency: Currency };

const localeOf = (currency: Currency): string => COUNTRIES[COUNTRY_CODES.find((code) => COUNTRIES[code].currency === currency) ?? 'nz'].locale;

/**
 * A value as the figures table and the tooltip write it: '1,234.5' or '$1,234.50'; `short` drops whole amounts'
 * cents ('$1,200'), for the axis and the labels on the bars.
 */
export function formatChartValue(value: number, format: ChartValueFormat, { short = false }: { short?: boolean } = {}): string {
  if (format === 'count') return formatCount(value, 'en-NZ', 1);
  return formatMoney({ cents: Math.round(value), currency: format.currency }, localeOf(format.currency), { dropZeroCents: short });
}
