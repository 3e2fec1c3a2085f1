import { useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { PayrollBatch } from '@giving/shared/contracts/workplace-payroll';
import type { CountryCode } from '@giving/shared/countries';
import { COUNTRY_TIME_ZONES, localDay } from '@giving/shared/local-time';
import { Button, buttonClassName } from '../../../components/ui/button';
import { ConsoleScreen, RowHeader } from '../../../components/ui/console-page';
import { CalendarDayText, DateText, useDataCountry } from '../../../components/ui/date-text';
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
import { MANAGE_PAYMENTS, useWorkplaceCan, useWorkplaceId } from '../hooks/use-payroll-access';
import { BATCH_STATUS_TONES, PRODUCED_BY_LABELS, daysUntil, moneyText, payByUrgency, periodWords } from '../payroll-text';
import { BatchPanel } from './batch-panel';
import { PeriodDays } from './period-days';
import styles from './workplace-payroll.module.css';

/** Newest period first; of one period, the newest file first. */
const newestFirst = (a: PayrollBatch, b: PayrollBatch) => b.periodEnd.localeCompare(a.periodEnd) || b.createdAt.localeCompare(a.createdAt);

/**
 * /admin/workplace/:workplaceId/payments — Payroll Payments: the giving files made for payroll (batches), newest
 * first, each to download and to open. ?batch=<id> (where 'Export now' links, and what a row's Reconcile or Details
 * link sets) marks that batch's row and opens its panel above the list: uploading what payroll deducted, the
 * reconciliation and confirming the donations (batch-panel.tsx). Any of the pay-cycle and payments permissions reads
 * them; uploading and confirming take Workplace_ManagePayments.
 */
export function PayrollPayments() {
  const workplaceId = useWorkplaceId();
  const country = useDataCountry();
  const canManage = useWorkplaceCan(MANAGE_PAYMENTS);
  const [search, setSearch] = useSearchParams();
  const marked = search.get('batch') ?? undefined;
  const [payCycleId, setPayCycleId] = useState('');
  // The unfiltered list names the pay cycles to filter by (a payments admin may not read the pay cycles themselves).
  const all = usePayrollBatches(workplaceId);
  const batches = usePayrollBatches(workplaceId, payCycleId || undefined);
  const { download, error: downloadError } = useDownload();
  const [downloading, setDownloading] = useState<string>();
  const rowIds = useId();
  const rowId = (batchId: string) => `${rowIds}-${batchId}`;
  const openLinkId = (batchId: string) => `${rowIds}-${batchId}-open`;
  const panelId = `${rowIds}-panel`;

  const cycles = new Map((all.data?.items ?? []).map((batch) => [batch.payCycleId, batch.payCycleName]));
  const cycleOptions = [...cycles].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
  const rows = [...(batches.data?.items ?? [])].sort(newestFirst);
  // The open batch, whichever pay cycle the list shows.
  const open = marked ? (all.data?.items.find((batch) => batch.id === marked) ?? batches.data?.items.find((batch) => batch.id === marked)) : undefined;
  const unknown = marked !== undefined && open === undefined && all.isSuccess;

  // Opened from a row: focus moves to the panel's title; opened by the address: the panel is scrolled to.
  const panelTitle = useRef<HTMLSpanElement>(null);
  const focusPanel = useRef(false);
  const closedFrom = useRef<string>(undefined);
  useEffect(() => {
    if (!open) return;
    if (focusPanel.current) panelTitle.current?.focus();
    else document.getElementById(panelId)?.scrollIntoView?.({ block: 'start' });
    focusPanel.current = false;
    // Once per batch opened, when its panel appears.
  }, [open?.id]);
  useEffect(() => {
    if (marked || !closedFrom.current) return;
    document.getElementById(openLinkId(closedFrom.current))?.focus();
    closedFrom.current = undefined;
  }, [marked]);

  const close = () => {
    closedFrom.current = marked;
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('batch');
        return next;
      },
      { preventScrollReset: true },
    );
  };

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
              <RowHeader>
                <span className={styles.cycle}>
                  <span>{batch.payCycleName}</span>
                  <Link
                    id={openLinkId(batch.id)}
                    to={`?batch=${encodeURIComponent(batch.id)}`}
                    preventScrollReset
                    className={buttonClassName({ variant: 'secondary', size: 'sm' })}
                    onClick={() => {
                      focusPanel.current = true;
                    }}
                  >
                    {canManage && batch.status !== 'Confirmed' ? 'Reconcile' : 'Details'}
                    <span className="visually-hidden">
                      {' '}
                      {batch.payCycleName}, {periodWords(batch, country)}
                    </span>
                  </Link>
                </span>
              </RowHeader>
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
                {batch.status !== 'Confirmed' && batch.charitiesPayBy ? <PayByShort payBy={batch.charitiesPayBy} country={country} /> : null}
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
      <ScreenHeader
        title="Payroll Payments"
        description="The giving files made for payroll, newest first. Download one to import it into your payroll system; once payroll has run, open it to check what payroll deducted and give the donations."
      />
      {cycleOptions.length > 1 || payCycleId ? (
        <Toolbar>
          <SelectField label="Pay cycle" placeholder="All pay cycles" options={cycleOptions} value={payCycleId} onChange={(event) => setPayCycleId(event.target.value)} />
        </Toolbar>
      ) : null}
      {open ? (
        <div id={panelId} className={styles.panelAnchor}>
          <BatchPanel key={open.id} batch={open} onClose={close} titleRef={panelTitle} />
        </div>
      ) : null}
      {unknown ? <FormMessage tone="info">That payroll file isn’t in this workplace’s list.</FormMessage> : null}
      {downloadError ? <FormMessage>We couldn’t download the file: {downloadError}</FormMessage> : null}
      {list}
    </ConsoleScreen>
  );
}

/** Under a batch's status (New Zealand): when the charities must have the money, and whether that is near or past. */
function PayByShort({ payBy, country }: { payBy: string; country: CountryCode }) {
  const today = localDay(new Date(), COUNTRY_TIME_ZONES[country]);
  const urgency = payByUrgency(payBy, today);
  const days = daysUntil(payBy, today);
  const date = <CalendarDayText date={payBy} />;
  if (urgency === 'passed') return <span className={styles.payByShortPassed}>Charities were due {date}</span>;
  if (urgency === 'soon')
    return (
      <span className={styles.payByShortSoon}>
        Charities by {date}, {days === 0 ? 'today' : `${days} ${days === 1 ? 'day' : 'days'} left`}
      </span>
    );
  return <span className={styles.under}>Charities by {date}</span>;
}
