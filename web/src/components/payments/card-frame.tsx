import { useImperativeHandle, type Ref } from 'react';
import { FormMessage } from '../ui/field';
import { Spinner } from '../ui/spinner';
import { CARD_FORM_UNAVAILABLE, CARD_FRAME_LOADING } from '../../lib/card-errors';
import { useCardFrame, type CardFrame as CardFrameControl, type CardGatewaySettings } from '../../lib/card-frame';
import styles from './card-frame.module.css';

/** What a page asks of its card fields. */
export type CardFrameHandle = Pick<CardFrameControl, 'tokenise' | 'focus' | 'showErrors'>;

export interface CardFrameProps {
  /** The merchant account's card fields (useCountryCardGateway); undefined while they load. */
  gateway: CardGatewaySettings | undefined;
  /** The runtime config or the gateway settings failed to load. */
  unavailable?: boolean;
  /** Where the page gets tokenise, focus and showErrors. */
  handle: Ref<CardFrameHandle>;
}

/**
 * The gateway's hosted card fields, with a loading state until the frame says it is ready. It talks to the frame
 * (useCardFrame), so that code comes with it: pages may load this component after their first paint.
 */
export function CardFrame({ gateway, unavailable = false, handle }: CardFrameProps) {
  const frame = useCardFrame(gateway);
  useImperativeHandle(handle, () => ({ tokenise: frame.tokenise, focus: frame.focus, showErrors: frame.showErrors }), [frame.tokenise, frame.focus, frame.showErrors]);
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
            <span>{CARD_FRAME_LOADING}</span>
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
