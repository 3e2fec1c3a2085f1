import { CharityProfilePublished } from '@giving/shared/events/accounts';
import { GiftPublished } from '@giving/shared/events/donations';
import { EventModified, PageModified } from '@giving/shared/events/fundraising';
import { VolunteeringOpportunityChanged, VolunteeringOpportunityReindexed } from '@giving/shared/events/volunteering';
import { queueConsumer } from '@giving/shared/lambda/queue';
import { deps } from '../adapters';
import { indexPublishedDocument, type PublishedDocument } from '../domain/published';

/** Every service's document events (and their re-index runs) -> search's copies and the indexes. */
export const handler = queueConsumer(
  { events: [CharityProfilePublished, GiftPublished, VolunteeringOpportunityChanged, VolunteeringOpportunityReindexed, PageModified, EventModified] },
  async (envelope, { log }) => {
    const outcomes = await indexPublishedDocument(deps(), { name: envelope.metadata.name, data: envelope.data } as PublishedDocument);
    log.info('indexed', { outcomes });
  },
);
