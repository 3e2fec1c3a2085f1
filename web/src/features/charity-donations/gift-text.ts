import type { AdminGift } from '@giving/shared/contracts/dollar-handles';
import { MESSAGES } from '@giving/shared/contracts/messages';
import { paths } from '../../lib/paths';
import { countryOfCurrency, moneyText } from './money-text';

/** A gift's price as the lists show it: 0 means the donor chooses. */
export const giftPriceText = (gift: Pick<AdminGift, 'price'>) => (gift.price.cents === 0 ? 'Donor chooses' : moneyText(gift.price));

/** The gift's public page. */
export const giftPagePath = (gift: AdminGift) => paths.gift(countryOfCurrency(gift.price.currency), gift.charity.charityUrl, gift.productUrl);

/** What deactivating means for donors, in the gift page's own words. */
export const DEACTIVATE_EXPLANATION = `Its page stays up and says “${MESSAGES.giftInactive}” Donors cannot give to it until it is activated again.`;
