import { useId, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import type { RecentActivity } from '@giving/shared/contracts/accounts';
import { formatMoney } from '@giving/shared/money';
import type { Country } from '../../../lib/country';
import { paths } from '../../../lib/paths';
import { PRODUCT_NAME } from '../../../lib/product';
import { useSiteConfig } from '../../../lib/site-config';
import { useRecentActivity } from '../api/get-recent-activity';
import { rememberTickerDismissed, tickerWasDismissed } from '../ticker-dismissal';
import styles from './site-activity.module.css';

/** Spec §4: the ticker closes with fewer than 3 items. */
export const TICKER_MINIMUM_ITEMS = 3;

function timeAgo(iso: string, now: number): string {
  const minutes = Math.max(0, Math.round((now - Date.parse(iso)) / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  return `${Math.round(hours / 24)} d ago`;
}

/**
 * What happened, where it links and when: a donation's amount, fundraising support (the amount raised through a
 * page), a volunteering sign-up, or a gift voucher bought with its balance (spec 1 §1, §3); never who.
 */
function whatHappened(item: RecentActivity, country: Country) {
  const money = (value: Parameters<typeof formatMoney>[0]) => formatMoney(value, country.locale, { dropZeroCents: true });
  if (item.kind === 'voucher') {
    return { what: <strong>{money(item.voucherBalance)} gift voucher</strong>, verb: 'bought', place: { name: 'Gift vouchers', to: paths.giftVoucher(country.code) }, at: item.createdOn };
  }
  if (item.kind === 'fundraising') {
    // Fundraising support (spec 1 §1): the amount raised and the page it went through.
    return { what: <strong>{money(item.donationAmount)}</strong>, verb: 'raised for', place: { name: item.title, to: item.fundraisingUrl }, at: item.createdOn };
  }
  const place = { name: item.charityName, to: paths.charity(country.code, item.charityUrl) };
  if (item.kind === 'volunteering') return { what: <strong>Volunteering sign-up</strong>, verb: 'with', place, at: item.createdOn };
  return { what: <strong>{money(item.donationAmount)}</strong>, verb: 'donated to', place, at: item.donationDate };
}

/** Arrow keys, Home and End move between the ticker's items: the list is one stop in the tab order. */
const MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowDown: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  ArrowUp: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/**
 * The dismissible ticker of recent donations, volunteering sign-ups and gift voucher purchases (spec §1, §4). It closes when dismissed (for this browser session),
 * when there are fewer than 3 items, or when the site feed setting is off.
 *
 * WCAG 2.2.2: a pause button stops it; it also stops while hovered or focused, and never moves under
 * prefers-reduced-motion. Its items are one tab stop (a roving tab index), not one per link before the page.
 * While its data loads it keeps its height, so nothing below it moves when it arrives.
 */
export function Ticker({ country }: { country: Country }) {
  const config = useSiteConfig(country.code);
  const recent = useRecentActivity(country.code);
  const [dismissed, setDismissed] = useState(tickerWasDismissed);
  const [paused, setPaused] = useState(false);
  const [current, setCurrent] = useState(0);
  const hintId = useId();
  if (dismissed || config.isError || recent.isError || config.data?.siteFeed === false) return null;
  if (config.isPending || recent.isPending) return <div className={styles.ticker} aria-hidden="true" data-reserved="" />;
  const items = recent.data;
  if (config.data.siteFeed !== true || items.length < TICKER_MINIMUM_ITEMS) return null;

  const dismiss = () => {
    setDismissed(true);
    rememberTickerDismissed();
  };
  const focused = Math.min(current, items.length - 1);
  const move = (event: KeyboardEvent<HTMLUListElement>) => {
    const next = MOVES[event.key]?.(focused, items.length);
    if (next === undefined) return;
    event.preventDefault();
    setCurrent(next);
    const link = event.currentTarget.querySelectorAll('a')[next];
    link?.focus();
    link?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  };
  const now = Date.now();
  return (
    <section className={paused ? `${styles.ticker} ${styles.tickerPaused}` : styles.ticker} aria-label="Recent activity">
      <button
        type="button"
        className={`${styles.tickerButton} ${styles.tickerPause}`}
        onClick={() => setPaused(!paused)}
        aria-label={paused ? 'Play recent activity' : 'Pause recent activity'}
        title={paused ? 'Play' : 'Pause'}
      >
        {paused ? (
          <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
            <path d="M4 2.5v11l9-5.5z" fill="currentColor" />
          </svg>
        ) : (
          <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
            <path d="M3.5 2.5h3v11h-3zM9.5 2.5h3v11h-3z" fill="currentColor" />
          </svg>
        )}
      </button>
      <div className={styles.tickerViewport}>
        <div className={styles.tickerTrack}>
          <ul className={styles.tickerList} onKeyDown={move} aria-describedby={hintId}>
            {items.map((item, index) => {
              const { what, verb, place, at } = whatHappened(item, country);
              const tabIndex = index === focused ? 0 : -1;
              return (
                <li key={item.id} className={styles.tickerItem}>
                  {what} {verb}{' '}
                  {item.kind === 'voucher' ? (
                    <Link to={place.to} tabIndex={tabIndex} onFocus={() => setCurrent(index)}>
                      on {PRODUCT_NAME}
                    </Link>
                  ) : (
                    <Link to={place.to} tabIndex={tabIndex} onFocus={() => setCurrent(index)}>
                      {place.name}
                    </Link>
                  )}{' '}
                  <time dateTime={at} className={styles.tickerTime}>
                    {timeAgo(at, now)}
                  </time>
                </li>
              );
            })}
          </ul>
          {/* A silent copy makes the scroll loop seamless: hidden from screen readers, no links to tab to. */}
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
      <span id={hintId} hidden>
        Use the arrow keys to move between recent activity.
      </span>
      <button type="button" className={styles.tickerButton} onClick={dismiss} aria-label="Dismiss recent activity">
        <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
          <path d="M3.5 3.5l9 9M12.5 3.5l-9 9" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </section>
  );
}
