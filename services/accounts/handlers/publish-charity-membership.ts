import { systemClock } from '@giving/shared/clock';
import { eventBridgePublisher } from '@giving/shared/lambda/publisher';
import { streamConsumer } from '@giving/shared/lambda/stream';
import { publishCharityMembership } from '../domain/charity-membership-events';

let publisher: ReturnType<typeof eventBridgePublisher> | undefined;
const events = () => (publisher ??= eventBridgePublisher());

/** Accounts table stream, charity memberships only (see the manifest's filter): publishes each stored state, removals included. */
export const handler = streamConsumer<{ roles?: unknown }>(async (record) => {
  await publishCharityMembership(events(), record, systemClock.now().toISOString());
});
