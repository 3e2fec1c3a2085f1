import { documentClient } from '@giving/shared/lambda/aws';
import { streamConsumer } from '@giving/shared/lambda/stream';
import { events, tableName } from '../adapters';
import { fixRaisedKeys } from '../adapters/dynamo-store';
import { publishDocument } from '../domain/documents';

/**
 * Fundraising table stream, pages and events only (see the manifest's filter) -> PageModified / EventModified; then
 * the item's raised-amount sort keys are brought up to its totals (which donations move by atomic ADDs).
 */
export const handler = streamConsumer<Record<string, unknown>>(async (record, { log }) => {
  const published = await publishDocument(events(), record.newImage, new Date());
  if (published === 'skipped') {
    log.info('not a page or an event', { keys: record.keys });
    return;
  }
  await fixRaisedKeys(documentClient(), tableName(), record.newImage!);
});
