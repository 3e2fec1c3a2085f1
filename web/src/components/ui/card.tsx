import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styles from './card.module.css';

export function Card({ children, interactive = false, as: Tag = 'article' }: { children: ReactNode; interactive?: boolean; as?: 'article' | 'div' }) {
  return <Tag className={[styles.card, interactive ? styles.interactive : undefined].filter(Boolean).join(' ')}>{children}</Tag>;
}

/** An image on top of a card; decorative (alt '') unless told otherwise, since the card's title names it. */
export function CardMedia({ src, alt = '' }: { src: string; alt?: string }) {
  return <div className={styles.media}>{src ? <img src={src} alt={alt} loading="lazy" decoding="async" /> : null}</div>;
}

export function CardBody({ children }: { children: ReactNode }) {
  return <div className={styles.body}>{children}</div>;
}

/** The card's title link; it stretches over the whole card. */
export function CardLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className={styles.link}>
      {children}
    </Link>
  );
}

/** A responsive list of cards: 1 column on phones, 2 on tablet portrait, 3 then 4 on wider screens. */
export function CardGrid({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <ul className={styles.grid} aria-label={label}>
      {children}
    </ul>
  );
}

export function CardGridItem({ children }: { children: ReactNode }) {
  return <li className={styles.item}>{children}</li>;
}
