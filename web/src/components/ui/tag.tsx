import type { ReactNode } from 'react';
import styles from './tag.module.css';

export type TagTone = 'neutral' | 'accent' | 'success' | 'warning' | 'danger';

/** A short label: a role, a status. */
export function Tag({ tone = 'neutral', children }: { tone?: TagTone; children: ReactNode }) {
  return <span className={`${styles.tag} ${styles[tone]}`}>{children}</span>;
}

/** Tags in a row that wraps. */
export function TagList({ children }: { children: ReactNode }) {
  return <span className={styles.list}>{children}</span>;
}
