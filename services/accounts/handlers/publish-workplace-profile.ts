import { systemClock } from '@giving/shared/clock';
import { eventBridgePublisher } from '@giving/shared/lambda/publisher';
import { streamConsumer } from '@giving/shared/lambda/stream';
import { publishWorkplaceProfile } from '../domain/employment-records';

let publisher: ReturnType<typeof eventBridgePublisher> | undefined;

/** Accounts table stream, workplace items only (see the manifest's filter): each stored state. */
export const handler = streamConsumer<{ name?: unknown; country?: unknown; businessUnits?: unknown }>(async (record) => {
  await publishWorkplaceProfile((publisher ??= eventBridgePublisher()), record, systemClock.now().toISOString());
});
