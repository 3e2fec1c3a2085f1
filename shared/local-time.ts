import { COUNTRIES, type CountryCode } from './countries';

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

/*
 * The one rule for showing dates and times, on every screen, e-mail and CSV file: in the country of the charity or
 * workplace the data belongs to (a donor's own data: the country it was given in), in its time zone and its locale,
 * never in the viewer's or the server's time zone.
 */

/** How a date reads: 'day' 1 Mar 2026, 'long' 1 March 2026, 'dayTime' 1 Mar 2026, 9:15 am. */
export type DateStyle = 'day' | 'long' | 'dayTime';
const STYLES: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  day: { dateStyle: 'medium' },
  long: { dateStyle: 'long' },
  dayTime: { dateStyle: 'medium', timeStyle: 'short' },
};
const textFormats = new Map<string, Intl.DateTimeFormat>();
function textFormat(country: CountryCode, style: DateStyle, timeZone: string): Intl.DateTimeFormat {
  const key = `${country}|${style}|${timeZone}`;
  let format = textFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(COUNTRIES[country].locale, { ...STYLES[style], timeZone });
    textFormats.set(key, format);
  }
  return format;
}

/** An instant as the country reads it, in its time zone: '1 Mar 2026' (or with the time). */
export function localDateText(at: Date | string, country: CountryCode, style: DateStyle = 'day'): string {
  return textFormat(country, style, COUNTRY_TIME_ZONES[country]).format(new Date(at));
}

/**
 * A calendar day ('2026-03-01', or '2026-3-1' as typed) as the country reads it. A day has no time zone: it is
 * formatted as itself, never moved by the hours between UTC and the country.
 */
export function calendarDayText(date: string, country: CountryCode, style: Exclude<DateStyle, 'dayTime'> = 'day'): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return textFormat(country, style, 'UTC').format(new Date(Date.UTC(year, month - 1, day)));
}

/** A local time of day, 'HH:mm' (24-hour), in the country. */
export function localClockTime(at: Date | string, country: CountryCode): string {
  const p = partsIn(COUNTRY_TIME_ZONES[country], new Date(at));
  return `${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`;
}

/** How CSV files write an instant: the country's local day and time, '2026-03-01 09:15' (sorts as text). */
export const csvDateTime = (at: Date | string, country: CountryCode): string =>
  `${localDay(at, COUNTRY_TIME_ZONES[country])} ${localClockTime(at, country)}`;

/** How CSV files write the local day of an instant, '2026-03-01'. */
export const csvDay = (at: Date | string, country: CountryCode): string => localDay(at, COUNTRY_TIME_ZONES[country]);

/** The month before a 'YYYY-MM' month ('2026-01' -> '2025-12'). */
export function previousMonth(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, number - 2, 1)).toISOString().slice(0, 7);
}

/** How many days a 'YYYY-MM' month has. */
export function daysInMonth(month: string): number {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, number, 0)).getUTCDate();
}
