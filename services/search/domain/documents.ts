import type {
  CharitySearchDocument,
  EventSearchDocument,
  GiftSearchDocument,
  OpportunitySearchDocument,
  PageSearchDocument,
  SearchIndexName,
  SearchItem,
} from '@giving/shared/contracts/search';
import type { CountryCode } from '@giving/shared/countries';
import type { EventData } from '@giving/shared/events';
import type { CharityProfilePublished } from '@giving/shared/events/accounts';
import type { GiftDocument } from '@giving/shared/events/donations';
import type { EventDocument, PageDocument } from '@giving/shared/events/fundraising';
import type { volunteeringOpportunityDocument } from '@giving/shared/events/volunteering';
import type * as z from 'zod/mini';

/**
 * From each service's published document to the search item its index holds, and whether the public may find it.
 * Whatever may not be shown to everyone (offline, unapproved, exclusive, inactive, ended) is not indexed at all: the
 * indexer removes it, so no query of any shape can return it.
 */

type CharityProfile = EventData<typeof CharityProfilePublished>;
type OpportunityDocument = z.infer<typeof volunteeringOpportunityDocument>;

/** One document's place: which index, its id, and the search item (undefined: not public, so removed). */
export interface IndexedDocument {
  index: SearchIndexName;
  id: string;
  item: SearchItem | undefined;
  /** Orders one document's states: zero-padded so that text order is number order. */
  version: string;
  /** The charity a gift belongs to (its causes come from the charity's document). */
  charityId?: string;
}

export const padVersion = (version: string | number) => String(version).padStart(40, '0');

const countryOfCurrency = (currency: string): CountryCode => (currency === 'AUD' ? 'au' : 'nz');

/** A charity is public while it takes donations (absent isActive means active). */
export function charityDocument(profile: CharityProfile): IndexedDocument {
  const item: CharitySearchDocument = {
    type: 'charities',
    id: profile.id,
    title: profile.name,
    image: profile.logoImageUrl,
    slug: profile.charityUrl,
    description: profile.description ?? '',
    country: profile.country,
    createdon: profile.createdAt ?? profile.publishedAt,
    donationscount: 0,
    causes: profile.causes ?? [],
    ...(profile.location ? { location: profile.location } : {}),
  };
  return { index: 'charities', id: profile.id, item: profile.isActive === false ? undefined : item, version: padVersion(profile.version) };
}

/** Each public charity's general donation: a gift card with no price ('Area of greatest need') opening the charity page. */
const generalGiftId = (charityId: string) => `general-${charityId}`;

export function generalGiftDocument(profile: CharityProfile): IndexedDocument {
  const currency = profile.country === 'au' ? 'AUD' : 'NZD';
  const item: GiftSearchDocument = {
    type: 'charitygift',
    id: generalGiftId(profile.id),
    title: `Donate to ${profile.name}`,
    image: profile.logoImageUrl,
    slug: profile.charityUrl,
    description: profile.description ?? '',
    country: profile.country,
    createdon: profile.createdAt ?? profile.publishedAt,
    donationscount: 0,
    gifttype: 'General',
    giftprice: 0,
    currency,
    charity: { id: profile.id, name: profile.name, image: profile.logoImageUrl, slug: profile.charityUrl },
    causes: profile.causes ?? [],
  };
  return { index: 'charitygifts-v2', id: item.id, item: profile.isActive === false ? undefined : item, version: padVersion(profile.version), charityId: profile.id };
}

/** A gift is public while it is active; its causes are its charity's (given by the caller from the charity's document). */
export function giftDocument(gift: GiftDocument, causes: readonly string[]): IndexedDocument {
  const item: GiftSearchDocument = {
    type: 'charitygift',
    id: gift.id,
    title: gift.title,
    image: gift.iconUrl || gift.imageUrl,
    slug: `${gift.charity.charityUrl}/${gift.productUrl}`,
    description: gift.description,
    country: countryOfCurrency(gift.price.currency),
    createdon: gift.createdAt,
    donationscount: 0,
    gifttype: 'Product',
    giftprice: gift.price.cents,
    currency: gift.price.currency,
    charity: { id: gift.charity.id, name: gift.charity.name, image: gift.charity.logoImageUrl, slug: gift.charity.charityUrl },
    causes: [...causes],
  };
  return { index: 'charitygifts-v2', id: gift.id, item: gift.isActive ? item : undefined, version: padVersion(gift.revision), charityId: gift.charity.id };
}

export const removedGift = (giftId: string, revision: number): IndexedDocument => ({ index: 'charitygifts-v2', id: giftId, item: undefined, version: padVersion(revision) });

/**
 * A role's dates for the date filters and the soonest sort: its first start, its last end (none while a session is
 * open-ended), and its next start as of `now` (a session still to start; else `now` while one still runs; else none).
 * The next start goes stale as sessions pass: search's daily refresh works it out again (refreshRoleSchedules).
 */
export function scheduleFields(sessions: readonly { startTime: string; endTime?: string }[], now: Date, fallbackStart: string): Pick<OpportunitySearchDocument, 'firststart' | 'lastend' | 'nextstart'> {
  const starts = sessions.map((session) => session.startTime).sort();
  const openEnded = sessions.some((session) => session.endTime === undefined);
  const ends = sessions.flatMap((session) => (session.endTime ? [session.endTime] : [])).sort();
  const nowText = now.toISOString();
  const upcoming = starts.find((start) => start >= nowText);
  const running = openEnded || ends.some((end) => end > nowText);
  return {
    firststart: starts[0] ?? fallbackStart,
    ...(!openEnded && ends.length > 0 ? { lastend: ends[ends.length - 1] as string } : {}),
    ...(upcoming ? { nextstart: upcoming } : running ? { nextstart: nowText } : {}),
  };
}

/** An opportunity is public when Live, online and not exclusive to a workplace. */
export function opportunityDocument(document: OpportunityDocument, now: Date): IndexedDocument {
  const locations = [...document.charities.flatMap((c) => (c.location ? [c.location] : [])), ...document.sessions.flatMap((s) => (s.location ? [s.location] : []))];
  const item: OpportunitySearchDocument = {
    type: 'volunteeringopportunities',
    id: document.id,
    title: document.title,
    image: document.image,
    slug: document.slug,
    description: document.description,
    country: document.country === 'au' ? 'au' : 'nz',
    createdon: document.createdAt,
    donationscount: 0,
    charities: document.charities.map(({ id, name, image, slug, suburb, location }) => ({ id, name, image, slug, ...(suburb ? { suburb } : {}), ...(location ? { location } : {}) })),
    sessions: document.sessions.map(({ requiredpeople, startTime, endTime, location }) => ({ requiredpeople, startTime, ...(endTime ? { endTime } : {}), ...(location ? { location } : {}) })),
    ...(locations.length > 0 && !document.isremote ? { locations } : {}),
    scheduleType: document.scheduleType,
    isexclusive: document.isexclusive,
    isremote: document.isremote,
    ...(document.frequency ? { frequency: document.frequency } : {}),
    opportunityType: document.opportunityType,
    skills: document.skills,
    categories: document.categories,
    ...scheduleFields(document.sessions, now, document.createdAt),
  };
  const isPublic = document.contentStatus === 'Live' && document.isOnline && !document.isexclusive;
  return { index: 'volunteeringopportunities-v2', id: document.id, item: isPublic ? item : undefined, version: padVersion(document.revision ?? 0) };
}

export const removedOpportunity = (id: string): IndexedDocument => ({ index: 'volunteeringopportunities-v2', id, item: undefined, version: padVersion('9'.repeat(39)) });

function fundraisingFields(document: EventDocument | PageDocument) {
  return {
    id: document.id,
    title: document.title,
    image: document.imageUrl,
    description: document.story,
    country: document.country,
    createdon: document.createdOn,
    donationscount: document.donationsCount,
    charity: { id: document.charity.id, name: document.charity.name, image: '', slug: document.charity.charityUrl },
    currency: document.currency,
    donatedamount: document.donatedAmount,
    targetamount: document.targetAmount,
    raisedpercentage: document.raisedPercentage,
    ownername: document.ownerName,
    enddate: document.endDate,
  };
}

/**
 * An event or a page is public while Open (online, its event online, not past its end); removed ones are gone. A
 * single-page event's one page lives at the event's own address, so the event alone is indexed.
 */
export function eventDocument(change: 'Created' | 'Modified' | 'Removed', event: EventDocument): IndexedDocument {
  const item: EventSearchDocument = { ...fundraisingFields(event), type: 'fundraisingevent', slug: event.eventUrl };
  return { index: 'fundraisingevents', id: event.id, item: change !== 'Removed' && event.status === 'Open' ? item : undefined, version: padVersion(event.version) };
}

export function pageDocument(change: 'Created' | 'Modified' | 'Removed', page: PageDocument): IndexedDocument {
  const item: PageSearchDocument = {
    ...fundraisingFields(page),
    type: 'fundraisingpage',
    slug: `${page.eventUrl}/${page.pageUrl}`,
    event: { slug: page.eventUrl, title: page.eventTitle },
  };
  const isPublic = change !== 'Removed' && page.status === 'Open' && page.eventKind !== 'SinglePage';
  return { index: 'fundraisingpages', id: page.id, item: isPublic ? item : undefined, version: padVersion(page.version) };
}
