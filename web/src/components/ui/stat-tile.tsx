import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styles from './stat-tile.module.css';

export interface StatTileProps {
  label: string;
  /** The figure; a dash while it is not known. */
  value: ReactNode;
  /** Where the tile leads (the list the figure counts). */
  to?: string;
}

/** A dashboard figure: a big number and what it counts. */
export function StatTile({ label, value, to }: StatTileProps) {
  const content = (
    <>
      <span className={styles.value}>{value}</span>
      <span className={styles.label}>{label}</span>
    </>
  );
  return <li className={styles.tile}>{to ? <Link to={to} className={styles.link}>{content}</Link> : <div className={styles.inner}>{content}</div>}</li>;
}

/** Tiles in a responsive grid. */
export function StatTiles({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul className={styles.tiles} aria-label={label}>
      {children}
    </ul>
  );
}

/**
 * One currency's money figures: short tiles (several to a row on a phone), headed by the currency when a screen shows
 * more than one (`named`). The workplace's voucher totals and matching payments use it.
 */
export function MoneyStatTiles({ label, currency, named, children }: { label: string; currency: string; named: boolean; children: ReactNode }) {
  return (
    <div className={styles.money}>
      {named ? (
        <p className={styles.moneyName} aria-hidden="true">
          {currency}
        </p>
      ) : null}
      <ul className={`${styles.tiles} ${styles.moneyTiles}`} aria-label={named ? `${label} in ${currency}` : label}>
        {children}
      </ul>
    </div>
  );
}
