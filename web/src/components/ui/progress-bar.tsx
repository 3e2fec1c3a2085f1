import styles from './progress-bar.module.css';

export interface ProgressBarProps {
  /** The percentage raised (spec 2 §5: 100 when there is no target); above 100 when the target is passed. */
  percentage: number;
  /** What a screen reader hears, e.g. '45% raised: $450 raised of $1,000'. */
  valueText: string;
  label?: string;
  size?: 'md' | 'lg';
}

/** Progress against a target: the bar fills to 100% at most; the figure beside it says more when the target is passed. */
export function ProgressBar({ percentage, valueText, label = 'Raised', size = 'md' }: ProgressBarProps) {
  const shown = Math.max(0, Math.round(percentage));
  const filled = Math.min(100, shown);
  return (
    <div className={size === 'lg' ? styles.progressLarge : styles.progress}>
      <div role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={filled} aria-valuetext={valueText} className={styles.track}>
        <div className={styles.fill} style={{ width: `${filled}%` }} />
      </div>
      <span className={styles.percentage} aria-hidden="true">
        {shown}%
      </span>
    </div>
  );
}
