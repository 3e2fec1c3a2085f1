import { describe, expect, it } from 'vitest';
import { InvalidScheduleExpressionError, nextRun, parseScheduleExpression } from './expression';

const at = (iso: string) => new Date(iso);
const next = (expression: string, after: string) => nextRun(expression, at(after))?.toISOString();

describe('parseScheduleExpression', () => {
  it.each([
    ['rate(1 minute)', 60_000],
    ['rate(5 minutes)', 300_000],
    ['rate(1 hour)', 3_600_000],
    ['rate(12 hours)', 43_200_000],
    ['rate(1 day)', 86_400_000],
    ['rate(7 days)', 604_800_000],
  ])('accepts %s', (expression, periodMs) => {
    expect(parseScheduleExpression(expression)).toMatchObject({ kind: 'rate', periodMs });
  });

  // The examples of the EventBridge Scheduler user guide's cron table, plus L, W and #.
  it.each([
    'cron(0 10 * * ? *)',
    'cron(15 12 * * ? *)',
    'cron(0 18 ? * MON-FRI *)',
    'cron(0 8 1 * ? *)',
    'cron(0/15 * * * ? *)',
    'cron(0/10 * ? * MON-FRI *)',
    'cron(0/5 8-17 ? * MON-FRI *)',
    'cron(0 9 ? * 2#1 *)',
    'cron(0 0 L * ? *)',
    'cron(0 0 3W * ? *)',
    'cron(0 12 ? * 6L *)',
    'cron(30 2 ? * L *)',
    'cron(0 0 1,15 JAN,jul ? 2025-2030)',
    'cron(*/30 * ? * SUN,SAT *)',
  ])('accepts %s', (expression) => {
    expect(parseScheduleExpression(expression).kind).toBe('cron');
  });

  it('accepts a one-time at()', () => {
    expect(parseScheduleExpression('at(2030-01-01T09:30:00)')).toEqual({ kind: 'at', time: at('2030-01-01T09:30:00Z') });
  });

  it.each([
    ['rate(1 minutes)', 'use "1 minute"'],
    ['rate(5 minute)', 'use "5 minutes"'],
    ['rate(0 minutes)', 'positive'],
    ['rate(1 week)', 'rate() takes'],
    ['rate(1.5 hours)', 'rate() takes'],
    ['cron(0 18 * * * *)', 'one of day-of-month and day-of-week must be ?'],
    ['cron(0 18 ? * ? *)', 'one of day-of-month and day-of-week must be ?'],
    ['cron(0 18 * * ?)', 'takes 6 fields'],
    ['cron(60 * * * ? *)', 'minutes 60: 60 is not within 0-59'],
    ['cron(0 24 * * ? *)', 'hours 24'],
    ['cron(0 0 32 * ? *)', 'day-of-month 32'],
    ['cron(0 0 ? 13 MON *)', 'month 13'],
    ['cron(0 0 ? * FUNDAY *)', 'day-of-week'],
    ['cron(0 0 ? * 2#6 *)', '# takes 1-5'],
    ['cron(0 0 ? * FRI-MON *)', 'runs backwards'],
    ['cron(0 0 1 * ? 2200)', 'year 2200'],
    ['cron(0/0 * * * ? *)', 'bad step'],
    ['cron(0 0 L-2 * ? *)', 'L and W stand alone'],
    ['at(2030-02-30T00:00:00)', 'not a valid date'],
    ['every 5 minutes', 'expected rate(...), cron(...) or at(...)'],
  ])('refuses %s', (expression, reason) => {
    expect(() => parseScheduleExpression(expression)).toThrow(InvalidScheduleExpressionError);
    expect(() => parseScheduleExpression(expression)).toThrow(reason);
  });
});

describe('nextRun (UTC)', () => {
  it.each([
    // 10:00 every day; strictly after the given time
    ['cron(0 10 * * ? *)', '2024-03-01T09:59:30Z', '2024-03-01T10:00:00.000Z'],
    ['cron(0 10 * * ? *)', '2024-03-01T10:00:00Z', '2024-03-02T10:00:00.000Z'],
    ['cron(15 12 * * ? *)', '2024-12-31T12:15:00Z', '2025-01-01T12:15:00.000Z'],
    // 18:00 Monday to Friday: Friday 1 March 2024 after 18:00 -> Monday
    ['cron(0 18 ? * MON-FRI *)', '2024-03-01T18:00:00Z', '2024-03-04T18:00:00.000Z'],
    // 08:00 on the 1st
    ['cron(0 8 1 * ? *)', '2024-01-31T12:00:00Z', '2024-02-01T08:00:00.000Z'],
    ['cron(0 8 1 * ? *)', '2024-12-01T08:00:00Z', '2025-01-01T08:00:00.000Z'],
    // every 15 minutes
    ['cron(0/15 * * * ? *)', '2024-03-01T10:07:00Z', '2024-03-01T10:15:00.000Z'],
    ['cron(0/15 * * * ? *)', '2024-03-01T23:45:00Z', '2024-03-02T00:00:00.000Z'],
    // every 10 minutes on weekdays: Saturday -> Monday 00:00
    ['cron(0/10 * ? * MON-FRI *)', '2024-03-02T10:00:00Z', '2024-03-04T00:00:00.000Z'],
    // every 5 minutes 08:00-17:55 on weekdays
    ['cron(0/5 8-17 ? * MON-FRI *)', '2024-03-01T17:55:00Z', '2024-03-04T08:00:00.000Z'],
    ['cron(0/5 8-17 ? * MON-FRI *)', '2024-03-04T07:12:00Z', '2024-03-04T08:00:00.000Z'],
    // 09:00 on the first Monday of the month
    ['cron(0 9 ? * 2#1 *)', '2024-03-01T00:00:00Z', '2024-03-04T09:00:00.000Z'],
    ['cron(0 9 ? * 2#1 *)', '2024-03-04T09:00:00Z', '2024-04-01T09:00:00.000Z'],
    // the last day of the month, leap year included
    ['cron(0 0 L * ? *)', '2024-02-01T00:00:00Z', '2024-02-29T00:00:00.000Z'],
    ['cron(0 0 L * ? *)', '2023-02-01T00:00:00Z', '2023-02-28T00:00:00.000Z'],
    // the last Friday of the month
    ['cron(0 12 ? * 6L *)', '2024-03-01T00:00:00Z', '2024-03-29T12:00:00.000Z'],
    // L alone in day-of-week is Saturday
    ['cron(30 2 ? * L *)', '2024-03-04T00:00:00Z', '2024-03-09T02:30:00.000Z'],
    // the weekday nearest the 1st: Saturday 1 June 2024 -> Monday 3 June (never the previous month)
    ['cron(0 0 1W * ? *)', '2024-05-31T00:00:00Z', '2024-06-03T00:00:00.000Z'],
    // the weekday nearest the 15th: Sunday 15 September 2024 -> Monday 16
    ['cron(0 0 15W * ? *)', '2024-09-01T00:00:00Z', '2024-09-16T00:00:00.000Z'],
    // the weekday nearest the 30th: Saturday 30 November 2024 -> Friday 29
    ['cron(0 0 30W * ? *)', '2024-11-01T00:00:00Z', '2024-11-29T00:00:00.000Z'],
    // years and month names
    ['cron(0 0 1 JUL ? 2025-2030)', '2024-03-01T00:00:00Z', '2025-07-01T00:00:00.000Z'],
  ])('%s after %s is %s', (expression, after, expected) => {
    expect(next(expression, after)).toBe(expected);
  });

  it('has no next run for a past year, an impossible date, or a past at()', () => {
    expect(next('cron(0 0 1 1 ? 2020)', '2024-01-01T00:00:00Z')).toBeUndefined();
    expect(next('cron(0 0 30 2 ? *)', '2024-01-01T00:00:00Z')).toBeUndefined();
    expect(next('at(2030-01-01T00:00:00)', '2031-01-01T00:00:00Z')).toBeUndefined();
    expect(next('at(2030-01-01T00:00:00)', '2024-01-01T00:00:00Z')).toBe('2030-01-01T00:00:00.000Z');
  });

  it('counts a rate from its anchor', () => {
    const anchor = at('2024-03-01T10:00:00Z');
    expect(nextRun('rate(5 minutes)', anchor)?.toISOString()).toBe('2024-03-01T10:05:00.000Z');
    expect(nextRun('rate(5 minutes)', at('2024-03-01T10:12:00Z'), anchor)?.toISOString()).toBe('2024-03-01T10:15:00.000Z');
    expect(nextRun('rate(5 minutes)', at('2024-03-01T10:15:00Z'), anchor)?.toISOString()).toBe('2024-03-01T10:20:00.000Z');
    expect(nextRun('rate(1 day)', at('2024-03-01T10:00:00Z'), anchor)?.toISOString()).toBe('2024-03-02T10:00:00.000Z');
  });
});
