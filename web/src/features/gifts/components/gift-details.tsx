import { MESSAGES } from '@giving/shared/contracts/messages';
import type { Gift } from '@giving/shared/contracts/donations-public';
import { COUNTRIES, type CountryCode } from '@giving/shared/countries';
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { GiftPrice } from './gift-price';
import styles from './gift-details.module.css';

/** The gift itself: image, title, price, description and the charity it helps (linking to the charity page). */
export function GiftDetails({ gift, country }: { gift: Gift; country: CountryCode }) {
  return (
    <article className={styles.details} aria-labelledby="gift-title">
      {gift.imageUrl ? <img className={styles.image} src={gift.imageUrl} alt={gift.title} /> : null}
      <Link to={paths.charity(country, gift.charity.charityUrl)} className={styles.charity}>
        {gift.charity.logoImageUrl ? <img className={styles.logo} src={gift.charity.logoImageUrl} alt="" width={44} height={44} /> : null}
        <span className={styles.charityName}>{gift.charity.name}</span>
      </Link>
      <h1 id="gift-title">{gift.title}</h1>
      <GiftPrice gift={gift} country={country} className={styles.price} />
      <p className={styles.description}>{gift.description}</p>
    </article>
  );
}

/** Spec §2 "Gift page": shown instead of the purchase panel when the gift is no longer active. */
export const GIFT_INACTIVE_MESSAGE = MESSAGES.giftInactive;

/** The API's text for a gift priced in another country's currency (it refuses such payments). */
export const GIFT_WRONG_COUNTRY_MESSAGE = MESSAGES.giftWrongCountry;

/** Shown in place of the purchase panel when the gift cannot be given (fulfilled, or from another country). */
export function GiftUnavailableNotice({ message = GIFT_INACTIVE_MESSAGE }: { message?: string }) {
  return (
    <p className={styles.inactive} role="status">
      {message}
    </p>
  );
}

/** Whether this gift can be given on this country's site: active, and priced in the country's currency. */
export function giftAvailability(gift: Gift, country: CountryCode): { givable: true } | { givable: false; message: string } {
  if (!gift.isActive) return { givable: false, message: GIFT_INACTIVE_MESSAGE };
  if (gift.price.currency !== COUNTRIES[country].currency) return { givable: false, message: GIFT_WRONG_COUNTRY_MESSAGE };
  return { givable: true };
}
