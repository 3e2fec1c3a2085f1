import type { CountryCode } from '@giving/shared/countries';
import { COUNTRY_TIME_ZONES, localMonth } from '@giving/shared/local-time';
import { countText } from '../../lib/money-text';
import type { MonthRange } from './api/keys';

/** How the workplace's reports word their figures. Pure. */

/** A whole month as the API reads it: 'YYYY-MM'. */
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

/** January of this year to this month, in the workplace's country (its months are the reports' months). */
export function yearToDate(country: CountryCode, now: Date = new Date()): MonthRange {
  const to = localMonth(now, COUNTRY_TIME_ZONES[country]);
  return { from: `${to.slice(0, 4)}-01`, to };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const LONG_MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** '2026-03' -> 'Mar 2026' (a chart's bar). */
export const monthLabel = (month: string): string => `${MONTHS[Number(month.slice(5, 7)) - 1] ?? month.slice(5, 7)} ${month.slice(0, 4)}`;

/** '2026-03' -> 'March 2026'. */
export const longMonthLabel = (month: string): string => `${LONG_MONTHS[Number(month.slice(5, 7)) - 1] ?? month.slice(5, 7)} ${month.slice(0, 4)}`;

/** 'from January 2026 to March 2026', or 'in March 2026'. */
export const rangePhrase = ({ from, to }: MonthRange): string => (from === to ? `in ${longMonthLabel(from)}` : `from ${longMonthLabel(from)} to ${longMonthLabel(to)}`);

/**
 * How many members took part, from the members and the whole percentage the API gives (it rounds as below), when
 * only one count rounds to that percentage (always, up to 100 members); else undefined.
 */
export function participantsOf(members: number, participation: number): number | undefined {
  if (members <= 0) return undefined;
  let found: number | undefined;
  for (let count = 0; count <= members; count += 1) {
    if (Math.round((count / members) * 100) !== participation) continue;
    if (found !== undefined) return undefined;
    found = count;
  }
  return found;
}

/** '3 of 12 members took part (25%)', or '25% of 1,234 members took part' when the count cannot be known exactly. */
export function participationText({ members, participation }: { members: number; participation: number }): string {
  if (members === 0) return 'No members to count yet.';
  const noun = members === 1 ? 'member' : 'members';
  const participants = participantsOf(members, participation);
  return participants === undefined
    ? `${participation}% of ${countText(members)} ${noun} took part`
    : `${countText(participants)} of ${countText(members)} ${noun} took part (${participation}%)`;
}
