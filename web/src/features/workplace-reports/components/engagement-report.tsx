import { useState } from 'react';
import { useParams } from 'react-router-dom';
import type { EngagementReport } from '@giving/shared/contracts/workplace-reports';
import { BarChart } from '../../../components/charts/bar-chart';
import { Button } from '../../../components/ui/button';
import { ConsoleScreen, mutedText } from '../../../components/ui/console-page';
import { useDataCountry } from '../../../components/ui/date-text';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormMessage } from '../../../components/ui/field';
import { Panel, ScreenHeader } from '../../../components/ui/panel';
import { QueryStates } from '../../../components/ui/query-states';
import { fieldMessagesOf } from '../../../lib/api-client';
import { countText } from '../../../lib/money-text';
import { useDownload } from '../../../lib/use-download';
import { downloadEngagementReport } from '../api/download-engagement-report';
import { useEngagementReport } from '../api/get-engagement-report';
import type { MonthRange } from '../api/keys';
import { participationText, rangePhrase, yearToDate } from '../report-text';
import { FiguresTable, type FiguresColumn } from './figures-table';
import { MonthRangePicker } from './month-range';
import styles from './workplace-reports.module.css';

type EngagementFigures = EngagementReport['totals'];

const COLUMNS: readonly FiguresColumn<EngagementFigures>[] = [
  { label: 'Members', value: (line) => countText(line.members) },
  { label: 'Donors', value: (line) => countText(line.donors) },
  { label: 'Volunteers', value: (line) => countText(line.volunteers) },
  { label: 'People volunteering', value: (line) => countText(line.peopleVolunteering) },
  { label: 'Hours', value: (line) => countText(line.hours) },
  { label: 'Participation', value: (line) => `${line.participation}%` },
];

/**
 * /admin/workplace/:workplaceId/reports/engagement-reports — who took part between two months (this year so far at
 * first, in the workplace's country), by business unit: members, donors, volunteers, the people they took
 * volunteering, hours, and the share of members who gave or volunteered; the same as a CSV file.
 */
export function WorkplaceEngagementReports() {
  const { workplaceId = '' } = useParams();
  const country = useDataCountry();
  const [range, setRange] = useState<MonthRange>(() => yearToDate(country));
  const report = useEngagementReport(workplaceId, range);
  const { download, downloading, error: downloadError } = useDownload();
  const rangeErrors = report.isError ? fieldMessagesOf(report.error, 'query.') : {};
  const badRange = Boolean(rangeErrors.from || rangeErrors.to);

  let figures;
  if (!report.data) {
    figures = badRange ? <p className={mutedText}>Choose the months above to see the report.</p> : <QueryStates query={report} loading="Loading the report" failed="We couldn’t load the report" />;
  } else {
    figures = (
      <div className={styles.figures} aria-busy={report.isPlaceholderData || undefined}>
        <EngagementFiguresView report={report.data} />
      </div>
    );
  }

  return (
    <ConsoleScreen>
      <ScreenHeader
        title="Engagement Reports"
        description="How many of your people gave or volunteered, by business unit."
        actions={
          <Button variant="secondary" loading={downloading} disabled={!report.isSuccess || report.isPlaceholderData} onClick={() => void download(() => downloadEngagementReport({ workplaceId, range }))}>
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

function EngagementFiguresView({ report }: { report: EngagementReport }) {
  const { rows, totals } = report;
  if (rows.length === 0) {
    return <EmptyState title="No members yet" description="When people join your workplace, their giving and volunteering are counted here." />;
  }
  const anyone = totals.donors > 0 || totals.volunteers > 0;
  return (
    <>
      <p className={styles.lead}>{totals.members === 0 ? 'Your workplace has no members to count yet.' : `${participationText(totals)} ${rangePhrase(report)}: they gave or volunteered.`}</p>
      <Panel title="Donors and volunteers by business unit" description="Members who gave, and members who volunteered, in each business unit.">
        {anyone ? (
          <BarChart
            title="Donors and volunteers by business unit"
            categoryLabel="Business unit"
            categories={rows.map((row) => row.name)}
            series={[
              { label: 'Donors', values: rows.map((row) => row.donors) },
              { label: 'Volunteers', values: rows.map((row) => row.volunteers) },
            ]}
          />
        ) : (
          <EmptyState title="No one gave or volunteered in these months" description="Donations and completed volunteering by your members are counted here." />
        )}
      </Panel>
      <Panel title="Business units" description="Members are counted in the business unit they are in now; donors and volunteers in the one they were in at the time.">
        <FiguresTable
          caption="Engagement by business unit"
          first="Business unit"
          rows={rows}
          rowKey={(row) => row.businessUnitId || 'none'}
          name={(row) => row.name}
          columns={COLUMNS}
          total={{ name: 'All business units', row: { businessUnitId: '', name: 'All business units', ...totals } }}
        />
      </Panel>
    </>
  );
}
