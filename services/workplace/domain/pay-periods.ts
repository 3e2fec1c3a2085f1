import type { PayFrequency, PayPeriod } from '@giving/shared/contracts/workplace-payroll';
import { localDay, localInstant } from '@giving/shared/local-time';

/**
 * A pay cycle's calendar: from one period's end and its pay date, every other period (issue 15 item 2). Days are
 * calendar days (YYYY-MM-DD) in the cycle's time zone; only the cut-off is an instant, taken in that zone so it
 * holds across daylight saving.
 *
 * - Weekly, fortnightly, four-weekly: every 7, 14 or 28 days from the given period end.
 * - Monthly: the same day of each month as the given end, or each month's last day when the given end is one
 *   (an end on the 31st becomes the 30th or 28th/29th in shorter months and returns to the 31st after them).
 * - Semi-monthly: the 15th and the last day of each month.
 * Each period starts the day after the one before it ends. The pay date keeps its distance from the period end.
 */
export interface PayCalendar {
  frequency: PayFrequency;
  periodEnd: string;
  payDate: string;
  cutoffDaysBeforePayDate: number;
  cutoffTime: string;
  timeZone: string;
}

const DAY_MS = 86_400_000;
const toDays = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
const fromDays = (days: number) => new Date(days * DAY_MS).toISOString().slice(0, 10);
export const addDays = (date: string, days: number) => fromDays(toDays(date) + days);
const daysInMonth = (year: number, monthIndex: number) => new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
const STEP_DAYS: Partial<Record<PayFrequency, number>> = { Weekly: 7, Fortnightly: 14, FourWeekly: 28 };

/** The end of the k-th period counted from the given one (k = 0 is the given period; negative k are earlier ones). */
export function periodEndAt(calendar: Pick<PayCalendar, 'frequency' | 'periodEnd'>, k: number): string {
  const step = STEP_DAYS[calendar.frequency];
  if (step) return addDays(calendar.periodEnd, k * step);
  const [year, month, day] = calendar.periodEnd.split('-').map(Number) as [number, number, number];
  const monthEnd = day === daysInMonth(year, month - 1);
  if (calendar.frequency === 'Monthly') {
    const index = (month - 1) + k;
    const y = year + Math.floor(index / 12);
    const m = ((index % 12) + 12) % 12;
    const last = daysInMonth(y, m);
    return fromDays(Math.round(Date.UTC(y, m, monthEnd ? last : Math.min(day, last)) / DAY_MS));
  }
  // Semi-monthly: positions 0 (the 15th) and 1 (the last day) of each month.
  const position = (monthEnd ? 1 : 0) + k;
  const index = (month - 1) + Math.floor(position / 2);
  const y = year + Math.floor(index / 12);
  const m = ((index % 12) + 12) % 12;
  const endDay = ((position % 2) + 2) % 2 === 0 ? 15 : daysInMonth(y, m);
  return fromDays(Math.round(Date.UTC(y, m, endDay) / DAY_MS));
}

/** The k-th period with its dates and cut-off. */
export function periodAt(calendar: PayCalendar, k: number): PayPeriod & { index: number } {
  const payOffset = toDays(calendar.payDate) - toDays(calendar.periodEnd);
  const periodEnd = periodEndAt(calendar, k);
  const periodStart = addDays(periodEndAt(calendar, k - 1), 1);
  const payDate = addDays(periodEnd, payOffset);
  const cutoffAt = localInstant(addDays(payDate, -calendar.cutoffDaysBeforePayDate), calendar.cutoffTime, calendar.timeZone).toISOString();
  return { index: k, periodStart, periodEnd, payDate, cutoffAt };
}

/** Average period length in days, to guess an index before stepping to the exact one. */
const AVERAGE_DAYS: Record<PayFrequency, number> = { Weekly: 7, Fortnightly: 14, FourWeekly: 28, SemiMonthly: 365.25 / 24, Monthly: 365.25 / 12 };

/** The index of the first period whose `key` day is on or after `day`. */
function firstIndexOnOrAfter(calendar: PayCalendar, day: string, key: 'payDate' | 'periodEnd'): number {
  const at = (k: number) => periodAt(calendar, k)[key];
  let k = Math.floor((toDays(day) - toDays(calendar[key])) / AVERAGE_DAYS[calendar.frequency]);
  while (at(k) < day) k += 1;
  while (at(k - 1) >= day) k -= 1;
  return k;
}

/**
 * The period whose file is next (or now) due at `now`: the first whose pay date is today or later, in the cycle's time
 * zone. Its cut-off may already have passed (finance has the file; payroll has not paid yet).
 */
export function currentPeriod(calendar: PayCalendar, now: Date): PayPeriod & { index: number } {
  return periodAt(calendar, firstIndexOnOrAfter(calendar, localDay(now, calendar.timeZone), 'payDate'));
}

/** The current period and the `count - 1` after it. */
export function upcomingPeriods(calendar: PayCalendar, now: Date, count = 6): (PayPeriod & { index: number })[] {
  const first = currentPeriod(calendar, now).index;
  return Array.from({ length: count }, (_, i) => periodAt(calendar, first + i));
}

/** The period of the cycle that ends on `periodEnd`, if one does. */
export function periodEnding(calendar: PayCalendar, periodEnd: string): (PayPeriod & { index: number }) | undefined {
  const period = periodAt(calendar, firstIndexOnOrAfter(calendar, periodEnd, 'periodEnd'));
  return period.periodEnd === periodEnd ? period : undefined;
}

export const publicPeriod = ({ index: _index, ...period }: PayPeriod & { index: number }): PayPeriod => period;
