import { CharityProfilePublished } from '@giving/shared/events/accounts';
import { queueConsumer } from '@giving/shared/lambda/queue';
import { recordCharityProfile } from '../domain/charities';
import { charities } from '../adapters';

/** CharityProfilePublished -> donations' copy of the charity (newest version wins, so redelivery is harmless). */
export const handler = queueConsumer({ events: [CharityProfilePublished] }, async (envelope, { log }) => {
  const outcome = await recordCharityProfile({ charities: charities() }, envelope.data);
  if (outcome === 'stale') log.info('older or repeated charity profile ignored', { charityId: envelope.data.id });
});
