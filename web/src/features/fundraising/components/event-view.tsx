import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { FundraisingEvent } from '@giving/shared/contracts/fundraising';
import type { CountryCode } from '@giving/shared/countries';
import { buttonClassName } from '../../../components/ui/button';
import { ShareBar } from '../../../components/ui/share-bar';
import { paths } from '../../../lib/paths';
import { PRODUCT_NAME } from '../../../lib/product';
import { amountText, eventClosedMessage, fundraisingPaths, raisedText } from '../fundraising-text';
import { ProgressBar } from './progress-bar';
import { TotalsPanel } from './totals-panel';
import styles from './fundraising.module.css';

/**
 * A multi-page event (spec 1 §2 "fundraising event page"): its story, its totals (its pages' sums) with the progress
 * bar, its pages as a leaderboard by amount raised, 'Create your page for this event', and the share bar.
 */
export function EventView({ event, country, children }: { event: FundraisingEvent; country: CountryCode; /** What comes below the first screen: the managers' tools. */ children?: ReactNode }) {
  const url = `${window.location.origin}${fundraisingPaths.event(country, event.eventUrl)}`;
  const pages = [...event.pages].sort((a, b) => b.donatedAmount - a.donatedAmount);
  // As a page's: the title, then the totals with 'Create your page', then the story and the leaderboard (page-view.tsx).
  return (
    <article className={styles.layout}>
      <title>{`${event.title} · ${PRODUCT_NAME}`}</title>
      <header className={styles.top}>
        {event.imageUrl ? <img className={styles.image} src={event.imageUrl} alt="" fetchPriority="high" /> : null}
        <div className={styles.header}>
          <h1>{event.title}</h1>
          <p className={styles.charityLine}>
            {event.charity.logoImageUrl ? <img src={event.charity.logoImageUrl} alt="" className={styles.logo} /> : null}
            <span>
              For <Link to={paths.charity(country, event.charity.charityUrl)}>{event.charity.name}</Link> · organised by {event.owner.name}
            </span>
          </p>
        </div>
      </header>
      <TotalsPanel totals={event} status={event.status} endDate={event.endDate} country={country} closedText={eventClosedMessage(event.status)}>
        <p className={styles.muted}>{event.pagesCount === 1 ? '1 fundraiser' : `${event.pagesCount} fundraisers`}</p>
        <Link to={fundraisingPaths.create(country, { eventUrl: event.eventUrl })} className={buttonClassName({ block: true })}>
          Create your page for this event
        </Link>
      </TotalsPanel>
      <div className={styles.main}>
        <div className={styles.story}>
          {event.story.split(/\n{2,}/).map((paragraph, i) => (
            <p key={i}>{paragraph}</p>
          ))}
        </div>
        <section className={styles.section} aria-labelledby="leaderboard-heading">
          <h2 id="leaderboard-heading">Fundraisers</h2>
          {pages.length === 0 ? (
            <p className={styles.muted}>No one has made a page for this event yet.</p>
          ) : (
            <ol className={styles.list} aria-label="Fundraisers by amount raised">
              {pages.map((page, index) => (
                <li key={page.id} className={styles.row}>
                  <span className={styles.rank} aria-hidden="true">
                    {index + 1}
                  </span>
                  <span className={styles.rowMain}>
                    <Link to={fundraisingPaths.page(country, page.eventUrl, page.pageUrl)} className={styles.rowName}>
                      {page.title}
                    </Link>
                    <span className={styles.muted}>{page.owner.name}</span>
                    <ProgressBar totals={page} />
                  </span>
                  <span className={styles.rowName}>{amountText(page.donatedAmount, page.currency)}</span>
                  <span className="visually-hidden">{raisedText(page)}</span>
                </li>
              ))}
            </ol>
          )}
        </section>
        <ShareBar heading="Share this event" url={url} title={event.title} fileName={`${event.eventUrl}-qr`} />
        {children}
      </div>
    </article>
  );
}
