import { Fragment, useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PAY_FREQUENCY_LABELS, type FileStructure, type PayCycle, type PayPeriod } from '@giving/shared/contracts/workplace-payroll';
import type { Workplace } from '@giving/shared/contracts/accounts';
import type { CountryCode } from '@giving/shared/countries';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { QueryScreen, mutedText, nameText } from '../../../components/ui/console-page';
import { CalendarDayText, useDataCountry } from '../../../components/ui/date-text';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormMessage } from '../../../components/ui/field';
import { type Notice } from '../../../components/ui/form-notice';
import { ScreenHeader } from '../../../components/ui/panel';
import { QueryStates } from '../../../components/ui/query-states';
import { ActionsHeader, RowAction, useConfirmedAction } from '../../../components/ui/row-actions';
import { Table } from '../../../components/ui/table';
import { errorMessageOf } from '../../../lib/api-client';
import { useDeletePayCycle } from '../api/delete-pay-cycle';
import { useExportPayCycle, type ExportResult } from '../api/export-pay-cycle';
import { useFileStructures } from '../api/get-file-structures';
import { usePayCycles } from '../api/get-pay-cycles';
import { useWorkplace } from '../api/get-workplace';
import { EXPORT_PAYROLL, MANAGE_PAY_CYCLES, useWorkplaceCan, useWorkplaceId } from '../hooks/use-payroll-access';
import { cutoffParts, periodWords } from '../payroll-text';
import { PayCycleForm } from './pay-cycle-form';
import { PeriodDays } from './period-days';
import styles from './workplace-payroll.module.css';

/** The console's other payroll screens, from this one (relative to the console, so a country prefix stays). */
export const STRUCTURES_PATH = '../pay-cycles/integrations';
export const batchPath = (batchId: string) => `../payments?batch=${encodeURIComponent(batchId)}`;

/** A notice that may carry a link (the batch an export made). */
type ScreenNotice = Notice & { link?: { to: string; text: string } };

/**
 * /admin/workplace/:workplaceId/pay-cycles — when payroll needs each giving file: the workplace's pay cycles with
 * their current period, pay date and cut-off (and the periods after it), 'Export now', and the form to add or change
 * one. Reading needs Workplace_ViewPayCycles; changing, Workplace_ManagePayCycles; exporting, that or
 * Workplace_ManagePayments.
 */
export function PayCycles() {
  const workplaceId = useWorkplaceId();
  const cycles = usePayCycles(workplaceId);
  const structures = useFileStructures(workplaceId);
  const canManage = useWorkplaceCan(MANAGE_PAY_CYCLES);
  const canExport = useWorkplaceCan(EXPORT_PAYROLL);
  const [editing, setEditing] = useState<PayCycle | 'new'>();
  const [notice, setNotice] = useState<ScreenNotice>();

  return (
    <QueryScreen
      header={
        <ScreenHeader
          title="Pay Cycles"
          description="When payroll needs each giving file, and who in finance receives it. Files are made at each cut-off, or when you export one now."
          actions={
            canManage && !editing ? (
              <Button
                size="sm"
                onClick={() => {
                  setNotice(undefined);
                  setEditing('new');
                }}
              >
                New pay cycle
              </Button>
            ) : null
          }
        />
      }
      query={cycles}
      loading="Loading your pay cycles"
      failed="We couldn’t load your pay cycles"
    >
      {(data) => (
        <>
          {editing ? (
            structures.isSuccess ? (
              <PayCycleForm
                key={editing === 'new' ? 'new' : editing.id}
                workplaceId={workplaceId}
                cycle={editing === 'new' ? undefined : editing}
                structures={structures.data.items}
                structuresPath={STRUCTURES_PATH}
                onCancel={() => setEditing(undefined)}
                onSaved={(text) => {
                  setEditing(undefined);
                  setNotice({ tone: 'info', text });
                }}
              />
            ) : (
              <QueryStates query={structures} headingLevel={3} loading="Loading your file structures" failed="We couldn’t load your file structures" />
            )
          ) : null}
          {notice ? (
            <FormMessage tone={notice.tone}>
              {notice.text}
              {notice.link ? (
                <>
                  {' '}
                  <Link to={notice.link.to}>{notice.link.text}</Link>
                </>
              ) : null}
            </FormMessage>
          ) : null}
          {data.items.length === 0 ? (
            <EmptyState
              title="No pay cycles yet"
              description={canManage ? 'Add one to start sending payroll files to finance.' : 'Your workplace hasn’t set up a pay cycle yet.'}
            />
          ) : (
            <PayCycleTable
              cycles={data.items}
              structures={structures.data?.items}
              canManage={canManage}
              canExport={canExport}
              onEdit={(cycle) => {
                setNotice(undefined);
                setEditing(cycle);
              }}
              onNotice={setNotice}
            />
          )}
        </>
      )}
    </QueryScreen>
  );
}

/** 'The payroll file for 1 Mar 2026 – 15 Mar 2026 is ready.' with a link to it on Payroll Payments. */
function exportNotice(cycle: PayCycle, { batchId, batch }: ExportResult, country: CountryCode): ScreenNotice {
  const period = batch ?? cycle.currentPeriod;
  return {
    tone: 'info',
    text: `${cycle.name}: the payroll file for ${periodWords(period, country)} is ready.`,
    link: { to: batchPath(batchId), text: 'See it in Payroll Payments' },
  };
}

/** A cut-off on the cycle's own clock: '13 Apr 2026, 5:00 pm' and, under it, whose clock ('Auckland time'). */
function CutoffText({ cycle, period }: { cycle: PayCycle; period: PayPeriod }) {
  const country = useDataCountry();
  const { when, zone } = cutoffParts(period.cutoffAt, cycle.timeZone, country);
  return (
    <>
      <time dateTime={period.cutoffAt} className={styles.nowrap}>
        {when}
      </time>{' '}
      <span className={styles.under}>{zone}</span>
    </>
  );
}

function PayCycleTable({
  cycles,
  structures,
  canManage,
  canExport,
  onEdit,
  onNotice,
}: {
  cycles: readonly PayCycle[];
  structures: readonly FileStructure[] | undefined;
  canManage: boolean;
  canExport: boolean;
  onEdit: (cycle: PayCycle) => void;
  onNotice: (notice: ScreenNotice | undefined) => void;
}) {
  const workplaceId = useWorkplaceId();
  const country = useDataCountry();
  const workplace = useWorkplace(workplaceId);
  const detailsId = useId();
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const exporting = useExportPayCycle(workplaceId);
  const removal = useConfirmedAction(useDeletePayCycle(workplaceId), {
    variables: (cycle: PayCycle) => cycle.id,
    onDone: (cycle) => onNotice({ tone: 'info', text: `${cycle.name} was deleted.` }),
  });
  const hasActions = canManage || canExport;
  const columns = 4 + (hasActions ? 1 : 0);

  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const exportNow = (cycle: PayCycle) => {
    onNotice(undefined);
    exporting.mutate(cycle.id, {
      onSuccess: (result) => onNotice(exportNotice(cycle, result, country)),
      onError: (error) => onNotice({ tone: 'error', text: `We couldn’t export ${cycle.name}: ${errorMessageOf(error)}` }),
    });
  };

  return (
    <>
      <Table caption="Pay cycles">
        <thead>
          <tr>
            <th scope="col">Pay cycle</th>
            <th scope="col">File structure</th>
            <th scope="col">Current period</th>
            <th scope="col">Cut-off</th>
            {hasActions ? <ActionsHeader /> : null}
          </tr>
        </thead>
        <tbody>
          {cycles.map((cycle) => {
            const expanded = open.has(cycle.id);
            const rowDetailsId = `${detailsId}-${cycle.id}`;
            return (
              <Fragment key={cycle.id}>
                <tr>
                  <th scope="row">
                    <div className={styles.cycle}>
                      <span className={nameText}>{cycle.name}</span>
                      <span className={mutedText}>{PAY_FREQUENCY_LABELS[cycle.frequency]}</span>
                      <Button
                        variant="ghost"
                        size="sm"
                        className={styles.toggle}
                        aria-expanded={expanded}
                        aria-controls={expanded ? rowDetailsId : undefined}
                        onClick={() => toggle(cycle.id)}
                      >
                        {expanded ? 'Hide periods' : 'Next periods'}
                        <span className="visually-hidden"> of {cycle.name}</span>
                      </Button>
                    </div>
                  </th>
                  <td>{structureName(cycle, structures)}</td>
                  <td>
                    <PeriodDays period={cycle.currentPeriod} />{' '}
                    <span className={styles.under}>
                      Pay date{' '}
                      <span className={styles.nowrap}>
                        <CalendarDayText date={cycle.currentPeriod.payDate} />
                      </span>
                    </span>
                  </td>
                  <td>
                    <CutoffText cycle={cycle} period={cycle.currentPeriod} />
                  </td>
                  {hasActions ? (
                    <td className={styles.rowActions}>
                      <div>
                        {canExport ? (
                          <Button
                            variant="secondary"
                            size="sm"
                            loading={exporting.isPending && exporting.variables === cycle.id}
                            disabled={exporting.isPending}
                            onClick={() => exportNow(cycle)}
                          >
                            Export now<span className="visually-hidden"> {cycle.name}</span>
                          </Button>
                        ) : null}
                        {canManage ? <RowAction label="Edit" target={cycle.name} onClick={() => onEdit(cycle)} /> : null}
                        {canManage ? <RowAction label="Delete" target={cycle.name} onClick={() => removal.ask(cycle)} /> : null}
                      </div>
                    </td>
                  ) : null}
                </tr>
                {expanded ? (
                  <tr id={rowDetailsId} className={styles.detailsRow}>
                    <td colSpan={columns}>
                      <CycleDetails cycle={cycle} workplace={workplace.data} />
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
        </tbody>
      </Table>
      <ConfirmDialog {...removal.dialog} title="Delete pay cycle?" confirmLabel="Delete pay cycle">
        {removal.item ? `${removal.item.name} will make no more payroll files. A pay cycle that has already made files can’t be deleted.` : null}
      </ConfirmDialog>
    </>
  );
}

/** The structure's name as the cycle carries it (or, once a new version renamed it, the structure's own). */
function structureName(cycle: PayCycle, structures: readonly FileStructure[] | undefined): string {
  return structures?.find((structure) => structure.id === cycle.fileStructureId)?.name ?? cycle.fileStructureName;
}

/** Who a cycle pays, where its files go, and its next periods. */
function CycleDetails({ cycle, workplace }: { cycle: PayCycle; workplace: Workplace | undefined }) {
  const units = cycle.businessUnitIds;
  const unitName = (id: string) => workplace?.businessUnits.find((unit) => unit.id === id)?.name ?? 'a removed business unit';
  let pays = 'Every member of the workplace';
  if (units.length > 0) pays = workplace ? units.map(unitName).join(', ') : `Members of ${units.length} ${units.length === 1 ? 'business unit' : 'business units'}`;
  const facts: [string, ReactNode][] = [
    ['Pays', pays],
    ['Finance contacts', cycle.financeContacts.join(', ')],
    ['Cut-off', `${cycle.cutoffDaysBeforePayDate} ${cycle.cutoffDaysBeforePayDate === 1 ? 'day' : 'days'} before pay day at ${cycle.cutoffTime} (${cycle.timeZone})`],
  ];
  return (
    <div className={styles.details}>
      <dl className={styles.facts}>
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {cycle.nextPeriods.length === 0 ? (
        <p className={mutedText}>No periods to show.</p>
      ) : (
        <Table caption={`Next periods of ${cycle.name}`} showCaption>
          <thead>
            <tr>
              <th scope="col">Period</th>
              <th scope="col">Pay date</th>
              <th scope="col">Cut-off</th>
            </tr>
          </thead>
          <tbody>
            {cycle.nextPeriods.map((period) => (
              <tr key={period.periodEnd}>
                <td>
                  <PeriodDays period={period} />
                </td>
                <td className={styles.nowrap}>
                  <CalendarDayText date={period.payDate} />
                </td>
                <td>
                  <CutoffText cycle={cycle} period={period} />
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </div>
  );
}
