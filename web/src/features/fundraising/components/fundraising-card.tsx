import type { EventSummary, PageSummary } from '@giving/shared/contracts/fundraising';
import type { CountryCode } from '@giving/shared/countries';
import { Card, CardBody, CardLink, CardMedia } from '../../../components/ui/card';
import { Heading } from '../../../components/ui/heading';
import { Tag, TagList } from '../../../components/ui/tag';
import { PREVIEW_TITLE_LENGTH, truncate } from '../../../lib/text';
import { STATUS_LABELS, donationsCountText, fundraisingPaths, raisedText } from '../fundraising-text';
import { ProgressBar } from './progress-bar';
import styles from './fundraising.module.css';

export type FundraisingItem = { type: 'event'; item: EventSummary } | { type: 'page'; item: PageSummary };

/** An event or a page in a list (spec 2 §2 preview card): image, title, charity, progress against the target, donations count. */
export function FundraisingCard({ entry, country }: { entry: FundraisingItem; country: CountryCode }) {
  const { item } = entry;
  const to = entry.type === 'event' ? fundraisingPaths.event(country, entry.item.eventUrl) : fundraisingPaths.page(country, entry.item.eventUrl, entry.item.pageUrl);
  return (
    <Card interactive>
      <CardMedia src={item.imageUrl} />
      <CardBody>
        <TagList>
          {entry.type === 'event' && entry.item.kind === 'MultiPage' ? <Tag tone="accent">Event · {entry.item.pagesCount === 1 ? '1 page' : `${entry.item.pagesCount} pages`}</Tag> : null}
          {item.status !== 'Open' ? <Tag tone="danger">{STATUS_LABELS[item.status]}</Tag> : null}
        </TagList>
        <Heading className={styles.cardTitle}>
          <CardLink to={to}>{truncate(item.title, PREVIEW_TITLE_LENGTH)}</CardLink>
        </Heading>
        <p className={styles.charityLine}>
          {item.charity.logoImageUrl ? <img src={item.charity.logoImageUrl} alt="" className={styles.logo} /> : null}
          {item.charity.name}
        </p>
        <ProgressBar totals={item} />
        <p className={styles.cardTotals}>
          <span>{raisedText(item)}</span>
          <span className={styles.muted}>{donationsCountText(item.donationsCount)}</span>
        </p>
      </CardBody>
    </Card>
  );
}
