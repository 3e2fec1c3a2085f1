import { systemClock } from '@giving/shared/clock';
import { eventBridgePublisher } from '@giving/shared/lambda/publisher';
import { streamConsumer } from '@giving/shared/lambda/stream';
import { publishMemberNames } from '../domain/membership-events';

let publisher: ReturnType<typeof eventBridgePublisher> | undefined;
const events = () => (publisher ??= eventBridgePublisher());

/** Accounts table stream, member records only (see the manifest's filter): each stored state's names. */
export const handler = streamConsumer<{ firstName?: unknown; lastName?: unknown }>(async (record) => {
  await publishMemberNames(events(), record, systemClock.now().toISOString());
});
