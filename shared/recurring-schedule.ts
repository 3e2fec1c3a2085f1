import { WEEK_DAYS, type RecurringSchedule } from './contracts/volunteering';
import { localDay, localInstant, nextDay } from './local-time';

/**
 * The meetings of a recurring volunteering schedule ("Every week on Saturday, 08:00–11:00"), on the wall clock of the
 * charity's time zone, daylight saving included: 08:00 is 08:00 in summer and in winter, whatever that is in UTC.
 * One rule for the server (the role's stored roster session, its next meeting, the date filter) and the SPA (the
 * role page's meetings, the role form).
 */

export type ScheduleDays = Pick<RecurringSchedule, 'frequency' | 'daysOfWeek' | 'startDate' | 'endDate'>;
export type ScheduleTimes = ScheduleDays & Pick<RecurringSchedule, 'startTime' | 'endTime'>;

/** One meeting: ISO instants of its start and end. */
export interface Meeting {
  startsAt: string;
  endsAt: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** A schedule can skip at most a few months (a fifth weekday that some months lack); past this, there is none. */
const LOOK_AHEAD_DAYS = 400;

/** 'YYYY-M-D' -> 'YYYY-MM-DD', so days compare as text. */
export const isoDay = (date: string) => date.split('-').map((part) => part.padStart(2, '0')).join('-');
const utcDay = (date: string) => Date.parse(`${isoDay(date)}T00:00:00Z`);
const weekDayOf = (date: string) => WEEK_DAYS[(new Date(utcDay(date)).getUTCDay() + 6) % 7];
/** The Monday that starts the day's week, as days since 1970. */
const weekOf = (date: string) => {
  const day = utcDay(date) / DAY_MS;
  return day - ((new Date(utcDay(date)).getUTCDay() + 6) % 7);
};
/** 1 for the first seven days of a month, 2 for the next seven, ... (the 'first Tuesday' of a month is in week 1). */
const weekOfMonth = (date: string) => Math.ceil(Number(isoDay(date).slice(8, 10)) / 7);
const previousDay = (date: string) => new Date(utcDay(date) - DAY_MS).toISOString().slice(0, 10);

/**
 * Whether a recurring schedule meets on a local day: one of its days of the week, within its start and end dates, and
 * - Weekly: every week;
 * - Fortnightly: every second week, counted from the week of the start date (weeks start on Monday);
 * - Monthly: in the same week of the month as the start date (a schedule starting on the 1st Tuesday meets on
 *   the 1st Tuesday of each month; with Tuesday and Thursday, the 1st of each).
 */
export function meetsOn(schedule: ScheduleDays, date: string): boolean {
  const day = isoDay(date);
  if (day < isoDay(schedule.startDate) || (schedule.endDate !== undefined && day > isoDay(schedule.endDate))) return false;
  if (!schedule.daysOfWeek.includes(weekDayOf(day)!)) return false;
  switch (schedule.frequency) {
    case 'Weekly':
      return true;
    case 'Fortnightly':
      return (weekOf(day) - weekOf(schedule.startDate)) % 14 === 0;
    case 'Monthly':
      return weekOfMonth(day) === weekOfMonth(schedule.startDate);
  }
}

/** The meeting on a local day (one that ends at or before its start time runs past midnight). */
export function meetingOn(schedule: Pick<RecurringSchedule, 'startTime' | 'endTime'>, day: string, timeZone: string): Meeting {
  const start = localInstant(day, schedule.startTime, timeZone);
  let end = localInstant(day, schedule.endTime, timeZone);
  if (end <= start) end = localInstant(nextDay(day), schedule.endTime, timeZone);
  return { startsAt: start.toISOString(), endsAt: end.toISOString() };
}

/** The next `count` meetings that have not ended by `now` (fewer once the schedule ends). */
export function upcomingMeetings(schedule: ScheduleTimes, timeZone: string, now: Date, count: number): Meeting[] {
  const meetings: Meeting[] = [];
  const today = localDay(now, timeZone);
  // From the day before: a meeting that runs past midnight may still be on.
  let day = isoDay(schedule.startDate) > today ? isoDay(schedule.startDate) : localDay(new Date(now.getTime() - DAY_MS), timeZone);
  let quiet = 0;
  while (meetings.length < count && quiet < LOOK_AHEAD_DAYS) {
    if (schedule.endDate !== undefined && day > isoDay(schedule.endDate)) break;
    if (meetsOn(schedule, day)) {
      const meeting = meetingOn(schedule, day, timeZone);
      if (Date.parse(meeting.endsAt) > now.getTime()) {
        meetings.push(meeting);
        quiet = 0;
      }
    } else quiet++;
    day = nextDay(day);
  }
  return meetings;
}

/** When a recurring schedule next meets (ISO instant of its start); undefined once it has ended. */
export function nextRecurringStart(schedule: ScheduleTimes, timeZone: string, now: Date): string | undefined {
  return upcomingMeetings(schedule, timeZone, now, 1)[0]?.startsAt;
}

/** The schedule's first meeting on or after its start date; undefined when it never meets. */
export function firstMeeting(schedule: ScheduleTimes, timeZone: string): Meeting | undefined {
  let day = isoDay(schedule.startDate);
  for (let i = 0; i < LOOK_AHEAD_DAYS; i++, day = nextDay(day)) {
    if (schedule.endDate !== undefined && day > isoDay(schedule.endDate)) return undefined;
    if (meetsOn(schedule, day)) return meetingOn(schedule, day, timeZone);
  }
  return undefined;
}

/** The schedule's last meeting: on or before its end date; undefined for a schedule without one (it goes on). */
export function lastMeeting(schedule: ScheduleTimes, timeZone: string): Meeting | undefined {
  if (schedule.endDate === undefined) return undefined;
  const start = isoDay(schedule.startDate);
  for (let day = isoDay(schedule.endDate); day >= start; day = previousDay(day)) {
    if (meetsOn(schedule, day)) return meetingOn(schedule, day, timeZone);
  }
  return undefined;
}

/**
 * What a recurring role's one session (its roster: the places, and what volunteers apply for) spans: from the start
 * of its first meeting to the end of its last; no end while the schedule has no end date. Undefined when the
 * schedule never meets (say, Saturdays between a Monday and the Tuesday after).
 */
export function rosterSpan(schedule: ScheduleTimes, timeZone: string): { startsAt: string; endsAt?: string } | undefined {
  const first = firstMeeting(schedule, timeZone);
  if (!first) return undefined;
  const last = lastMeeting(schedule, timeZone);
  return { startsAt: first.startsAt, ...(last ? { endsAt: last.endsAt } : {}) };
}
