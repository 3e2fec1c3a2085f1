/**
 * EventBridge Scheduler expressions, evaluated in UTC (the manifests set no time zone):
 *   rate(value unit)   unit minute|minutes|hour|hours|day|days, singular exactly when value is 1
 *   cron(minutes hours day-of-month month day-of-week year)   AWS's six fields: * ? , - / and L W #, names JAN-DEC and
 *                      SUN-SAT (SUN = 1); one of day-of-month and day-of-week must be ?
 *   at(yyyy-mm-ddThh:mm:ss)   one time
 */
export class InvalidScheduleExpressionError extends Error {
  constructor(expression: string, reason: string) {
    super(`Invalid schedule expression ${JSON.stringify(expression)}: ${reason}`);
    this.name = 'ValidationException';
  }
}

export type ScheduleExpression =
  | { kind: 'rate'; value: number; unit: 'minute' | 'hour' | 'day'; periodMs: number }
  | { kind: 'cron'; cron: CronSchedule }
  | { kind: 'at'; time: Date };

type DayOfMonth = { kind: 'any' } | { kind: 'values'; values: Set<number> } | { kind: 'last' } | { kind: 'nearestWeekday'; day: number };
type DayOfWeek =
  | { kind: 'any' }
  | { kind: 'values'; values: Set<number> }
  | { kind: 'lastOfMonth'; weekday: number }
  | { kind: 'nth'; weekday: number; nth: number };

export interface CronSchedule {
  minutes: Set<number>;
  hours: Set<number>;
  dayOfMonth: DayOfMonth;
  months: Set<number>;
  dayOfWeek: DayOfWeek;
  years: Set<number>;
}

const UNIT_MS = { minute: 60_000, hour: 3_600_000, day: 86_400_000 } as const;
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const WEEKDAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];
const MIN_YEAR = 1970;
const MAX_YEAR = 2199;

export function parseScheduleExpression(expression: string): ScheduleExpression {
  const fail = (reason: string): never => {
    throw new InvalidScheduleExpressionError(expression, reason);
  };
  const match = /^(rate|cron|at)\((.*)\)$/.exec(expression.trim());
  if (!match) return fail('expected rate(...), cron(...) or at(...)');
  const [, kind, body = ''] = match;
  if (kind === 'rate') return parseRate(body.trim(), fail);
  if (kind === 'at') {
    if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/.test(body)) return fail('at() takes yyyy-mm-ddThh:mm:ss');
    const time = new Date(`${body}Z`);
    if (Number.isNaN(time.getTime()) || time.toISOString().slice(0, 19) !== body) return fail(`${body} is not a valid date and time`);
    return { kind: 'at', time };
  }
  return { kind: 'cron', cron: parseCron(body.trim(), fail) };
}

function parseRate(body: string, fail: (reason: string) => never): ScheduleExpression {
  const match = /^(\d+) (minute|minutes|hour|hours|day|days)$/.exec(body);
  if (!match) return fail('rate() takes "<positive integer> <minute(s)|hour(s)|day(s)>"');
  const value = Number(match[1]);
  const word = match[2] as string;
  if (value < 1) return fail('the rate value must be positive');
  const singular = !word.endsWith('s');
  if (singular !== (value === 1)) return fail(value === 1 ? `use "1 ${word.replace(/s$/, '')}"` : `use "${value} ${word}s"`);
  const unit = word.replace(/s$/, '') as keyof typeof UNIT_MS;
  return { kind: 'rate', value, unit, periodMs: value * UNIT_MS[unit] };
}

function parseCron(body: string, fail: (reason: string) => never): CronSchedule {
  const fields = body.split(/\s+/);
  if (fields.length !== 6) return fail(`cron() takes 6 fields (minutes hours day-of-month month day-of-week year), got ${fields.length}`);
  const [minutes, hours, dayOfMonth, month, dayOfWeek, year] = fields as [string, string, string, string, string, string];
  if ((dayOfMonth === '?') === (dayOfWeek === '?')) return fail('one of day-of-month and day-of-week must be ? (and not both)');
  return {
    minutes: values(minutes, 0, 59, 'minutes', fail),
    hours: values(hours, 0, 23, 'hours', fail),
    dayOfMonth: parseDayOfMonth(dayOfMonth, fail),
    months: values(month, 1, 12, 'month', fail, MONTHS),
    dayOfWeek: parseDayOfWeek(dayOfWeek, fail),
    years: values(year, MIN_YEAR, MAX_YEAR, 'year', fail),
  };
}

function parseDayOfMonth(field: string, fail: (reason: string) => never): DayOfMonth {
  if (field === '?') return { kind: 'any' };
  if (field === 'L') return { kind: 'last' };
  const weekday = /^(\d{1,2})W$/.exec(field);
  if (weekday) {
    const day = Number(weekday[1]);
    if (day < 1 || day > 31) return fail(`day-of-month ${field}: the day must be 1-31`);
    return { kind: 'nearestWeekday', day };
  }
  if (/[LW#]/.test(field)) return fail(`day-of-month ${field}: L and W stand alone (L, or nW such as 3W)`);
  return { kind: 'values', values: values(field, 1, 31, 'day-of-month', fail) };
}

function parseDayOfWeek(field: string, fail: (reason: string) => never): DayOfWeek {
  if (field === '?') return { kind: 'any' };
  if (field === 'L') return { kind: 'values', values: new Set([7]) }; // the last day of the week: Saturday
  const weekday = (text: string) => {
    const index = WEEKDAYS.indexOf(text.toUpperCase());
    const day = index >= 0 ? index + 1 : /^\d$/.test(text) ? Number(text) : NaN;
    if (!(day >= 1 && day <= 7)) fail(`day-of-week ${field}: ${text} is not 1-7 or SUN-SAT`);
    return day;
  };
  const last = /^(\w+)L$/.exec(field);
  if (last) return { kind: 'lastOfMonth', weekday: weekday(last[1] as string) };
  const nth = /^(\w+)#(\d)$/.exec(field);
  if (nth) {
    const n = Number(nth[2]);
    if (n < 1 || n > 5) return fail(`day-of-week ${field}: # takes 1-5`);
    return { kind: 'nth', weekday: weekday(nth[1] as string), nth: n };
  }
  if (/[LW#]/.test(field)) return fail(`day-of-week ${field}: L and # stand alone (L, nL such as 6L, or n#k such as 2#1)`);
  return { kind: 'values', values: values(field, 1, 7, 'day-of-week', fail, WEEKDAYS) };
}

/** `*`, `a`, `a-b`, `*\/s`, `a/s`, `a-b/s`, comma lists; names (JAN, MON) where the field has them. */
function values(field: string, min: number, max: number, what: string, fail: (reason: string) => never, names?: string[]): Set<number> {
  const number = (text: string) => {
    const named = names?.indexOf(text.toUpperCase()) ?? -1;
    const value = named >= 0 ? named + 1 : /^\d+$/.test(text) ? Number(text) : NaN;
    if (!(value >= min && value <= max)) fail(`${what} ${field}: ${text} is not within ${min}-${max}${names ? ` or ${names[0]}-${names.at(-1)}` : ''}`);
    return value;
  };
  const set = new Set<number>();
  for (const item of field.split(',')) {
    const [range = '', stepText] = item.split('/');
    const step = stepText === undefined ? 1 : Number(stepText);
    if (!Number.isInteger(step) || step < 1 || (stepText !== undefined && !/^\d+$/.test(stepText))) fail(`${what} ${field}: bad step ${stepText}`);
    let from: number;
    let to: number;
    if (range === '*') [from, to] = [min, max];
    else if (range.includes('-')) {
      const [a = '', b = ''] = range.split('-');
      [from, to] = [number(a), number(b)];
      if (from > to) fail(`${what} ${field}: the range ${range} runs backwards`);
    } else {
      from = number(range);
      to = stepText === undefined ? from : max;
    }
    for (let value = from; value <= to; value += step) set.add(value);
  }
  return set;
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

function dayMatches(cron: CronSchedule, year: number, month: number, day: number): boolean {
  const last = daysInMonth(year, month);
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 1; // SUN = 1
  const dom = cron.dayOfMonth;
  if (dom.kind !== 'any') {
    if (dom.kind === 'values') return dom.values.has(day);
    if (dom.kind === 'last') return day === last;
    if (dom.day > last) return false;
    const target = new Date(Date.UTC(year, month - 1, dom.day)).getUTCDay();
    let nearest = dom.day;
    if (target === 6) nearest = dom.day === 1 ? 3 : dom.day - 1; // Saturday: Friday, or Monday when the 1st
    if (target === 0) nearest = dom.day === last ? dom.day - 2 : dom.day + 1; // Sunday: Monday, or Friday when the last
    return day === nearest;
  }
  const dow = cron.dayOfWeek;
  if (dow.kind === 'values') return dow.values.has(weekday);
  if (dow.kind === 'lastOfMonth') return weekday === dow.weekday && day + 7 > last;
  if (dow.kind === 'nth') return weekday === dow.weekday && Math.ceil(day / 7) === dow.nth;
  return true;
}

/**
 * The first run strictly after `after`, or undefined if there is none (an at() in the past, a cron with no
 * future date). A rate runs every period from `anchor` (default `after`: the first run is one period later).
 */
export function nextRun(expression: string | ScheduleExpression, after: Date, anchor: Date = after): Date | undefined {
  const parsed = typeof expression === 'string' ? parseScheduleExpression(expression) : expression;
  if (parsed.kind === 'at') return parsed.time > after ? parsed.time : undefined;
  if (parsed.kind === 'rate') {
    const periods = Math.max(1, Math.floor((after.getTime() - anchor.getTime()) / parsed.periodMs) + 1);
    return new Date(anchor.getTime() + periods * parsed.periodMs);
  }
  const { cron } = parsed;
  const t = new Date(Math.floor(after.getTime() / 60_000) * 60_000 + 60_000);
  while (t.getUTCFullYear() <= MAX_YEAR) {
    const [year, month, day, hour, minute] = [t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate(), t.getUTCHours(), t.getUTCMinutes()];
    if (!cron.years.has(year)) {
      if (![...cron.years].some((y) => y > year)) return undefined;
      t.setUTCFullYear(year + 1, 0, 1);
      t.setUTCHours(0, 0, 0, 0);
    } else if (!cron.months.has(month)) {
      t.setUTCMonth(month, 1);
      t.setUTCHours(0, 0, 0, 0);
    } else if (!dayMatches(cron, year, month, day)) {
      t.setUTCDate(day + 1);
      t.setUTCHours(0, 0, 0, 0);
    } else if (!cron.hours.has(hour)) {
      t.setUTCHours(hour + 1, 0, 0, 0);
    } else if (!cron.minutes.has(minute)) {
      t.setUTCMinutes(minute + 1, 0, 0);
    } else {
      return t;
    }
  }
  return undefined;
}
