import { errorMessageOf } from '../../lib/api-client';
import { Button } from './button';
import { ErrorState } from './empty-state';
import { FormMessage } from './field';
import type { HeadingLevel } from './heading';
import { LoadingBlock } from './spinner';
import styles from './query-states.module.css';

/** What QueryStates needs of a query (a TanStack Query result fits). */
export interface LoadingQuery {
  isPending: boolean;
  error: unknown;
  refetch: () => unknown;
}

export interface QueryStatesProps {
  query: LoadingQuery;
  /** Said while the data loads, e.g. 'Loading members'. */
  loading: string;
  /** The heading when loading failed, e.g. 'We couldn’t load your members'. */
  failed: string;
  headingLevel?: HeadingLevel;
}

/**
 * A query that has no data to show yet: a spinner while it loads, else why it failed with a way to try again.
 * Render it while the query has not succeeded (`!query.isSuccess`, or `!query.data` for a paged list).
 */
export function QueryStates({ query, loading, failed, headingLevel }: QueryStatesProps) {
  if (query.isPending) return <LoadingBlock label={loading} />;
  return <ErrorState headingLevel={headingLevel} title={failed} message={errorMessageOf(query.error)} onRetry={() => void query.refetch()} />;
}

/** What LoadMore needs of a paged query (a TanStack infinite query result fits). */
export interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  error: unknown;
  fetchNextPage: () => unknown;
}

/** Under a paged list: 'Load more' while there are more pages, and why the last 'Load more' failed. */
export function LoadMore({ query, noun }: { query: PagedQuery; /** What the list holds, e.g. 'charities'. */ noun: string }) {
  return (
    <>
      {query.hasNextPage ? (
        <div className={styles.more}>
          <Button variant="secondary" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            Load more
          </Button>
        </div>
      ) : null}
      {query.isFetchNextPageError ? (
        <FormMessage>
          We couldn’t load more {noun}: {errorMessageOf(query.error)}
        </FormMessage>
      ) : null}
    </>
  );
}
