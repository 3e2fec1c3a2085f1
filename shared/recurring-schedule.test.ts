import { describe, expect, it } from 'vitest';
import type { RecurringSchedule } from './contracts/volunteering';
import { firstMeeting, lastMeeting, meetsOn, nextRecurringStart, rosterSpan, upcomingMeetings } from './recurring-schedule';

const AUCKLAND = 'Pacific/Auckland';
const SYDNEY = 'Australia/Sydney';
const saturdays: RecurringSchedule = { frequency: 'Weekly', daysOfWeek: ['Saturday'], startTime: '08:00', endTime: '11:00', startDate: '2026-03-21', endDate: '2026-04-18', hoursPerSession: 3 };

describe('a recurring schedule’s meetings are on the charity’s wall clock, daylight saving included', () => {
  it('meets on Saturdays at 08:00–11:00 local either side of the end of daylight saving (NZ: 5 April 2026)', () => {
    expect(upcomingMeetings(saturdays, AUCKLAND, new Date('2026-03-01T00:00:00Z'), 10)).toEqual([
      { startsAt: '2026-03-20T19:00:00.000Z', endsAt: '2026-03-20T22:00:00.000Z' }, // NZDT, +13
      { startsAt: '2026-03-27T19:00:00.000Z', endsAt: '2026-03-27T22:00:00.000Z' },
      { startsAt: '2026-04-03T19:00:00.000Z', endsAt: '2026-04-03T22:00:00.000Z' }, // the last Saturday of summer time
      { startsAt: '2026-04-10T20:00:00.000Z', endsAt: '2026-04-10T23:00:00.000Z' }, // NZST, +12: still 08:00–11:00
      { startsAt: '2026-04-17T20:00:00.000Z', endsAt: '2026-04-17T23:00:00.000Z' },
    ]);
  });

  it('does the same in Sydney (AEDT +11 to AEST +10 on 5 April 2026)', () => {
    const meetings = upcomingMeetings(saturdays, SYDNEY, new Date('2026-03-30T00:00:00Z'), 2);
    expect(meetings).toEqual([
      { startsAt: '2026-04-03T21:00:00.000Z', endsAt: '2026-04-04T00:00:00.000Z' },
      { startsAt: '2026-04-10T22:00:00.000Z', endsAt: '2026-04-11T01:00:00.000Z' },
    ]);
  });

  it('keeps local times when daylight saving starts (NZ: 27 September 2026)', () => {
    const spring = { ...saturdays, startDate: '2026-09-19', endDate: '2026-10-03' };
    expect(upcomingMeetings(spring, AUCKLAND, new Date('2026-09-01T00:00:00Z'), 3).map((m) => m.startsAt)).toEqual([
      '2026-09-18T20:00:00.000Z', // NZST
      '2026-09-25T20:00:00.000Z', // the day before the change
      '2026-10-02T19:00:00.000Z', // NZDT
    ]);
  });

  it('skips meetings that have ended and keeps one still running', () => {
    const during = new Date('2026-04-10T21:30:00Z'); // Saturday 11 April, 09:30 NZST
    expect(upcomingMeetings(saturdays, AUCKLAND, during, 1)[0]?.startsAt).toBe('2026-04-10T20:00:00.000Z');
    const after = new Date('2026-04-10T23:00:00Z'); // 11:00: over
    expect(nextRecurringStart(saturdays, AUCKLAND, after)).toBe('2026-04-17T20:00:00.000Z');
    expect(upcomingMeetings(saturdays, AUCKLAND, new Date('2026-04-17T23:00:00Z'), 5)).toEqual([]);
  });

  it('ends a meeting that runs past midnight on the next day', () => {
    const nights: RecurringSchedule = { ...saturdays, startTime: '22:00', endTime: '01:00' };
    expect(firstMeeting(nights, AUCKLAND)).toEqual({ startsAt: '2026-03-21T09:00:00.000Z', endsAt: '2026-03-21T12:00:00.000Z' });
  });
});

describe('the roster a recurring role’s one session stands for', () => {
  it('spans the first meeting’s start to the last meeting’s end, not the start and end dates', () => {
    // The example: "Every week on Saturday, 08:00–11:00" from Thursday 12 November to Tuesday 25 May.
    const schedule: RecurringSchedule = { ...saturdays, startDate: '2026-11-12', endDate: '2027-05-25' };
    expect(rosterSpan(schedule, AUCKLAND)).toEqual({
      startsAt: '2026-11-13T19:00:00.000Z', // Saturday 14 November, 08:00 NZDT
      endsAt: '2027-05-21T23:00:00.000Z', // Saturday 22 May, 11:00 NZST (not 10:00)
    });
    expect(lastMeeting(schedule, AUCKLAND)).toEqual({ startsAt: '2027-05-21T20:00:00.000Z', endsAt: '2027-05-21T23:00:00.000Z' });
  });

  it('has no end while the schedule has no end date, and none at all when it never meets', () => {
    const { endDate: _none, ...openEnded } = saturdays;
    expect(rosterSpan(openEnded, AUCKLAND)).toEqual({ startsAt: '2026-03-20T19:00:00.000Z' });
    // Saturdays between a Monday and the Tuesday after: never.
    expect(rosterSpan({ ...saturdays, startDate: '2026-03-23', endDate: '2026-03-24' }, AUCKLAND)).toBeUndefined();
  });

  it('counts fortnights from the start date’s week and months by the start date’s week of the month', () => {
    const fortnightly: RecurringSchedule = { ...saturdays, frequency: 'Fortnightly', endDate: '2026-05-02' };
    expect(upcomingMeetings(fortnightly, AUCKLAND, new Date('2026-03-01T00:00:00Z'), 10).map((m) => m.startsAt.slice(0, 10))).toEqual([
      '2026-03-20',
      '2026-04-03',
      '2026-04-17',
      '2026-05-01',
    ]);
    expect(meetsOn({ ...saturdays, frequency: 'Monthly', startDate: '2026-03-07', endDate: undefined }, '2026-04-04')).toBe(true);
    expect(meetsOn({ ...saturdays, frequency: 'Monthly', startDate: '2026-03-07', endDate: undefined }, '2026-04-11')).toBe(false);
  });
});
