import type { CurrencyDonations } from '@giving/shared/contracts/dashboards';
import { money } from '@giving/shared/money';
import { countText, moneyText } from '../../lib/money-text';
import { MoneyStatTiles, StatTile } from '../ui/stat-tile';
import { BarChart } from './bar-chart';
import styles from './month-comparison.module.css';

const monthNames = new Intl.DateTimeFormat('en-NZ', { month: 'long', timeZone: 'UTC' });
/** '2026-03' -> 'March'. */
export const monthName = (month: string) => monthNames.format(new Date(`${month}-01T00:00:00Z`));

/**
 * A month's giving beside the month before, in one currency a block: what was given and how many donations, last
 * month's total and what it had reached by the same day, then a chart of each day's amount (this month's bars beside
 * last month's). `label` names the figures ('Donations', 'Your people's giving'); with more than one currency each
 * block is headed by its currency.
 */
export function MonthComparison({ label, lines }: { label: string; lines: readonly CurrencyDonations[] }) {
  return (
    <div className={styles.comparison}>
      {lines.map((line) => (
        <CurrencyMonths key={line.currency} label={label} line={line} named={lines.length > 1} />
      ))}
    </div>
  );
}

function CurrencyMonths({ label, line, named }: { label: string; line: CurrencyDonations; named: boolean }) {
  const { currency, thisMonth, lastMonth } = line;
  const thisName = monthName(thisMonth.month);
  const lastName = monthName(lastMonth.month);
  // Last month to the same day: this month is only part way through.
  const sameDays = lastMonth.byDay.slice(0, thisMonth.byDay.length).reduce((sum, cents) => sum + cents, 0);
  const days = Math.max(thisMonth.byDay.length, lastMonth.byDay.length);
  return (
    <div className={styles.currency}>
      <MoneyStatTiles label={`${label}: ${thisName} beside ${lastName}`} currency={currency} named={named}>
        <StatTile label={`Given in ${thisName}`} value={moneyText(thisMonth.amount)} />
        <StatTile label={`${thisMonth.donations === 1 ? 'Donation' : 'Donations'} in ${thisName}`} value={countText(thisMonth.donations)} />
        <StatTile label={`Given in ${lastName}`} value={moneyText(lastMonth.amount)} />
        <StatTile label={`${lastName} to the same day`} value={moneyText(money(sameDays, currency))} />
      </MoneyStatTiles>
      {thisMonth.donations + lastMonth.donations > 0 ? (
        <BarChart
          title={`${label}: given each day of ${thisName} and ${lastName}${named ? ` (${currency})` : ''}`}
          categoryLabel="Day"
          categories={Array.from({ length: days }, (_, index) => String(index + 1))}
          series={[
            { label: thisName, values: Array.from({ length: days }, (_, index) => thisMonth.byDay[index] ?? 0) },
            { label: lastName, values: Array.from({ length: days }, (_, index) => lastMonth.byDay[index] ?? 0) },
          ]}
          format={{ currency }}
        />
      ) : null}
    </div>
  );
}
