import type { CountryCode } from './countries';

/**
 * Calendar days and months as a charity sees them: in its country's time zone, not UTC. A donation made at 9 am on
 * 1 March in Auckland is 20:00 UTC on 28 February; reports and remittance months put it in March.
 */
export const COUNTRY_TIME_ZONES: Readonly<Record<CountryCode, string>> = {
  nz: 'Pacific/Auckland',
  // Australia spans three zones; the site's one AUD ledger follows Sydney (most AU charities, and AEST/AEDT business days).
  au: 'Australia/Sydney',
};

const formats = new Map<string, Intl.DateTimeFormat>();
function partsIn(timeZone: string, at: Date): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number> {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((part) => [part.type, part.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** How far ahead of UTC the zone's wall clock is at this instant (ms). */
function offsetMs(timeZone: string, at: Date): number {
  const p = partsIn(timeZone, at);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(at.getTime() / 1000) * 1000;
}

/** '2026-03-01' in 'Pacific/Auckland' -> the instant that day starts there (2026-02-28T11:00:00.000Z). */
export const startOfLocalDay = (date: string, timeZone: string): Date => localInstant(date, '00:00', timeZone);

/**
 * A wall-clock day and time ('2026-03-03', '09:30') in a zone -> the instant. A time that the clock skips when
 * daylight saving starts reads as the hour after (02:30 -> 03:30).
 */
export function localInstant(date: string, time: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  // Twice: the offset at the first guess may differ from the offset at the answer across a daylight-saving change.
  let instant = wall - offsetMs(timeZone, new Date(wall));
  instant = wall - offsetMs(timeZone, new Date(instant));
  return new Date(instant);
}

/** The local day after `date` ('2026-02-28' -> '2026-03-01'), for exclusive ends of inclusive date ranges. */
export function nextDay(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
}

/** The local calendar month of an instant, 'YYYY-MM'. */
export function localMonth(at: Date | string, timeZone: string): string {
  const p = partsIn(timeZone, new Date(at));
  return `${p.year}-${String(p.month).padStart(2, '0')}`;
}

/** The local calendar day of an instant, 'YYYY-MM-DD'. */
export function localDay(at: Date | string, timeZone: string): string {
  const p = partsIn(timeZone, new Date(at));
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}
