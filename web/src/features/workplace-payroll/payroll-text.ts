import {
  AMOUNT_FORMATS,
  DATE_FORMATS,
  DELIMITERS,
  LINE_ENDINGS,
  PAY_CYCLE_TIME_ZONES,
  QUOTING,
  type AmountFormat,
  type BatchStatus,
  type DateFormat,
  type FileMode,
  type PayPeriod,
  type PayrollBatch,
  type ReconciliationLine,
  type ReconciliationOutcome,
} from '@giving/shared/contracts/workplace-payroll';
import { COUNTRIES, COUNTRY_CODES, type CountryCode } from '@giving/shared/countries';
import { calendarDayText } from '@giving/shared/local-time';
import { formatMoney, type Money } from '@giving/shared/money';

/** How the payroll screens word the contract's values. Pure. */

export type PayCycleTimeZone = (typeof PAY_CYCLE_TIME_ZONES)[number];

/** Where each time zone's clock is: 'Auckland' in '5:00 pm Auckland time'. */
export const TIME_ZONE_PLACES: Readonly<Record<PayCycleTimeZone, string>> = {
  'Pacific/Auckland': 'Auckland',
  'Pacific/Chatham': 'Chatham Islands',
  'Australia/Sydney': 'Sydney',
  'Australia/Melbourne': 'Melbourne',
  'Australia/Brisbane': 'Brisbane',
  'Australia/Adelaide': 'Adelaide',
  'Australia/Darwin': 'Darwin',
  'Australia/Perth': 'Perth',
  'Australia/Hobart': 'Hobart',
};

export const TIME_ZONE_OPTIONS = PAY_CYCLE_TIME_ZONES.map((zone) => ({ value: zone, label: `${TIME_ZONE_PLACES[zone]} (${zone})` }));

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A cut-off instant as the cycle's own clock reads it, and whose clock: {when: '13 Mar 2026, 5:00 pm', zone: 'Auckland
 * time'}. The cut-off is the cycle's (its time zone), whatever the viewer's or the workplace's zone.
 */
export function cutoffParts(cutoffAt: string, timeZone: PayCycleTimeZone, country: CountryCode): { when: string; zone: string } {
  const key = `${country}|${timeZone}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(COUNTRIES[country].locale, { dateStyle: 'medium', timeStyle: 'short', timeZone });
    dateTimeFormats.set(key, format);
  }
  return { when: format.format(new Date(cutoffAt)), zone: `${TIME_ZONE_PLACES[timeZone]} time` };
}

/** '$1,234.50' in the currency's own locale. */
export const moneyText = (value: Money): string =>
  formatMoney(value, COUNTRIES[COUNTRY_CODES.find((code) => COUNTRIES[code].currency === value.currency) ?? 'nz'].locale);

/** '1 Mar 2026 – 15 Mar 2026' as plain words (for a sentence or a heading). */
export const periodWords = (period: Pick<PayPeriod, 'periodStart' | 'periodEnd'>, country: CountryCode): string =>
  `${calendarDayText(period.periodStart, country)} – ${calendarDayText(period.periodEnd, country)}`;

/* File structures. */

export const DELIMITER_LABELS: Readonly<Record<(typeof DELIMITERS)[number], string>> = { ',': 'Comma (,)', ';': 'Semicolon (;)', '\t': 'Tab', '|': 'Pipe (|)' };
export const QUOTING_LABELS: Readonly<Record<(typeof QUOTING)[number], string>> = { AS_NEEDED: 'As needed', ALL: 'Every value' };
const DATE_EXAMPLES: Readonly<Record<DateFormat, string>> = {
  'YYYY-MM-DD': '2026-03-31',
  YYYYMMDD: '20260331',
  'DD/MM/YYYY': '31/03/2026',
  'MM/DD/YY': '03/31/26',
  'DD-MM-YYYY': '31-03-2026',
};
export const DATE_FORMAT_LABELS: Readonly<Record<DateFormat, string>> = Object.fromEntries(
  DATE_FORMATS.map((format) => [format, `${format} (${DATE_EXAMPLES[format]})`]),
) as Record<DateFormat, string>;
export const AMOUNT_FORMAT_LABELS: Readonly<Record<AmountFormat, string>> = {
  DOLLARS: 'Dollars (12.50)',
  CENTS: 'Cents (1250)',
  DOLLARS_TRIMMED: 'Dollars, no trailing zeros (12.5)',
};
export const LINE_ENDING_LABELS: Readonly<Record<(typeof LINE_ENDINGS)[number], string>> = { CRLF: 'CRLF (Windows)', LF: 'LF (macOS, Linux)' };
export const FILE_MODE_LABELS: Readonly<Record<FileMode, string>> = { ALL_LINES: 'All lines', CHANGES_ONLY: 'Changes only' };
export const FILE_MODE_HINTS: Readonly<Record<FileMode, string>> = {
  ALL_LINES: 'Every active pledge in every file: payroll replaces the deductions it had.',
  CHANGES_ONLY: 'Only pledges that are new, changed or cancelled since the last file.',
};

/** A select's options from a list of values and their labels. */
export const optionsOf = <T extends string>(values: readonly T[], labels: Readonly<Record<T, string>>) => values.map((value) => ({ value, label: labels[value] }));

export const DELIMITER_OPTIONS = optionsOf(DELIMITERS, DELIMITER_LABELS);
export const QUOTING_OPTIONS = optionsOf(QUOTING, QUOTING_LABELS);
export const DATE_FORMAT_OPTIONS = optionsOf(DATE_FORMATS, DATE_FORMAT_LABELS);
export const AMOUNT_FORMAT_OPTIONS = optionsOf(AMOUNT_FORMATS, AMOUNT_FORMAT_LABELS);
export const LINE_ENDING_OPTIONS = optionsOf(LINE_ENDINGS, LINE_ENDING_LABELS);

/* Batches. */

/** How a batch came about, under when: at its cycle's cut-off, or because someone pressed Export now. */
export const PRODUCED_BY_LABELS: Readonly<Record<PayrollBatch['producedBy'], string>> = { schedule: 'At the cut-off', export: 'By Export now' };
export const BATCH_STATUS_TONES: Readonly<Record<BatchStatus, 'neutral' | 'accent' | 'success'>> = { Ready: 'accent', Reconciled: 'neutral', Confirmed: 'success' };

/* Reconciliation. */

/** What a file of payroll's actuals may be: the layouts payroll systems export (extension or media type). */
export const ACTUALS_FILE_TYPES = ['.csv', '.tsv', '.txt', 'text/csv', 'text/plain', 'text/tab-separated-values'] as const;
export const ACTUALS_FILE_WORDS = 'a CSV, TSV or text file (.csv, .tsv or .txt)';

/** How urgent following up an outcome is; the screen groups and heads the lines by it. */
export type Severity = 'action' | 'review' | 'none';
export const SEVERITY_LABELS: Readonly<Record<Severity, string>> = { action: 'Action needed', review: 'Review recommended', none: 'No follow-up' };
export const SEVERITY_TONES: Readonly<Record<Severity, 'danger' | 'warning' | 'success'>> = { action: 'danger', review: 'warning', none: 'success' };
export const OUTCOME_SEVERITY: Readonly<Record<ReconciliationOutcome, Severity>> = {
  UnderDeducted: 'action',
  OverDeducted: 'action',
  NoPledge: 'action',
  NotDeducted: 'review',
  Matched: 'none',
};
/** The exceptions, most pressing first (the matched come after them, collapsed). */
export const EXCEPTION_ORDER = ['UnderDeducted', 'OverDeducted', 'NoPledge', 'NotDeducted'] as const satisfies readonly ReconciliationOutcome[];

/** A line's employee: their name, else (a deduction with no pledge) their employee number. */
export const employeeWords = (line: Pick<ReconciliationLine, 'employeeName' | 'employeeNumber'>): string =>
  line.employeeName || (line.employeeNumber ? `Employee ${line.employeeNumber}` : 'Unknown employee');

/** How many employees give something when the batch is confirmed (one an employee, however many charities). */
export const givingEmployees = (lines: readonly ReconciliationLine[]): number =>
  new Set(lines.filter((line) => line.donated.cents > 0).map((line) => line.employeeNumber || line.employeeName)).size;

/** 'Donations given: $1,234.50 from 40 employees.' */
export const givenWords = (donated: Money, employees: number): string =>
  `Donations given: ${moneyText(donated)} from ${employees} ${employees === 1 ? 'employee' : 'employees'}.`;

/* New Zealand's pay-by date (payroll giving: charities must have the money, or it becomes PAYE debt). */

/** Within this many days of the date, the screen warns. */
export const PAY_BY_WARNING_DAYS = 14;

/** Whole days from `today` to `date` (both YYYY-MM-DD): negative once it has passed. */
export const daysUntil = (date: string, today: string): number => Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);

/** 'later' (more than 14 days left), 'soon' (14 days or fewer, the day itself included) or 'passed'. */
export function payByUrgency(payBy: string, today: string): 'later' | 'soon' | 'passed' {
  const days = daysUntil(payBy, today);
  if (days < 0) return 'passed';
  return days <= PAY_BY_WARNING_DAYS ? 'soon' : 'later';
}
