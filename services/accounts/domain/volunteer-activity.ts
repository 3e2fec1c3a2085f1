import { isCountryCode, type CountryCode } from '@giving/shared/countries';
import type { RecentVolunteering } from '@giving/shared/contracts/accounts';
import type { EventData } from '@giving/shared/events';
import type { VolunteerApplied, VolunteerHoursRecorded } from '@giving/shared/events/volunteering';
import { RECENT_ACTIVITY_DAYS } from './donation-activity';

/** What a completed volunteering application adds to the site: its hours to the country's volunteered hours, once. */
export interface VolunteerHoursRecord {
  applicationId: string;
  country: CountryCode;
  hours: number;
  /** Epoch seconds: how long a redelivered event is still recognised. */
  seenExpiresAt: number;
}

/** A volunteering sign-up in the ticker of its country, until it expires like the donations beside it. */
export interface VolunteerSignUpRecord {
  country: CountryCode;
  recent: RecentVolunteering;
  /** Epoch seconds. */
  expiresAt: number;
}

export interface VolunteerActivityStore {
  /** In one transaction: marks the application seen and adds its hours to SITE#<cc>/STATS. 'duplicate' (nothing written) when seen before. */
  recordHours(record: VolunteerHoursRecord): Promise<'recorded' | 'duplicate'>;
  /** Puts the ticker item SITE#<cc>/RECENT#<createdOn>#<applicationId>: the same sign-up again writes the same item. */
  recordSignUp(record: VolunteerSignUpRecord): Promise<void>;
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

/**
 * VolunteerApplied -> a "volunteering sign-up" in the header's ticker (spec 1 §1): the charity and when, never who.
 * Keyed by the application, so each sign-up shows once however often the event arrives; one older than the ticker
 * keeps items for is not written.
 */
export async function recordVolunteerSignUp(
  deps: { activity: VolunteerActivityStore; clock: { now(): Date } },
  event: EventData<typeof VolunteerApplied>,
): Promise<'recorded' | 'tooOld'> {
  if (!isCountryCode(event.country)) throw new Error(`VolunteerApplied ${event.applicationId} has unknown country ${event.country}`);
  const createdOn = new Date(event.createdOn);
  if (Number.isNaN(createdOn.getTime())) throw new Error(`VolunteerApplied ${event.applicationId} has invalid createdOn ${event.createdOn}`);
  const expiresAt = Math.floor(createdOn.getTime() / 1000) + RECENT_ACTIVITY_DAYS * 24 * 60 * 60;
  if (expiresAt <= Math.floor(deps.clock.now().getTime() / 1000)) return 'tooOld';
  await deps.activity.recordSignUp({
    country: event.country,
    recent: { kind: 'volunteering', id: event.applicationId, charityName: event.charityName, charityUrl: event.charityUrl, createdOn: createdOn.toISOString() },
    expiresAt,
  });
  return 'recorded';
}

