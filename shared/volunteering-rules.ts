import type { Location } from './contracts/volunteering';
import { MULTIPLE_LOCATIONS, REMOTE_LOCATION, type ScheduleLabel, type ScheduleType } from './contracts/volunteering-listing';

/**
 * The volunteering display rules of spec 1 §4, once for the API (cards, the role, the sessions summary) and the SPA
 * (the role page). Pure.
 */

/** RecurringSchedule = Recurring; FixedSchedule with more than one session = Multiple; otherwise Single. */
export function scheduleLabel(scheduleType: ScheduleType, sessionCount: number): ScheduleLabel {
  if (scheduleType === 'RecurringSchedule') return 'Recurring';
  return sessionCount > 1 ? 'Multiple' : 'Single';
}

export interface Located {
  isRemote: boolean;
  location?: Location;
  sessions: readonly { location?: Location }[];
}

/** Where a session happens: its own location, else the opportunity's. */
export const sessionLocation = (opportunity: Pick<Located, 'location'>, session: { location?: Location }): Location | undefined =>
  session.location ?? opportunity.location;

/**
 * The suburb when there is one session or every session is at the same coordinates, else 'Multiple locations';
 * 'Remote' for a remote role. A session without a place of its own is at the role's location.
 */
export function locationLabel(opportunity: Located): string {
  if (opportunity.isRemote) return REMOTE_LOCATION;
  const places = opportunity.sessions.map((session) => sessionLocation(opportunity, session)).filter((place): place is Location => place !== undefined);
  const first = places[0] ?? opportunity.location;
  if (!first) return '';
  const same = places.every((place) => place.lat === first.lat && place.lon === first.lon);
  return opportunity.sessions.length <= 1 || same ? first.suburb : MULTIPLE_LOCATIONS;
}
