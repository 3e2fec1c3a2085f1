import { formatCount, formatMoney } from '@giving/shared/money';
import type { Country } from '../../../lib/country';
import { useSiteStats } from '../api/get-site-stats';
import styles from './site-activity.module.css';

/**
 * The header's site-wide stats (spec §1): overall donations in whole dollars (one format, whatever the total's cents),
 * active users, overall volunteered hours.
 */
export function SiteStats({ country }: { country: Country }) {
  const stats = useSiteStats(country.code);
  // Its row keeps its height while the figures load, so nothing below moves when they arrive.
  if (!stats.data) return stats.isPending ? <div className={styles.stats} aria-hidden="true" /> : null;
  const figures = [
    { label: 'donated', value: formatMoney(stats.data.overallDonations, country.locale, { wholeDollars: true }) },
    { label: 'active users', value: formatCount(stats.data.activeUsers, country.locale) },
    { label: 'hours volunteered', value: formatCount(stats.data.overallVolunteeredHours, country.locale) },
  ];
  return (
    <dl className={styles.stats} aria-label="Site-wide stats">
      {figures.map((figure) => (
        <div key={figure.label} className={styles.stat}>
          <dt className={styles.statLabel}>{figure.label}</dt>
          <dd className={styles.statValue}>{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}
