import { Link } from 'react-router-dom';
import type { CountryCode } from '@giving/shared/countries';
import { buttonClassName } from '../../../components/ui/button';
import { CardGrid, CardGridItem } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { SubHeadings } from '../../../components/ui/heading';
import { QueryStates } from '../../../components/ui/query-states';
import { paths } from '../../../lib/paths';
import { PRODUCT_NAME } from '../../../lib/product';
import { useCharityGifts } from '../api/get-charity-gifts';
import { GiftCard } from './gift-card';
import styles from './charity-gifts.module.css';

/**
 * Spec 1 §2 "Charity related sections": 'More Donations', up to 24 of the charity's gifts from the gifts index
 * (searched by the charity's id, and again 1.5 s later), with 'See more donations >' and, when there are none, the
 * spec's empty state and 'Browse Donations'.
 */
export function CharityGifts({ charityId, country }: { charityId: string; country: CountryCode }) {
  const gifts = useCharityGifts(country, charityId);
  const donating = paths.donating(country);
  return (
    <section className={styles.section} aria-labelledby="more-donations">
      <div className={styles.heading}>
        <h2 id="more-donations">More Donations</h2>
        <Link to={donating}>See more donations &gt;</Link>
      </div>
      <SubHeadings>
        {!gifts.isSuccess ? (
          <QueryStates query={gifts} loading="Loading donations" failed="We couldn’t load the donations" />
        ) : gifts.data.items.length === 0 ? (
          <EmptyState
            title="There are no Donations"
            description={`Checkout the large range of donations you can donate on ${PRODUCT_NAME}`}
            action={
              <Link to={donating} className={buttonClassName({ variant: 'secondary' })}>
                Browse Donations
              </Link>
            }
          />
        ) : (
          <CardGrid label="Donations">
            {gifts.data.items.map((gift) => (
              <CardGridItem key={gift.id}>
                <GiftCard gift={gift} country={country} />
              </CardGridItem>
            ))}
          </CardGrid>
        )}
      </SubHeadings>
    </section>
  );
}
