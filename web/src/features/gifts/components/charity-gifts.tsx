import type { CountryCode } from '@giving/shared/countries';
import { CardGrid, CardGridItem } from '../../../components/ui/card';
import { EmptyState, ErrorState } from '../../../components/ui/empty-state';
import { SubHeadings } from '../../../components/ui/heading';
import { LoadingBlock } from '../../../components/ui/spinner';
import { errorMessageOf } from '../../../lib/api-client';
import { PRODUCT_NAME } from '../../../lib/product';
import { useCharityGifts } from '../api/get-charity-gifts';
import { GiftCard } from './gift-card';
import styles from './charity-gifts.module.css';

/**
 * Spec §2 "Charity related sections": 'More Donations', up to 24 gift cards.
 * The 'See more donations >' link and the 'Browse Donations' button open /{country}/donating,
 * which does not exist yet; they join this section together with that page.
 */
export function CharityGifts({ charityUrl, country }: { charityUrl: string; country: CountryCode }) {
  const gifts = useCharityGifts(charityUrl);
  return (
    <section className={styles.section} aria-labelledby="more-donations">
      <h2 id="more-donations">More Donations</h2>
      <SubHeadings>
        {gifts.isPending ? (
          <LoadingBlock label="Loading donations" />
        ) : gifts.isError ? (
          <ErrorState title="We couldn’t load the donations" message={errorMessageOf(gifts.error)} onRetry={() => void gifts.refetch()} />
        ) : gifts.data.items.length === 0 ? (
          <EmptyState title="There are no Donations" description={`Checkout the large range of donations you can donate on ${PRODUCT_NAME}`} />
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
