import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { PayrollBatch } from '@giving/shared/contracts/workplace-payroll';
import { Button } from '../../../components/ui/button';
import { ConsoleScreen, RowHeader } from '../../../components/ui/console-page';
import { CalendarDayText, DateText } from '../../../components/ui/date-text';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormMessage } from '../../../components/ui/field';
import { ScreenHeader, Toolbar } from '../../../components/ui/panel';
import { QueryStates } from '../../../components/ui/query-states';
import { ActionsHeader } from '../../../components/ui/row-actions';
import { SelectField } from '../../../components/ui/select-field';
import { ActionsCell, Table } from '../../../components/ui/table';
import { Tag } from '../../../components/ui/tag';
import { useDownload } from '../../../lib/use-download';
import { downloadBatchFile } from '../api/download-batch-file';
import { usePayrollBatches } from '../api/get-payroll-batches';
import { useWorkplaceId } from '../hooks/use-payroll-access';
import { BATCH_STATUS_TONES, PRODUCED_BY_LABELS, moneyText } from '../payroll-text';
import { PeriodDays } from './period-days';
import styles from './workplace-payroll.module.css';

/** Newest period first; of one period, the newest file first. */
const newestFirst = (a: PayrollBatch, b: PayrollBatch) => b.periodEnd.localeCompare(a.periodEnd) || b.createdAt.localeCompare(a.createdAt);

/**
 * /admin/workplace/:workplaceId/payments — Payroll Payments: the giving files made for payroll (batches), newest
 * first, each to download; ?batch=<id> (where 'Export now' links) marks and scrolls to that batch. Any of the
 * pay-cycle and payments permissions reads them.
 */
export function PayrollPayments() {
  const workplaceId = useWorkplaceId();
  const [search] = useSearchParams();
  const marked = search.get('batch') ?? undefined;
  const [payCycleId, setPayCycleId] = useState('');
  // The unfiltered list names the pay cycles to filter by (a payments admin may not read the pay cycles themselves).
  const all = usePayrollBatches(workplaceId);
  const batches = usePayrollBatches(workplaceId, payCycleId || undefined);
  const { download, error: downloadError } = useDownload();
  const [downloading, setDownloading] = useState<string>();
  const rowIds = useId();
  const rowId = (batchId: string) => `${rowIds}-${batchId}`;

  const cycles = new Map((all.data?.items ?? []).map((batch) => [batch.payCycleId, batch.payCycleName]));
  const cycleOptions = [...cycles].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
  const rows = [...(batches.data?.items ?? [])].sort(newestFirst);

  const shown = batches.isSuccess && rows.some((batch) => batch.id === marked);
  useEffect(() => {
    if (shown && marked) document.getElementById(rowId(marked))?.scrollIntoView?.({ block: 'center' });
    // Once per batch the address names, when its row appears.
  }, [shown, marked]);

  const downloadFile = (batch: PayrollBatch) => {
    setDownloading(batch.id);
    void download(() => downloadBatchFile({ workplaceId, batchId: batch.id, fileName: batch.fileName })).finally(() => setDownloading(undefined));
  };

  let list;
  if (!batches.isSuccess) list = <QueryStates query={batches} loading="Loading your payroll files" failed="We couldn’t load your payroll files" />;
  else if (rows.length === 0) {
    list = payCycleId ? (
      <EmptyState title="No payroll files for this pay cycle yet" description="Its first file is made at its next cut-off, or when someone uses Export now on Pay Cycles." />
    ) : (
      <EmptyState title="No payroll files yet" description="A file is made for each pay cycle at its cut-off, or when someone uses Export now on Pay Cycles." />
    );
  } else {
    list = (
      <Table caption="Payroll files">
        <thead>
          <tr>
            <th scope="col">Pay cycle</th>
            <th scope="col">Period</th>
            <th scope="col">Status</th>
            <th scope="col" className={styles.number}>
              Lines
            </th>
            <th scope="col" className={styles.number}>
              Total
            </th>
            <th scope="col">Created</th>
            <ActionsHeader />
          </tr>
        </thead>
        <tbody>
          {rows.map((batch) => (
            <tr key={batch.id} id={rowId(batch.id)} className={batch.id === marked ? styles.marked : undefined} aria-current={batch.id === marked ? 'true' : undefined}>
              <RowHeader>{batch.payCycleName}</RowHeader>
              <td>
                <PeriodDays period={batch} />{' '}
                <span className={styles.under}>
                  Pay date{' '}
                  <span className={styles.nowrap}>
                    <CalendarDayText date={batch.payDate} />
                  </span>
                </span>
              </td>
              <td>
                <Tag tone={BATCH_STATUS_TONES[batch.status]}>{batch.status}</Tag>
              </td>
              <td className={styles.number}>{batch.lineCount}</td>
              <td className={styles.number}>{moneyText(batch.totalAmount)}</td>
              <td>
                <span className={styles.nowrap}>
                  <DateText value={batch.createdAt} withTime />
                </span>{' '}
                <span className={styles.under}>{PRODUCED_BY_LABELS[batch.producedBy]}</span>
              </td>
              <ActionsCell>
                <Button variant="secondary" size="sm" loading={downloading === batch.id} onClick={() => downloadFile(batch)}>
                  Download<span className="visually-hidden"> {batch.fileName}</span>
                </Button>
              </ActionsCell>
            </tr>
          ))}
        </tbody>
      </Table>
    );
  }

  return (
    <ConsoleScreen>
      <ScreenHeader title="Payroll Payments" description="The giving files made for payroll, newest first. Download one to import it into your payroll system." />
      {cycleOptions.length > 1 || payCycleId ? (
        <Toolbar>
          <SelectField label="Pay cycle" placeholder="All pay cycles" options={cycleOptions} value={payCycleId} onChange={(event) => setPayCycleId(event.target.value)} />
        </Toolbar>
      ) : null}
      {downloadError ? <FormMessage>We couldn’t download the file: {downloadError}</FormMessage> : null}
      {list}
    </ConsoleScreen>
  );
}
