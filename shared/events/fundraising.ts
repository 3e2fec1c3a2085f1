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

/**
 * A fundraising page as other services need it: search indexes it (title, story, totals); donations checks a donation
 * to it (its charity, country, whether it takes donations, its end, its workplace for payment methods and matching).
 * `version` orders the documents of one page (the page item's version): keep a document only over an older one.
 */
export const pageDocumentSchema = z.object({
  id: z.string(),
  pageUrl: z.string(),
  eventId: z.string(),
  eventUrl: z.string(),
  eventTitle: z.string(),
  eventKind: z.enum(EVENT_KINDS),
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
  /** Whether it takes donations now: Open (online, the event online, and its end date not passed when published). */
  status: z.enum(PAGE_STATUSES),
  createdOn: z.string(),
  version: z.int(),
  ...totals,
});
export type PageDocument = z.infer<typeof pageDocumentSchema>;

export const eventDocumentSchema = z.object({
  id: z.string(),
  eventUrl: z.string(),
  kind: z.enum(EVENT_KINDS),
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
  status: z.enum(PAGE_STATUSES),
  createdOn: z.string(),
  pagesCount: z.int(),
  version: z.int(),
  ...totals,
});
export type EventDocument = z.infer<typeof eventDocumentSchema>;

/**
 * A page was created, changed (content, online status, totals) or removed. Published from the fundraising table's
 * stream, so every stored change is published once it is stored; event id `page-<id>-<version>`.
 */
export const PageModified = defineEvent({
  name: 'PageModified',
  source: FUNDRAISING_SOURCE,
  version: 1,
  schema: z.object({ change: z.enum(['Created', 'Modified', 'Removed']), page: pageDocumentSchema }),
});

/** The same for an event (its totals are its pages' sums). Event id `event-<id>-<version>`. */
export const EventModified = defineEvent({
  name: 'EventModified',
  source: FUNDRAISING_SOURCE,
  version: 1,
  schema: z.object({ change: z.enum(['Created', 'Modified', 'Removed']), event: eventDocumentSchema }),
});
