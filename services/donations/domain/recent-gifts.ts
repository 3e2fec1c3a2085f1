import type { Clock } from '@giving/shared/clock';
import type { Gift } from '@giving/shared/contracts/donations';
import type { GiftCatalog } from './ports';

/** Gifts by id as a container saw them lately; `fresh` reads the catalog (and remembers what it read). */
export interface RecentGifts {
  getById(giftId: string, options?: { fresh?: boolean }): Promise<Gift | undefined>;
}

/** How long a container trusts a gift it read: price changes reach payment acceptance within this time. */
export const RECENT_GIFT_MS = 60_000;
const MAX_REMEMBERED = 5_000;

/**
 * The payment API's view of gift prices: each gift read at most once a minute per container, so accepting a payment
 * is one write and no read while prices hold. What it remembers never decides a charge (the workflow prices every
 * payment from the catalog before charging it), only whether a request is refused at once.
 */
export function recentGifts(catalog: Pick<GiftCatalog, 'getById'>, clock: Clock, maxAgeMs = RECENT_GIFT_MS): RecentGifts {
  const seen = new Map<string, { gift: Gift | undefined; at: number }>();
  return {
    async getById(giftId, options = {}) {
      const now = clock.now().getTime();
      const remembered = seen.get(giftId);
      if (remembered && !options.fresh && now - remembered.at < maxAgeMs) return remembered.gift;
      const gift = await catalog.getById(giftId);
      if (seen.size >= MAX_REMEMBERED) seen.clear();
      seen.set(giftId, { gift, at: now });
      return gift;
    },
  };
}
