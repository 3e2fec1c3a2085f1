import type { ReactNode } from 'react';
import styles from './status-page.module.css';

/**
 * A page (or a console screen) that explains where the visitor is instead of showing content: 403, 404, an error,
 * a sign-in prompt. One look for all of them: the code, a heading, a sentence and the ways on.
 */
export function StatusPage({
  code,
  title,
  lead,
  headingLevel = 1,
  role,
  className,
  children,
}: {
  code?: string;
  title: string;
  lead: ReactNode;
  headingLevel?: 1 | 2;
  role?: 'alert';
  /** Extra classes for the frame, e.g. the site's `page` width. */
  className?: string;
  /** Messages and actions under the sentence. */
  children?: ReactNode;
}) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <div className={[className, styles.page].filter(Boolean).join(' ')} role={role}>
      {code ? (
        <p className={styles.code} aria-hidden="true">
          {code}
        </p>
      ) : null}
      <Heading>{title}</Heading>
      <p className={styles.lead}>{lead}</p>
      {children ? <div className={styles.actions}>{children}</div> : null}
    </div>
  );
}
