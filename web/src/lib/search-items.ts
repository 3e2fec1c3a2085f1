import type {
  CharitySearchDocument,
  EventSearchDocument,
  GiftSearchDocument,
  OpportunitySearchDocument,
  PageSearchDocument,
  SearchItem,
} from '@giving/shared/contracts/search';
import { MULTIPLE_LOCATIONS, REMOTE_LOCATION, SCHEDULE_TYPES, type ScheduleLabel, type ScheduleType } from '@giving/shared/contracts/volunteering-listing';
import { COUNTRIES, COUNTRY_CODES, type CountryCode } from '@giving/shared/countries';
import { type Currency, formatCount, formatMoney } from '@giving/shared/money';
import { scheduleLabel } from '@giving/shared/volunteering-rules';

/**
 * How a search result item (spec 1 §3) reads and where its card goes (spec 1 §2 "Search result cards"), once for
 * every screen that shows them: the search page, the listings and the charity page's grids. Pure.
 */

/** Spec 2 §2: a gift with no price (the charity's general donation) reads this instead. */
export const AREA_OF_GREATEST_NEED = 'Area of greatest need';

const segment = encodeURIComponent;
/** A slug's two parts ('charityUrl/productUrl'); one part alone is the second, with `first` before it. */
function slugParts(slug: string, first: string): [string, string] {
  const [a = '', b] = slug.split('/');
  return b === undefined ? [first, a] : [a, b];
}

export const charityItemPath = (country: CountryCode, item: Pick<CharitySearchDocument, 'slug'>) => `/${country}/charity/${segment(item.slug)}`;

/** A General gift opens its charity's page; any other its gift page, charityUrl/productUrl from the slug split on '/'. */
export function giftItemPath(country: CountryCode, item: Pick<GiftSearchDocument, 'slug' | 'gifttype' | 'charity'>): string {
  if (item.gifttype === 'General') return `/${country}/charity/${segment(item.slug.split('/')[0] || item.charity.slug)}`;
  const [charityUrl, productUrl] = slugParts(item.slug, item.charity.slug);
  return `/${country}/${segment(charityUrl)}/${segment(productUrl)}`;
}

/** The role page: charityUrl and vacancyUrl from the slug split on '/'; '/' when there is no slug (spec 1 §2). */
export function opportunityItemPath(country: CountryCode, item: Pick<OpportunitySearchDocument, 'slug' | 'charities'>): string {
  if (!item.slug) return '/';
  const [charityUrl, vacancyUrl] = slugParts(item.slug, item.charities[0]?.slug ?? '');
  return `/${country}/charity/${segment(charityUrl)}/volunteering/${segment(vacancyUrl)}`;
}

export const eventItemPath = (country: CountryCode, item: Pick<EventSearchDocument, 'slug'>) => `/${country}/fundraising/${segment(item.slug)}`;

/** A page within its event: the event's slug, then the pageUrl (the slug's last part). */
export function pageItemPath(country: CountryCode, item: Pick<PageSearchDocument, 'slug' | 'event'>): string {
  const pageUrl = item.slug.split('/').at(-1) ?? item.slug;
  return `/${country}/fundraising/${segment(item.event.slug)}/${segment(pageUrl)}`;
}

/** Where a result's card goes. */
export function searchItemPath(country: CountryCode, item: SearchItem): string {
  switch (item.type) {
    case 'charities':
      return charityItemPath(country, item);
    case 'charitygift':
      return giftItemPath(country, item);
    case 'volunteeringopportunities':
      return opportunityItemPath(country, item);
    case 'fundraisingevent':
      return eventItemPath(country, item);
    case 'fundraisingpage':
      return pageItemPath(country, item);
  }
}

const localeOf = (currency: Currency): string => COUNTRIES[COUNTRY_CODES.find((code) => COUNTRIES[code].currency === currency) ?? 'nz'].locale;

/** '$1,250' or '$12.50': whole dollars drop their cents. */
export const centsText = (cents: number, currency: Currency): string => formatMoney({ cents, currency }, localeOf(currency), { dropZeroCents: true });

/** A gift's price, or 'Area of greatest need' for the general donation and a gift without a price (spec 2 §2). */
export const giftPriceText = (item: Pick<GiftSearchDocument, 'gifttype' | 'giftprice' | 'currency'>): string =>
  item.gifttype === 'General' || item.giftprice === 0 ? AREA_OF_GREATEST_NEED : centsText(item.giftprice, item.currency);

/** '$450 raised of $1,000' (or '$450 raised' with no target). */
export const raisedText = ({ donated, target, currency }: { donated: number; target: number; currency: Currency }): string =>
  target > 0 ? `${centsText(donated, currency)} raised of ${centsText(target, currency)}` : `${centsText(donated, currency)} raised`;

export const donationsCountText = (count: number): string => (count === 1 ? '1 donation' : `${formatCount(count, 'en-NZ')} donations`);

/** Spec 1 §4 schedule label of an indexed role: Recurring, Multiple or Single. */
export function opportunityScheduleLabel(item: Pick<OpportunitySearchDocument, 'scheduleType' | 'sessions'>): ScheduleLabel {
  const type: ScheduleType = (SCHEDULE_TYPES as readonly string[]).includes(item.scheduleType) ? (item.scheduleType as ScheduleType) : 'FixedSchedule';
  return scheduleLabel(type, item.sessions.length);
}

/**
 * Spec 1 §4 location rule for an indexed role: the suburb when there is one session or every session is at the same
 * coordinates, else 'Multiple locations'; 'Remote' for a remote role. A session with no place of its own is at the
 * charity's.
 */
export function opportunityLocationLabel(item: Pick<OpportunitySearchDocument, 'isremote' | 'sessions' | 'charities'>): string {
  if (item.isremote) return REMOTE_LOCATION;
  const charity = item.charities[0];
  const suburb = charity?.suburb ?? '';
  const places = item.sessions.map((session) => session.location ?? charity?.location).filter((place) => place !== undefined);
  const first = places[0];
  const same = first === undefined || places.every((place) => place.lat === first.lat && place.lon === first.lon);
  return item.sessions.length <= 1 || same ? suburb : MULTIPLE_LOCATIONS;
}
