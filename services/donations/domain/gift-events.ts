import type { ReindexRun } from '@giving/shared/contracts/reindex';
import type { BatchEventPublisher, EventPublisher } from '@giving/shared/events';
import { GiftPublished, type GiftDocument } from '@giving/shared/events/donations';
import type { GiftAdminStore, GiftRecord } from './ports';

/**
 * Gifts as other services read them (search's charitygifts index): GiftPublished for each stored gift item, and its
 * re-emission by ReIndexCharityGifts. Gifts are never deleted (an inactive gift keeps its page), so no gift is ever
 * published as Removed: the only REMOVE of a gift item is the old key of a gift whose page address changed, and the same
 * transaction stores the gift under its new key with the next revision, which is published.
 */

/** The gift document: the public gift, when it was made, and the item's revision (consumers keep the highest). */
export function giftDocument({ gift, revision }: GiftRecord): GiftDocument {
  return {
    id: gift.id,
    title: gift.title,
    description: gift.description,
    imageUrl: gift.imageUrl,
    iconUrl: gift.iconUrl,
    productUrl: gift.productUrl,
    price: { cents: gift.price.cents, currency: gift.price.currency },
    isActive: gift.isActive,
    charity: { id: gift.charity.id, name: gift.charity.name, charityUrl: gift.charity.charityUrl, logoImageUrl: gift.charity.logoImageUrl },
    createdAt: gift.createdAt,
    revision,
  };
}

/**
 * A stored gift item (created, edited, made active or inactive, pictured, moved to a new page address), from the
 * donations table's stream -> GiftPublished, once per revision (event id `gift-<id>-<revision>`: a redelivery is the
 * same event).
 */
export async function publishGift(events: EventPublisher, record: GiftRecord | undefined): Promise<'published' | 'skipped'> {
  if (!record) return 'skipped';
  await events.publish(GiftPublished, { change: 'Published', gift: giftDocument(record) }, { id: `gift-${record.gift.id}-${record.revision}`, correlationId: record.gift.charity.id });
  return 'published';
}

/**
 * POST /donations/backoffice/ReIndexCharityGifts: every stored gift again as GiftPublished with the run's `reindexId`,
 * in PutEvents batches of 10 (event id `gift-<id>-<revision>-<reindexId>`). Each carries its stored revision, never a
 * higher one, so a later change still wins wherever the highest revision is kept.
 */
export async function reindexGifts(deps: { gifts: Pick<GiftAdminStore, 'listAll'>; events: BatchEventPublisher; newId: () => string }): Promise<ReindexRun> {
  const reindexId = deps.newId();
  const items = (await deps.gifts.listAll()).map((record) => ({
    id: `gift-${record.gift.id}-${record.revision}-${reindexId}`,
    data: { change: 'Published' as const, gift: giftDocument(record), reindexId },
  }));
  const { events, batches } = await deps.events.publishAll(GiftPublished, items, { correlationId: reindexId });
  return { reindexId, events, batches };
}
