import { useState } from 'react';
import { useParams } from 'react-router-dom';
import type { GivingFigures, WorkplaceDonationReport } from '@giving/shared/contracts/workplace-reports';
import { BarChart } from '../../../components/charts/bar-chart';
import { Button } from '../../../components/ui/button';
import { ConsoleScreen, mutedText } from '../../../components/ui/console-page';
import { useDataCountry } from '../../../components/ui/date-text';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormMessage } from '../../../components/ui/field';
import { Panel, ScreenHeader } from '../../../components/ui/panel';
import { QueryStates } from '../../../components/ui/query-states';
import { StatTile, StatTiles } from '../../../components/ui/stat-tile';
import { fieldMessagesOf } from '../../../lib/api-client';
import { countText, moneyText } from '../../../lib/money-text';
import { useDownload } from '../../../lib/use-download';
import { downloadDonationReport } from '../api/download-donation-report';
import { useDonationReport } from '../api/get-donation-report';
import type { MonthRange } from '../api/keys';
import { monthLabel, rangePhrase, yearToDate } from '../report-text';
import { FiguresTable, type FiguresColumn } from './figures-table';
import { MonthRangePicker } from './month-range';
import styles from './workplace-reports.module.css';

const FIGURES: readonly FiguresColumn<GivingFigures>[] = [
  { label: 'Amount', value: (line) => moneyText(line.amount) },
  { label: 'Donations', value: (line) => countText(line.donations) },
  { label: 'Donors', value: (line) => countText(line.donors) },
];

/**
 * /admin/workplace/:workplaceId/reports/donation-reports — what the workplace's people gave between two months (this
 * year so far at first, in the workplace's country): totals, amount by month, and lines by charity, business unit and
 * giving type; the same as a CSV file. Totals only: no one's donations are shown.
 */
export function WorkplaceDonationReports() {
  const { workplaceId = '' } = useParams();
  const country = useDataCountry();
  const [range, setRange] = useState<MonthRange>(() => yearToDate(country));
  const report = useDonationReport(workplaceId, range);
  const { download, downloading, error: downloadError } = useDownload();
  const rangeErrors = report.isError ? fieldMessagesOf(report.error, 'query.') : {};
  const badRange = Boolean(rangeErrors.from || rangeErrors.to);
  const loaded = report.isSuccess && !report.isPlaceholderData;

  let figures;
  if (!report.data) {
    figures = badRange ? <p className={mutedText}>Choose the months above to see the report.</p> : <QueryStates query={report} loading="Loading the report" failed="We couldn’t load the report" />;
  } else {
    figures = (
      <div className={styles.figures} aria-busy={report.isPlaceholderData || undefined}>
        <DonationFigures report={report.data} />
      </div>
    );
  }

  return (
    <ConsoleScreen>
      <ScreenHeader
        title="Donation Reports"
        description="What your people gave, by month, charity, business unit and giving type: totals only, never anyone’s own donations."
        actions={
          <Button variant="secondary" loading={downloading} disabled={!loaded || report.data.totals.donations === 0} onClick={() => void download(() => downloadDonationReport({ workplaceId, range }))}>
            Download CSV
          </Button>
        }
      />
      {downloadError ? <FormMessage>We couldn’t download the file: {downloadError}</FormMessage> : null}
      <MonthRangePicker range={range} onChange={setRange} errors={rangeErrors} updating={report.isPlaceholderData && report.isFetching} />
      {figures}
    </ConsoleScreen>
  );
}

function DonationFigures({ report }: { report: WorkplaceDonationReport }) {
  const { totals } = report;
  if (totals.donations === 0) {
    return <EmptyState title="No donations in these months" description={`Nothing was given ${rangePhrase(report)}. Donations by card, gift voucher or payroll are counted here.`} />;
  }
  return (
    <>
      <StatTiles label="Totals">
        <StatTile label="Given" value={moneyText(totals.amount)} />
        <StatTile label={totals.donations === 1 ? 'Donation' : 'Donations'} value={countText(totals.donations)} />
        <StatTile label={totals.donors === 1 ? 'Donor' : 'Donors'} value={countText(totals.donors)} />
      </StatTiles>
      <Panel title="Amount by month" description={`Given ${rangePhrase(report)}, by the month of the donation.`}>
        <BarChart
          title="Amount given by month"
          categoryLabel="Month"
          categories={report.byMonth.map((line) => monthLabel(line.month))}
          series={[{ label: 'Amount', values: report.byMonth.map((line) => line.amount.cents) }]}
          format={{ currency: totals.amount.currency }}
        />
      </Panel>
      <Panel title="Charities" description="Largest first.">
        <FiguresTable caption="Donations by charity" first="Charity" rows={report.byCharity} rowKey={(line) => line.charityId} name={(line) => line.name} columns={FIGURES} />
      </Panel>
      <Panel title="Business units" description="The donor’s business unit when they gave.">
        <FiguresTable
          caption="Donations by business unit"
          first="Business unit"
          rows={report.byBusinessUnit}
          rowKey={(line) => line.businessUnitId || 'none'}
          name={(line) => line.name}
          columns={FIGURES}
        />
      </Panel>
      <Panel title="Giving types">
        <FiguresTable caption="Donations by giving type" first="Giving type" rows={report.byGivingType} rowKey={(line) => line.givingType} name={(line) => line.name} columns={FIGURES} />
      </Panel>
    </>
  );
}
