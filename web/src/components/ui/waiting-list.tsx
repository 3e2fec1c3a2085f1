import { Link } from 'react-router-dom';
import { countText } from '../../lib/money-text';
import styles from './waiting-list.module.css';

export interface WaitingItem {
  /** What waits, in the singular and the plural ('application to review', 'applications to review'). */
  one: string;
  many: string;
  /** How many; undefined while it is not known (shown as a dash, never as nothing waiting). */
  count: number | undefined;
  /** The screen where they are handled. */
  to: string;
}

/**
 * What waits for the administrator, each leading to the screen where it is handled: a count and its words, those with
 * something waiting first. When nothing waits (and every count is known) it says so.
 */
export function WaitingList({ items, label = 'Waiting for you' }: { items: readonly WaitingItem[]; label?: string }) {
  if (items.length > 0 && items.every((item) => item.count === 0)) return <p className={styles.none}>Nothing is waiting for you.</p>;
  const ordered = [...items].sort((a, b) => Number((b.count ?? 0) > 0) - Number((a.count ?? 0) > 0));
  return (
    <ul className={styles.list} aria-label={label}>
      {ordered.map((item) => (
        <li key={item.to + item.many} className={(item.count ?? 0) > 0 ? styles.waiting : styles.clear}>
          <Link to={item.to}>
            <span className={styles.count}>{item.count === undefined ? '—' : countText(item.count)}</span> {item.count === 1 ? item.one : item.many}
          </Link>
        </li>
      ))}
    </ul>
  );
}
