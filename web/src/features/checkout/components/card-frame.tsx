import { FormMessage } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import type { CardFrame as CardFrameHandle } from '../hooks/use-card-frame';
import styles from './card-frame.module.css';

export interface CardFrameProps {
  frame: CardFrameHandle;
  /** The runtime config (which names the gateway) failed to load. */
  unavailable?: boolean;
}

export const CARD_FORM_UNAVAILABLE = 'We couldn’t load the secure card form. Please refresh the page to try again.';

/** The gateway's hosted card fields, with a loading state until the frame says it is ready. */
export function CardFrame({ frame, unavailable = false }: CardFrameProps) {
  if (unavailable) {
    return <FormMessage>{CARD_FORM_UNAVAILABLE}</FormMessage>;
  }
  const loading = !frame.ready;
  return (
    <div>
      <div className={[styles.box, loading ? styles.loading : undefined].filter(Boolean).join(' ')} aria-busy={loading || undefined}>
        {frame.frameProps ? <iframe {...frame.frameProps} className={styles.frame} referrerPolicy="origin" /> : null}
        {loading ? (
          <div className={styles.overlay}>
            <Spinner size="sm" label="" />
            <span>Loading secure card form…</span>
          </div>
        ) : null}
      </div>
      <p className={styles.secure}>
        <svg aria-hidden="true" width="14" height="14" viewBox="0 0 16 16" className={styles.lock}>
          <path fill="currentColor" d="M4 7V5a4 4 0 1 1 8 0v2h.5A1.5 1.5 0 0 1 14 8.5v5a1.5 1.5 0 0 1-1.5 1.5h-9A1.5 1.5 0 0 1 2 13.5v-5A1.5 1.5 0 0 1 3.5 7H4Zm2 0h4V5a2 2 0 1 0-4 0v2Z" />
        </svg>
        Your card number is entered on our payment provider’s secure form and never reaches Koha.
      </p>
    </div>
  );
}
