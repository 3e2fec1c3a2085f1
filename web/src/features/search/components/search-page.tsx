import { Link, useSearchParams } from 'react-router-dom';
import { DEFAULT_SEARCH_SIZE, SEARCH_ITEM_TYPES, type SearchItemType, type SearchSort } from '@giving/shared/contracts/search';
import type { CountryCode } from '@giving/shared/countries';
import { Button, buttonClassName } from '../../../components/ui/button';
import { CardGrid, CardGridItem } from '../../../components/ui/card';
import { EmptyState, ErrorState } from '../../../components/ui/empty-state';
import { SearchBox } from '../../../components/ui/search-box';
import { SelectField } from '../../../components/ui/select-field';
import { LoadingBlock } from '../../../components/ui/spinner';
import { Tabs } from '../../../components/ui/tabs';
import { errorMessageOf } from '../../../lib/api-client';
import { useFirstScreenDrawn } from '../../../lib/first-screen';
import { SEARCH_PLACEHOLDER, paths } from '../../../lib/paths';
import type { SiteSearchParams } from '../../../lib/search';
import { usePreferredCharityIds } from '../api/get-preferred-charities';
import { useSiteSearch } from '../api/site-search';
import { Pagination, pageCountOf, pageFromSearch } from './pagination';
import { SearchResultCard, hasCard } from './result-card';
import styles from './search.module.css';

/** The longest search the API takes (shared/contracts/search.ts). */
export const MAX_QUERY_LENGTH = 100;

/** The tabs: every type, or one (with how many of each match the words). */
const TAB_LABELS: Record<SearchItemType | 'all', string> = {
  all: 'All',
  charities: 'Charities',
  charitygift: 'Donations',
  volunteeringopportunities: 'Volunteering',
  fundraisingevent: 'Fundraising events',
  fundraisingpage: 'Fundraisers',
};

const SORT_LABELS: Record<SearchSort, string> = {
  relevance: 'Best match',
  newest: 'Newest first',
  soonest: 'Soonest first',
  nearest: 'Nearest first',
  mostRaised: 'Most raised',
  priceLow: 'Price: low to high',
  priceHigh: 'Price: high to low',
};

/** The orders that fit what is shown: relevance and newest always, the type's own where one type is shown. */
export function sortsFor(type: SearchItemType | undefined): SearchSort[] {
  const own: Partial<Record<SearchItemType, SearchSort[]>> = {
    charitygift: ['priceLow', 'priceHigh'],
    volunteeringopportunities: ['soonest'],
    fundraisingevent: ['mostRaised'],
    fundraisingpage: ['mostRaised'],
  };
  return ['relevance', 'newest', ...((type && own[type]) || [])];
}

export interface SearchChoice {
  q: string;
  type?: SearchItemType;
  sort: SearchSort;
  page: number;
}

/** The search in the address: ?q=&type=&sort=&page= (so Back and Forward, and shared links, keep it). */
export function searchChoice(search: URLSearchParams): SearchChoice {
  const q = (search.get('q') ?? '').trim().slice(0, MAX_QUERY_LENGTH);
  const typeText = search.get('type');
  const type = (SEARCH_ITEM_TYPES as readonly string[]).includes(typeText ?? '') ? (typeText as SearchItemType) : undefined;
  const sortText = search.get('sort') as SearchSort | null;
  const sort = sortText && sortsFor(type).includes(sortText) ? sortText : 'relevance';
  return { q, type, sort, page: pageFromSearch(search) };
}

/** What GET /api/search is asked for a choice (relevance is the search's own order: not sent). */
export function searchParams(country: CountryCode, choice: SearchChoice): SiteSearchParams {
  return {
    q: choice.q,
    country,
    type: choice.type,
    from: (choice.page - 1) * DEFAULT_SEARCH_SIZE,
    size: DEFAULT_SEARCH_SIZE,
    sort: choice.sort === 'relevance' ? undefined : choice.sort,
  };
}

const resultsText = (total: number, q: string) => `${total.toLocaleString('en-NZ')} ${total === 1 ? 'result' : 'results'} for “${q}”`;

/**
 * Spec 1 §2 /{country}/search?q=: the words in the page's own box, tabs by type with their counts, the order, the
 * typed cards, Previous / 3 offset pages / Next; an empty state and an error state with a retry, never a blank page.
 */
export function SearchPage({ country }: { country: CountryCode }) {
  const [search, setSearch] = useSearchParams();
  const choice = searchChoice(search);
  const results = useSiteSearch(searchParams(country, choice), { enabled: choice.q !== '' });
  const preferred = usePreferredCharityIds();
  useFirstScreenDrawn(choice.q === '' || !results.isPending);

  /** A new search in the address (pushed: Back returns to the one before); another page of it keeps the rest. */
  const go = (next: Partial<SearchChoice>) => {
    const chosen = { ...choice, page: 1, ...next };
    const params = new URLSearchParams();
    if (chosen.q) params.set('q', chosen.q);
    if (chosen.type) params.set('type', chosen.type);
    if (chosen.sort !== 'relevance' && sortsFor(chosen.type).includes(chosen.sort)) params.set('sort', chosen.sort);
    if (chosen.page > 1) params.set('page', String(chosen.page));
    setSearch(params);
  };

  const counts = results.data?.types ?? {};
  const all = SEARCH_ITEM_TYPES.reduce((sum, type) => sum + (counts[type] ?? 0), 0);
  const countText = (value: SearchItemType | 'all') => {
    if (!results.data || results.data.types === undefined || Object.keys(counts).length === 0) return '';
    return ` (${(value === 'all' ? all : (counts[value] ?? 0)).toLocaleString('en-NZ')})`;
  };
  const tabs = (['all', ...SEARCH_ITEM_TYPES] as const).map((value) => ({ value, label: `${TAB_LABELS[value]}${countText(value)}` }));

  let body;
  if (choice.q === '') {
    body = <EmptyState title="What are you looking for?" description="Search for a charity, a cause, a gift to give, a volunteering role or a fundraiser." />;
  } else if (results.isPending) {
    body = <LoadingBlock label="Searching" />;
  } else if (results.isError && !results.data) {
    body = <ErrorState title="We couldn’t search just now" message={errorMessageOf(results.error)} onRetry={() => void results.refetch()} />;
  } else if (results.data) {
    const { total, items } = results.data;
    const pageCount = pageCountOf(total, DEFAULT_SEARCH_SIZE);
    const shown = items.filter(hasCard);
    if (total === 0) {
      const elsewhere = choice.type !== undefined && all > 0;
      body = (
        <EmptyState
          role="status"
          title={`No results for “${choice.q}”`}
          description={
            elsewhere
              ? `Nothing in ${TAB_LABELS[choice.type ?? 'all']} matches. Try All, or another tab.`
              : 'Check the spelling, or try fewer or more general words. You can also browse the charities.'
          }
          action={
            elsewhere ? undefined : (
              <Link to={paths.charities(country)} className={buttonClassName({ variant: 'secondary' })}>
                Browse charities
              </Link>
            )
          }
        />
      );
    } else if (shown.length === 0 && choice.page > pageCount) {
      body = (
        <EmptyState
          title={`There is no page ${choice.page} of results for “${choice.q}”`}
          action={
            <Button onClick={() => go({ page: 1 })}>Go to the first page</Button>
          }
        />
      );
    } else {
      body = (
        <div className={styles.results} aria-busy={results.isPlaceholderData || undefined}>
          {results.isError ? <ErrorState title="We couldn’t search just now" message={errorMessageOf(results.error)} onRetry={() => void results.refetch()} /> : null}
          <p className={styles.count} role="status">
            {resultsText(total, choice.q)}
          </p>
          <CardGrid label="Search results">
            {shown.map((item) => (
              <CardGridItem key={`${item.type}:${item.id}`}>
                <SearchResultCard item={item} country={country} preferred={preferred} />
              </CardGridItem>
            ))}
          </CardGrid>
          <Pagination page={choice.page} pageCount={pageCount} label="Search results pages" />
        </div>
      );
    }
  }

  return (
    <div className={styles.layout}>
      <SearchBox key={choice.q} label="Search" placeholder={SEARCH_PLACEHOLDER} initialValue={choice.q} onSearch={(q) => go({ q: q.slice(0, MAX_QUERY_LENGTH) })} />
      {choice.q === '' ? (
        body
      ) : (
        <>
          <div className={styles.toolbar}>
            <SelectField
              label="Sort by"
              options={sortsFor(choice.type).map((value) => ({ value, label: SORT_LABELS[value] }))}
              value={choice.sort}
              onChange={(event) => go({ sort: event.target.value as SearchSort })}
            />
          </div>
          <Tabs label="Show" items={tabs} value={choice.type ?? 'all'} onChange={(value) => go({ type: value === 'all' ? undefined : value })}>
            {body}
          </Tabs>
        </>
      )}
    </div>
  );
}
