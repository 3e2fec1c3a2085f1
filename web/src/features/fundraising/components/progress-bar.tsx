import type { Totals } from '@giving/shared/contracts/fundraising';
import { raisedText } from '../fundraising-text';
import styles from './fundraising.module.css';

/**
 * How much of the target is raised (spec 2 §5 raisedPercentage: 100 when there is no target). The bar fills to 100%
 * at most; the figure says more when the target is passed.
 */
export function ProgressBar({ totals, size = 'md' }: { totals: Pick<Totals, 'raisedPercentage' | 'donatedAmount' | 'targetAmount' | 'currency'>; size?: 'md' | 'lg' }) {
  const percentage = Math.max(0, totals.raisedPercentage);
  const filled = Math.min(100, percentage);
  return (
    <div className={size === 'lg' ? styles.progressLarge : styles.progress}>
      <div
        role="progressbar"
        aria-label="Raised"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={filled}
        aria-valuetext={`${percentage}% raised: ${raisedText(totals)}`}
        className={styles.track}
      >
        <div className={styles.fill} style={{ width: `${filled}%` }} />
      </div>
      <span className={styles.percentage} aria-hidden="true">
        {percentage}%
      </span>
    </div>
  );
}
