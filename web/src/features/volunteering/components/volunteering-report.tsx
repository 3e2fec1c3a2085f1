import { useState, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Application } from '@giving/shared/contracts/volunteering';
import { BarChart } from '../../../components/charts/bar-chart';
import { Button } from '../../../components/ui/button';
import { ConsoleScreen, RowHeader } from '../../../components/ui/console-page';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormMessage } from '../../../components/ui/field';
import { Panel, ScreenHeader } from '../../../components/ui/panel';
import { StatTile, StatTiles } from '../../../components/ui/stat-tile';
import { Table } from '../../../components/ui/table';
import { QueryStates } from '../../../components/ui/query-states';
import { saveFile } from '../../../lib/save-file';
import { errorMessageOf } from '../../../lib/api-client';
import { volunteeringReport, type ReportTotals } from '../report';
import styles from './console.module.css';

export const count = (n: number) => n.toLocaleString('en-NZ');
export const hours = (n: number) => Number(n.toFixed(1)).toLocaleString('en-NZ');

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** '2030-01' -> 'Jan 30'. */
const monthLabel = (month: string) => {
  const [year, m] = month.split('-');
  return `${MONTHS[Number(m) - 1] ?? m} ${year?.slice(2)}`;
};

export interface VolunteeringReportProps {
  title: string;
  description: string;
  /** The applications the report counts (the charity's, a workplace's members', the platform's). */
  applications: UseQueryResult<{ items: Application[] }>;
  /** Reports across charities add a line per charity, and the CSV names each row's charity. */
  acrossCharities?: boolean;
  /** What the roles' empty state says. */
  noApplications: string;
  /** Above the figures (the back office's filters). */
  filters?: ReactNode;
  /** Panels after the lines (the charity's workplaces). */
  children?: ReactNode;
}

/**
 * A volunteering report: hours, applications, volunteers and completed ones, hours by month (a chart), a line per
 * charity (across charities) and per role, and the applications as a CSV file (volunteering.csv).
 */
export function VolunteeringReport({ title, description, applications, acrossCharities = false, noApplications, filters, children }: VolunteeringReportProps) {
  const [downloadError, setDownloadError] = useState<string>();
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    if (!applications.isSuccess) return;
    setDownloadError(undefined);
    setDownloading(true);
    try {
      // The CSV writer (and its library) loads when someone downloads, not with the report.
      const { applicationsCsv } = await import('../applications-csv');
      saveFile(new Blob([applicationsCsv(applications.data.items, { withCharity: acrossCharities })], { type: 'text/csv;charset=utf-8' }), 'volunteering.csv');
    } catch (error) {
      setDownloadError(errorMessageOf(error));
    } finally {
      setDownloading(false);
    }
  };

  const header = (
    <ScreenHeader
      title={title}
      description={description}
      actions={
        <Button variant="secondary" loading={downloading} disabled={!applications.isSuccess || applications.data.items.length === 0} onClick={() => void download()}>
          Download CSV
        </Button>
      }
    />
  );
  if (!applications.isSuccess) {
    return (
      <ConsoleScreen>
        {header}
        {filters}
        <QueryStates query={applications} loading="Loading the report" failed="We couldn’t load the report" />
      </ConsoleScreen>
    );
  }
  const report = volunteeringReport(applications.data.items);
  return (
    <ConsoleScreen>
      {header}
      {filters}
      {downloadError ? <FormMessage>We couldn’t make the file: {downloadError}</FormMessage> : null}
      <StatTiles label="Totals">
        <StatTile label="Hours volunteered" value={hours(report.totals.hours)} />
        <StatTile label={report.totals.applications === 1 ? 'Application' : 'Applications'} value={count(report.totals.applications)} />
        <StatTile label="Volunteers" value={count(report.totals.volunteers)} />
        <StatTile label="Completed" value={count(report.totals.completed)} />
      </StatTiles>
      <Panel title="Hours by month" description="Hours of completed applications, by the month of their session.">
        {report.hoursByMonth.length === 0 ? (
          <EmptyState title="No hours yet" description="Hours appear once applications are completed." />
        ) : (
          <BarChart
            title="Hours volunteered by month"
            categoryLabel="Month"
            categories={report.hoursByMonth.map((point) => monthLabel(point.month))}
            series={[{ label: 'Hours', values: report.hoursByMonth.map((point) => point.hours) }]}
          />
        )}
      </Panel>
      {acrossCharities ? (
        <Panel title="Charities">
          {report.charities.length === 0 ? (
            <EmptyState title="No applications yet" description={noApplications} />
          ) : (
            <TotalsTable caption="Charities" first="Charity" lines={report.charities.map((line) => ({ key: line.charityId, name: line.name, totals: line }))} />
          )}
        </Panel>
      ) : null}
      <Panel title="Roles">
        {report.roles.length === 0 ? (
          <EmptyState title="No applications yet" description={noApplications} />
        ) : (
          <TotalsTable
            caption="Roles"
            first="Role"
            lines={report.roles.map((line) => ({ key: line.opportunityId, name: line.title, totals: line }))}
          />
        )}
      </Panel>
      {children}
    </ConsoleScreen>
  );
}

/** A figures table: a row header per row, then a right-aligned number per column. */
export function FiguresTable<Row>({
  caption,
  first,
  rows,
  rowKey,
  name,
  columns,
}: {
  caption: string;
  first: string;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  name: (row: Row) => string;
  columns: readonly { label: string; value: (row: Row) => string }[];
}) {
  return (
    <Table caption={caption}>
      <thead>
        <tr>
          <th scope="col">{first}</th>
          {columns.map((column) => (
            <th key={column.label} scope="col" className={styles.number}>
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            <RowHeader>{name(row)}</RowHeader>
            {columns.map((column) => (
              <td key={column.label} className={styles.number}>
                {column.value(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

const TOTALS_COLUMNS: readonly { label: string; value: (line: { totals: ReportTotals }) => string }[] = [
  { label: 'Applications', value: ({ totals }) => count(totals.applications) },
  { label: 'Volunteers', value: ({ totals }) => count(totals.volunteers) },
  { label: 'Completed', value: ({ totals }) => count(totals.completed) },
  { label: 'Hours', value: ({ totals }) => hours(totals.hours) },
];

/** One row per line: its name, then applications, volunteers, completed and hours. */
function TotalsTable({ caption, first, lines }: { caption: string; first: string; lines: { key: string; name: string; totals: ReportTotals }[] }) {
  return <FiguresTable caption={caption} first={first} rows={lines} rowKey={(line) => line.key} name={(line) => line.name} columns={TOTALS_COLUMNS} />;
}
