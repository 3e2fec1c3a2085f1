import { useId, useRef, useState, type ReactNode, type Ref } from 'react';
import { type PayrollBatch, type Reconciliation } from '@giving/shared/contracts/workplace-payroll';
import type { CountryCode } from '@giving/shared/countries';
import { COUNTRY_TIME_ZONES, localDay } from '@giving/shared/local-time';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { mutedText } from '../../../components/ui/console-page';
import { CalendarDayText, DateText, useDataCountry } from '../../../components/ui/date-text';
import { FileDropZone } from '../../../components/ui/file-drop-zone';
import { Panel } from '../../../components/ui/panel';
import { QueryStates } from '../../../components/ui/query-states';
import { Spinner } from '../../../components/ui/spinner';
import { Tag } from '../../../components/ui/tag';
import { errorMessageOf } from '../../../lib/api-client';
import { useConfirmBatch } from '../api/confirm-batch';
import { useReconciliation } from '../api/get-reconciliation';
import { useUploadActuals } from '../api/upload-actuals';
import { MANAGE_PAYMENTS, useWorkplaceCan, useWorkplaceId } from '../hooks/use-payroll-access';
import { ACTUALS_FILE_TYPES, ACTUALS_FILE_WORDS, BATCH_STATUS_TONES, daysUntil, givenWords, givingEmployees, moneyText, payByUrgency, periodWords } from '../payroll-text';
import { ReconciliationView } from './reconciliation-view';
import styles from './workplace-payroll.module.css';
import { useTextFileUpload } from '../hooks/use-text-file-upload';

/**
 * One batch, opened from its row (?batch=<id>): its file's facts, New Zealand's pay-by date, the upload of what payroll
 * deducted (payments managers), the reconciliation, and confirming its donations (payments managers).
 */
export function BatchPanel({ batch: listed, onClose, titleRef }: { batch: PayrollBatch; onClose: () => void; titleRef?: Ref<HTMLSpanElement> }) {
  const workplaceId = useWorkplaceId();
  const country = useDataCountry();
  const canManage = useWorkplaceCan(MANAGE_PAYMENTS);
  // The confirm's answer stands until the list catches up.
  const [confirmedBatch, setConfirmedBatch] = useState<PayrollBatch>();
  const batch = confirmedBatch ?? listed;
  const confirmed = batch.status === 'Confirmed';
  const reconciliation = useReconciliation(workplaceId, batch.id, batch.status !== 'Ready');
  const current = reconciliation.data ?? undefined;

  return (
    <Panel
      title={
        <span ref={titleRef} tabIndex={-1} className={styles.panelTitle}>
          {batch.payCycleName}: {periodWords(batch, country)}
        </span>
      }
      description={
        <>
          Pay date <CalendarDayText date={batch.payDate} /> · {batch.lineCount} {batch.lineCount === 1 ? 'line' : 'lines'}, {moneyText(batch.totalAmount)} · {batch.fileName}
        </>
      }
      actions={
        <div className={styles.panelActions}>
          <Tag tone={BATCH_STATUS_TONES[batch.status]}>{batch.status}</Tag>
          <Button variant="ghost" size="sm" onClick={onClose}>
            Close<span className="visually-hidden"> {batch.payCycleName}</span>
          </Button>
        </div>
      }
    >
      {!confirmed && batch.charitiesPayBy ? <PayByNote payBy={batch.charitiesPayBy} country={country} /> : null}
      {canManage && !confirmed ? <UploadActuals batch={batch} reconciled={current !== undefined} /> : null}

      {batch.status === 'Ready' && !current && !canManage ? (
        <p className={mutedText}>What payroll deducted hasn’t been uploaded yet. Someone who manages payments uploads it once payroll has run.</p>
      ) : null}
      {!current && batch.status !== 'Ready' ? (
        reconciliation.data === null ? (
          <p className={mutedText}>There is no reconciliation for this batch.</p>
        ) : (
          <QueryStates query={reconciliation} loading="Loading the reconciliation" failed="We couldn’t load the reconciliation" headingLevel={4} />
        )
      ) : null}
      {current ? (
        <ConfirmSection batch={batch} reconciliation={current} canManage={canManage} onConfirmed={setConfirmedBatch}>
          <ReconciliationView reconciliation={current} confirmed={confirmed} />
        </ConfirmSection>
      ) : null}
    </Panel>
  );
}

/**
 * Inland Revenue's payroll giving rule (NZ): what payroll deducted must reach the charities by the batch's pay-by
 * date, or it becomes PAYE debt. A quiet note until 14 days are left, then a warning, and an alert once it has passed.
 */
export function PayByNote({ payBy, country }: { payBy: string; country: CountryCode }) {
  const today = localDay(new Date(), COUNTRY_TIME_ZONES[country]);
  const urgency = payByUrgency(payBy, today);
  const date = <CalendarDayText date={payBy} />;
  if (urgency === 'passed') {
    return (
      <p className={styles.payByPassed} role="alert">
        <strong>The charities’ payment was due on {date}.</strong> Under Inland Revenue’s payroll giving rule, an amount they didn’t receive by then becomes
        PAYE debt.
      </p>
    );
  }
  const days = daysUntil(payBy, today);
  const rule = (
    <>
      Charities must receive these donations by {date} (Inland Revenue’s payroll giving rule), or the amount becomes PAYE debt.
    </>
  );
  if (urgency === 'soon') {
    return (
      <p className={styles.payBySoon} role="status">
        <strong>{days === 0 ? 'Due today.' : `${days} ${days === 1 ? 'day' : 'days'} left.`}</strong> {rule}
      </p>
    );
  }
  return <p className={styles.payBy}>{rule}</p>;
}

/**
 * 'Upload what payroll deducted': a text file in the batch's layout, read in the browser (at most 5 MB, refused here
 * with the API's words before any call), then sent as {fileName, content}; the API's field error shows under the zone.
 */
function UploadActuals({ batch, reconciled }: { batch: PayrollBatch; reconciled: boolean }) {
  const workplaceId = useWorkplaceId();
  const headingId = useId();
  const upload = useUploadActuals(workplaceId, batch.id);
  const { onFiles, reading, error } = useTextFileUpload(upload, ACTUALS_FILE_WORDS);
  let status;
  if (reading) status = <Spinner size="sm" label={`Checking ${reading} against this batch`} />;
  else if (upload.isSuccess) status = <span role="status">{upload.data.fileName} is reconciled below.</span>;

  return (
    <section className={styles.upload} aria-labelledby={headingId}>
      <h4 id={headingId} className="visually-hidden">
        Upload what payroll deducted
      </h4>
      <FileDropZone
        label="Upload what payroll deducted"
        hint={
          <>
            Export the deductions payroll made for this pay run in this file’s layout, as {ACTUALS_FILE_WORDS} up to 5 MB.
            {reconciled ? ' A new upload replaces the reconciliation below.' : ''}
          </>
        }
        accept={ACTUALS_FILE_TYPES}
        acceptDescription={ACTUALS_FILE_WORDS}
        disabled={reading !== undefined}
        error={error}
        status={status}
        onFiles={(accepted) => void onFiles(accepted)}
      />
    </section>
  );
}

/**
 * The reconciliation and, for payments managers while the batch is Reconciled, 'Confirm and give $X': after the
 * dialog, each pledge's share of what payroll deducted becomes a donation. Once done, says what was given.
 */
function ConfirmSection({
  batch,
  reconciliation,
  canManage,
  onConfirmed,
  children,
}: {
  batch: PayrollBatch;
  reconciliation: Reconciliation;
  canManage: boolean;
  onConfirmed: (batch: PayrollBatch) => void;
  children: ReactNode;
}) {
  const workplaceId = useWorkplaceId();
  const country = useDataCountry();
  const confirming = useConfirmBatch(workplaceId);
  const [asking, setAsking] = useState(false);
  const [justGiven, setJustGiven] = useState(false);
  const given = useRef<HTMLDivElement>(null);
  const donated = moneyText(reconciliation.donated);
  const employees = givingEmployees(reconciliation.lines);
  const words = givenWords(reconciliation.donated, employees);

  const confirm = () =>
    confirming.mutate(batch.id, {
      onSuccess: (answer) => {
        onConfirmed(answer);
        setJustGiven(true);
        setAsking(false);
      },
    });

  return (
    <>
      {batch.status === 'Confirmed' ? (
        <div ref={given} tabIndex={-1} className={styles.given}>
          {justGiven ? (
            <p className={styles.givenNote} role="status">
              {words}
            </p>
          ) : (
            <p className={styles.givenNote}>
              Confirmed {batch.confirmedAt ? <DateText value={batch.confirmedAt} withTime /> : null}. {words}
            </p>
          )}
        </div>
      ) : null}
      {children}
      {batch.status === 'Reconciled' && canManage ? (
        <div className={styles.confirm}>
          <p>
            Confirming gives {donated} to the charities on behalf of the employees. Check the exceptions first: once confirmed, the batch’s
            actuals can’t change.
          </p>
          <Button
            onClick={() => {
              confirming.reset();
              setAsking(true);
            }}
          >
            Confirm and give {donated}
          </Button>
        </div>
      ) : null}
      {batch.status === 'Reconciled' && !canManage ? <p className={mutedText}>Someone who manages payments confirms this batch’s donations.</p> : null}
      <ConfirmDialog
        open={asking}
        title={`Give ${donated} to the charities?`}
        confirmLabel={`Give ${donated}`}
        busy={confirming.isPending}
        error={confirming.isError ? errorMessageOf(confirming.error) : undefined}
        onCancel={() => setAsking(false)}
        onConfirm={confirm}
        returnFocus={() => given.current}
      >
        <p>Each matched deduction becomes a donation from the employee to the charity. This cannot be undone.</p>
        <p>
          {batch.payCycleName}, {periodWords(batch, country)}: {donated} from {employees} {employees === 1 ? 'employee' : 'employees'}.
        </p>
      </ConfirmDialog>
    </>
  );
}
