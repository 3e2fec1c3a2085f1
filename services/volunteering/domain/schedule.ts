import {
  WEEK_DAYS,
  type DateFilter,
  type Opportunity,
  type OpportunityCard,
  type OpportunityEdit,
  type RecurringSchedule,
  type ScheduleType,
  type Session,
  type SessionsSummary,
} from '@giving/shared/contracts/volunteering';
import { COUNTRY_TIME_ZONES, localDay, localInstant, nextDay } from '@giving/shared/local-time';
import { locationLabel, scheduleLabel, sessionLocation } from '@giving/shared/volunteering-rules';
import type { SessionPlan, StoredOpportunity, StoredSession } from './ports';

/**
 * The date filter, distance, the next session, and how stored opportunities and sessions
 * read in the API. Pure.
 */

export const scheduleTypeOf = (opportunity: Pick<StoredOpportunity, 'hasSpecificDates'>): ScheduleType =>
  opportunity.hasSpecificDates ? 'FixedSchedule' : 'RecurringSchedule';

/** Great-circle distance in km (haversine). */
export function distanceKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLon = rad(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The end of a YYYY-M-D day (UTC) and its start, for the on-or-before / on-or-after filters. */
const dayStart = (date: string) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d);
};

/**
 * Spec 1 §4 date filter: past = every session has ended; coming = some session has not ended; on-or-before = some
 * session starts on or before the day; on-or-after = some session is still running on or after the day.
 */
export function matchesDateFilter(sessions: readonly Pick<SessionPlan, 'startsAt' | 'endsAt'>[], filter: DateFilter, now: Date, date?: string): boolean {
  const ends = sessions.map((s) => Date.parse(s.endsAt));
  const starts = sessions.map((s) => Date.parse(s.startsAt));
  switch (filter) {
    case 'past':
      return ends.length > 0 && ends.every((end) => end <= now.getTime());
    case 'coming':
      return ends.some((end) => end > now.getTime());
    case 'on-or-before':
      return date !== undefined && starts.some((start) => start < dayStart(date) + 24 * 60 * 60 * 1000);
    case 'on-or-after':
      return date !== undefined && ends.some((end) => end >= dayStart(date));
  }
}

/**
 * The same filter for an opportunity: a recurring one goes by its schedule (it meets again and again from its start
 * date to its end date, if any), not by the stored session, which is only its first meeting.
 */
export function opportunityMatchesDateFilter(
  opportunity: Pick<StoredOpportunity, 'country' | 'recurringSchedule' | 'sessions'>,
  filter: DateFilter,
  now: Date,
  date?: string,
): boolean {
  const schedule = opportunity.recurringSchedule;
  if (!schedule) return matchesDateFilter(opportunity.sessions, filter, now, date);
  const next = nextRecurringStart(schedule, COUNTRY_TIME_ZONES[opportunity.country], now);
  switch (filter) {
    case 'past':
      return next === undefined;
    case 'coming':
      return next !== undefined;
    case 'on-or-before':
      return date !== undefined && isoDay(schedule.startDate) <= isoDay(date);
    case 'on-or-after':
      return date !== undefined && (schedule.endDate === undefined || isoDay(schedule.endDate) >= isoDay(date));
  }
}

export const hasEnded = (session: Pick<SessionPlan, 'endsAt'>, now: Date) => Date.parse(session.endsAt) <= now.getTime();

const DAY_MS = 24 * 60 * 60 * 1000;
/** A schedule can skip at most a few months (a fifth weekday that some months lack); past this, there is none. */
const LOOK_AHEAD_DAYS = 400;
/** 'YYYY-M-D' -> 'YYYY-MM-DD', so days compare as text. */
const isoDay = (date: string) => date.split('-').map((part) => part.padStart(2, '0')).join('-');
const utcDay = (date: string) => Date.parse(`${isoDay(date)}T00:00:00Z`);
const weekDayOf = (date: string) => WEEK_DAYS[(new Date(utcDay(date)).getUTCDay() + 6) % 7];
/** The Monday that starts the day's week, as days since 1970. */
const weekOf = (date: string) => {
  const day = utcDay(date) / DAY_MS;
  return day - ((new Date(utcDay(date)).getUTCDay() + 6) % 7);
};
/** 1 for the first seven days of a month, 2 for the next seven, ... (the 'first Tuesday' of a month is in week 1). */
const weekOfMonth = (date: string) => Math.ceil(Number(isoDay(date).slice(8, 10)) / 7);

/**
 * Whether a recurring schedule meets on a local day: one of its days of the week, on or after its start date, and
 * - Weekly: every week;
 * - Fortnightly: every second week, counted from the week of the start date (weeks start on Monday);
 * - Monthly: in the same week of the month as the start date (a schedule starting on the 1st Tuesday meets on
 *   the 1st Tuesday of each month; with Tuesday and Thursday, the 1st of each).
 */
export function meetsOn(schedule: Pick<RecurringSchedule, 'frequency' | 'daysOfWeek' | 'startDate' | 'endDate'>, date: string): boolean {
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

/**
 * When a recurring schedule next meets (ISO instant of its start): the first meeting that has not ended by `now`,
 * with its days and times on the wall clock of `timeZone` (the charity's country's, as the SPA sends them).
 * Undefined once the schedule has ended.
 */
export function nextRecurringStart(schedule: RecurringSchedule, timeZone: string, now: Date): string | undefined {
  const today = localDay(now, timeZone);
  // From the day before: a meeting that runs past midnight may still be on.
  let day = isoDay(schedule.startDate) > today ? isoDay(schedule.startDate) : localDay(new Date(now.getTime() - DAY_MS), timeZone);
  for (let i = 0; i < LOOK_AHEAD_DAYS; i++, day = nextDay(day)) {
    if (schedule.endDate !== undefined && day > isoDay(schedule.endDate)) return undefined;
    if (!meetsOn(schedule, day)) continue;
    const start = localInstant(day, schedule.startTime, timeZone);
    let end = localInstant(day, schedule.endTime, timeZone);
    if (end <= start) end = localInstant(nextDay(day), schedule.endTime, timeZone);
    if (end.getTime() > now.getTime()) return start.toISOString();
  }
  return undefined;
}

/**
 * When the opportunity next meets: a recurring one's next meeting from its schedule; otherwise the earliest session
 * that has not ended. Undefined when nothing is left.
 */
export function nextStartsAt(opportunity: Pick<StoredOpportunity, 'country' | 'recurringSchedule' | 'sessions'>, now: Date): string | undefined {
  if (opportunity.recurringSchedule) return nextRecurringStart(opportunity.recurringSchedule, COUNTRY_TIME_ZONES[opportunity.country], now);
  return opportunity.sessions
    .filter((session) => !hasEnded(session, now))
    .map((session) => session.startsAt)
    .sort()[0];
}

export function toSession(opportunity: Pick<StoredOpportunity, 'location'>, session: StoredSession, now: Date): Session {
  const remaining = Math.max(0, session.remaining);
  const location = sessionLocation(opportunity, session);
  return {
    id: session.id,
    opportunityId: session.opportunityId,
    startsAt: session.startsAt,
    endsAt: session.endsAt,
    ...(session.sessionTotalHours !== undefined ? { sessionTotalHours: session.sessionTotalHours } : {}),
    requiredPeople: session.requiredPeople,
    placesTaken: session.placesTaken,
    placesRemaining: remaining,
    isFull: remaining === 0,
    hasEnded: hasEnded(session, now),
    ...(location ? { location } : {}),
  };
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

export function toOpportunity(opportunity: StoredOpportunity, sessions: StoredSession[], now: Date): Opportunity {
  const ordered = [...sessions].sort((a, b) => a.startsAt.localeCompare(b.startsAt));
  const scheduleType = scheduleTypeOf(opportunity);
  const requiredPeople = sum(ordered.map((s) => s.requiredPeople));
  const placesTaken = sum(ordered.map((s) => s.placesTaken));
  return {
    id: opportunity.id,
    charity: opportunity.charity,
    country: opportunity.country,
    title: opportunity.title,
    description: opportunity.description,
    opportunityUrl: opportunity.opportunityUrl,
    opportunityType: opportunity.opportunityType,
    imageUrl: opportunity.imageUrl,
    skills: opportunity.skills,
    categories: opportunity.categories,
    sdgs: opportunity.sdgs,
    isRemote: opportunity.isRemote,
    ...(opportunity.location ? { location: opportunity.location } : {}),
    hasSpecificDates: opportunity.hasSpecificDates,
    scheduleType,
    scheduleLabel: scheduleLabel(scheduleType, opportunity.sessions.length),
    locationLabel: locationLabel(opportunity),
    ...(opportunity.recurringSchedule ? { recurringSchedule: opportunity.recurringSchedule } : {}),
    sessions: ordered.map((session) => toSession(opportunity, session, now)),
    isExclusive: opportunity.exclusiveCorporateId !== undefined,
    ...(opportunity.exclusiveCorporateId ? { exclusiveCorporateId: opportunity.exclusiveCorporateId } : {}),
    ...(opportunity.fee ? { fee: opportunity.fee } : {}),
    allowTeams: opportunity.allowTeams,
    ...(opportunity.maxTeamSize !== undefined ? { maxTeamSize: opportunity.maxTeamSize } : {}),
    contentStatus: opportunity.contentStatus,
    ...(opportunity.deniedReason ? { deniedReason: opportunity.deniedReason } : {}),
    isOnline: opportunity.isOnline,
    requiredPeople,
    placesTaken,
    placesRemaining: Math.max(0, sum(ordered.map((s) => s.remaining))),
    createdAt: opportunity.createdAt,
    updatedAt: opportunity.updatedAt,
  };
}

export const toOpportunityEdit = (opportunity: StoredOpportunity, sessions: StoredSession[], now: Date): OpportunityEdit => ({
  ...toOpportunity(opportunity, sessions, now),
  contactEmail: opportunity.contactEmail,
});

export function toCard(opportunity: StoredOpportunity, now: Date, distance?: number): OpportunityCard {
  const scheduleType = scheduleTypeOf(opportunity);
  const next = nextStartsAt(opportunity, now);
  const location = opportunity.location ?? opportunity.sessions.find((s) => s.location)?.location;
  return {
    id: opportunity.id,
    title: opportunity.title,
    description: opportunity.description,
    imageUrl: opportunity.imageUrl,
    charity: opportunity.charity,
    country: opportunity.country,
    opportunityUrl: opportunity.opportunityUrl,
    opportunityType: opportunity.opportunityType,
    skills: opportunity.skills,
    categories: opportunity.categories,
    isRemote: opportunity.isRemote,
    isExclusive: opportunity.exclusiveCorporateId !== undefined,
    scheduleType,
    scheduleLabel: scheduleLabel(scheduleType, opportunity.sessions.length),
    locationLabel: locationLabel(opportunity),
    ...(location && !opportunity.isRemote ? { location } : {}),
    ...(opportunity.recurringSchedule ? { frequency: opportunity.recurringSchedule.frequency } : {}),
    sessionCount: opportunity.sessions.length,
    ...(next ? { nextSessionStartsAt: next } : {}),
    requiredPeople: sum(opportunity.sessions.map((s) => s.requiredPeople)),
    ...(opportunity.fee ? { fee: opportunity.fee } : {}),
    allowTeams: opportunity.allowTeams,
    contentStatus: opportunity.contentStatus,
    isOnline: opportunity.isOnline,
    ...(distance !== undefined ? { distanceKm: Math.round(distance * 10) / 10 } : {}),
    createdAt: opportunity.createdAt,
  };
}

export function sessionsSummary(opportunity: StoredOpportunity, sessions: StoredSession[], now: Date): SessionsSummary {
  const view = toOpportunity(opportunity, sessions, now);
  const upcoming = view.sessions.filter((s) => !s.hasEnded);
  const first = view.sessions[0];
  const last = [...view.sessions].sort((a, b) => b.endsAt.localeCompare(a.endsAt))[0];
  return {
    opportunityId: opportunity.id,
    scheduleType: view.scheduleType,
    scheduleLabel: view.scheduleLabel,
    locationLabel: view.locationLabel,
    sessionCount: view.sessions.length,
    upcomingSessionCount: upcoming.length,
    requiredPeople: view.requiredPeople,
    placesTaken: view.placesTaken,
    placesRemaining: view.placesRemaining,
    ...(first ? { firstStartsAt: first.startsAt } : {}),
    ...(last ? { lastEndsAt: last.endsAt } : {}),
    ...(upcoming[0] ? { nextSession: upcoming[0] } : {}),
  };
}
