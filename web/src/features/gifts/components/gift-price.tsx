import type { Gift } from '@giving/shared/contracts/donations-public';
import { COUNTRIES, type CountryCode } from '@giving/shared/countries';
import { formatMoney } from '@giving/shared/money';

/** Spec 2 §2: a gift without a price is a donation to the charity's area of greatest need. */
export const AREA_OF_GREATEST_NEED = 'Area of greatest need';

export function giftPriceLabel(gift: Pick<Gift, 'price'>, country: CountryCode): string {
  if (gift.price.cents === 0) return AREA_OF_GREATEST_NEED;
  return formatMoney(gift.price, COUNTRIES[country].locale, { dropZeroCents: true });
}

export function GiftPrice({ gift, country, className }: { gift: Pick<Gift, 'price'>; country: CountryCode; className?: string }) {
  return <span className={className}>{giftPriceLabel(gift, country)}</span>;
}
