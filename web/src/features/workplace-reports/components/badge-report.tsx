import { useState } from 'react';
import { useParams } from 'react-router-dom';
import type { BadgeReport } from '@giving/shared/contracts/workplace-reports';
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
import { downloadBadgeReport } from '../api/download-badge-report';
import { useBadgeReport } from '../api/get-badge-report';
import type { MonthRange } from '../api/keys';
import { participantsOf, rangePhrase, yearToDate } from '../report-text';
import { FiguresTable, type FiguresColumn } from './figures-table';
import { MonthRangePicker } from './month-range';
import styles from './workplace-reports.module.css';

type Badge = BadgeReport['badges'][number];
type UnitRow = BadgeReport['byBusinessUnit'][number];

/**
 * /admin/workplace/:workplaceId/reports/badge-reports — the badges the workplace's members earned between two months
 * (this year so far at first, in the workplace's country): how many of each, and by business unit how many members
 * earned one and their share of the unit; the same as a CSV file.
 */
export function WorkplaceBadgeReports() {
  const { workplaceId = '' } = useParams();
  const country = useDataCountry();
  const [range, setRange] = useState<MonthRange>(() => yearToDate(country));
  const report = useBadgeReport(workplaceId, range);
  const { download, downloading, error: downloadError } = useDownload();
  const rangeErrors = report.isError ? fieldMessagesOf(report.error, 'query.') : {};
  const badRange = Boolean(rangeErrors.from || rangeErrors.to);

  let figures;
  if (!report.data) {
    figures = badRange ? <p className={mutedText}>Choose the months above to see the report.</p> : <QueryStates query={report} loading="Loading the report" failed="We couldn’t load the report" />;
  } else {
    figures = (
      <div className={styles.figures} aria-busy={report.isPlaceholderData || undefined}>
        <BadgeFiguresView report={report.data} />
      </div>
    );
  }

  return (
    <ConsoleScreen>
      <ScreenHeader
        title="Badge Reports"
        description="The badges your people earned by giving, and how many in each business unit."
        actions={
          <Button variant="secondary" loading={downloading} disabled={!report.isSuccess || report.isPlaceholderData} onClick={() => void download(() => downloadBadgeReport({ workplaceId, range }))}>
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

/** '2 of 3 members earned a badge in November 2026 (67%)', or with only the share when the count cannot be known. */
function leadText(report: BadgeReport): string {
  const { members, participation } = report.totals;
  if (members === 0) return 'Your workplace has no members to count yet.';
  const noun = members === 1 ? 'member' : 'members';
  const earners = participantsOf(members, participation);
  const who = earners === undefined ? `${participation}% of ${countText(members)} ${noun}` : `${countText(earners)} of ${countText(members)} ${noun}`;
  return `${who} earned a badge ${rangePhrase(report)}${earners === undefined ? '' : ` (${participation}%)`}.`;
}

const badgeName = (badge: Badge) => `${badge.icon} ${badge.name}`.trim();

function BadgeFiguresView({ report }: { report: BadgeReport }) {
  const { badges, byBusinessUnit, totals } = report;
  if (byBusinessUnit.length === 0) {
    return <EmptyState title="No members yet" description="When people join your workplace, the badges they earn by giving are counted here." />;
  }
  const columns: readonly FiguresColumn<UnitRow>[] = [
    { label: 'Members', value: (line) => countText(line.members) },
    { label: 'Earned a badge', value: (line) => countText(line.earners) },
    ...badges.map((badge) => ({ label: badge.name, value: (line: UnitRow) => countText(line.byBadge[badge.badgeId] ?? 0) })),
    { label: 'Badges earned', value: (line) => countText(line.awarded) },
    { label: 'Participation', value: (line) => `${line.participation}%` },
  ];
  return (
    <>
      <p className={styles.lead}>{leadText(report)}</p>
      <Panel title="Badges earned" description="How many times each badge was earned, in the order they are reached.">
        {badges.length > 0 ? (
          <>
            <BarChart title="Badges earned" categoryLabel="Badge" categories={badges.map(badgeName)} series={[{ label: 'Badges earned', values: badges.map((badge) => badge.awarded) }]} />
            <FiguresTable
              caption="Badges earned, by badge"
              first="Badge"
              rows={badges}
              rowKey={(badge) => badge.badgeId}
              name={badgeName}
              columns={[
                { label: 'Earned at', value: (badge) => `${countText(badge.donationCount)} ${badge.donationCount === 1 ? 'donation' : 'donations'}` },
                { label: 'Times earned', value: (badge) => countText(badge.awarded) },
              ]}
            />
          </>
        ) : (
          <EmptyState title="No badges earned in these months" description="Members earn badges as their donations add up; each one is counted here." />
        )}
      </Panel>
      <Panel title="Business units" description="Members are counted in the business unit they are in now; badges in the one their earner was in at the time.">
        <FiguresTable
          caption="Badges by business unit"
          first="Business unit"
          rows={byBusinessUnit}
          rowKey={(row) => row.businessUnitId || 'none'}
          name={(row) => row.name}
          columns={columns}
          total={{ name: 'All business units', row: { businessUnitId: '', name: 'All business units', ...totals } }}
        />
      </Panel>
    </>
  );
}
