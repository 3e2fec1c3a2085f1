import { systemClock } from '@giving/shared/clock';
import { eventBridgePublisher } from '@giving/shared/lambda/publisher';
import { streamConsumer } from '@giving/shared/lambda/stream';
import { publishMembership } from '../domain/membership-events';

let publisher: ReturnType<typeof eventBridgePublisher> | undefined;
const events = () => (publisher ??= eventBridgePublisher());

/** Accounts table stream, charity and workplace memberships only (see the manifest's filter): each stored state, removals included. */
export const handler = streamConsumer<{ workplaceName?: unknown; roles?: unknown }>(async (record) => {
  await publishMembership(events(), record, systemClock.now().toISOString());
});
