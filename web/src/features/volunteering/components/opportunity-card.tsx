import type { Fee } from '@giving/shared/contracts/volunteering';
import type { CountryCode } from '@giving/shared/countries';
import { Card as CardFrame, CardBody, CardLink, CardMedia } from '../../../components/ui/card';
import { Heading } from '../../../components/ui/heading';
import { Tag, TagList } from '../../../components/ui/tag';
import { PREVIEW_DESCRIPTION_LENGTH, PREVIEW_TITLE_LENGTH, truncate } from '../../../lib/text';
import { dayText, feeText, volunteeringPaths } from '../volunteering-text';
import styles from './volunteering.module.css';

/**
 * What a role's card shows: a card of the volunteering API (recommendations) fits as it is; a role from the search
 * index is mapped to it (../search-card.ts).
 */
export interface OpportunityCardView {
  imageUrl: string;
  scheduleLabel: string;
  isRemote: boolean;
  allowTeams?: boolean;
  title: string;
  charity: { name: string; charityUrl: string; logoImageUrl: string };
  opportunityUrl: string;
  description: string;
  locationLabel: string;
  nextSessionStartsAt?: string;
  fee?: Fee;
  /** Where the card goes, when not the role page of charity.charityUrl and opportunityUrl. */
  to?: string;
}

/** A volunteering role in a list: image, title, charity, schedule label, where (spec 1 §4 location rule) and when. */
export function OpportunityCard({ opportunity, country }: { opportunity: OpportunityCardView; country: CountryCode }) {
  return (
    <CardFrame interactive>
      <CardMedia src={opportunity.imageUrl} />
      <CardBody>
        <TagList>
          <Tag tone="accent">{opportunity.scheduleLabel}</Tag>
          {opportunity.isRemote ? <Tag>Remote</Tag> : null}
          {opportunity.allowTeams ? <Tag>Teams welcome</Tag> : null}
        </TagList>
        <Heading className={styles.cardTitle}>
          <CardLink to={opportunity.to ?? volunteeringPaths.role(country, opportunity.charity.charityUrl, opportunity.opportunityUrl)}>
            {truncate(opportunity.title, PREVIEW_TITLE_LENGTH)}
          </CardLink>
        </Heading>
        <p className={styles.charityLine}>
          {opportunity.charity.logoImageUrl ? <img src={opportunity.charity.logoImageUrl} alt="" className={styles.logo} /> : null}
          {opportunity.charity.name}
        </p>
        <p className={styles.muted}>{truncate(opportunity.description, PREVIEW_DESCRIPTION_LENGTH)}</p>
        <dl className={styles.facts}>
          <div>
            <dt>Where</dt>
            <dd>{opportunity.locationLabel}</dd>
          </div>
          <div>
            <dt>Next</dt>
            <dd>{opportunity.nextSessionStartsAt ? dayText(opportunity.nextSessionStartsAt, country) : 'No upcoming sessions'}</dd>
          </div>
          {opportunity.fee ? (
            <div>
              <dt>Fee</dt>
              <dd>{feeText(opportunity.fee)}</dd>
            </div>
          ) : null}
        </dl>
      </CardBody>
    </CardFrame>
  );
}
