import * as z from 'zod/mini';
import { CURRENCIES } from '../money';
import { countryCodeSchema, dateSchema } from './common';
import { DATE_FILTERS, OPPORTUNITY_SORT_OPTIONS } from './volunteering-listing';
import { MESSAGES } from './messages';
import { SEARCH_INDEXES, type SearchIndexName } from './search-indexes';

/**
 * Search (spec 1 §2 "Search result cards", §3 "Search result item"; spec 2 §7 "Search", §9; issue 14).
 *
 * Five public indexes, each an alias over a versioned index (a re-index builds a new one and switches the alias):
 * charities, charitygifts-v2, volunteeringopportunities-v2, fundraisingevents, fundraisingpages. They hold public
 * documents only: whatever is offline, unapproved, exclusive to a workplace or inactive is removed from its index.
 * A document is a search result item: the spec's lower-case field names, plus `country` and the fields filters, sorts
 * and ranking need. Amounts are integer cents in `currency`.
 */

export { SEARCH_INDEXES, type SearchIndexName } from './search-indexes';

/** The card a result item shows (spec 1 §2): any other type shows nothing. */
export const SEARCH_ITEM_TYPES = ['charities', 'charitygift', 'volunteeringopportunities', 'fundraisingevent', 'fundraisingpage'] as const;
export type SearchItemType = (typeof SEARCH_ITEM_TYPES)[number];

export const INDEX_OF_TYPE: Record<SearchItemType, SearchIndexName> = {
  charities: 'charities',
  charitygift: 'charitygifts-v2',
  volunteeringopportunities: 'volunteeringopportunities-v2',
  fundraisingevent: 'fundraisingevents',
  fundraisingpage: 'fundraisingpages',
};

/** A charity gift is a product ('Product', its own page) or the charity's general donation ('General', 'Area of greatest need'). */
export const GIFT_TYPES = ['Product', 'General'] as const;

const geo = z.object({ lat: z.number(), lon: z.number() });
const charityRef = z.object({ id: z.string(), name: z.string(), image: z.string(), slug: z.string() });

/** What every document carries. `slug` is the address its card opens (see each type). */
const common = {
  id: z.string(),
  title: z.string(),
  image: z.string(),
  slug: z.string(),
  description: z.string(),
  country: countryCodeSchema,
  /** When it was created (ISO time): recency in ranking, 'newest' in sorts. */
  createdon: z.string(),
  /** How many donations it had (0 where none are counted): popularity in ranking. */
  donationscount: z.int(),
};

/** `slug` is the charity's address (charityUrl). */
export const charitySearchDocument = z.object({ ...common, type: z.literal('charities'), causes: z.array(z.string()), location: z.optional(z.string()) });
/** `slug` is charityUrl/productUrl for a product, charityUrl for the general donation (spec 1 §2). */
export const giftSearchDocument = z.object({
  ...common,
  type: z.literal('charitygift'),
  gifttype: z.enum(GIFT_TYPES),
  /** Cents; 0 for the general donation (any amount). */
  giftprice: z.int(),
  currency: z.enum(CURRENCIES),
  charity: charityRef,
  causes: z.array(z.string()),
});
/** `slug` is charityUrl/opportunityUrl (the vacancy page). */
export const opportunitySearchDocument = z.object({
  ...common,
  type: z.literal('volunteeringopportunities'),
  charities: z.array(z.object({ id: z.string(), name: z.string(), image: z.string(), slug: z.string(), suburb: z.optional(z.string()), location: z.optional(geo) })),
  /** A recurring role's one session spans its schedule: no endTime while the schedule has no end date. */
  sessions: z.array(z.object({ requiredpeople: z.int(), startTime: z.string(), endTime: z.optional(z.string()), location: z.optional(geo) })),
  /** Every session's place (geo sort and distance filters); absent for a remote role. */
  locations: z.optional(z.array(geo)),
  scheduleType: z.string(),
  isexclusive: z.boolean(),
  isremote: z.boolean(),
  frequency: z.optional(z.string()),
  opportunityType: z.string(),
  skills: z.array(z.string()),
  categories: z.array(z.string()),
  /** The first session's start and the last session's end (absent: open-ended): date filters. */
  firststart: z.string(),
  lastend: z.optional(z.string()),
  /** The next session still to start when indexed (the 'soonest' sort); absent once all have started. */
  nextstart: z.optional(z.string()),
});
const fundraisingFields = {
  ...common,
  charity: charityRef,
  currency: z.enum(CURRENCIES),
  donatedamount: z.int(),
  targetamount: z.int(),
  raisedpercentage: z.int(),
  ownername: z.string(),
  enddate: z.string(),
};
/** `slug` is the event's address (eventUrl). */
export const eventSearchDocument = z.object({ ...fundraisingFields, type: z.literal('fundraisingevent') });
/** `slug` is eventUrl/pageUrl; `event.slug` is the event's address (spec 1 §3). */
export const pageSearchDocument = z.object({ ...fundraisingFields, type: z.literal('fundraisingpage'), event: z.object({ slug: z.string(), title: z.string() }) });

export const searchItemSchema = z.discriminatedUnion('type', [charitySearchDocument, giftSearchDocument, opportunitySearchDocument, eventSearchDocument, pageSearchDocument]);
export type SearchItem = z.infer<typeof searchItemSchema>;
export type CharitySearchDocument = z.infer<typeof charitySearchDocument>;
export type GiftSearchDocument = z.infer<typeof giftSearchDocument>;
export type OpportunitySearchDocument = z.infer<typeof opportunitySearchDocument>;
export type EventSearchDocument = z.infer<typeof eventSearchDocument>;
export type PageSearchDocument = z.infer<typeof pageSearchDocument>;

/** Largest page of results any call answers. */
export const MAX_SEARCH_SIZE = 100;
/** Default page size of the site search and the listings. */
export const DEFAULT_SEARCH_SIZE = 24;

/** The orders the site search and listings know; volunteering's three are spec 2's sort options. */
export const SEARCH_SORTS = ['relevance', ...OPPORTUNITY_SORT_OPTIONS, 'mostRaised', 'priceLow', 'priceHigh'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/** The spec's message for a sort id the search does not know (spec 2 §7, §8). */
export const unknownSortMessage = (id: string) => `Sort Option: sorting option ${id} not found`;

const numberText = (min: number, max: number) =>
  z.optional(z.pipe(z.string(), z.transform(Number)).check(z.refine((n) => Number.isFinite(n) && n >= min && n <= max, MESSAGES.invalidInput)));
const intText = (min: number, max: number) =>
  z.optional(z.pipe(z.string(), z.transform(Number)).check(z.refine((n) => Number.isInteger(n) && n >= min && n <= max, MESSAGES.invalidInput)));

/**
 * GET /search — the site search and the listings. `q` words (typo tolerant, prefix as typed); `type` one item type
 * (else all); `from`/`size` the page (size 1..100, default 24); `sort` a SEARCH_SORTS id (another is a 400 with the
 * spec's message). Listings' filters: `cause` (charities and gifts), `minPrice`/`maxPrice` in cents (gifts),
 * `charityId` (one charity's gifts, roles, events and pages), and volunteering's `isRemote`, `lat`/`lon`(+`radiusKm`),
 * `dateFilter` with `date`, `skills`, `categories`, `opportunityType`.
 */
export const siteSearchQuerySchema = z
  .object({
    q: z.optional(z.string().check(z.maxLength(100, MESSAGES.tooLong(100)))),
    country: z.optional(countryCodeSchema),
    type: z.optional(z.enum(SEARCH_ITEM_TYPES, { error: MESSAGES.invalidInput })),
    // OpenSearch answers at most 10,000 hits deep (from + size).
    from: intText(0, 9_900),
    size: intText(1, MAX_SEARCH_SIZE),
    sort: z.optional(z.string().check(z.maxLength(40, MESSAGES.tooLong(40)))),
    cause: z.optional(z.string().check(z.maxLength(100, MESSAGES.tooLong(100)))),
    minPrice: intText(0, 100_000_000),
    maxPrice: intText(0, 100_000_000),
    charityId: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, MESSAGES.invalidInput))),
    isRemote: z.optional(z.enum(['true', 'false'], { error: MESSAGES.invalidInput })),
    lat: numberText(-90, 90),
    lon: numberText(-180, 180),
    radiusKm: numberText(1, 20_000),
    dateFilter: z.optional(z.enum(DATE_FILTERS, { error: MESSAGES.invalidInput })),
    date: z.optional(dateSchema),
    skills: z.optional(z.string().check(z.maxLength(1000, MESSAGES.tooLong(1000)))),
    categories: z.optional(z.string().check(z.maxLength(1000, MESSAGES.tooLong(1000)))),
    opportunityType: z.optional(z.string().check(z.maxLength(40, MESSAGES.tooLong(40)))),
  })
  .check(
    z.superRefine((value, ctx) => {
      const needsDate = value.dateFilter === 'on-or-before' || value.dateFilter === 'on-or-after';
      if (needsDate && !value.date) ctx.issues.push({ code: 'custom', message: MESSAGES.invalidDate, path: ['date'], input: value });
      if ((value.lat === undefined) !== (value.lon === undefined)) ctx.issues.push({ code: 'custom', message: 'Give both lat and lon.', path: ['lon'], input: value });
      if (value.sort === 'nearest' && value.lat === undefined) ctx.issues.push({ code: 'custom', message: 'Sorting by nearest needs lat and lon.', path: ['lat'], input: value });
    }),
  );
export type SiteSearchQuery = z.infer<typeof siteSearchQuerySchema>;

/** GET /search's answer: how many match, and this page of items (each its type's search item). */
export const siteSearchResultSchema = z.object({
  total: z.int(),
  items: z.array(searchItemSchema),
  /** How many of each type match the words (the search page's tabs). */
  types: z.optional(z.record(z.string(), z.int())),
});
export type SiteSearchResult = z.infer<typeof siteSearchResultSchema>;

/** POST /search/{index}/_search's answer: OpenSearch's shape (spec 2 §7). */
export const rawSearchResultSchema = z.object({
  took: z.optional(z.number()),
  hits: z.object({
    total: z.object({ value: z.int(), relation: z.optional(z.string()) }),
    hits: z.array(z.object({ _id: z.string(), _index: z.string(), _score: z.nullable(z.number()), _source: z.record(z.string(), z.unknown()), sort: z.optional(z.array(z.unknown())) })),
  }),
  aggregations: z.optional(z.record(z.string(), z.unknown())),
});
export type RawSearchResult = z.infer<typeof rawSearchResultSchema>;

/** GET /search/backOffice/indexes: each index, the versioned index its alias points at, its documents, any re-index. */
export const indexStatusListSchema = z.object({
  items: z.array(
    z.object({
      index: z.enum(SEARCH_INDEXES),
      target: z.optional(z.string()),
      documents: z.int(),
      rebuilding: z.boolean(),
      lastRebuiltAt: z.optional(z.string()),
    }),
  ),
});
export type IndexStatusList = z.infer<typeof indexStatusListSchema>;

/** POST /search/backOffice/indexes/{index}/rebuild: the alias moved from one versioned index to a new one. */
export const rebuildOutcomeSchema = z.object({ index: z.enum(SEARCH_INDEXES), from: z.optional(z.string()), to: z.string(), documents: z.int() });
export type RebuildOutcome = z.infer<typeof rebuildOutcomeSchema>;
