import { systemClock } from '@giving/shared/clock';
import { streamConsumer } from '@giving/shared/lambda/stream';
import { events, publishedProfiles } from '../adapters';
import { profileVersion, publishCharityProfile, type PublishableProfile } from '../domain/charity-events';

/**
 * Accounts table stream, charity profiles only (see the manifest's filter): publishes each stored state, in order,
 * and records the version it carried (ReIndexCharities re-emits with it).
 */
export const handler = streamConsumer<PublishableProfile>(async ({ newImage, sequenceNumber }) => {
  if (newImage) {
    await publishCharityProfile({ events: events(), published: publishedProfiles() }, newImage, profileVersion(sequenceNumber), systemClock.now().toISOString());
  }
});
