import { eventBridgePublisher } from '@giving/shared/lambda/publisher';
import { streamConsumer } from '@giving/shared/lambda/stream';
import { publishMatch } from '../domain/ledger';
import type { MatchEntry } from '../domain/ledger';

let publisher: ReturnType<typeof eventBridgePublisher> | undefined;
const events = () => (publisher ??= eventBridgePublisher());

/** Matching table stream, ledger entries as first stored (see the manifest's filter): DonationMatched. */
export const handler = streamConsumer<MatchEntry>(async (record) => {
  if (record.newImage) await publishMatch(events(), record.newImage);
});

