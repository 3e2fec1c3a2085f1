import type { Clock } from '@giving/shared/clock';
import type { CharityProfile } from '@giving/shared/contracts/accounts';
import type { ReindexRun } from '@giving/shared/contracts/reindex';
import type { BatchEventPublisher, EventData, EventPublisher } from '@giving/shared/events';
import { CharityProfilePublished } from '@giving/shared/events/accounts';

/** Stream sequence numbers are decimal strings of up to 40 digits; padded, they compare as text. */
export const profileVersion = (sequenceNumber: string) => sequenceNumber.padStart(40, '0');

/**
 * The version a re-emission carries when no publication of the profile was ever recorded (profiles last written before
 * accounts recorded its versions): below every real one, so consumers that already hold the profile keep theirs and a
 * fresh search index takes it until the profile's next change.
 */
export const UNPUBLISHED_VERSION = '0'.repeat(40);

/** What CharityProfilePublished is made of: the stored profile item (its createdAt is accounts' own bookkeeping). */
export type PublishableProfile = Pick<CharityProfile, 'id' | 'name' | 'charityUrl' | 'country' | 'logoImageUrl'> &
  Partial<Pick<CharityProfile, 'description' | 'causes' | 'location' | 'registrationNumber' | 'taxApproved'>> & { createdAt?: string };

/** Remembers which version of each charity's profile was last published, so a re-emission can carry the same one. */
export interface PublishedProfiles {
  /** Keeps `version` as the charity's last published version unless a higher one is kept already. */
  recordPublished(charityId: string, version: string): Promise<void>;
  /**
   * Every charity's stored profile with the version last published for it (none when no publication was recorded).
   * Each version is read before its profile, so the profile is the version's state or a newer one, never an older one.
   */
  listWithPublishedVersions(): Promise<{ profile: PublishableProfile; publishedVersion?: string }[]>;
}

export function charityProfileData(charity: PublishableProfile, version: string, publishedAt: string): EventData<typeof CharityProfilePublished> {
  return {
    id: charity.id,
    name: charity.name,
    charityUrl: charity.charityUrl,
    country: charity.country,
    logoImageUrl: charity.logoImageUrl,
    ...(charity.registrationNumber ? { registrationNumber: charity.registrationNumber } : {}),
    ...(charity.taxApproved !== undefined ? { taxApproved: charity.taxApproved } : {}),
    ...(typeof charity.description === 'string' ? { description: charity.description } : {}),
    ...(Array.isArray(charity.causes) ? { causes: charity.causes } : {}),
    ...(charity.location ? { location: charity.location } : {}),
    ...(charity.createdAt ? { createdAt: charity.createdAt } : {}),
    version,
    publishedAt,
  };
}

/**
 * Tells other services (donations prices charity donations from it, search lists it) what a charity's public profile
 * now is, then records the version it carried. Called for each stored state of the profile, in order, from the
 * accounts table's stream; the version is recorded only once published, so a re-emission never claims a version no
 * consumer was sent.
 */
export async function publishCharityProfile(
  deps: { events: EventPublisher; published: Pick<PublishedProfiles, 'recordPublished'> },
  charity: PublishableProfile,
  version: string,
  publishedAt: string,
): Promise<void> {
  // One event id per stored state: a redelivered stream record publishes the same event, which consumers drop.
  await deps.events.publish(CharityProfilePublished, charityProfileData(charity, version, publishedAt), { id: `charity-${charity.id}-${version}`, correlationId: charity.id });
  await deps.published.recordPublished(charity.id, version);
}

/**
 * POST /accounts/backoffice/ReIndexCharities: re-emits CharityProfilePublished for every charity's stored profile,
 * one `reindexId` for the run, in PutEvents batches of 10 (event id `charity-<id>-<version>-<reindexId>`). Each carries
 * the version last published for the charity, never a higher one: consumers that keep the highest version (the
 * copies in donations, fundraising and volunteering) ignore an equal one, search takes it as a refresh, and the
 * profile's next change still wins everywhere.
 */
export async function reindexCharities(
  deps: { published: Pick<PublishedProfiles, 'listWithPublishedVersions'>; events: BatchEventPublisher; clock: Clock; newId: () => string },
): Promise<ReindexRun> {
  const reindexId = deps.newId();
  const publishedAt = deps.clock.now().toISOString();
  const items = (await deps.published.listWithPublishedVersions()).map(({ profile, publishedVersion }) => {
    const version = publishedVersion ?? UNPUBLISHED_VERSION;
    return { id: `charity-${profile.id}-${version}-${reindexId}`, data: { ...charityProfileData(profile, version, publishedAt), reindexId } };
  });
  const { events, batches } = await deps.events.publishAll(CharityProfilePublished, items, { correlationId: reindexId });
  return { reindexId, events, batches };
}
