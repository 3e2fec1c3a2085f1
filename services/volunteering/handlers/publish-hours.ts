import { streamConsumer } from '@giving/shared/lambda/stream';
import { events } from '../adapters';
import { publishHours } from '../domain/hours';
import type { StoredApplication } from '../domain/ports';

/** Volunteering table stream, Completed applications only (see the manifest's filter) -> VolunteerHoursRecorded. */
export const handler = streamConsumer<StoredApplication>(async (record, { log }) => {
  if ((await publishHours(events(), record.newImage)) === 'skipped') log.info('not a completed application with hours', { keys: record.keys });
});
