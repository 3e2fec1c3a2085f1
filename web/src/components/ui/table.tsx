import type { ReactNode } from 'react';
import styles from './table.module.css';

/**
 * A data table that scrolls sideways on narrow screens instead of squashing its columns.
 * The caption names it for assistive technology (visually hidden unless `showCaption`).
 */
export function Table({ caption, showCaption = false, children }: { caption: string; showCaption?: boolean; children: ReactNode }) {
  return (
    <div className={styles.scroll}>
      <table className={styles.table}>
        <caption className={showCaption ? styles.caption : 'visually-hidden'}>{caption}</caption>
        {children}
      </table>
    </div>
  );
}

/** A cell for a row's actions, aligned to the end. */
export function ActionsCell({ children }: { children: ReactNode }) {
  return (
    <td className={styles.actions}>
      <div className={styles.actionsInner}>{children}</div>
    </td>
  );
}

/** A narrow cell for a row's selection checkbox. */
export function SelectCell({ children, header = false, className }: { children: ReactNode; header?: boolean; className?: string }) {
  const Cell = header ? 'th' : 'td';
  return <Cell className={[styles.select, className].filter(Boolean).join(' ')}>{children}</Cell>;
}
