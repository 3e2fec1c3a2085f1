import type { ReactNode } from 'react';
import { Button } from './button';
import styles from './empty-state.module.css';

export interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  /** Heading level that fits the page outline. */
  headingLevel?: 2 | 3;
  role?: 'alert' | 'status';
}

export function EmptyState({ title, description, action, headingLevel = 3, role }: EmptyStateProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className={styles.empty} role={role}>
      <Heading className={styles.title}>{title}</Heading>
      {description ? <p className={styles.description}>{description}</p> : null}
      {action ? <div className={styles.action}>{action}</div> : null}
    </div>
  );
}

/** A section that failed to load, with a way to try again. */
export function ErrorState({ title, message, onRetry, headingLevel }: { title: ReactNode; message: ReactNode; onRetry?: () => void; headingLevel?: 2 | 3 }) {
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
