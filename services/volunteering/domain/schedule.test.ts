import { describe, expect, it } from 'vitest';
import type { Location, RecurringSchedule } from '@giving/shared/contracts/volunteering';
import { distanceKm, matchesDateFilter, meetsOn, nextRecurringStart, nextStartsAt, opportunityMatchesDateFilter } from './schedule';

const session = (startsAt: string, endsAt: string, location?: Location) => ({ id: startsAt, startsAt, endsAt, requiredPeople: 5, ...(location ? { location } : {}) });

describe('spec 1 §4 date filter', () => {
  const now = new Date('2026-11-21T09:00:00Z');
  const past = [session('2026-10-01T00:00:00Z', '2026-10-01T03:00:00Z')];
  const coming = [session('2026-10-01T00:00:00Z', '2026-10-01T03:00:00Z'), session('2026-12-05T20:00:00Z', '2026-12-05T23:00:00Z')];
  it('past: every session has ended; coming: one has not', () => {
    expect(matchesDateFilter(past, 'past', now)).toBe(true);
    expect(matchesDateFilter(coming, 'past', now)).toBe(false);
    expect(matchesDateFilter(coming, 'coming', now)).toBe(true);
    expect(matchesDateFilter(past, 'coming', now)).toBe(false);
  });
  it('on-or-before / on-or-after a day (the whole day counts)', () => {
    expect(matchesDateFilter(coming, 'on-or-before', now, '2026-10-01')).toBe(true);
    expect(matchesDateFilter(past, 'on-or-before', now, '2026-9-30')).toBe(false);
    expect(matchesDateFilter(coming, 'on-or-after', now, '2026-12-05')).toBe(true);
    expect(matchesDateFilter(past, 'on-or-after', now, '2026-10-2')).toBe(false);
  });
});

describe('the date filter for a recurring role goes by its schedule, not its first meeting', () => {
  const weekly: RecurringSchedule = { frequency: 'Weekly', daysOfWeek: ['Saturday'], startTime: '09:00', endTime: '12:00', startDate: '2026-3-7', hoursPerSession: 3 };
  // The stored session is only the first meeting, long over.
  const role = (recurringSchedule: RecurringSchedule) => ({ country: 'nz' as const, recurringSchedule, sessions: [session('2026-03-06T20:00:00Z', '2026-03-06T23:00:00Z')] });
  const now = new Date('2026-11-21T09:00:00Z');

  it('an ongoing weekly role is coming, not past, though its first meeting was in March', () => {
    expect(opportunityMatchesDateFilter(role(weekly), 'coming', now)).toBe(true);
    expect(opportunityMatchesDateFilter(role(weekly), 'past', now)).toBe(false);
    expect(opportunityMatchesDateFilter(role(weekly), 'on-or-after', now, '2027-02-01')).toBe(true);
    expect(opportunityMatchesDateFilter(role(weekly), 'on-or-before', now, '2026-03-01')).toBe(false);
    expect(opportunityMatchesDateFilter(role(weekly), 'on-or-before', now, '2026-3-7')).toBe(true);
  });

  it('a schedule that ended is past, and not on or after a later day', () => {
    const ended = { ...weekly, endDate: '2026-10-31' };
    expect(opportunityMatchesDateFilter(role(ended), 'past', now)).toBe(true);
    expect(opportunityMatchesDateFilter(role(ended), 'coming', now)).toBe(false);
    expect(opportunityMatchesDateFilter(role(ended), 'on-or-after', now, '2026-11-01')).toBe(false);
  });
});

describe('distance', () => {
  it('Auckland to Wellington is about 490 km', () => {
    expect(distanceKm({ lat: -36.85, lon: 174.76 }, { lat: -41.29, lon: 174.78 })).toBeGreaterThan(480);
    expect(distanceKm({ lat: -36.85, lon: 174.76 }, { lat: -41.29, lon: 174.78 })).toBeLessThan(500);
  });
});

describe('the next meeting of a recurring schedule (a card’s nextSessionStartsAt)', () => {
  const auckland = 'Pacific/Auckland';
  const tuesdayThursday: RecurringSchedule = { frequency: 'Weekly', daysOfWeek: ['Tuesday', 'Thursday'], startTime: '09:00', endTime: '12:00', startDate: '2026-3-3', hoursPerSession: 3 };
  // Friday 20 November 2026, 10:00 in Auckland (NZDT, +13).
  const friday = new Date('2026-11-19T21:00:00Z');

  it('weekly on Tuesday and Thursday, seen on a Friday: next Tuesday at 09:00 local', () => {
    expect(nextRecurringStart(tuesdayThursday, auckland, friday)).toBe('2026-11-23T20:00:00.000Z');
  });

  it('a meeting still running counts; one that has ended does not', () => {
    const tuesdayAt10 = new Date('2026-11-23T21:00:00Z');
    expect(nextRecurringStart(tuesdayThursday, auckland, tuesdayAt10)).toBe('2026-11-23T20:00:00.000Z');
    const tuesdayAt13 = new Date('2026-11-24T00:00:00Z');
    expect(nextRecurringStart(tuesdayThursday, auckland, tuesdayAt13)).toBe('2026-11-25T20:00:00.000Z');
  });

  it('before the start date: the first meeting on or after it', () => {
    expect(nextRecurringStart({ ...tuesdayThursday, startDate: '2026-12-02' }, auckland, friday)).toBe('2026-12-02T20:00:00.000Z');
  });

  it('fortnightly counts weeks from the start date’s week', () => {
    // Starts Tuesday 10 Nov: meets 10 and 12 Nov, then 24 and 26 Nov.
    const fortnightly: RecurringSchedule = { ...tuesdayThursday, frequency: 'Fortnightly', startDate: '2026-11-10' };
    expect(nextRecurringStart(fortnightly, auckland, friday)).toBe('2026-11-23T20:00:00.000Z');
    const offWeek = { ...fortnightly, startDate: '2026-11-03' };
    expect(nextRecurringStart(offWeek, auckland, friday)).toBe('2026-11-30T20:00:00.000Z');
  });

  it('monthly meets in the start date’s week of the month', () => {
    // Starts on the 1st Tuesday (3 Mar): the 1st Tuesday of December is the 1st.
    const monthly: RecurringSchedule = { ...tuesdayThursday, frequency: 'Monthly', daysOfWeek: ['Tuesday'] };
    expect(nextRecurringStart(monthly, auckland, friday)).toBe('2026-11-30T20:00:00.000Z');
    expect(meetsOn(monthly, '2026-12-08')).toBe(false);
  });

  it('in the time zone given: Sydney is two hours behind Auckland in summer', () => {
    expect(nextRecurringStart(tuesdayThursday, 'Australia/Sydney', friday)).toBe('2026-11-23T22:00:00.000Z');
  });

  it('no next meeting once the schedule has ended', () => {
    expect(nextRecurringStart({ ...tuesdayThursday, endDate: '2026-11-19' }, auckland, friday)).toBeUndefined();
    expect(nextRecurringStart({ ...tuesdayThursday, endDate: '2026-11-24' }, auckland, friday)).toBe('2026-11-23T20:00:00.000Z');
    expect(nextRecurringStart({ ...tuesdayThursday, endDate: '2026-11-23' }, auckland, friday)).toBeUndefined();
  });

  it('a recurring opportunity’s next start comes from its schedule, not its (past) first session', () => {
    const opportunity = { country: 'nz' as const, recurringSchedule: tuesdayThursday, sessions: [session('2026-03-02T20:00:00Z', '2026-03-02T23:00:00Z')] };
    expect(nextStartsAt(opportunity, friday)).toBe('2026-11-23T20:00:00.000Z');
    const fixed = { country: 'nz' as const, sessions: [session('2026-10-01T00:00:00Z', '2026-10-01T03:00:00Z'), session('2026-12-05T20:00:00Z', '2026-12-05T23:00:00Z')] };
    expect(nextStartsAt(fixed, friday)).toBe('2026-12-05T20:00:00Z');
  });
});
