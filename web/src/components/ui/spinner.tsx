import styles from './spinner.module.css';

export interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg';
  /** Read by screen readers; leave empty when a visible text beside the spinner says the same. */
  label?: string;
}

export function Spinner({ size = 'md', label = 'Loading' }: SpinnerProps) {
  return (
    <span role={label ? 'status' : undefined} className={styles.wrap}>
      <span className={`${styles.spinner} ${styles[size]}`} aria-hidden="true" />
      {label ? <span className="visually-hidden">{label}</span> : null}
    </span>
  );
}

/** A spinner for a whole section or page while its data loads. */
export function LoadingBlock({ label = 'Loading' }: { label?: string }) {
  return (
    <div className={styles.block} role="status" aria-live="polite">
      <span className={`${styles.spinner} ${styles.lg}`} aria-hidden="true" />
      <span className={styles.blockLabel}>{label}</span>
    </div>
  );
}
