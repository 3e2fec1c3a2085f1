import type { CharityProfile } from '@giving/shared/contracts/accounts';
import type { EventPublisher } from '@giving/shared/events';
import { CharityProfilePublished } from '@giving/shared/events/accounts';

/** Stream sequence numbers are decimal strings of up to 40 digits; padded, they compare as text. */
export const profileVersion = (sequenceNumber: string) => sequenceNumber.padStart(40, '0');

/**
 * Tells other services (donations prices charity donations from it) what a charity's public profile now is.
 * Called for each stored state of the profile, in order, from the accounts table's stream.
 */
export async function publishCharityProfile(
  events: EventPublisher,
  charity: Pick<CharityProfile, 'id' | 'name' | 'charityUrl' | 'country' | 'logoImageUrl' | 'registrationNumber' | 'taxApproved'>,
  version: string,
  publishedAt: string,
): Promise<void> {
  await events.publish(
    CharityProfilePublished,
    {
      id: charity.id,
      name: charity.name,
      charityUrl: charity.charityUrl,
      country: charity.country,
      logoImageUrl: charity.logoImageUrl,
      ...(charity.registrationNumber ? { registrationNumber: charity.registrationNumber } : {}),
      ...(charity.taxApproved !== undefined ? { taxApproved: charity.taxApproved } : {}),
      version,
      publishedAt,
    },
    { correlationId: charity.id },
  );
}
