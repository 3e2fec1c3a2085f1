import {
  MULTIPLE_LOCATIONS,
  REMOTE_LOCATION,
  isRealDate,
  type DateFilter,
  type Location,
  type ScheduleLabel,
  type ScheduleType,
} from '@giving/shared/contracts/volunteering';
import { MESSAGES } from '@giving/shared/contracts/messages';

/** Spec 1 §4 "Volunteer schedule label": RecurringSchedule = Recurring; FixedSchedule with more than one session = Multiple; otherwise Single. */
export function scheduleLabel(scheduleType: ScheduleType, sessionCount: number): ScheduleLabel {
  if (scheduleType === 'RecurringSchedule') return 'Recurring';
  return sessionCount > 1 ? 'Multiple' : 'Single';
}

interface Located {
  isRemote: boolean;
  location?: Location;
  sessions: readonly { location?: Location }[];
}

/**
 * Spec 1 §4 location rule: the suburb when there is one session or every session is at the same coordinates, else
 * 'Multiple locations'; a remote role reads 'Remote'. A session without a place of its own is at the role's location.
 */
export function locationLabel({ isRemote, location, sessions }: Located): string {
  if (isRemote) return REMOTE_LOCATION;
  const places = sessions.map((session) => session.location ?? location).filter((place): place is Location => place !== undefined);
  const [first] = places.length > 0 ? places : location ? [location] : [];
  if (!first) return '';
  const same = places.every((place) => place.lat === first.lat && place.lon === first.lon);
  return sessions.length <= 1 || same ? first.suburb : MULTIPLE_LOCATIONS;
}

/** The date filter's choices as the public list shows them (spec 1 §4: past, coming, on-or-before, on-or-after). */
export const DATE_FILTER_LABELS: Record<DateFilter, string> = {
  past: 'Past',
  coming: 'Coming',
  'on-or-before': 'On or before',
  'on-or-after': 'On or after',
};

export const needsDate = (filter: DateFilter | ''): boolean => filter === 'on-or-before' || filter === 'on-or-after';

export type DateFilterChoice = { dateFilter?: DateFilter; date?: string } | { error: string };

/**
 * The list's date filter as query values. Spec 1 §5: the date must be year-month-day (4-1or2-1or2 digits) and a
 * real date, otherwise the error shows and the value clears (the caller clears it). 'past' and 'coming' take no date;
 * the two others need one. The date goes out as YYYY-MM-DD.
 */
export function dateFilterChoice(filter: DateFilter | '', dateText: string): DateFilterChoice {
  if (!filter) return {};
  if (!needsDate(filter)) return { dateFilter: filter };
  const text = dateText.trim();
  if (!isRealDate(text)) return { error: MESSAGES.invalidDate };
  const [year, month, day] = text.split('-');
  return { dateFilter: filter, date: `${year}-${month?.padStart(2, '0')}-${day?.padStart(2, '0')}` };
}
