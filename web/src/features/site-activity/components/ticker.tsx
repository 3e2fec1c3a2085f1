import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { RecentActivity } from '@giving/shared/contracts/accounts';
import { formatMoney } from '@giving/shared/money';
import type { Country } from '../../../lib/country';
import { paths } from '../../../lib/paths';
import { useSiteConfig } from '../../../lib/site-config';
import { useRecentActivity } from '../api/get-recent-activity';
import styles from './site-activity.module.css';

const DISMISSED_KEY = 'koha.ticker.dismissed';
/** Spec §4: the ticker closes with fewer than 3 items. */
export const TICKER_MINIMUM_ITEMS = 3;

const wasDismissed = () => {
  try {
    return sessionStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
};

function timeAgo(iso: string, now: number): string {
  const minutes = Math.max(0, Math.round((now - Date.parse(iso)) / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  return `${Math.round(hours / 24)} d ago`;
}

/** What happened and when: a donation's amount, or a volunteering sign-up (spec 1 §1); never who. */
function whatHappened(item: RecentActivity, country: Country) {
  if (item.kind === 'volunteering') return { what: <strong>Volunteering sign-up</strong>, verb: 'with', at: item.createdOn };
  return { what: <strong>{formatMoney(item.donationAmount, country.locale, { dropZeroCents: true })}</strong>, verb: 'donated to', at: item.donationDate };
}

/**
 * The dismissible ticker of recent donations and volunteering sign-ups (spec §1, §4). It closes when dismissed (for this browser session),
 * when there are fewer than 3 items, or when the site feed setting is off.
 */
export function Ticker({ country }: { country: Country }) {
  const config = useSiteConfig(country.code);
  const recent = useRecentActivity(country.code);
  const [dismissed, setDismissed] = useState(wasDismissed);
  const items = recent.data ?? [];
  if (dismissed || config.data?.siteFeed !== true || items.length < TICKER_MINIMUM_ITEMS) return null;

  const dismiss = () => {
    setDismissed(true);
    try {
      sessionStorage.setItem(DISMISSED_KEY, '1');
    } catch {
      // Private mode: it stays closed until the page reloads.
    }
  };
  const now = Date.now();
  return (
    <section className={styles.ticker} aria-label="Recent activity">
      <div className={styles.tickerViewport}>
        <div className={styles.tickerTrack}>
          <ul className={styles.tickerList}>
            {items.map((item) => {
              const { what, verb, at } = whatHappened(item, country);
              return (
                <li key={item.id} className={styles.tickerItem}>
                  {what} {verb} <Link to={paths.charity(country.code, item.charityUrl)}>{item.charityName}</Link>{' '}
                  <time dateTime={at} className={styles.tickerTime}>
                    {timeAgo(at, now)}
                  </time>
                </li>
              );
            })}
          </ul>
          {/* A silent copy makes the scroll loop seamless. */}
          <ul className={styles.tickerList} aria-hidden="true">
            {items.map((item) => {
              const { what, verb, at } = whatHappened(item, country);
              return (
                <li key={item.id} className={styles.tickerItem}>
                  {what} {verb} {item.charityName} <span className={styles.tickerTime}>{timeAgo(at, now)}</span>
                </li>
              );
            })}
          </ul>
        </div>
      </div>
      <button type="button" className={styles.tickerClose} onClick={dismiss} aria-label="Dismiss recent activity">
        ×
      </button>
    </section>
  );
}
