import type { GiftSearchDocument } from '@giving/shared/contracts/search';
import type { CountryCode } from '@giving/shared/countries';
import { PreviewCard } from '../../../components/ui/preview-card';
import { giftItemPath, giftPriceText } from '../../../lib/search-items';

/** Spec 2 §9: a gift card's image is 380 high. */
export const GIFT_IMAGE_HEIGHT = 380;

/**
 * Spec 2 §2's preview card for a gift: image, price or 'Area of greatest need', title (50) and description (80);
 * a General gift opens its charity's page, any other its gift page (spec 1 §2).
 */
export function GiftCard({ gift, country, preferredPartner }: { gift: GiftSearchDocument; country: CountryCode; preferredPartner?: boolean }) {
  return (
    <PreviewCard
      to={giftItemPath(country, gift)}
      image={gift.image}
      imageHeight={GIFT_IMAGE_HEIGHT}
      price={giftPriceText(gift)}
      title={gift.title}
      description={gift.description}
      preferredPartner={preferredPartner}
    />
  );
}
