import { systemClock } from '@giving/shared/clock';
import type { CharityProfile } from '@giving/shared/contracts/accounts';
import { eventBridgePublisher } from '@giving/shared/lambda/publisher';
import { streamConsumer } from '@giving/shared/lambda/stream';
import { profileVersion, publishCharityProfile } from '../domain/charity-events';

let publisher: ReturnType<typeof eventBridgePublisher> | undefined;
const events = () => (publisher ??= eventBridgePublisher());

/** Accounts table stream, charity profiles only (see the manifest's filter): publishes each stored state, in order. */
export const handler = streamConsumer<CharityProfile>(async ({ newImage, sequenceNumber }) => {
  if (newImage) await publishCharityProfile(events(), newImage, profileVersion(sequenceNumber), systemClock.now().toISOString());
});
