import type { CountryCode } from '@giving/shared/countries';
import { CardGrid, CardGridItem } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadMore, QueryStates } from '../../../components/ui/query-states';
import { useCharityListing } from '../api/search-charities';
import { CharityCard } from './charity-card';

/** Every charity listed in the country, from the charities index, as cards linking to their pages; more on demand. */
export function CharitiesList({ country }: { country: CountryCode }) {
  const charities = useCharityListing(country);
  if (!charities.data) return <QueryStates query={charities} loading="Loading charities" failed="We couldn’t load the charities" />;
  const items = charities.data.pages.flatMap((page) => page.items).flatMap((item) => (item.type === 'charities' ? [item] : []));
  if (items.length === 0) {
    return <EmptyState title="There are no charities yet" description="Charities appear here as soon as they join. Please check back soon." />;
  }
  return (
    <>
      <CardGrid label="Charities">
        {items.map((charity) => (
          <CardGridItem key={charity.id}>
            <CharityCard charity={charity} country={country} />
          </CardGridItem>
        ))}
      </CardGrid>
      <LoadMore query={charities} noun="charities" />
    </>
  );
}
