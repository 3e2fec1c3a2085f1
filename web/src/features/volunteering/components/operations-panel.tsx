import { Button } from '../../../components/ui/button';
import { FormMessage } from '../../../components/ui/field';
import { Panel } from '../../../components/ui/panel';
import { ActionsHeader } from '../../../components/ui/row-actions';
import { ActionsCell, Table } from '../../../components/ui/table';
import { errorMessageOf } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { REINDEX_OPERATIONS, useReindex, useTrainRecommender, type ReindexOperation } from '../api/operations';

const countText = (n: number, one: string, many: string) => `${n.toLocaleString('en-NZ')} ${n === 1 ? one : many}`;

function TrainRecommender() {
  const train = useTrainRecommender();
  const run = () =>
    train.mutate(undefined, {
      onSuccess: ({ blob, filename }) => saveFile(blob, filename),
    });
  return (
    <div>
      <Button variant="secondary" loading={train.isPending} onClick={run}>
        Train recommender
      </Button>
      {train.isSuccess ? <FormMessage tone="info">Model trained: {train.data.filename}</FormMessage> : null}
      {train.isError ? <FormMessage tone="error">{errorMessageOf(train.error)}</FormMessage> : null}
    </div>
  );
}

function ReindexRow({ name, label }: { name: ReindexOperation; label: string }) {
  const reindex = useReindex();
  let outcome = '';
  if (reindex.isPending) outcome = 'Running…';
  else if (reindex.isSuccess) outcome = `${countText(reindex.data.documents, 'document', 'documents')} in ${countText(reindex.data.batches, 'batch', 'batches')}`;
  else if (reindex.isError) outcome = errorMessageOf(reindex.error);
  return (
    <tr>
      <th scope="row">{label}</th>
      <td aria-live="polite">{outcome}</td>
      <ActionsCell>
        <Button size="sm" variant="secondary" loading={reindex.isPending} aria-label={`Re-index ${label}`} onClick={() => reindex.mutate(name)}>
          Re-index
        </Button>
      </ActionsCell>
    </tr>
  );
}

/** Back-office operations on volunteering (BackOffice_ManageVacancies): train the recommender, re-emit documents for search. */
export function OperationsPanel() {
  return (
    <Panel title="Operations" description="Train the role recommender on every application, or re-send documents to search.">
      <TrainRecommender />
      <Table caption="Search indexes">
        <thead>
          <tr>
            <th scope="col">Documents</th>
            <th scope="col">Last run</th>
            <ActionsHeader />
          </tr>
        </thead>
        <tbody>
          {REINDEX_OPERATIONS.map((operation) => (
            <ReindexRow key={operation.name} name={operation.name} label={operation.label} />
          ))}
        </tbody>
      </Table>
    </Panel>
  );
}
