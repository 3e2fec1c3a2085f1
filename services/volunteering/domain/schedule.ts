import {
  MULTIPLE_LOCATIONS,
  REMOTE_LOCATION,
  type DateFilter,
  type Location,
  type Opportunity,
  type OpportunityCard,
  type OpportunityEdit,
  type ScheduleLabel,
  type ScheduleType,
  type Session,
  type SessionsSummary,
} from '@giving/shared/contracts/volunteering';
import type { SessionPlan, StoredOpportunity, StoredSession } from './ports';

/**
 * The schedule and location rules of spec 1 §4, the date filter, distance, and how stored opportunities and sessions
 * read in the API. Pure.
 */

export const scheduleTypeOf = (opportunity: Pick<StoredOpportunity, 'hasSpecificDates'>): ScheduleType =>
  opportunity.hasSpecificDates ? 'FixedSchedule' : 'RecurringSchedule';

/** RecurringSchedule = Recurring; FixedSchedule with more than one session = Multiple; otherwise Single. */
export function scheduleLabel(scheduleType: ScheduleType, sessionCount: number): ScheduleLabel {
  if (scheduleType === 'RecurringSchedule') return 'Recurring';
  return sessionCount > 1 ? 'Multiple' : 'Single';
}

/** Where a session happens: its own location, else the opportunity's. */
export const sessionLocation = (opportunity: Pick<StoredOpportunity, 'location'>, session: Pick<SessionPlan, 'location'>): Location | undefined =>
  session.location ?? opportunity.location;

/** The suburb when one session or all sessions share coordinates, else 'Multiple locations'; 'Remote' for a remote role. */
export function locationLabel(opportunity: Pick<StoredOpportunity, 'isRemote' | 'location' | 'sessions'>): string {
  if (opportunity.isRemote) return REMOTE_LOCATION;
  const locations = opportunity.sessions.map((session) => sessionLocation(opportunity, session)).filter((l): l is Location => l !== undefined);
  const first = locations[0] ?? opportunity.location;
  if (!first) return '';
  const shared = locations.every((l) => l.lat === first.lat && l.lon === first.lon);
  return opportunity.sessions.length <= 1 || shared ? first.suburb : MULTIPLE_LOCATIONS;
}

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

export const hasEnded = (session: Pick<SessionPlan, 'endsAt'>, now: Date) => Date.parse(session.endsAt) <= now.getTime();

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
  const next = [...opportunity.sessions].filter((s) => !hasEnded(s, now)).sort((a, b) => a.startsAt.localeCompare(b.startsAt))[0];
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
    ...(next ? { nextSessionStartsAt: next.startsAt } : {}),
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
