import type { ReactNode } from 'react';
import { Button } from './button';
import { Heading, type HeadingLevel } from './heading';
import styles from './empty-state.module.css';

export interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  /** Heading level that fits the page outline; by default the level of where it is placed. */
  headingLevel?: HeadingLevel;
  role?: 'alert' | 'status';
}

export function EmptyState({ title, description, action, headingLevel, role }: EmptyStateProps) {
  return (
    <div className={styles.empty} role={role}>
      <Heading level={headingLevel} className={styles.title}>
        {title}
      </Heading>
      {description ? <p className={styles.description}>{description}</p> : null}
      {action ? <div className={styles.action}>{action}</div> : null}
    </div>
  );
}

/** A section that failed to load, with a way to try again. */
export function ErrorState({ title, message, onRetry, headingLevel }: { title: ReactNode; message: ReactNode; onRetry?: () => void; headingLevel?: HeadingLevel }) {
  return (
    <EmptyState
      role="alert"
      headingLevel={headingLevel}
      title={title}
      description={message}
      action={
        onRetry ? (
          <Button variant="secondary" onClick={onRetry}>
            Try again
          </Button>
        ) : undefined
      }
    />
  );
}
