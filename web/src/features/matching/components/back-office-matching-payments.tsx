import { Fragment, useEffect, useId, useRef, useState } from 'react';
import { MATCHING_PAYMENT_STATUSES, recordMatchingPaymentSchema, type MatchingPaymentRecord, type MatchingPeriod } from '@giving/shared/contracts/matching-payments';
import { COUNTRY_TIME_ZONES, localDay } from '@giving/shared/local-time';
import { centsToDollarString, parseDollars } from '@giving/shared/money';
import { satisfies } from '@giving/shared/permissions';
import { toFieldErrors } from '@giving/shared/validation';
import { Button } from '../../../components/ui/button';
import { ConsoleScreen, RowHeader, StackedForm } from '../../../components/ui/console-page';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormMessage, TextField } from '../../../components/ui/field';
import { FormActions, FormGrid, Panel, ScreenHeader, Toolbar } from '../../../components/ui/panel';
import { QueryStates } from '../../../components/ui/query-states';
import { ActionsHeader } from '../../../components/ui/row-actions';
import { SelectField } from '../../../components/ui/select-field';
import { applyServerErrors, formFields } from '../../../components/ui/server-errors';
import { ActionsCell, Table } from '../../../components/ui/table';
import { usePermissions } from '../../../lib/account';
import { ApiError } from '../../../lib/api-client';
import { randomId } from '../../../lib/random-id';
import { useBackOfficeMatchingPayments, type MatchingPaymentStatus } from '../api/get-matching-payments';
import { useRecordMatchingPayment } from '../api/record-matching-payment';
import {
  InvoiceButtons,
  MatchedAmount,
  MatchingTotals,
  OwedAmount,
  PaymentsRow,
  amountText,
  countryOfCurrency,
  monthText,
  rowClass,
  rowKey,
  rowName,
  useInvoiceDownloads,
} from './matching-payment-parts';
import styles from './matching-payments.module.css';
import { useAppForm } from '../../../lib/use-app-form';

const COLUMNS = 7;

const STATUS_LABELS: Readonly<Record<MatchingPaymentStatus, string>> = { owed: 'Owed', paid: 'Paid', all: 'All' };
const STATUS_OPTIONS = MATCHING_PAYMENT_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }));

const EMPTY: Readonly<Record<MatchingPaymentStatus, { title: string; description: string }>> = {
  owed: { title: 'Nothing is owed for matching', description: 'When a workplace’s matching campaign matches donations, what it owes shows here month by month.' },
  paid: { title: 'Nothing paid for matching yet', description: 'Months a workplace has paid in full show here, with the payments recorded against them.' },
  all: { title: 'No matching yet', description: 'When a workplace’s matching campaign matches donations, what it owes shows here month by month.' },
};

/**
 * /admin/backoffice/matching-payments — Matching Payments (issue 16 item 7) across workplaces: each campaign's month
 * with what was matched, paid and is still owed (owed by default; paid or all), totals per currency, and the
 * invoices. BackOffice_ManagePayments records a workplace's payment against an owed month when the money arrives.
 */
export function BackOfficeMatchingPayments() {
  const [status, setStatus] = useState<MatchingPaymentStatus>('owed');
  const payments = useBackOfficeMatchingPayments(status);
  const permissions = usePermissions();
  const canRecord = permissions.isSuccess && satisfies(permissions.data.permissions, { anyOf: ['BackOffice_ManagePayments'] });
  const downloads = useInvoiceDownloads();
  const [recording, setRecording] = useState<MatchingPeriod>();
  const [notice, setNotice] = useState<string>();
  const noticeRef = useRef<HTMLDivElement>(null);
  const buttonIds = useId();
  const recordButtonId = (row: MatchingPeriod) => `${buttonIds}-${rowKey(row)}`;

  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  const open = (row: MatchingPeriod) => {
    setNotice(undefined);
    setRecording(row);
  };
  const cancel = () => {
    const row = recording;
    setRecording(undefined);
    if (row) setTimeout(() => document.getElementById(recordButtonId(row))?.focus());
  };
  const recorded = (row: MatchingPeriod, payment: MatchingPaymentRecord) => {
    setRecording(undefined);
    setNotice(`Recorded ${amountText(payment.amount, payment.currency)} from ${row.workplace.name} for ${monthText(row.period)}.`);
  };

  let list;
  if (!payments.isSuccess) list = <QueryStates query={payments} loading="Loading matching payments" failed="We couldn’t load the matching payments" />;
  else if (payments.data.items.length === 0) list = <EmptyState {...EMPTY[status]} />;
  else {
    list = (
      <>
        <MatchingTotals totals={payments.data.totals} />
        {downloads.error ? <FormMessage>We couldn’t download the file: {downloads.error}</FormMessage> : null}
        <Table caption="Matching payments">
          <thead>
            <tr>
              <th scope="col">Workplace</th>
              <th scope="col">Campaign</th>
              <th scope="col">Month</th>
              <th scope="col" className={styles.number}>
                Matched
              </th>
              <th scope="col" className={styles.number}>
                Paid
              </th>
              <th scope="col" className={styles.number}>
                Owed
              </th>
              <ActionsHeader />
            </tr>
          </thead>
          <tbody>
            {payments.data.items.map((row) => (
              <Fragment key={rowKey(row)}>
                <tr className={rowClass(row)}>
                  <RowHeader>{row.workplace.name}</RowHeader>
                  <td>{row.campaignName}</td>
                  <td className={styles.nowrap}>{monthText(row.period)}</td>
                  <td className={styles.number}>
                    <MatchedAmount row={row} />
                  </td>
                  <td className={styles.number}>{amountText(row.paidAmount, row.currency)}</td>
                  <td className={styles.number}>
                    <OwedAmount row={row} />
                  </td>
                  <ActionsCell>
                    {canRecord && row.owedAmount > 0 ? (
                      <Button id={recordButtonId(row)} size="sm" disabled={recording !== undefined && rowKey(recording) === rowKey(row)} onClick={() => open(row)}>
                        Record payment<span className="visually-hidden"> from {rowName(row, true)}</span>
                      </Button>
                    ) : null}
                    <InvoiceButtons row={row} downloads={downloads} backOffice />
                  </ActionsCell>
                </tr>
                <PaymentsRow row={row} columns={COLUMNS} backOffice />
              </Fragment>
            ))}
          </tbody>
        </Table>
      </>
    );
  }

  return (
    <ConsoleScreen>
      <ScreenHeader
        title="Matching Payments"
        description={`What workplaces owe for what their matching campaigns matched, month by month, with each month’s invoice.${canRecord ? ' Record a workplace’s payment when it arrives.' : ''}`}
      />
      <Toolbar>
        <SelectField label="Show" options={STATUS_OPTIONS} value={status} onChange={(event) => setStatus(event.target.value as MatchingPaymentStatus)} />
      </Toolbar>
      {canRecord && recording ? <RecordPaymentForm key={rowKey(recording)} row={recording} onCancel={cancel} onRecorded={(payment) => recorded(recording, payment)} /> : null}
      <div ref={noticeRef} tabIndex={-1} className={styles.noticeAnchor}>
        {notice ? <FormMessage tone="info">{notice}</FormMessage> : null}
      </div>
      {list}
    </ConsoleScreen>
  );
}

/** The form's own values: the amount in dollars as typed. */
interface RecordPaymentValues {
  amount: string;
  receivedOn: string;
  reference: string;
}

const FIELDS = ['amount', 'receivedOn', 'reference'] as const;

/**
 * A workplace's payment for one campaign's month: the amount (what is owed, unless less arrived), the day it arrived
 * and its reference. Checked with the contract's schema before it is sent. Its Idempotency-Key is made when the form
 * opens and sent again with the same payment (a retry after no answer records it once); a changed payment gets a
 * new one. The API's 409 (more than is owed) shows in the form.
 */
function RecordPaymentForm({ row, onCancel, onRecorded }: { row: MatchingPeriod; onCancel: () => void; onRecorded: (payment: MatchingPaymentRecord) => void }) {
  const record = useRecordMatchingPayment();
  const [failure, setFailure] = useState<string>();
  const sent = useRef<{ body?: string; key: string }>({ key: randomId() });
  const today = localDay(new Date(), COUNTRY_TIME_ZONES[countryOfCurrency(row.currency)]);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useAppForm<RecordPaymentValues>({ defaultValues: { amount: centsToDollarString(row.owedAmount), receivedOn: today, reference: '' } });

  useEffect(() => {
    setFocus('amount');
    // Once, as the form opens.
  }, []);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(undefined);
    const parsed = recordMatchingPaymentSchema.safeParse({
      workplaceId: row.workplace.id,
      campaignId: row.campaignId,
      period: row.period,
      amount: parseDollars(values.amount) ?? Number.NaN,
      receivedOn: values.receivedOn,
      reference: values.reference,
    });
    if (!parsed.success) {
      let first = true;
      for (const { field, message } of toFieldErrors(parsed.error.issues)) {
        if ((FIELDS as readonly string[]).includes(field)) {
          setError(field as keyof RecordPaymentValues, { type: 'validate', message }, { shouldFocus: first });
          first = false;
        } else setFailure(message);
      }
      return;
    }
    const body = JSON.stringify(parsed.data);
    if (sent.current.body !== undefined && sent.current.body !== body) sent.current.key = randomId();
    sent.current.body = body;
    try {
      onRecorded(await record.mutateAsync({ payment: parsed.data, idempotencyKey: sent.current.key }));
    } catch (error) {
      // More than is owed (the month changed since the list was read): the API's own words, in the form.
      if (error instanceof ApiError && error.status === 409) setFailure(error.problem.detail ?? Object.values(error.fieldMessages())[0] ?? error.message);
      else setFailure(applyServerErrors(error, setError, formFields(FIELDS)));
    }
  });

  const title = `Record a payment from ${row.workplace.name}`;
  return (
    <Panel title={title} description={`${row.campaignName}, ${monthText(row.period)}: ${amountText(row.owedAmount, row.currency)} owed.`}>
      <StackedForm onSubmit={(event) => void onSubmit(event)} noValidate aria-label={title}>
        <FormGrid>
          <TextField label="Amount ($)" hint="What arrived, at most what is owed." inputMode="decimal" numeric autoComplete="off" error={errors.amount?.message} {...register('amount')} />
          <TextField label="Received on" type="date" max={today} error={errors.receivedOn?.message} {...register('receivedOn')} />
          <TextField label="Reference" hint="The workplace’s payment reference, or the bank statement’s text." autoComplete="off" error={errors.reference?.message} {...register('reference')} />
        </FormGrid>
        {failure ? <FormMessage>{failure}</FormMessage> : null}
        <FormActions>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting}>
            Record payment
          </Button>
        </FormActions>
      </StackedForm>
    </Panel>
  );
}
