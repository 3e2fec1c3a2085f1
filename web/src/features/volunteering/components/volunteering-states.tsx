import { ErrorState } from '../../../components/ui/empty-state';
import { LoadingBlock } from '../../../components/ui/spinner';
import type { LoadingQuery } from '../../../components/ui/query-states';
import { volunteeringErrorMessage } from '../api/volunteering-client';

/**
 * QueryStates for the volunteering calls: a spinner while loading, else why it failed (the catalogue's message of
 * spec 2 §8, or the server's own sentence) with a way to try again. The shared QueryStates reads only ApiError.
 */
export function VolunteeringQueryStates({ query, loading, failed, headingLevel }: { query: LoadingQuery; loading: string; failed: string; headingLevel?: 2 | 3 }) {
  if (query.isPending) return <LoadingBlock label={loading} />;
  return <ErrorState headingLevel={headingLevel} title={failed} message={volunteeringErrorMessage(query.error)} onRetry={() => void query.refetch()} />;
}
