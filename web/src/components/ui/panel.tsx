import { useId, type ReactNode } from 'react';
import styles from './panel.module.css';

/** A screen's own heading (h2, under the page's h1), what it is for, and its main actions. */
export function ScreenHeader({ title, description, actions }: { title: ReactNode; description?: ReactNode; actions?: ReactNode }) {
  return (
    <header className={styles.screenHeader}>
      <div className={styles.screenTitle}>
        <h2>{title}</h2>
        {description ? <p className={styles.description}>{description}</p> : null}
      </div>
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </header>
  );
}

/** A titled section of a screen, on a card; a landmark named by its title. */
export function Panel({ title, description, actions, children }: { title?: ReactNode; description?: ReactNode; actions?: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className={styles.panel} aria-labelledby={title ? headingId : undefined}>
      {title ? (
        <div className={styles.panelHeader}>
          <div className={styles.screenTitle}>
            <h3 id={headingId}>{title}</h3>
            {description ? <p className={styles.description}>{description}</p> : null}
          </div>
          {actions ? <div className={styles.actions}>{actions}</div> : null}
        </div>
      ) : null}
      {children}
    </section>
  );
}

/** Form controls laid out in a responsive grid; `wide` children span the row. */
export function FormGrid({ children }: { children: ReactNode }) {
  return <div className={styles.formGrid}>{children}</div>;
}

/** A form's buttons, at its end. */
export function FormActions({ children }: { children: ReactNode }) {
  return <div className={styles.formActions}>{children}</div>;
}

/** A row of filters or tools above a list. */
export function Toolbar({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <div className={styles.toolbar} role={label ? 'group' : undefined} aria-label={label}>
      {children}
    </div>
  );
}

/** Spans the whole row of a FormGrid. */
export const wide = styles.wide ?? '';
