import type { EventData } from '@giving/shared/events';
import type { CharityProfilePublished } from '@giving/shared/events/accounts';
import type { CharityDirectory } from './ports';

/**
 * CharityProfilePublished -> donations' copy of the charity, which prices general donations to it.
 * Safe to receive twice or out of order: the directory keeps only the newest `version`.
 */
export async function recordCharityProfile(
  deps: { charities: Pick<CharityDirectory, 'save'> },
  profile: EventData<typeof CharityProfilePublished>,
): Promise<'saved' | 'stale'> {
  return deps.charities.save({
    id: profile.id,
    name: profile.name,
    charityUrl: profile.charityUrl,
    country: profile.country,
    logoImageUrl: profile.logoImageUrl,
    isActive: profile.isActive ?? true,
    ...(profile.registrationNumber ? { registrationNumber: profile.registrationNumber } : {}),
    ...(profile.taxApproved !== undefined ? { taxApproved: profile.taxApproved } : {}),
    version: profile.version,
  });
}
