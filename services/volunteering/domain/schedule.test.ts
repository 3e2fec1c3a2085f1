import { describe, expect, it } from 'vitest';
import type { Location, RecurringSchedule } from '@giving/shared/contracts/volunteering';
import type { StoredOpportunity, StoredSession } from './ports';
import { distanceKm, matchesDateFilter, meetsOn, nextRecurringStart, nextStartsAt, opportunityMatchesDateFilter, sessionsSummary, toOpportunity } from './schedule';
import { applicationSession } from './applications';

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

describe('a recurring role’s one session (its roster) reads as its schedule', () => {
  // "Every week on Saturday, 08:00–11:00" from Thursday 12 November 2026 to Tuesday 25 May 2027, in Whangārei.
  const schedule: RecurringSchedule = { frequency: 'Weekly', daysOfWeek: ['Saturday'], startTime: '08:00', endTime: '11:00', startDate: '2026-11-12', endDate: '2027-05-25', hoursPerSession: 3 };
  const roster: StoredSession = {
    id: 'S1',
    opportunityId: 'O1',
    charityId: 'C1',
    startsAt: '2026-11-13T19:00:00.000Z',
    endsAt: '2027-05-21T23:00:00.000Z',
    requiredPeople: 15,
    placesTaken: 1,
    remaining: 14,
  };
  const role: StoredOpportunity = {
    id: 'O1',
    charity: { id: 'C1', name: 'Kiwi Coast Rescue', charityUrl: 'kiwi-coast-rescue', logoImageUrl: '' },
    country: 'nz',
    title: 'Saturday trap line walker',
    description: 'Walk a trap line.',
    opportunityUrl: 'saturday-trap-line-walker',
    opportunityType: 'UnSkilled',
    imageUrl: '/media/kiwi.png',
    skills: [],
    categories: ['Environment'],
    sdgs: [],
    isRemote: false,
    location: { suburb: 'Whangārei', lat: -35.7, lon: 174.3 },
    hasSpecificDates: false,
    recurringSchedule: schedule,
    allowTeams: false,
    contactEmail: 'sam@example.org',
    contentStatus: 'Live',
    isOnline: true,
    sessions: [{ id: 'S1', startsAt: roster.startsAt, endsAt: roster.endsAt, requiredPeople: 15 }],
    createdBy: 'seed',
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    revision: 1,
  };

  it('shows its next meeting, 08:00–11:00 local, not one session from its first meeting to its last', () => {
    // Wednesday 25 November 2026.
    const view = toOpportunity(role, [roster], new Date('2026-11-25T00:00:00Z'));
    expect(view.sessions).toEqual([expect.objectContaining({ id: 'S1', startsAt: '2026-11-27T19:00:00.000Z', endsAt: '2026-11-27T22:00:00.000Z', hasEnded: false, placesRemaining: 14 })]);
    expect(view.upcomingMeetings?.slice(0, 2)).toEqual([
      { startsAt: '2026-11-27T19:00:00.000Z', endsAt: '2026-11-27T22:00:00.000Z' },
      { startsAt: '2026-12-04T19:00:00.000Z', endsAt: '2026-12-04T22:00:00.000Z' },
    ]);
    expect(view.upcomingMeetings).toHaveLength(6);
  });

  it('after daylight saving ends, its meetings are still 08:00–11:00 (20:00–23:00 UTC)', () => {
    const view = toOpportunity(role, [roster], new Date('2027-05-10T00:00:00Z'));
    expect(view.sessions[0]).toMatchObject({ startsAt: '2027-05-14T20:00:00.000Z', endsAt: '2027-05-14T23:00:00.000Z' });
    expect(view.upcomingMeetings).toEqual([
      { startsAt: '2027-05-14T20:00:00.000Z', endsAt: '2027-05-14T23:00:00.000Z' },
      { startsAt: '2027-05-21T20:00:00.000Z', endsAt: '2027-05-21T23:00:00.000Z' },
    ]);
  });

  it('has ended once the schedule has no meeting left, showing its last', () => {
    const view = toOpportunity(role, [roster], new Date('2027-05-22T00:00:00Z'));
    expect(view.sessions[0]).toMatchObject({ startsAt: '2027-05-21T20:00:00.000Z', endsAt: '2027-05-21T23:00:00.000Z', hasEnded: true });
    expect(view.upcomingMeetings).toEqual([]);
  });

  it('summarises the roster’s span, first meeting to last', () => {
    const summary = sessionsSummary(role, [roster], new Date('2026-11-25T00:00:00Z'));
    expect(summary).toMatchObject({ firstStartsAt: '2026-11-13T19:00:00.000Z', lastEndsAt: '2027-05-21T23:00:00.000Z', upcomingSessionCount: 1 });
    expect(summary.nextSession).toMatchObject({ startsAt: '2026-11-27T19:00:00.000Z' });
  });

  it('an application starts from the next meeting and keeps the schedule', () => {
    const applied = applicationSession(role, roster, new Date('2026-11-25T00:00:00Z'));
    expect(applied).toEqual({
      session: { startsAt: '2026-11-27T19:00:00.000Z', endsAt: '2026-11-27T22:00:00.000Z', location: role.location, recurringSchedule: schedule },
      hasEnded: false,
    });
    expect(applicationSession(role, roster, new Date('2027-05-22T00:00:00Z')).hasEnded).toBe(true);
    // An open-ended roster never ends by itself.
    const { endDate: _none, ...openEnded } = schedule;
    const { endsAt: _noEnd, ...openRoster } = roster;
    expect(applicationSession({ ...role, recurringSchedule: openEnded }, openRoster, new Date('2030-01-01T00:00:00Z')).hasEnded).toBe(false);
  });
});
