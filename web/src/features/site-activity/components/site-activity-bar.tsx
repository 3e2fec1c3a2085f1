import type { Country } from '../../../lib/country';
import { SiteStats } from './site-stats';
import { Ticker } from './ticker';
import styles from './site-activity.module.css';

/** Under the header on public pages: the site-wide stats and the recent-donations ticker. */
export function SiteActivityBar({ country }: { country: Country }) {
  return (
    <div className={styles.bar}>
      <SiteStats country={country} />
      <Ticker country={country} />
    </div>
  );
}
