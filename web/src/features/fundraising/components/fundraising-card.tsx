import type { EventSearchDocument, PageSearchDocument } from '@giving/shared/contracts/search';
import type { CountryCode } from '@giving/shared/countries';
import { Card, CardBody, CardLink, CardMedia } from '../../../components/ui/card';
import { Heading } from '../../../components/ui/heading';
import { Tag, TagList } from '../../../components/ui/tag';
import { eventItemPath, pageItemPath } from '../../../lib/search-items';
import { PREVIEW_TITLE_LENGTH, truncate } from '../../../lib/text';
import { donationsCountText, raisedText } from '../fundraising-text';
import { ProgressBar } from './progress-bar';
import styles from './fundraising.module.css';

export type FundraisingItem = EventSearchDocument | PageSearchDocument;

/**
 * An event or a page of the fundraising indexes in a list (spec 2 §2 preview card): image, title, charity, progress
 * against the target, donations count; 'Ended' once its end date has passed.
 */
export function FundraisingCard({ item, country, now = Date.now() }: { item: FundraisingItem; country: CountryCode; now?: number }) {
  const to = item.type === 'fundraisingevent' ? eventItemPath(country, item) : pageItemPath(country, item);
  const totals = { donatedAmount: item.donatedamount, targetAmount: item.targetamount, raisedPercentage: item.raisedpercentage, currency: item.currency };
  const ended = Date.parse(item.enddate) < now;
  return (
    <Card interactive>
      <CardMedia src={item.image} />
      <CardBody>
        <TagList>
          {item.type === 'fundraisingevent' ? <Tag tone="accent">Event</Tag> : null}
          {ended ? <Tag tone="danger">Ended</Tag> : null}
        </TagList>
        <Heading className={styles.cardTitle}>
          <CardLink to={to}>{truncate(item.title, PREVIEW_TITLE_LENGTH)}</CardLink>
        </Heading>
        <p className={styles.charityLine}>
          {item.charity.image ? <img src={item.charity.image} alt="" className={styles.logo} /> : null}
          {item.charity.name}
        </p>
        <ProgressBar totals={totals} />
        <p className={styles.cardTotals}>
          <span>{raisedText(totals)}</span>
          <span className={styles.muted}>{donationsCountText(item.donationscount)}</span>
        </p>
      </CardBody>
    </Card>
  );
}
