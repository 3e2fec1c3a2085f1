import { useState } from 'react';
import { FILE_PRESET_LABELS, type FileStructure } from '@giving/shared/contracts/workplace-payroll';
import { Button } from '../../../components/ui/button';
import { QueryScreen, RowHeader } from '../../../components/ui/console-page';
import { DateText } from '../../../components/ui/date-text';
import { EmptyState } from '../../../components/ui/empty-state';
import { ScreenHeader } from '../../../components/ui/panel';
import { ActionsHeader, RowAction } from '../../../components/ui/row-actions';
import { ActionsCell, Table } from '../../../components/ui/table';
import { useFileStructures } from '../api/get-file-structures';
import { MANAGE_PAY_CYCLES, useWorkplaceCan, useWorkplaceId } from '../hooks/use-payroll-access';
import { FILE_MODE_LABELS } from '../payroll-text';
import { CharityPayrollCodes } from './charity-payroll-codes';
import { FileStructureEditor } from './file-structure-editor';
import styles from './workplace-payroll.module.css';

/**
 * /admin/workplace/:workplaceId/pay-cycles/integrations — Payroll File Structures: the layout of the giving file each
 * payroll system imports (its columns, their order, the formats). Reading needs Workplace_ViewPayCycles; changing,
 * Workplace_ManagePayCycles.
 */
export function FileStructures() {
  const workplaceId = useWorkplaceId();
  const structures = useFileStructures(workplaceId);
  const canManage = useWorkplaceCan(MANAGE_PAY_CYCLES);
  // The codes are listed against the workplace's supported charities, which need Workplace_ViewCharities to read.
  const canViewCharities = useWorkplaceCan({ anyOf: ['Workplace_ViewCharities', 'Workplace_ManageCharities'] });
  const [editing, setEditing] = useState<FileStructure | 'new'>();

  return (
    <QueryScreen
      header={
        <ScreenHeader
          title="Payroll File Structures"
          description="The layout of the giving file your payroll system imports: its columns, their order and formats. Each pay cycle uses one."
          actions={
            canManage && !editing ? (
              <Button size="sm" onClick={() => setEditing('new')}>
                New file structure
              </Button>
            ) : null
          }
        />
      }
      query={structures}
      loading="Loading your file structures"
      failed="We couldn’t load your file structures"
    >
      {(data) => (
        <>
          {editing ? (
            <FileStructureEditor
              key={editing === 'new' ? 'new' : editing.id}
              workplaceId={workplaceId}
              structure={editing === 'new' ? undefined : editing}
              canManage={canManage}
              onClose={() => setEditing(undefined)}
            />
          ) : null}
          {data.items.length === 0 ? (
            <EmptyState
              title="No file structures yet"
              description={
                canManage
                  ? 'Add one, starting from your payroll system’s preset, before you set up a pay cycle.'
                  : 'Your workplace hasn’t set up a payroll file structure yet.'
              }
            />
          ) : (
            <Table caption="Payroll file structures">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Payroll system</th>
                  <th scope="col" className={styles.number}>
                    Version
                  </th>
                  <th scope="col">Mode</th>
                  <th scope="col" className={styles.number}>
                    Columns
                  </th>
                  <th scope="col">Updated</th>
                  <ActionsHeader />
                </tr>
              </thead>
              <tbody>
                {data.items.map((structure) => (
                  <tr key={structure.id}>
                    <RowHeader>{structure.name}</RowHeader>
                    <td>{FILE_PRESET_LABELS[structure.preset]}</td>
                    <td className={styles.number}>{structure.version}</td>
                    <td>{FILE_MODE_LABELS[structure.mode]}</td>
                    <td className={styles.number}>{structure.columns.length}</td>
                    <td className={styles.nowrap}>
                      <DateText value={structure.updatedAt} />
                    </td>
                    <ActionsCell>
                      <RowAction label={canManage ? 'Edit' : 'View'} target={structure.name} onClick={() => setEditing(structure)} />
                    </ActionsCell>
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
          {canViewCharities ? <CharityPayrollCodes workplaceId={workplaceId} canManage={canManage} /> : null}
        </>
      )}
    </QueryScreen>
  );
}
