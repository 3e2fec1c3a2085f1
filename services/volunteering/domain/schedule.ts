import {
  type DateFilter,
  type Opportunity,
  type OpportunityCard,
  type OpportunityEdit,
  type ScheduleType,
  type Session,
  type SessionsSummary,
} from '@giving/shared/contracts/volunteering';
import { COUNTRY_TIME_ZONES } from '@giving/shared/local-time';
import { isoDay, lastMeeting, nextRecurringStart, upcomingMeetings, type Meeting } from '@giving/shared/recurring-schedule';
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
  const ends = sessions.map((s) => (s.endsAt === undefined ? Number.POSITIVE_INFINITY : Date.parse(s.endsAt)));
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

/** A session that has an end and reached it (a recurring role's roster without an end date never does). */
export const hasEnded = (session: Pick<SessionPlan, 'endsAt'>, now: Date) => session.endsAt !== undefined && Date.parse(session.endsAt) <= now.getTime();

export { meetsOn, nextRecurringStart } from '@giving/shared/recurring-schedule';

/** How many of a recurring role's next meetings the role page lists. */
export const UPCOMING_MEETINGS = 6;

type RecurringPart = Pick<StoredOpportunity, 'country' | 'recurringSchedule'>;
const zoneOf = (opportunity: Pick<StoredOpportunity, 'country'>) => COUNTRY_TIME_ZONES[opportunity.country];

/**
 * The meeting a recurring role's roster stands for now: its next meeting that has not ended, else (the schedule is
 * over) its last one. Undefined for a role with specific dates.
 */
export function rosterMeeting(opportunity: RecurringPart, session: Pick<SessionPlan, 'startsAt' | 'endsAt'>, now: Date): (Meeting & { hasEnded: boolean }) | undefined {
  const schedule = opportunity.recurringSchedule;
  if (!schedule) return undefined;
  const next = upcomingMeetings(schedule, zoneOf(opportunity), now, 1)[0];
  if (next) return { ...next, hasEnded: false };
  const last = lastMeeting(schedule, zoneOf(opportunity));
  return { startsAt: last?.startsAt ?? session.startsAt, endsAt: last?.endsAt ?? session.endsAt ?? session.startsAt, hasEnded: true };
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

/**
 * A session as the API shows it. A recurring role's roster reads as its next meeting (times on the charity's wall
 * clock, daylight saving included), never as one long session from its first meeting to its last.
 */
export function toSession(opportunity: Pick<StoredOpportunity, 'location' | 'country' | 'recurringSchedule'>, session: StoredSession, now: Date): Session {
  const remaining = Math.max(0, session.remaining);
  const location = sessionLocation(opportunity, session);
  const meeting = rosterMeeting(opportunity, session, now);
  return {
    id: session.id,
    opportunityId: session.opportunityId,
    startsAt: meeting?.startsAt ?? session.startsAt,
    endsAt: meeting?.endsAt ?? session.endsAt ?? session.startsAt,
    ...(session.sessionTotalHours !== undefined ? { sessionTotalHours: session.sessionTotalHours } : {}),
    requiredPeople: session.requiredPeople,
    placesTaken: session.placesTaken,
    placesRemaining: remaining,
    isFull: remaining === 0,
    hasEnded: meeting?.hasEnded ?? hasEnded(session, now),
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
    ...(opportunity.recurringSchedule
      ? {
          recurringSchedule: opportunity.recurringSchedule,
          upcomingMeetings: upcomingMeetings(opportunity.recurringSchedule, zoneOf(opportunity), now, UPCOMING_MEETINGS),
        }
      : {}),
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
    ...(opportunity.contentStatus === 'Denied' && opportunity.deniedReason ? { deniedReason: opportunity.deniedReason } : {}),
    isOnline: opportunity.isOnline,
    ...(distance !== undefined ? { distanceKm: Math.round(distance * 10) / 10 } : {}),
    createdAt: opportunity.createdAt,
  };
}

export function sessionsSummary(opportunity: StoredOpportunity, sessions: StoredSession[], now: Date): SessionsSummary {
  const view = toOpportunity(opportunity, sessions, now);
  const upcoming = view.sessions.filter((s) => !s.hasEnded);
  // A recurring role spans its roster: from its first meeting to its last (none while it has no end date).
  const roster = opportunity.recurringSchedule ? sessions[0] : undefined;
  const first = roster ? { startsAt: roster.startsAt } : view.sessions[0];
  const last = roster ? (roster.endsAt !== undefined ? { endsAt: roster.endsAt } : undefined) : [...view.sessions].sort((a, b) => b.endsAt.localeCompare(a.endsAt))[0];
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
