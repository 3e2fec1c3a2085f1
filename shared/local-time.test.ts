import { describe, expect, it } from 'vitest';
import { calendarDayText, csvDateTime, csvDay, localClockTime, localDateText, localDay, localInstant, localMonth, nextDay, startOfLocalDay } from './local-time';

describe('local calendar days and months', () => {
  it('starts a New Zealand day at its local midnight, in summer (NZDT +13) and winter (NZST +12)', () => {
    expect(startOfLocalDay('2026-03-01', 'Pacific/Auckland').toISOString()).toBe('2026-02-28T11:00:00.000Z');
    expect(startOfLocalDay('2026-07-01', 'Pacific/Auckland').toISOString()).toBe('2026-06-30T12:00:00.000Z');
  });

  it('gets the day right on the days daylight saving starts and ends', () => {
    // NZ: DST ends 5 April 2026 (03:00 NZDT -> 02:00 NZST) and starts 27 September 2026.
    expect(startOfLocalDay('2026-04-05', 'Pacific/Auckland').toISOString()).toBe('2026-04-04T11:00:00.000Z');
    expect(startOfLocalDay('2026-04-06', 'Pacific/Auckland').toISOString()).toBe('2026-04-05T12:00:00.000Z');
    expect(startOfLocalDay('2026-09-27', 'Pacific/Auckland').toISOString()).toBe('2026-09-26T12:00:00.000Z');
    expect(startOfLocalDay('2026-09-28', 'Pacific/Auckland').toISOString()).toBe('2026-09-27T11:00:00.000Z');
  });

  it('puts an instant in the local month and day, not the UTC one', () => {
    expect(localMonth('2026-02-28T20:00:00.000Z', 'Pacific/Auckland')).toBe('2026-03');
    expect(localDay('2026-02-28T20:00:00.000Z', 'Pacific/Auckland')).toBe('2026-03-01');
    expect(localMonth('2026-02-28T20:00:00.000Z', 'Australia/Sydney')).toBe('2026-03');
    expect(localMonth('2026-02-28T10:00:00.000Z', 'Australia/Sydney')).toBe('2026-02');
  });

  it('steps to the next day across months and years', () => {
    expect(nextDay('2026-02-28')).toBe('2026-03-01');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
  });

  it('puts a wall-clock day and time in the zone, either side of daylight saving', () => {
    expect(localInstant('2026-03-03', '09:30', 'Pacific/Auckland').toISOString()).toBe('2026-03-02T20:30:00.000Z');
    expect(localInstant('2026-07-01', '09:30', 'Pacific/Auckland').toISOString()).toBe('2026-06-30T21:30:00.000Z');
    expect(localInstant('2026-07-01', '09:30', 'Australia/Sydney').toISOString()).toBe('2026-06-30T23:30:00.000Z');
    // 27 September 2026: NZ clocks jump from 02:00 to 03:00.
    expect(localInstant('2026-09-27', '02:30', 'Pacific/Auckland').toISOString()).toBe('2026-09-26T14:30:00.000Z');
  });
});

describe('one rule for showing dates: the data’s country, its time zone and locale', () => {
  // 20:00 UTC on 28 February is 1 March in both countries (9 am in Auckland, 7 am in Sydney).
  it('reads an instant in the country, never in UTC or the viewer’s zone', () => {
    expect(localDateText('2026-02-28T20:00:00Z', 'nz')).toBe('1 Mar 2026');
    expect(localDateText('2026-02-28T20:00:00Z', 'nz', 'long')).toBe('1 March 2026');
    expect(localDateText('2026-02-28T20:00:00Z', 'au', 'dayTime')).toMatch(/^1 Mar 2026, 7:00\s?am$/);
    expect(localClockTime('2026-02-28T20:00:00Z', 'nz')).toBe('09:00');
  });

  it('writes files’ dates as the country’s local day and time, which sort as text', () => {
    expect(csvDateTime('2026-02-28T20:15:00Z', 'nz')).toBe('2026-03-01 09:15');
    expect(csvDateTime('2026-07-31T23:05:00Z', 'au')).toBe('2026-08-01 09:05');
    expect(csvDay('2026-02-28T12:30:00Z', 'au')).toBe('2026-02-28');
    expect(csvDay('2026-02-28T13:30:00Z', 'au')).toBe('2026-03-01');
  });

  it('reads a calendar day as itself', () => {
    expect(calendarDayText('2026-03-01', 'nz')).toBe('1 Mar 2026');
    expect(calendarDayText('2026-3-7', 'au', 'long')).toBe('7 March 2026');
  });
});
