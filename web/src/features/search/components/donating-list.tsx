import { useSearchParams } from 'react-router-dom';
import { DEFAULT_SEARCH_SIZE, type SearchSort } from '@giving/shared/contracts/search';
import type { CountryCode } from '@giving/shared/countries';
import { Button } from '../../../components/ui/button';
import { CardGrid, CardGridItem } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { QueryStates } from '../../../components/ui/query-states';
import { SelectField } from '../../../components/ui/select-field';
import type { SiteSearchParams } from '../../../lib/search';
import { usePreferredCharityIds } from '../api/get-preferred-charities';
import { useSiteSearch } from '../api/site-search';
import { Pagination, pageCountOf, pageFromSearch } from './pagination';
import { GiftResultCard } from './result-card';
import styles from './search.module.css';

/** Price ranges, in cents (both ends included). The general donation (no price) is its own choice. */
export const PRICE_RANGES = [
  { value: 'under-25', label: 'Under $25', minPrice: 1, maxPrice: 2499 },
  { value: '25-50', label: '$25 to $50', minPrice: 2500, maxPrice: 4999 },
  { value: '50-100', label: '$50 to $100', minPrice: 5000, maxPrice: 9999 },
  { value: '100-plus', label: '$100 or more', minPrice: 10_000, maxPrice: undefined },
  { value: 'any-amount', label: 'Area of greatest need', minPrice: 0, maxPrice: 0 },
] as const;
type PriceRange = (typeof PRICE_RANGES)[number]['value'];

const SORTS = [
  { value: 'relevance', label: 'Recommended' },
  { value: 'newest', label: 'Newest first' },
  { value: 'priceLow', label: 'Price: low to high' },
  { value: 'priceHigh', label: 'Price: high to low' },
] as const satisfies readonly { value: SearchSort; label: string }[];
type DonatingSort = (typeof SORTS)[number]['value'];

export interface DonatingChoice {
  cause?: string;
  price?: PriceRange;
  sort: DonatingSort;
  page: number;
}

/** The list's choices live in the address (?cause=&price=&sort=&page=), so Back and links keep them. */
export function donatingChoice(search: URLSearchParams): DonatingChoice {
  const cause = search.get('cause')?.trim().slice(0, 100) || undefined;
  const price = PRICE_RANGES.find((range) => range.value === search.get('price'))?.value;
  const sort = SORTS.find((option) => option.value === search.get('sort'))?.value ?? 'relevance';
  return { cause, price, sort, page: pageFromSearch(search) };
}

/** What GET /api/search is asked for the gifts of a choice. */
export function donatingParams(country: CountryCode, choice: DonatingChoice): SiteSearchParams {
  const range = PRICE_RANGES.find((option) => option.value === choice.price);
  return {
    country,
    type: 'charitygift',
    from: (choice.page - 1) * DEFAULT_SEARCH_SIZE,
    size: DEFAULT_SEARCH_SIZE,
    sort: choice.sort === 'relevance' ? undefined : choice.sort,
    cause: choice.cause,
    minPrice: range?.minPrice,
    maxPrice: range?.maxPrice,
  };
}

/**
 * Spec 1 §2 /{country}/donating: the gifts of the country as preview cards (spec 2 §2), filtered by cause and price,
 * in the chosen order, a page at a time (Previous, 3 offset pages, Next).
 */
export function DonatingList({ country, causes }: { country: CountryCode; causes: readonly string[] }) {
  const [search, setSearch] = useSearchParams();
  const choice = donatingChoice(search);
  const gifts = useSiteSearch(donatingParams(country, choice));
  const preferred = usePreferredCharityIds();
  const filtered = choice.cause !== undefined || choice.price !== undefined;

  const choose = (next: Partial<DonatingChoice>) => {
    const chosen = { ...choice, page: 1, ...next };
    const params = new URLSearchParams();
    if (chosen.cause) params.set('cause', chosen.cause);
    if (chosen.price) params.set('price', chosen.price);
    if (chosen.sort !== 'relevance') params.set('sort', chosen.sort);
    if (chosen.page > 1) params.set('page', String(chosen.page));
    setSearch(params);
  };
  const clear = () => choose({ cause: undefined, price: undefined });

  let list;
  if (!gifts.data) {
    list = <QueryStates query={gifts} loading="Loading donations" failed="We couldn’t load the donations" />;
  } else if (gifts.data.total === 0) {
    list = filtered ? (
      <EmptyState title="No donations match these filters" description="Try another cause or price, or clear the filters." action={<Button variant="secondary" onClick={clear}>Clear filters</Button>} />
    ) : (
      <EmptyState title="There are no Donations" description="Charities add new gifts all the time. Please check back soon." />
    );
  } else {
    const { total, items } = gifts.data;
    list = (
      <div className={styles.results} aria-busy={gifts.isPlaceholderData || undefined}>
        <p className={styles.count} role="status">
          {total === 1 ? '1 donation' : `${total.toLocaleString('en-NZ')} donations`}
        </p>
        <CardGrid label="Donations">
          {items.map((item) =>
            item.type === 'charitygift' ? (
              <CardGridItem key={item.id}>
                <GiftResultCard item={item} country={country} preferredPartner={preferred.has(item.charity.id)} />
              </CardGridItem>
            ) : null,
          )}
        </CardGrid>
        <Pagination page={choice.page} pageCount={pageCountOf(total, DEFAULT_SEARCH_SIZE)} label="Donations pages" />
      </div>
    );
  }

  const causeOptions = [...new Set([...causes, ...(choice.cause ? [choice.cause] : [])])].map((cause) => ({ value: cause, label: cause }));
  return (
    <div className={styles.layout}>
      <div className={styles.filters} role="group" aria-label="Filter donations">
        <SelectField label="Cause" placeholder="All causes" options={causeOptions} value={choice.cause ?? ''} onChange={(event) => choose({ cause: event.target.value || undefined })} />
        <SelectField
          label="Price"
          placeholder="Any price"
          options={PRICE_RANGES}
          value={choice.price ?? ''}
          onChange={(event) => choose({ price: (event.target.value || undefined) as PriceRange | undefined })}
        />
        <SelectField label="Sort by" options={SORTS} value={choice.sort} onChange={(event) => choose({ sort: event.target.value as DonatingSort })} />
      </div>
      {list}
    </div>
  );
}
