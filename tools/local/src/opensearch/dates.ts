import { errors } from './errors';

/**
 * Dates as OpenSearch reads them: the built-in formats our mappings and queries use (strict_date_optional_time,
 * epoch_millis, ... and simple `yyyy-MM-dd`-style patterns, alternatives joined with `||`), date math
 * (`now-1d/d`, `2026-01-01||+1M`), and the "round up" reading that `gt`/`lte` use: missing parts are filled with their
 * largest value, so `lte: "2026-11-26"` includes that whole day. Stored as epoch milliseconds.
 */

export const DEFAULT_DATE_FORMAT = 'strict_date_optional_time||epoch_millis';

interface Parts {
  year: number;
  month?: number;
  day?: number;
  hour?: number;
  minute?: number;
  second?: number;
  millis?: number;
  /** Offset in minutes when the text names its zone. */
  offsetMinutes?: number;
}

type Parser = (text: string) => Parts | 'epoch' | undefined;

export interface DateFormat {
  readonly pattern: string;
  /** Epoch ms, or undefined when no alternative reads the text. */
  parse(text: string, roundUp: boolean, zone: TimeZone): number | undefined;
  format(millis: number): string;
}

// ---------------------------------------------------------------------------------------------------------------
// Time zones

export interface TimeZone {
  readonly id: string;
  /** Offset from UTC in ms at a UTC instant. */
  offsetAt(utcMillis: number): number;
}

export const UTC: TimeZone = { id: 'UTC', offsetAt: () => 0 };

const zoneCache = new Map<string, TimeZone>();

/** "UTC", "Z", "+13:00", "-0500", or an IANA name such as "Pacific/Auckland". */
export function timeZone(id: string): TimeZone {
  const cached = zoneCache.get(id);
  if (cached) return cached;
  let zone: TimeZone;
  const fixed = /^([+-])(\d{2}):?(\d{2})?$/.exec(id);
  if (id === 'UTC' || id === 'Z' || id === 'GMT' || id === 'Etc/UTC') zone = UTC;
  else if (fixed) {
    const offset = (fixed[1] === '-' ? -1 : 1) * (Number(fixed[2]) * 60 + Number(fixed[3] ?? 0)) * 60_000;
    zone = { id, offsetAt: () => offset };
  } else {
    let formatter: Intl.DateTimeFormat;
    try {
      formatter = new Intl.DateTimeFormat('en-US', {
        timeZone: id, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
      });
    } catch {
      throw errors.illegalArgument(`Unknown time-zone ID: ${id}`);
    }
    zone = {
      id,
      offsetAt(utcMillis) {
        const parts: Record<string, number> = {};
        for (const part of formatter.formatToParts(new Date(utcMillis))) if (part.type !== 'literal') parts[part.type] = Number(part.value);
        const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
        return wall - (utcMillis - (((utcMillis % 1000) + 1000) % 1000));
      },
    };
  }
  zoneCache.set(id, zone);
  return zone;
}

/** The UTC instant of a wall-clock time in a zone. */
function wallToUtc(wallMillis: number, zone: TimeZone): number {
  const guess = wallMillis - zone.offsetAt(wallMillis);
  return wallMillis - zone.offsetAt(guess);
}

// ---------------------------------------------------------------------------------------------------------------
// Parsing

const ISO = /^([+-]?\d{4,9})(?:-(\d{2})(?:-(\d{2})(?:T(\d{2})(?::(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?)?)?)?(Z|[+-]\d{2}(?::?\d{2})?)?$/;
const ISO_LENIENT = /^([+-]?\d{1,9})(?:-(\d{1,2})(?:-(\d{1,2})(?:[T ](\d{1,2})(?::(\d{1,2})(?::(\d{1,2})(?:[.,](\d{1,9}))?)?)?)?)?)?(Z|[+-]\d{2}(?::?\d{2})?)?$/;

function zoneMinutes(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (text === 'Z') return 0;
  const m = /^([+-])(\d{2}):?(\d{2})?$/.exec(text)!;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0));
}

function isoParser(re: RegExp, require: 'date' | 'datetime' | 'datetime_no_millis' | 'any'): Parser {
  return (text) => {
    const m = re.exec(text);
    if (!m) return undefined;
    const [, y, mo, d, h, mi, s, frac, zone] = m;
    if (require === 'date' && (mo === undefined || d === undefined || h !== undefined)) return undefined;
    if (require !== 'any' && require !== 'date' && (s === undefined || zone === undefined)) return undefined;
    if (require === 'datetime' && frac === undefined) return undefined;
    if (require === 'datetime_no_millis' && frac !== undefined) return undefined;
    if (zone !== undefined && h === undefined) return undefined;
    return {
      year: Number(y),
      month: mo === undefined ? undefined : Number(mo),
      day: d === undefined ? undefined : Number(d),
      hour: h === undefined ? undefined : Number(h),
      minute: mi === undefined ? undefined : Number(mi),
      second: s === undefined ? undefined : Number(s),
      millis: frac === undefined ? undefined : Math.floor(Number(frac.padEnd(9, '0')) / 1e6),
      offsetMinutes: zoneMinutes(zone),
    };
  };
}

const NAMED: Record<string, Parser> = {
  strict_date_optional_time: isoParser(ISO, 'any'),
  date_optional_time: isoParser(ISO_LENIENT, 'any'),
  strict_date_optional_time_nanos: isoParser(ISO, 'any'),
  strict_date: isoParser(ISO, 'date'),
  date: isoParser(ISO_LENIENT, 'date'),
  strict_date_time: isoParser(ISO, 'datetime'),
  date_time: isoParser(ISO_LENIENT, 'datetime'),
  strict_date_time_no_millis: isoParser(ISO, 'datetime_no_millis'),
  date_time_no_millis: isoParser(ISO_LENIENT, 'datetime_no_millis'),
  strict_year_month_day: patternParser('yyyy-MM-dd'),
  year_month_day: patternParser('yyyy-M-d'),
  strict_year_month: patternParser('yyyy-MM'),
  year_month: patternParser('yyyy-M'),
  strict_year: patternParser('yyyy'),
  year: patternParser('yyyy'),
  basic_date: patternParser('yyyyMMdd'),
  epoch_millis: () => 'epoch',
  epoch_second: () => 'epoch',
};

/** A Java DateTimeFormatter pattern of the simple kind: yyyy MM M dd d HH H mm ss SSS, zones Z/X/XXX, 'literals'. */
function patternParser(pattern: string): Parser {
  const fields: (keyof Parts | 'zone')[] = [];
  let source = '';
  const re = /'([^']*)'|(y+|u+|M+|d+|H+|m+|s+|S+|X+|x+|Z+)|([A-Za-z])|(.)/g;
  for (let m = re.exec(pattern); m; m = re.exec(pattern)) {
    if (m[1] !== undefined) source += escape(m[1] || "'");
    else if (m[2] !== undefined) {
      const token = m[2];
      const letter = token[0]!;
      if (letter === 'y' || letter === 'u') {
        source += token.length === 2 ? '(\\d{2})' : '([+-]?\\d{4,9})';
        fields.push('year');
      } else if (letter === 'S') {
        source += `(\\d{1,${Math.max(token.length, 3)}})`;
        fields.push('millis');
      } else if (letter === 'X' || letter === 'x' || letter === 'Z') {
        source += '(Z|[+-]\\d{2}(?::?\\d{2})?)';
        fields.push('zone');
      } else {
        source += token.length === 1 ? '(\\d{1,2})' : `(\\d{${token.length}})`;
        fields.push(({ M: 'month', d: 'day', H: 'hour', m: 'minute', s: 'second' } as const)[letter as 'M' | 'd' | 'H' | 'm' | 's']);
      }
    } else if (m[3] !== undefined) {
      throw errors.illegalArgument(`Invalid format: [${pattern}]: the local OpenSearch stand-in does not know the pattern letter [${m[3]}]`);
    } else source += escape(m[4]!);
  }
  const compiled = new RegExp(`^${source}$`);
  return (text) => {
    const m = compiled.exec(text);
    if (!m) return undefined;
    const parts: Parts = { year: 1970 };
    fields.forEach((field, i) => {
      const value = m[i + 1]!;
      if (field === 'zone') parts.offsetMinutes = zoneMinutes(value);
      else if (field === 'millis') parts.millis = Math.floor(Number(value.padEnd(3, '0').slice(0, 3)));
      else if (field === 'year') parts.year = value.length === 2 ? 2000 + Number(value) : Number(value);
      else parts[field] = Number(value);
    });
    return parts;
  };
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

function partsToMillis(parts: Parts, roundUp: boolean, zone: TimeZone): number | undefined {
  const month = parts.month ?? (roundUp ? 12 : 1);
  if (month < 1 || month > 12) return undefined;
  const maxDay = daysInMonth(parts.year, month);
  const day = parts.day ?? (roundUp ? maxDay : 1);
  if (day < 1 || day > maxDay) return undefined;
  const hour = parts.hour ?? (roundUp ? 23 : 0);
  const minute = parts.minute ?? (roundUp ? 59 : 0);
  const second = parts.second ?? (roundUp ? 59 : 0);
  const millis = parts.millis ?? (roundUp ? 999 : 0);
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  const date = new Date(0);
  date.setUTCFullYear(parts.year, month - 1, day);
  date.setUTCHours(hour, minute, second, millis);
  const wall = date.getTime();
  if (parts.offsetMinutes !== undefined) return wall - parts.offsetMinutes * 60_000;
  return zone === UTC ? wall : wallToUtc(wall, zone);
}

const formatCache = new Map<string, DateFormat>();

/** A date format from a mapping's or a query's `format` ("strict_date_optional_time||epoch_millis", "dd/MM/yyyy"). */
export function dateFormat(pattern: string): DateFormat {
  const cached = formatCache.get(pattern);
  if (cached) return cached;
  const alternatives = pattern.split('||').map((alt) => {
    const name = alt.trim();
    const parser = NAMED[name] ?? patternParser(name);
    return { name, parser };
  });
  const first = alternatives[0]!.name;
  const format: DateFormat = {
    pattern,
    parse(text, roundUp, zone) {
      for (const { name, parser } of alternatives) {
        const parts = parser(text);
        if (parts === 'epoch') {
          if (!/^-?\d+(\.\d+)?$/.test(text)) continue;
          const value = Number(text);
          return name === 'epoch_second' ? Math.floor(value * 1000) : Math.floor(value);
        }
        if (parts) {
          const millis = partsToMillis(parts, roundUp, zone);
          if (millis !== undefined) return millis;
        }
      }
      return undefined;
    },
    format: (millis) => formatMillis(millis, first),
  };
  formatCache.set(pattern, format);
  return format;
}

function formatMillis(millis: number, name: string): string {
  if (name === 'epoch_millis') return String(millis);
  if (name === 'epoch_second') return String(Math.floor(millis / 1000));
  const date = new Date(millis);
  if (name in NAMED) return date.toISOString();
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return name.replace(/'([^']*)'|yyyy|uuuu|MM|dd|HH|mm|ss|SSS/g, (token, literal: string | undefined) => {
    if (literal !== undefined) return literal;
    switch (token) {
      case 'yyyy':
      case 'uuuu':
        return pad(date.getUTCFullYear(), 4);
      case 'MM':
        return pad(date.getUTCMonth() + 1);
      case 'dd':
        return pad(date.getUTCDate());
      case 'HH':
        return pad(date.getUTCHours());
      case 'mm':
        return pad(date.getUTCMinutes());
      case 'ss':
        return pad(date.getUTCSeconds());
      default:
        return pad(date.getUTCMilliseconds(), 3);
    }
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Date math

const UNIT = /^([+-])(\d+)([yMwdhHms])/;

/**
 * A date or date-math expression to epoch ms: `now`, `now-1d/d`, `2026-01-01||+1M/d`, or a date in `format`.
 * `roundUp` is how gt and lte read (to the end of a rounded unit, and missing parts filled with their maximum).
 */
export function parseDateMath(value: string | number, format: DateFormat, options: { roundUp: boolean; zone?: TimeZone; now: number }): number {
  const zone = options.zone ?? UTC;
  if (typeof value === 'number') return Math.floor(value);
  let anchor: number;
  let math: string;
  if (value.startsWith('now')) {
    anchor = options.now;
    math = value.slice(3);
  } else {
    const split = value.indexOf('||');
    const datePart = split === -1 ? value : value.slice(0, split);
    math = split === -1 ? '' : value.slice(split + 2);
    const parsed = format.parse(datePart, options.roundUp && math === '', zone);
    if (parsed === undefined) throw failedToParseDate(value, format);
    anchor = parsed;
  }
  if (math === '') return anchor;
  let wall = anchor + zone.offsetAt(anchor);
  while (math.length > 0) {
    if (math[0] === '/') {
      const unit = math[1];
      if (!unit || !'yMwdhHms'.includes(unit)) throw errors.parsing(`failed to parse date field [${value}]: unit [${unit ?? ''}] not supported for date math`);
      wall = round(wall, unit, options.roundUp);
      math = math.slice(2);
      continue;
    }
    const m = UNIT.exec(math);
    if (!m) throw errors.parsing(`failed to parse date field [${value}]: operator not supported for date math [${math}]`);
    const amount = Number(m[2]) * (m[1] === '-' ? -1 : 1);
    wall = add(wall, amount, m[3]!);
    math = math.slice(m[0].length);
  }
  return zone === UTC ? wall : wallToUtc(wall, zone);
}

function failedToParseDate(value: string, format: DateFormat) {
  return errors.parsing(`failed to parse date field [${value}] with format [${format.pattern}]`);
}

function add(wall: number, amount: number, unit: string): number {
  const date = new Date(wall);
  switch (unit) {
    case 'y':
      date.setUTCFullYear(date.getUTCFullYear() + amount);
      return date.getTime();
    case 'M':
      date.setUTCMonth(date.getUTCMonth() + amount);
      return date.getTime();
    case 'w':
      return wall + amount * 7 * 86_400_000;
    case 'd':
      return wall + amount * 86_400_000;
    case 'h':
    case 'H':
      return wall + amount * 3_600_000;
    case 'm':
      return wall + amount * 60_000;
    default:
      return wall + amount * 1000;
  }
}

function round(wall: number, unit: string, up: boolean): number {
  const d = new Date(wall);
  let start: number;
  let next: number;
  switch (unit) {
    case 'y':
      start = Date.UTC(d.getUTCFullYear(), 0, 1);
      next = Date.UTC(d.getUTCFullYear() + 1, 0, 1);
      break;
    case 'M':
      start = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
      next = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
      break;
    case 'w': {
      const day = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
      start = day - ((d.getUTCDay() + 6) % 7) * 86_400_000; // weeks start on Monday
      next = start + 7 * 86_400_000;
      break;
    }
    case 'd':
      start = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
      next = start + 86_400_000;
      break;
    case 'h':
    case 'H':
      start = Math.floor(wall / 3_600_000) * 3_600_000;
      next = start + 3_600_000;
      break;
    case 'm':
      start = Math.floor(wall / 60_000) * 60_000;
      next = start + 60_000;
      break;
    default:
      start = Math.floor(wall / 1000) * 1000;
      next = start + 1000;
  }
  return up ? next - 1 : start;
}

/** A date field's value from a document: a string in the field's format, or epoch ms as a number. */
export function parseDocumentDate(value: unknown, format: DateFormat): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.floor(value) : undefined;
  if (typeof value !== 'string') return undefined;
  return format.parse(value, false, UTC);
}

// ---------------------------------------------------------------------------------------------------------------
// Time values ("10d", "12h") for decay functions

const TIME_UNITS: Record<string, number> = { nanos: 1e-6, micros: 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

export function parseTimeValue(value: string | number, setting: string): number {
  if (typeof value === 'number') return value;
  const m = /^(-?\d+(?:\.\d+)?)\s*(nanos|micros|ms|s|m|h|d)$/.exec(value.trim());
  if (!m) {
    if (value === '-1' || value === '0') return Number(value);
    throw errors.parsing(`failed to parse setting [${setting}] with value [${value}] as a time value: unit is missing or unrecognized`);
  }
  return Number(m[1]) * TIME_UNITS[m[2]!]!;
}
