import { streamConsumer } from '@giving/shared/lambda/stream';
import { events } from '../adapters';
import { giftRecordOf } from '../adapters/dynamo-gifts';
import { publishGift } from '../domain/gift-events';

/** Donations table stream, gift items only (see the manifest's filter) -> GiftPublished, once per revision. */
export const handler = streamConsumer<Record<string, unknown>>(async (record, { log }) => {
  if ((await publishGift(events(), giftRecordOf(record.newImage))) === 'skipped') log.info('not a gift item', { keys: record.keys });
});
