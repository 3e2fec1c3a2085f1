import { useId } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { COUNTRIES, type CountryCode } from '@giving/shared/countries';
import { formatMoney } from '@giving/shared/money';
import { buttonClassName } from '../../../components/ui/button';
import { paths } from '../../../lib/paths';
import { readThankYouState } from '../thank-you-state';
import styles from './thank-you.module.css';

/** After a completed payment: what was given and where to go next. Opened directly, it still thanks and offers a way on. */
export function ThankYou({ country }: { country: CountryCode }) {
  const headingId = useId();
  const summary = readThankYouState(useLocation().state);
  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <span className={styles.tick} aria-hidden="true">
        ✓
      </span>
      <h1 id={headingId}>Thank you for your donation</h1>
      {summary ? (
        <>
          <p className={styles.lead}>
            {summary.giftTitle ? 'Your gift' : 'Your donation'} to {summary.charityName} has been received. A receipt is on its
            way to your inbox.
          </p>
          <dl className={styles.summary}>
            <dt>Charity</dt>
            <dd>{summary.charityName}</dd>
            {summary.giftTitle ? (
              <>
                <dt>Gift</dt>
                <dd>{summary.giftTitle}</dd>
                <dt>Quantity</dt>
                <dd>{summary.quantity}</dd>
              </>
            ) : (
              <>
                <dt>Donation</dt>
                <dd>General donation</dd>
              </>
            )}
            <dt>Total</dt>
            <dd>{formatMoney(summary.total, COUNTRIES[country].locale)}</dd>
            <dt>Reference</dt>
            <dd>{summary.trackingNumber}</dd>
          </dl>
          <div className={styles.actions}>
            <Link to={paths.charity(country, summary.charityUrl)} className={buttonClassName({ variant: 'primary' })}>
              Back to {summary.charityName}
            </Link>
            <Link to={paths.charities(country)} className={buttonClassName({ variant: 'secondary' })}>
              Browse charities
            </Link>
          </div>
        </>
      ) : (
        <>
          <p className={styles.lead}>Your generosity makes a real difference.</p>
          <div className={styles.actions}>
            <Link to={paths.charities(country)} className={buttonClassName({ variant: 'primary' })}>
              Browse charities
            </Link>
          </div>
        </>
      )}
    </section>
  );
}
