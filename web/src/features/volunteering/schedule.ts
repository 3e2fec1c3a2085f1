import { isRealDate } from '@giving/shared/contracts/common';
import type { DateFilter } from '@giving/shared/contracts/volunteering-listing';
import { MESSAGES } from '@giving/shared/contracts/messages';

/** The date filter's choices as the public list shows them (spec 1 §4: past, coming, on-or-before, on-or-after). */
export const DATE_FILTER_LABELS: Record<DateFilter, string> = {
  past: 'Past',
  coming: 'Coming',
  'on-or-before': 'On or before',
  'on-or-after': 'On or after',
};

export const needsDate = (filter: DateFilter | ''): boolean => filter === 'on-or-before' || filter === 'on-or-after';

export type DateFilterChoice = { dateFilter?: DateFilter; date?: string } | { error: string };

/**
 * The list's date filter as query values. Spec 1 §5: the date must be year-month-day (4-1or2-1or2 digits) and a
 * real date, otherwise the error shows and the value clears (the caller clears it). 'past' and 'coming' take no date;
 * the two others need one. The date goes out as YYYY-MM-DD.
 */
export function dateFilterChoice(filter: DateFilter | '', dateText: string): DateFilterChoice {
  if (!filter) return {};
  if (!needsDate(filter)) return { dateFilter: filter };
  const text = dateText.trim();
  if (!isRealDate(text)) return { error: MESSAGES.invalidDate };
  const [year, month, day] = text.split('-');
  return { dateFilter: filter, date: `${year}-${month?.padStart(2, '0')}-${day?.padStart(2, '0')}` };
}
