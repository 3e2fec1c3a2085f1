import type { GiftSearchDocument } from '@giving/shared/contracts/search';
import type { CountryCode } from '@giving/shared/countries';
import { PreviewCard } from '../../../components/ui/preview-card';
import { giftItemPath, giftPriceText } from '../../../lib/search-items';

/**
 * Spec 2 §2's preview card for a gift on its charity's page: image, price or 'Area of greatest need', title (50) and
 * description (80); a General gift opens its charity's page, any other its gift page (spec 1 §2). (The 380-high
 * image of spec 2 §9 is the search result card's: /search and /donating.)
 */
export function GiftCard({ gift, country, preferredPartner }: { gift: GiftSearchDocument; country: CountryCode; preferredPartner?: boolean }) {
  return (
    <PreviewCard
      to={giftItemPath(country, gift)}
      image={gift.image}
      price={giftPriceText(gift)}
      title={gift.title}
      description={gift.description}
      preferredPartner={preferredPartner}
    />
  );
}
