import { Link, useSearchParams } from 'react-router-dom';
import { FUNDRAISING_SORTS, type FundraisingSort } from '@giving/shared/contracts/fundraising';
import type { CountryCode } from '@giving/shared/countries';
import { buttonClassName } from '../../../components/ui/button';
import { CardGrid, CardGridItem } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadMore, QueryStates } from '../../../components/ui/query-states';
import { SelectField } from '../../../components/ui/select-field';
import { Tabs } from '../../../components/ui/tabs';
import { useFundraisingSearch } from '../api/search-fundraising';
import { fundraisingPaths } from '../fundraising-text';
import { FundraisingCard } from './fundraising-card';
import styles from './fundraising.module.css';

const SHOW = [
  { value: 'events', label: 'Events' },
  { value: 'pages', label: 'Fundraisers' },
] as const;
type Show = (typeof SHOW)[number]['value'];
const SORT_LABELS: Record<FundraisingSort, string> = { newest: 'Newest first', mostRaised: 'Most raised' };
const SORT_OPTIONS = FUNDRAISING_SORTS.map((value) => ({ value, label: SORT_LABELS[value] }));

/** The list's choices live in the address (?show=pages&sort=mostRaised), so Back and shared links keep them. */
export function listChoiceFromSearch(search: URLSearchParams): { show: Show; sort: FundraisingSort } {
  const show = search.get('show') === 'pages' ? 'pages' : 'events';
  const sort = search.get('sort');
  return { show, sort: sort && (FUNDRAISING_SORTS as readonly string[]).includes(sort) ? (sort as FundraisingSort) : 'newest' };
}

/**
 * Spec 1 §2 /{country}/fundraising: online events and fundraisers from the fundraising indexes as cards, newest or
 * most raised first, a page at a time.
 */
export function FundraisingList({ country }: { country: CountryCode }) {
  const [search, setSearch] = useSearchParams();
  const { show, sort } = listChoiceFromSearch(search);
  const query = useFundraisingSearch(country, show, sort);

  const choose = (next: { show?: Show; sort?: FundraisingSort }) => {
    const chosen = { show, sort, ...next };
    const params = new URLSearchParams();
    if (chosen.show !== 'events') params.set('show', chosen.show);
    if (chosen.sort !== 'newest') params.set('sort', chosen.sort);
    setSearch(params, { replace: true });
  };

  const wanted = show === 'events' ? 'fundraisingevent' : 'fundraisingpage';
  const items = (query.data?.pages.flatMap((page) => page.items) ?? []).flatMap((item) =>
    (item.type === 'fundraisingevent' || item.type === 'fundraisingpage') && item.type === wanted ? [item] : [],
  );
  const noun = show === 'events' ? 'events' : 'fundraisers';

  let list;
  if (!query.data) {
    list = <QueryStates query={query} loading={`Loading ${noun}`} failed={`We couldn’t load the ${noun}`} />;
  } else if (items.length === 0) {
    list = (
      <EmptyState
        title={show === 'events' ? 'There are no Fundraising Events' : 'There are no Fundraisers'}
        description="Be the first: start a page for a charity you care about."
        action={
          <Link to={fundraisingPaths.create(country)} className={buttonClassName()}>
            Start fundraising
          </Link>
        }
      />
    );
  } else {
    list = (
      <>
        <CardGrid label={show === 'events' ? 'Fundraising events' : 'Fundraisers'}>
          {items.map((item) => (
            <CardGridItem key={item.id}>
              <FundraisingCard item={item} country={country} />
            </CardGridItem>
          ))}
        </CardGrid>
        <LoadMore query={query} noun={noun} />
      </>
    );
  }

  return (
    <div className={styles.listLayout}>
      <div className={styles.listBar}>
        <SelectField label="Sort by" options={SORT_OPTIONS} value={sort} onChange={(event) => choose({ sort: event.target.value as FundraisingSort })} />
      </div>
      <Tabs label="Show" items={SHOW} value={show} onChange={(next) => choose({ show: next })}>
        <div className={styles.results}>{list}</div>
      </Tabs>
    </div>
  );
}
