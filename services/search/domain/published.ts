import { charityDocument, eventDocument, generalGiftDocument, giftDocument, opportunityDocument, pageDocument, removedGift, removedOpportunity } from './documents';
import { causesOf, indexDocument, refreshGiftCauses, type IndexOutcome } from './indexer';
import type { SearchDeps } from './ports';
import type { EventData } from '@giving/shared/events';
import type { CharityProfilePublished } from '@giving/shared/events/accounts';
import type { GiftPublished } from '@giving/shared/events/donations';
import type { EventModified, PageModified } from '@giving/shared/events/fundraising';
import type { VolunteeringOpportunityChanged, VolunteeringOpportunityReindexed } from '@giving/shared/events/volunteering';

/** A document event by its name, so each name narrows its data. */
export type PublishedDocument =
  | { name: 'CharityProfilePublished'; data: EventData<typeof CharityProfilePublished> }
  | { name: 'GiftPublished'; data: EventData<typeof GiftPublished> }
  | { name: 'VolunteeringOpportunityChanged'; data: EventData<typeof VolunteeringOpportunityChanged> }
  | { name: 'VolunteeringOpportunityReindexed'; data: EventData<typeof VolunteeringOpportunityReindexed> }
  | { name: 'PageModified'; data: EventData<typeof PageModified> }
  | { name: 'EventModified'; data: EventData<typeof EventModified> };

/** One published document (or re-index of one) -> the documents it makes in the indexes, each indexed if newest. */
export async function indexPublishedDocument(deps: SearchDeps, envelope: PublishedDocument): Promise<IndexOutcome[]> {
  const now = deps.clock.now();
  switch (envelope.name) {
    case 'CharityProfilePublished': {
      const profile = envelope.data;
      const outcomes = [await indexDocument(deps, charityDocument(profile)), await indexDocument(deps, generalGiftDocument(profile))];
      if (profile.isActive !== false) await refreshGiftCauses(deps, profile.id, profile.causes ?? []);
      return outcomes;
    }
    case 'GiftPublished': {
      const data = envelope.data;
      if (data.change === 'Removed') return [await indexDocument(deps, removedGift(data.giftId, data.revision))];
      return [await indexDocument(deps, giftDocument(data.gift, await causesOf(deps, data.gift.charity.id)))];
    }
    case 'VolunteeringOpportunityChanged': {
      const data = envelope.data;
      return [await indexDocument(deps, data.change === 'Removed' ? removedOpportunity(data.id) : opportunityDocument(data.document, now))];
    }
    case 'VolunteeringOpportunityReindexed':
      return [await indexDocument(deps, opportunityDocument(envelope.data.document, now))];
    case 'PageModified':
      return [await indexDocument(deps, pageDocument(envelope.data.change, envelope.data.page))];
    case 'EventModified':
      return [await indexDocument(deps, eventDocument(envelope.data.change, envelope.data.event))];
  }
}
