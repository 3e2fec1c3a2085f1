import type { ReactNode } from 'react';
import type { PageStatus, Totals } from '@giving/shared/contracts/fundraising';
import type { CountryCode } from '@giving/shared/countries';
import { CalendarDayText } from '../../../components/ui/date-text';
import { Tag } from '../../../components/ui/tag';
import { STATUS_LABELS, amountText, closedMessage, donationsCountText } from '../fundraising-text';
import { ProgressBar } from './progress-bar';
import styles from './fundraising.module.css';

/**
 * The totals of a page or an event: raised of the target with its progress bar, the donations count, online, offline
 * and matched amounts apart when any but online is there (peer-to-peer practice), its end, and its status: Ended and
 * Offline say so instead of taking donations.
 */
export function TotalsPanel({
  totals,
  status,
  endDate,
  country,
  closedText = closedMessage(status),
  children,
}: {
  totals: Totals;
  status: PageStatus;
  endDate: string;
  country: CountryCode;
  /** What a closed page or event says instead of `children` (by default a page's words). */
  closedText?: string;
  children?: ReactNode;
}) {
  const apart = totals.offlineAmount !== 0 || totals.matchedAmount !== 0;
  const closed = status === 'Open' ? undefined : closedText;
  return (
    <section className={styles.side} aria-label="Totals">
      <p>
        <span className={styles.raised}>{amountText(totals.donatedAmount, totals.currency)}</span> raised
        {totals.targetAmount > 0 ? ` of ${amountText(totals.targetAmount, totals.currency)} target` : ''}
      </p>
      <ProgressBar totals={totals} size="lg" />
      <p className={styles.muted}>
        {donationsCountText(totals.donationsCount)} · {status === 'Open' ? 'Open until' : 'Closed'} <CalendarDayText date={endDate.slice(0, 10)} country={country} />{' '}
        {status !== 'Open' ? <Tag tone="danger">{STATUS_LABELS[status]}</Tag> : null}
      </p>
      {apart ? (
        <dl className={styles.breakdown} aria-label="Raised by kind">
          <div>
            <dt>Online</dt>
            <dd>{amountText(totals.onlineAmount, totals.currency)}</dd>
          </div>
          {totals.offlineAmount !== 0 ? (
            <div>
              <dt>Offline</dt>
              <dd>{amountText(totals.offlineAmount, totals.currency)}</dd>
            </div>
          ) : null}
          {totals.matchedAmount !== 0 ? (
            <div>
              <dt>Matched</dt>
              <dd>{amountText(totals.matchedAmount, totals.currency)}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      {closed ? <p role="status">{closed}</p> : children}
    </section>
  );
}
