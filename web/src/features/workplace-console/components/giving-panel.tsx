import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { GivingFigures, GivingSummary } from '@giving/shared/contracts/workplace-reports';
import { MonthComparison } from '../../../components/charts/month-comparison';
import { RowHeader, mutedText } from '../../../components/ui/console-page';
import { EmptyState } from '../../../components/ui/empty-state';
import { Panel } from '../../../components/ui/panel';
import { QueryStates, type LoadingQuery } from '../../../components/ui/query-states';
import { StatTile, StatTiles } from '../../../components/ui/stat-tile';
import { Table } from '../../../components/ui/table';
import { countText, moneyText } from '../../../lib/money-text';
import styles from './workplace-console.module.css';

const monthNames = new Intl.DateTimeFormat('en-NZ', { month: 'long', year: 'numeric', timeZone: 'UTC' });
/** '2026-03' -> 'March 2026'. */
const monthName = (month: string) => monthNames.format(new Date(`${month}-01T00:00:00Z`));

/**
 * The dashboard's giving figures: this month beside last month (day by day), this year's amount, donations and donors,
 * the top charities this month and this year, and the year by giving type (the workplace's country's calendar). `reports` leads to the donation report, for those who
 * may read it.
 */
export function GivingPanel({ summary, reports }: { summary: LoadingQuery & ({ isSuccess: true; data: GivingSummary } | { isSuccess: false }); reports?: string }) {
  return (
    <Panel
      title="Giving"
      description="What your people gave, by card, gift voucher and payroll."
      actions={reports ? <Link to={reports}>See donation reports</Link> : undefined}
    >
      {summary.isSuccess ? <GivingFiguresView summary={summary.data} /> : <QueryStates query={summary} headingLevel={4} loading="Loading your giving" failed="We couldn’t load your giving" />}
    </Panel>
  );
}

function GivingFiguresView({ summary }: { summary: GivingSummary }) {
  const year = summary.month.slice(0, 4);
  const month = monthName(summary.month);
  if (summary.thisYear.donations === 0 && summary.lastMonth.donations === 0) {
    return <EmptyState headingLevel={4} title="No donations yet this year" description="When your people give, by card, gift voucher or payroll, their giving shows here." />;
  }
  const { currency } = summary.thisMonth.amount;
  const line = {
    currency,
    thisMonth: { month: summary.month, donations: summary.thisMonth.donations, amount: summary.thisMonth.amount, byDay: summary.byDay.thisMonth },
    lastMonth: { month: summary.lastMonth.month, donations: summary.lastMonth.donations, amount: summary.lastMonth.amount, byDay: summary.byDay.lastMonth },
  };
  return (
    <div className={styles.giving}>
      <Titled title="This month beside last month">
        <MonthComparison label="Your people’s giving" lines={[line]} />
      </Titled>
      <Period title="This year" detail={`${year} so far`} figures={summary.thisYear} />
      <div className={styles.splits}>
        <Titled title={`Top charities in ${month}`}>
          {summary.topCharitiesThisMonth.length === 0 ? (
            <p className={mutedText}>No donations yet this month.</p>
          ) : (
            <FiguresTable caption={`Top charities in ${month}`} first="Charity" lines={summary.topCharitiesThisMonth.map((line) => ({ key: line.charityId, name: line.name, figures: line }))} />
          )}
        </Titled>
        <Titled title={`Top charities in ${year}`}>
          <FiguresTable caption={`Top charities in ${year}`} first="Charity" lines={summary.topCharities.map((line) => ({ key: line.charityId, name: line.name, figures: line }))} />
        </Titled>
        <Titled title="By giving type">
          <FiguresTable caption={`Giving in ${year} by giving type`} first="Giving type" lines={summary.byGivingType.map((line) => ({ key: line.givingType, name: line.name, figures: line }))} />
        </Titled>
      </div>
    </div>
  );
}

/** A part of the panel under its own heading (h4, under the panel's). */
function Titled({ title, children }: { title: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={styles.split}>
      <h4 id={headingId}>{title}</h4>
      {children}
    </section>
  );
}

function Period({ title, detail, figures }: { title: string; detail: string; figures: GivingFigures }) {
  return (
    <Titled
      title={
        <>
          {title} <span className={styles.detail}>{detail}</span>
        </>
      }
    >
      <StatTiles label={`${title}: ${detail}`}>
        <StatTile label="Given" value={moneyText(figures.amount)} />
        <StatTile label={figures.donations === 1 ? 'Donation' : 'Donations'} value={countText(figures.donations)} />
        <StatTile label={figures.donors === 1 ? 'Donor' : 'Donors'} value={countText(figures.donors)} />
      </StatTiles>
    </Titled>
  );
}

function FiguresTable({ caption, first, lines }: { caption: string; first: string; lines: { key: string; name: string; figures: GivingFigures }[] }) {
  return (
    <Table caption={caption}>
      <thead>
        <tr>
          <th scope="col">{first}</th>
          <th scope="col" className={styles.number}>
            Amount
          </th>
          <th scope="col" className={styles.number}>
            Donations
          </th>
          <th scope="col" className={styles.number}>
            Donors
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.key}>
            <RowHeader>{line.name}</RowHeader>
            <td className={styles.number}>{moneyText(line.figures.amount)}</td>
            <td className={styles.number}>{countText(line.figures.donations)}</td>
            <td className={styles.number}>{countText(line.figures.donors)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
