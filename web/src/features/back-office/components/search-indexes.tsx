import { SEARCH_INDEXES, type SearchIndexName } from '@giving/shared/contracts/search';
import { satisfies, type Permission } from '@giving/shared/permissions';
import { Button } from '../../../components/ui/button';
import { Panel } from '../../../components/ui/panel';
import { QueryStates } from '../../../components/ui/query-states';
import { ActionsHeader } from '../../../components/ui/row-actions';
import { ActionsCell, Table } from '../../../components/ui/table';
import { usePermissions } from '../../../lib/account';
import { errorMessageOf } from '../../../lib/api-client';
import styles from './back-office.module.css';
import { INDEX_SOURCES, useRebuildSearchIndex, useResendDocuments, useSearchIndexes } from '../api/search-indexes';

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-NZ')} ${n === 1 ? one : many}`;
const when = (iso: string | undefined) => (iso ? new Date(iso).toLocaleString('en-NZ', { dateStyle: 'medium', timeStyle: 'short' }) : 'Never');

/** Whether the signed-in member holds a permission (false while their permissions load). */
function useAllowed(): (permission: Permission) => boolean {
  const permissions = usePermissions();
  return (permission) => permissions.isSuccess && satisfies(permissions.data.permissions, { anyOf: [permission] });
}

function IndexRow({ index, target, documents, rebuilding, lastRebuiltAt, canRebuild }: { index: SearchIndexName; target?: string; documents: number; rebuilding: boolean; lastRebuiltAt?: string; canRebuild: boolean }) {
  const allowed = useAllowed();
  const rebuild = useRebuildSearchIndex();
  const resend = useResendDocuments();
  const source = INDEX_SOURCES[index];
  const canResend = allowed(source.permission);
  let outcome = '';
  if (rebuild.isPending || rebuilding) outcome = 'Re-indexing…';
  else if (rebuild.isSuccess) outcome = `Re-indexed: ${count(rebuild.data.documents, 'document', 'documents')} in ${rebuild.data.to}`;
  else if (rebuild.isError) outcome = errorMessageOf(rebuild.error);
  if (resend.isPending) outcome = 'Sending…';
  else if (resend.isSuccess) outcome = `${count(resend.data, 'document', 'documents')} sent again from ${source.label.toLowerCase()}`;
  else if (resend.isError) outcome = errorMessageOf(resend.error);
  return (
    <tr>
      <th scope="row" className={styles.wrapping}>
        {source.label}
        <br />
        <code className={styles.indexName}>{index}</code>
        <br />
        <small>
          → <span className={styles.indexName}>{target ?? 'no index yet'}</span>
        </small>
      </th>
      <td>{documents.toLocaleString('en-NZ')}</td>
      <td>{when(lastRebuiltAt)}</td>
      <td aria-live="polite" className={styles.wrapping}>
        {outcome}
      </td>
      <ActionsCell wrap>
        {canRebuild ? (
          <Button size="sm" variant="secondary" loading={rebuild.isPending} disabled={rebuilding} aria-label={`Re-index ${source.label}`} onClick={() => rebuild.mutate(index)}>
            Re-index
          </Button>
        ) : null}
        {canResend ? (
          <Button size="sm" variant="ghost" loading={resend.isPending} aria-label={`Send ${source.label} again from their source`} onClick={() => resend.mutate(index)}>
            Send again
          </Button>
        ) : null}
      </ActionsCell>
    </tr>
  );
}

/**
 * The back office's search operations (BackOffice_ViewContent to look, BackOffice_ManageContent to re-index): each
 * index and the versioned index its alias points at. 'Re-index' builds a new versioned index from search's copies and
 * moves the alias (searches never see a gap); 'Send again' asks the owning service to send every document again.
 */
export function SearchIndexes() {
  const allowed = useAllowed();
  const indexes = useSearchIndexes();
  const canRebuild = allowed('BackOffice_ManageContent');
  return (
    <Panel title="Search indexes" description="Re-index builds a fresh index and switches to it with no gap; Send again refreshes an index from the service that owns its documents.">
      {!indexes.isSuccess ? (
        <QueryStates query={indexes} loading="Loading the search indexes" failed="We couldn’t load the search indexes" />
      ) : (
        <Table caption="Search indexes">
          <thead>
            <tr>
              <th scope="col">Index (and where it points)</th>
              <th scope="col">Documents</th>
              <th scope="col">Last re-indexed</th>
              <th scope="col">Outcome</th>
              <ActionsHeader />
            </tr>
          </thead>
          <tbody>
            {SEARCH_INDEXES.map((index) => {
              const status = indexes.data.items.find((item) => item.index === index);
              return <IndexRow key={index} index={index} documents={status?.documents ?? 0} rebuilding={status?.rebuilding ?? false} canRebuild={canRebuild} {...(status?.target ? { target: status.target } : {})} {...(status?.lastRebuiltAt ? { lastRebuiltAt: status.lastRebuiltAt } : {})} />;
            })}
          </tbody>
        </Table>
      )}
    </Panel>
  );
}
