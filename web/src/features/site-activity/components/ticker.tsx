import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { RecentActivity } from '@giving/shared/contracts/accounts';
import { formatMoney } from '@giving/shared/money';
import type { Country } from '../../../lib/country';
import { paths } from '../../../lib/paths';
import { PRODUCT_NAME } from '../../../lib/product';
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

/**
 * What happened, where it links and when: a donation's amount, a volunteering sign-up, or a gift voucher bought with
 * its balance (spec 1 §1, §3); never who.
 */
function whatHappened(item: RecentActivity, country: Country) {
  const money = (value: Parameters<typeof formatMoney>[0]) => formatMoney(value, country.locale, { dropZeroCents: true });
  if (item.kind === 'voucher') {
    return { what: <strong>{money(item.voucherBalance)} gift voucher</strong>, verb: 'bought', place: { name: 'Gift vouchers', to: paths.giftVoucher(country.code) }, at: item.createdOn };
  }
  const place = { name: item.charityName, to: paths.charity(country.code, item.charityUrl) };
  if (item.kind === 'volunteering') return { what: <strong>Volunteering sign-up</strong>, verb: 'with', place, at: item.createdOn };
  return { what: <strong>{money(item.donationAmount)}</strong>, verb: 'donated to', place, at: item.donationDate };
}

/**
 * The dismissible ticker of recent donations, volunteering sign-ups and gift voucher purchases (spec §1, §4). It closes when dismissed (for this browser session),
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
              const { what, verb, place, at } = whatHappened(item, country);
              return (
                <li key={item.id} className={styles.tickerItem}>
                  {what} {verb}{' '}
                  {item.kind === 'voucher' ? <Link to={place.to}>on {PRODUCT_NAME}</Link> : <Link to={place.to}>{place.name}</Link>}{' '}
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
              const { what, verb, place, at } = whatHappened(item, country);
              return (
                <li key={item.id} className={styles.tickerItem}>
                  {what} {verb} {item.kind === 'voucher' ? `on ${PRODUCT_NAME}` : place.name} <span className={styles.tickerTime}>{timeAgo(at, now)}</span>
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
