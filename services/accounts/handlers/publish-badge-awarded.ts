import { eventBridgePublisher } from '@giving/shared/lambda/publisher';
import { streamConsumer } from '@giving/shared/lambda/stream';
import { publishBadgeAwarded } from '../domain/membership-events';

let publisher: ReturnType<typeof eventBridgePublisher> | undefined;
const events = () => (publisher ??= eventBridgePublisher());

/** Accounts table stream, members' badge items as first stored (see the manifest's filter): BadgeAwarded. */
export const handler = streamConsumer<{ name?: unknown; icon?: unknown; donationCount?: unknown; awardedAt?: unknown }>(async (record) => {
  await publishBadgeAwarded(events(), record);
});
