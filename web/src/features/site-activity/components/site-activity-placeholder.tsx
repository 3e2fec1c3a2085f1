import { tickerWasDismissed } from '../ticker-dismissal';
import styles from './site-activity.module.css';

/**
 * The bar's space while its chunk loads (spec: no layout shifts): the stats' row, and the ticker's unless it was
 * dismissed this session. It is in the page's first chunk; the bar itself loads after the page.
 */
export function SiteActivityPlaceholder() {
  return (
    <div className={styles.bar} aria-hidden="true">
      <div className={styles.stats} />
      {tickerWasDismissed() ? null : <div className={styles.ticker} />}
    </div>
  );
}
