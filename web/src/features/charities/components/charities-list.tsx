import type { CountryCode } from '@giving/shared/countries';
import { CardGrid, CardGridItem } from '../../../components/ui/card';
import { EmptyState, ErrorState } from '../../../components/ui/empty-state';
import { LoadingBlock } from '../../../components/ui/spinner';
import { errorMessageOf } from '../../../lib/api-client';
import { useCharities } from '../api/get-charities';
import { CharityCard } from './charity-card';

/** Every charity listed in the country, as cards linking to their pages. */
export function CharitiesList({ country }: { country: CountryCode }) {
  const charities = useCharities(country);
  if (charities.isPending) return <LoadingBlock label="Loading charities" />;
  if (charities.isError) {
    return <ErrorState title="We couldn’t load the charities" message={errorMessageOf(charities.error)} onRetry={() => void charities.refetch()} />;
  }
  if (charities.data.items.length === 0) {
    return <EmptyState title="There are no charities yet" description="Charities appear here as soon as they join. Please check back soon." />;
  }
  return (
    <CardGrid label="Charities">
      {charities.data.items.map((charity) => (
        <CardGridItem key={charity.id}>
          <CharityCard charity={charity} country={country} />
        </CardGridItem>
      ))}
    </CardGrid>
  );
}
