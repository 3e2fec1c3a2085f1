import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Page } from '@giving/shared/contracts/fundraising';
import type { CountryCode } from '@giving/shared/countries';
import { paths } from '../../../lib/paths';
import { PRODUCT_NAME } from '../../../lib/product';
import { fundraisingPaths } from '../fundraising-text';
import { TotalsPanel } from './totals-panel';
import styles from './fundraising.module.css';

export interface PageViewProps {
  page: Page;
  country: CountryCode;
  /** Where the FUNDRAISE checkout goes (the route composes it): shown only while the page is Open. */
  give?: ReactNode;
  /** What comes below the first screen: donors, comments, sharing, the owner's tools. */
  children?: ReactNode;
}

/**
 * A fundraising page's first screen (spec 1 §2 "fundraising page within an event"): its picture, title, owner and
 * charity, its event when it is one of many, its totals with the progress bar and status (and the checkout), and its
 * story.
 */
export function PageView({ page, country, give, children }: PageViewProps) {
  // In reading order, which a phone shows as is: the title, the totals with the Donate form, then the story and the
  // rest; a wide screen puts the totals beside the others by grid areas (the DOM order stays the focus order).
  return (
    <article className={styles.layout}>
      <title>{`${page.title} · ${PRODUCT_NAME}`}</title>
      <header className={styles.top}>
        {page.imageUrl ? <img className={styles.image} src={page.imageUrl} alt="" fetchPriority="high" /> : null}
        <div className={styles.header}>
          <h1>{page.title}</h1>
          <p className={styles.charityLine}>
            {page.charity.logoImageUrl ? <img src={page.charity.logoImageUrl} alt="" className={styles.logo} /> : null}
            <span>
              {page.owner.name} is fundraising for <Link to={paths.charity(country, page.charity.charityUrl)}>{page.charity.name}</Link>
            </span>
          </p>
          {page.eventKind === 'MultiPage' ? (
            <p className={styles.muted}>
              Part of <Link to={fundraisingPaths.event(country, page.eventUrl)}>{page.eventTitle}</Link>
            </p>
          ) : null}
        </div>
      </header>
      <TotalsPanel totals={page} status={page.status} endDate={page.endDate} country={country}>
        {give}
      </TotalsPanel>
      <div className={styles.main}>
        <div className={styles.story}>
          {page.story.split(/\n{2,}/).map((paragraph, i) => (
            <p key={i}>{paragraph}</p>
          ))}
        </div>
        {children}
      </div>
    </article>
  );
}
