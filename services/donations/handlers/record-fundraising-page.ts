import { PageModified } from '@giving/shared/events/fundraising';
import { queueConsumer } from '@giving/shared/lambda/queue';
import { recordFundraisingPage } from '../domain/fundraising-pages';
import { fundraisingPages } from '../adapters';

/** PageModified -> donations' copy of the page (newest version wins, so redelivery and reordering are harmless). */
export const handler = queueConsumer({ events: [PageModified] }, async (envelope, { log }) => {
  if ((await recordFundraisingPage({ pages: fundraisingPages() }, envelope.data)) === 'stale') log.info('older or repeated page version ignored', { pageId: envelope.data.page.id });
});
