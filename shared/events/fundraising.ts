import * as z from 'zod/mini';
import { countryCodeSchema } from '../contracts/common';
import { EVENT_KINDS, PAGE_STATUSES } from '../contracts/fundraising';
import { CURRENCIES } from '../money';
import { defineEvent } from '../events';

export const FUNDRAISING_SOURCE = 'giving.fundraising';

const totals = {
  currency: z.enum(CURRENCIES),
  donatedAmount: z.int(),
  targetAmount: z.int(),
  donationsCount: z.int(),
  raisedPercentage: z.int(),
  onlineAmount: z.int(),
  offlineAmount: z.int(),
  matchedAmount: z.int(),
};

const charity = z.object({ id: z.string(), name: z.string(), charityUrl: z.string() });

/** What a page's and an event's documents both carry. `version` orders one item's documents: keep a newer one only. */
const documentFields = {
  id: z.string(),
  eventUrl: z.string(),
  title: z.string(),
  story: z.string(),
  imageUrl: z.string(),
  country: countryCodeSchema,
  charity,
  ownerMemberId: z.string(),
  ownerName: z.string(),
  workplaceId: z.optional(z.string()),
  endDate: z.string(),
  isOnline: z.boolean(),
  /** Whether it takes donations now: Open (online, its event online, its end date not passed when published). */
  status: z.enum(PAGE_STATUSES),
  createdOn: z.string(),
  version: z.int(),
  ...totals,
};

/**
 * A fundraising page as other services need it: search indexes it (title, story, totals); donations checks a donation
 * to it (its charity, country, whether it takes donations, its end, its workplace for payment methods and matching).
 */
export const pageDocumentSchema = z.object({ ...documentFields, pageUrl: z.string(), eventId: z.string(), eventTitle: z.string(), eventKind: z.enum(EVENT_KINDS) });
export type PageDocument = z.infer<typeof pageDocumentSchema>;

export const eventDocumentSchema = z.object({ ...documentFields, kind: z.enum(EVENT_KINDS), pagesCount: z.int() });
export type EventDocument = z.infer<typeof eventDocumentSchema>;

/**
 * A page was created, changed (content, online status, totals) or removed. Published from the fundraising table's
 * stream, so every stored change is published once it is stored; event id `page-<id>-<version>`. A ReIndexFundraisingPages
 * run re-emits every page's stored state (same version, change Modified) with its `reindexId` (event id
 * `page-<id>-<version>-<reindexId>`).
 */
export const PageModified = defineEvent({
  name: 'PageModified',
  source: FUNDRAISING_SOURCE,
  version: 1,
  schema: z.object({ change: z.enum(['Created', 'Modified', 'Removed']), page: pageDocumentSchema, reindexId: z.optional(z.string()) }),
});

/** The same for an event (its totals are its pages' sums). Event id `event-<id>-<version>`. */
export const EventModified = defineEvent({
  name: 'EventModified',
  source: FUNDRAISING_SOURCE,
  version: 1,
  schema: z.object({ change: z.enum(['Created', 'Modified', 'Removed']), event: eventDocumentSchema, reindexId: z.optional(z.string()) }),
});
