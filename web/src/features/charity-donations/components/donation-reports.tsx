import { useState } from 'react';
import {
  DATE_RANGE_MESSAGE,
  GENERAL_DONATION,
  GENERAL_DONATION_LABEL,
  dateTextSchema,
  type DonationReportFilter,
} from '@giving/shared/contracts/charity-reports';
import type { PaymentType } from '@giving/shared/contracts/donations-public';
import { Button } from '../../../components/ui/button';
import { ConsoleScreen, RowHeader, mutedText } from '../../../components/ui/console-page';
import { DateText } from '../../../components/ui/date-text';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormMessage, TextField } from '../../../components/ui/field';
import { Panel, ScreenHeader } from '../../../components/ui/panel';
import { LoadMore, QueryStates } from '../../../components/ui/query-states';
import { SelectField } from '../../../components/ui/select-field';
import { StatTile, StatTiles } from '../../../components/ui/stat-tile';
import { Table } from '../../../components/ui/table';
import { useCharityGifts } from '../api/get-charity-gifts';
import { downloadDonationReport, useDonationReport } from '../api/get-donation-report';
import { useCan, useCharityId } from '../hooks/use-console';
import { TIP_NOTE, moneyText } from '../money-text';
import { useDownload } from '../../../lib/use-download';
import styles from './charity-donations.module.css';
import { useAppForm } from '../../../lib/use-app-form';

export const PAYMENT_TYPE_LABELS: Record<PaymentType, string> = { CARD: 'Card', VOUCHER: 'Gift voucher', PAYROLL: 'Payroll', NONE: 'None' };
const PAYMENT_TYPE_OPTIONS = (['CARD', 'VOUCHER', 'PAYROLL'] as const).map((value) => ({ value, label: PAYMENT_TYPE_LABELS[value] }));

interface FilterForm {
  from: string;
  to: string;
  giftId: string;
  paymentType: string;
}

/** The filters the donation report and its CSV file share: dates, gift (or general donations), payment type. */
function ReportFilters({ charityId, onApply }: { charityId: string; onApply: (filter: DonationReportFilter) => void }) {
  const canSeeGifts = useCan({ anyOf: ['Charity_DollarHandleView'] }, { charityId });
  const gifts = useCharityGifts(charityId, { enabled: canSeeGifts });
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    clearErrors,
    formState: { errors },
  } = useAppForm<FilterForm>({ defaultValues: { from: '', to: '', giftId: '', paymentType: '' } });

  // Spec §5: a date that is not year-month-day, or not a real date, shows the error and clears the filter value.
  const submit = handleSubmit((values) => {
    clearErrors();
    const dates: { from?: string; to?: string } = {};
    for (const name of ['from', 'to'] as const) {
      if (!values[name].trim()) continue;
      const parsed = dateTextSchema.safeParse(values[name].trim());
      if (parsed.success) dates[name] = parsed.data;
      else {
        setError(name, { type: 'validate', message: parsed.error.issues[0]?.message });
        setValue(name, '');
      }
    }
    if (dates.from && dates.to && dates.from > dates.to) {
      setError('to', { type: 'validate', message: DATE_RANGE_MESSAGE });
      return;
    }
    onApply({
      ...dates,
      ...(values.giftId ? { giftId: values.giftId } : {}),
      ...(values.paymentType ? { paymentType: values.paymentType as PaymentType } : {}),
    });
  });

  const giftOptions = [{ value: GENERAL_DONATION, label: GENERAL_DONATION_LABEL }, ...(gifts.data?.items ?? []).map((gift) => ({ value: gift.id, label: gift.title }))];
  return (
    <form className={styles.filters} onSubmit={(event) => void submit(event)} noValidate aria-label="Filter donations">
      <TextField label="From" placeholder="YYYY-MM-DD" error={errors.from?.message} {...register('from')} />
      <TextField label="To" placeholder="YYYY-MM-DD" error={errors.to?.message} {...register('to')} />
      <SelectField label="Gift" placeholder="All" options={giftOptions} {...register('giftId')} />
      <SelectField label="Payment type" placeholder="All" options={PAYMENT_TYPE_OPTIONS} {...register('paymentType')} />
      <Button type="submit" variant="secondary">
        Apply filters
      </Button>
    </form>
  );
}

/**
 * /admin/charity/:charityId/reports/donation-reports — the charity's completed donations (newest first) with totals,
 * filters, more pages, and the same donations as a CSV file.
 */
export function DonationReports() {
  const charityId = useCharityId();
  const [filter, setFilter] = useState<DonationReportFilter>({});
  const report = useDonationReport(charityId, filter);
  const { download: save, downloading, error: downloadError } = useDownload();
  const rows = report.data?.pages.flatMap((page) => page.items) ?? [];
  const totals = report.data?.pages[0]?.totals;

  const download = () => save(() => downloadDonationReport({ charityId, filter }));

  let list;
  if (!report.data) list = <QueryStates query={report} loading="Loading donations" failed="We couldn’t load your donations" />;
  else if (rows.length === 0) list = <EmptyState title="No donations found" description="No completed donations match these filters." />;
  else {
    list = (
      <>
        <Table caption="Donations">
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Donor</th>
              <th scope="col">Receipt name</th>
              <th scope="col">Gift</th>
              <th scope="col" className={styles.number}>
                Quantity
              </th>
              <th scope="col" className={styles.number}>
                Amount
              </th>
              <th scope="col">Payment type</th>
              <th scope="col">Tracking number</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.donationId}>
                <td className={styles.nowrap}>
                  <DateText value={row.completedAt} withTime />
                </td>
                <RowHeader>{row.donorName}</RowHeader>
                <td>{row.receiptName}</td>
                <td>{row.gift?.title ?? GENERAL_DONATION_LABEL}</td>
                <td className={styles.number}>{row.quantity}</td>
                <td className={styles.number}>{moneyText(row.amount)}</td>
                <td>{PAYMENT_TYPE_LABELS[row.paymentType]}</td>
                <td className={styles.code}>{row.trackingNumber}</td>
              </tr>
            ))}
          </tbody>
        </Table>
        <LoadMore query={report} noun="donations" />
      </>
    );
  }

  return (
    <ConsoleScreen>
      <ScreenHeader
        title="Donation Reports"
        description="Completed donations to your charity, newest first."
        actions={
          <Button variant="secondary" loading={downloading} onClick={() => void download()}>
            Download CSV
          </Button>
        }
      />
      {downloadError ? <FormMessage>We couldn’t download the file: {downloadError}</FormMessage> : null}
      <Panel title="Filters">
        <ReportFilters charityId={charityId} onApply={setFilter} />
      </Panel>
      {totals ? (
        <StatTiles label="Totals">
          <StatTile label={totals.count === 1 ? 'Donation' : 'Donations'} value={totals.count.toLocaleString('en-NZ')} />
          <StatTile label="Total received" value={moneyText(totals.amount)} />
        </StatTiles>
      ) : null}
      <p className={mutedText}>{TIP_NOTE}</p>
      {list}
    </ConsoleScreen>
  );
}
