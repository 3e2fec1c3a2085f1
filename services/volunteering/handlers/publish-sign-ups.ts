import { streamConsumer } from '@giving/shared/lambda/stream';
import { events } from '../adapters';
import { publishSignUp } from '../domain/sign-ups';
import type { StoredApplication } from '../domain/ports';

/** Volunteering table stream, inserted applications only (see the manifest's filter) -> VolunteerApplied. */
export const handler = streamConsumer<StoredApplication>(async (record, { log }) => {
  if ((await publishSignUp(events(), record.newImage)) === 'skipped') log.info('not an application', { keys: record.keys });
});
