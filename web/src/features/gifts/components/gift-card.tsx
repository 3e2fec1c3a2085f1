import type { Gift } from '@giving/shared/contracts/donations';
import type { CountryCode } from '@giving/shared/countries';
import { Card, CardBody, CardLink, CardMedia } from '../../../components/ui/card';
import { Heading } from '../../../components/ui/heading';
import { paths } from '../../../lib/paths';
import { PREVIEW_DESCRIPTION_LENGTH, PREVIEW_TITLE_LENGTH, truncate } from '../../../lib/text';
import { GiftPrice } from './gift-price';
import styles from './gift-card.module.css';

/** Spec 2's preview card for a gift: image, price or 'Area of greatest need', title (50) and description (80). */
export function GiftCard({ gift, country }: { gift: Gift; country: CountryCode }) {
  return (
    <Card interactive>
      <CardMedia src={gift.iconUrl || gift.imageUrl} />
      <CardBody>
        <GiftPrice gift={gift} country={country} className={styles.price} />
        <Heading className={styles.title}>
          <CardLink to={paths.gift(country, gift.charity.charityUrl, gift.productUrl)}>{truncate(gift.title, PREVIEW_TITLE_LENGTH)}</CardLink>
        </Heading>
        <p className={styles.description}>{truncate(gift.description, PREVIEW_DESCRIPTION_LENGTH)}</p>
      </CardBody>
    </Card>
  );
}
