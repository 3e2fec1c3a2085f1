import type { CharitySearchDocument, EventSearchDocument, GiftSearchDocument, OpportunitySearchDocument, PageSearchDocument, SearchItem } from '@giving/shared/contracts/search';
import type { CountryCode } from '@giving/shared/countries';
import { localDateText } from '@giving/shared/local-time';
import { PreviewCard } from '../../../components/ui/preview-card';
import { Tag, TagList } from '../../../components/ui/tag';
import {
  charityItemPath,
  donationsCountText,
  eventItemPath,
  giftItemPath,
  giftPriceText,
  opportunityItemPath,
  opportunityLocationLabel,
  opportunityScheduleLabel,
  pageItemPath,
  raisedText,
} from '../../../lib/search-items';
import styles from './search.module.css';

/** Spec 2 §9: an event card's image is 320 wide, a gift card's 380 high. */
export const EVENT_IMAGE_WIDTH = 320;
export const GIFT_IMAGE_HEIGHT = 380;

/** What each type of result is called on its card. */
export const TYPE_NAMES = {
  charities: 'Charity',
  charitygift: 'Donation',
  volunteeringopportunities: 'Volunteering',
  fundraisingevent: 'Fundraising event',
  fundraisingpage: 'Fundraiser',
} as const satisfies Record<SearchItem['type'], string>;

function Charity({ name, logo }: { name: string; logo?: string }) {
  return (
    <>
      {logo ? <img src={logo} alt="" loading="lazy" /> : null}
      {name}
    </>
  );
}

export function GiftResultCard({ item, country, preferredPartner }: { item: GiftSearchDocument; country: CountryCode; preferredPartner?: boolean }) {
  return (
    <PreviewCard
      to={giftItemPath(country, item)}
      image={item.image}
      imageHeight={GIFT_IMAGE_HEIGHT}
      kind={TYPE_NAMES.charitygift}
      price={giftPriceText(item)}
      title={item.title}
      byline={<Charity name={item.charity.name} logo={item.charity.image} />}
      description={item.description}
      preferredPartner={preferredPartner}
    />
  );
}

function FundraisingResultCard({ item, to, preferredPartner }: { item: EventSearchDocument | PageSearchDocument; to: string; preferredPartner?: boolean }) {
  return (
    <PreviewCard
      to={to}
      image={item.image}
      imageWidth={item.type === 'fundraisingevent' ? EVENT_IMAGE_WIDTH : undefined}
      kind={TYPE_NAMES[item.type]}
      title={item.title}
      byline={<Charity name={item.charity.name} logo={item.charity.image} />}
      description={item.description}
      preferredPartner={preferredPartner}
      progress={{ percentage: item.raisedpercentage, text: raisedText({ donated: item.donatedamount, target: item.targetamount, currency: item.currency }) }}
      donations={donationsCountText(item.donationscount)}
    />
  );
}

function OpportunityResultCard({ item, country, preferredPartner }: { item: OpportunitySearchDocument; country: CountryCode; preferredPartner?: boolean }) {
  const charity = item.charities[0];
  return (
    <PreviewCard
      to={opportunityItemPath(country, item)}
      image={item.image}
      kind={TYPE_NAMES.volunteeringopportunities}
      title={item.title}
      byline={charity ? <Charity name={charity.name} logo={charity.image} /> : undefined}
      description={item.description}
      preferredPartner={preferredPartner}
      details={
        <>
          <TagList>
            <Tag tone="accent">{opportunityScheduleLabel(item)}</Tag>
            {item.isremote ? <Tag>Remote</Tag> : null}
          </TagList>
          <dl className={styles.facts}>
            <div>
              <dt>Where</dt>
              <dd>{opportunityLocationLabel(item)}</dd>
            </div>
            <div>
              <dt>Next</dt>
              <dd>{item.nextstart ? localDateText(item.nextstart, country) : 'No upcoming sessions'}</dd>
            </div>
          </dl>
        </>
      }
    />
  );
}

function CharityResultCard({ item, country, preferredPartner }: { item: CharitySearchDocument; country: CountryCode; preferredPartner?: boolean }) {
  return (
    <PreviewCard
      to={charityItemPath(country, item)}
      image={item.image}
      kind={TYPE_NAMES.charities}
      title={item.title}
      description={item.description}
      preferredPartner={preferredPartner}
      details={
        item.causes.length > 0 ? (
          <ul className={styles.causes} aria-label="Causes">
            {item.causes.map((cause) => (
              <li key={cause}>{cause}</li>
            ))}
          </ul>
        ) : null
      }
    />
  );
}

/** The charity an item belongs to (for the preferred partner tag). */
const charityIdOf = (item: SearchItem): string | undefined => {
  switch (item.type) {
    case 'charities':
      return item.id;
    case 'volunteeringopportunities':
      return item.charities[0]?.id;
    default:
      return item.charity.id;
  }
};

/**
 * Spec 1 §2 "Search result cards": the card depends on the item's type (fundraisingevent, fundraisingpage,
 * charitygift, volunteeringopportunities, charities); any other type shows nothing.
 */
export function SearchResultCard({ item, country, preferred }: { item: SearchItem; country: CountryCode; preferred?: ReadonlySet<string> }) {
  if (!hasCard(item)) return null;
  const charityId = charityIdOf(item);
  const preferredPartner = charityId !== undefined && (preferred?.has(charityId) ?? false);
  switch (item.type) {
    case 'fundraisingevent':
      return <FundraisingResultCard item={item} to={eventItemPath(country, item)} preferredPartner={preferredPartner} />;
    case 'fundraisingpage':
      return <FundraisingResultCard item={item} to={pageItemPath(country, item)} preferredPartner={preferredPartner} />;
    case 'charitygift':
      return <GiftResultCard item={item} country={country} preferredPartner={preferredPartner} />;
    case 'volunteeringopportunities':
      return <OpportunityResultCard item={item} country={country} preferredPartner={preferredPartner} />;
    case 'charities':
      return <CharityResultCard item={item} country={country} preferredPartner={preferredPartner} />;
    default:
      return null;
  }
}

/** Whether an item has a card (spec 1 §2: any other type shows nothing, not even an empty place in the grid). */
export const hasCard = (item: { type: string }): item is SearchItem => Object.hasOwn(TYPE_NAMES, item.type);
