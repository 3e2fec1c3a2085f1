import { isCountryCode, type CountryCode } from '@giving/shared/countries';
import type { EventData } from '@giving/shared/events';
import type { VolunteerHoursRecorded } from '@giving/shared/events/volunteering';

/** What a completed volunteering application adds to the site: its hours to the country's volunteered hours, once. */
export interface VolunteerHoursRecord {
  applicationId: string;
  country: CountryCode;
  hours: number;
  /** Epoch seconds: how long a redelivered event is still recognised. */
  seenExpiresAt: number;
}

export interface VolunteerActivityStore {
  /** In one transaction: marks the application seen and adds its hours to SITE#<cc>/STATS. 'duplicate' (nothing written) when seen before. */
  recordHours(record: VolunteerHoursRecord): Promise<'recorded' | 'duplicate'>;
}

export const VOLUNTEER_HOURS_SEEN_DAYS = 365;

/**
 * VolunteerHoursRecorded -> the header's overallVolunteeredHours for the application's country (spec 1 §1, §3 site
 * stats). Each application counts once, however often the event arrives.
 */
export async function recordVolunteerHours(
  deps: { activity: VolunteerActivityStore; clock: { now(): Date } },
  event: EventData<typeof VolunteerHoursRecorded>,
): Promise<'recorded' | 'duplicate'> {
  if (!isCountryCode(event.country)) throw new Error(`VolunteerHoursRecorded ${event.applicationId} has unknown country ${event.country}`);
  if (!(event.hours >= 0)) throw new Error(`VolunteerHoursRecorded ${event.applicationId} has invalid hours ${event.hours}`);
  return deps.activity.recordHours({
    applicationId: event.applicationId,
    country: event.country,
    hours: event.hours,
    seenExpiresAt: Math.floor(deps.clock.now().getTime() / 1000) + VOLUNTEER_HOURS_SEEN_DAYS * 24 * 60 * 60,
  });
}
