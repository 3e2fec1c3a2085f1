import { streamConsumer } from '@giving/shared/lambda/stream';
import { events } from '../adapters';
import { publishOpportunityChange } from '../domain/opportunity-events';
import type { StoredOpportunity } from '../domain/ports';

/** Volunteering table stream, opportunity items only (see the manifest's filter) -> VolunteeringOpportunityChanged. */
export const handler = streamConsumer<StoredOpportunity>(async (record, { log }) => {
  if ((await publishOpportunityChange(events(), record)) === 'skipped') log.info('not an opportunity item', { keys: record.keys });
});
