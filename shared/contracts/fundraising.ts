import * as z from 'zod/mini';
import { COUNTRY_CODES } from '../countries';
import { CURRENCIES } from '../money';
import { SLUG_MESSAGE, SLUG_PATTERN, countryCodeSchema, dateSchema } from './common';
import { MESSAGES } from './messages';
import { pathParameters } from './path-parameters';

/**
 * Fundraising events and pages (spec 2 §1–§4, §7 "Fundraising events" / "Fundraising pages"; issue 13). The spec names
 * the calls, not their paths or payloads: these are ours. Amounts are integer cents in the page's (its charity's
 * country's) currency, named as the spec's fields are (donatedAmount, targetAmount); raisedPercentage is
 * round(donated / target x 100), 100 when the target is 0 (spec 2 §5).
 *
 * An event belongs to one charity. A multi-page event holds pages created by supporters (each its own owner and
 * target); a single-page event is created with exactly one page ("add single-page event"). A page's donations count
 * toward its event. Online gifts (through the checkout), offline gifts (entered by a page's owner, counted once the
 * charity confirms them) and matched amounts (employers' matching) are kept apart.
 */

export const EVENT_KINDS = ['MultiPage', 'SinglePage'] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/**
 * The roles a member holds in an event or a page ("get roles": the server says what they are and what they allow).
 * An Owner created it; an Admin manages it with them (edit, invite, take offline); a Member is on its team (listed,
 * sees its invitations and members). Permissions are shared/permissions.ts' Fundraising_* ones.
 */
export const FUNDRAISING_ROLES = ['Owner', 'Admin', 'Member'] as const;
export type FundraisingRole = (typeof FUNDRAISING_ROLES)[number];
/** What an invitation may offer: ownership is never handed out by invitation. */
export const INVITABLE_ROLES = ['Admin', 'Member'] as const;

export const PAGE_STATUSES = ['Open', 'Ended', 'Offline'] as const;
/** Open takes donations; Ended (past its end date) and Offline (taken offline) stay readable and take none. */
export type PageStatus = (typeof PAGE_STATUSES)[number];

export const FUNDRAISING_SORTS = ['newest', 'mostRaised'] as const;
export type FundraisingSort = (typeof FUNDRAISING_SORTS)[number];

/** Largest target: $10,000,000 (in cents). */
export const MAX_TARGET_CENTS = 1_000_000_000;
export const MAX_TITLE_LENGTH = 80;
export const MAX_STORY_LENGTH = 5000;
export const MAX_COMMENT_LENGTH = 1000;
/** A page (or event) runs at most this long from its creation (crowdfunding norms: 30 days to a year). */
export const MAX_RUN_DAYS = 366;
/** Days a new page runs when its event sets no end (JustGiving's crowdfunding default is 120). */
export const DEFAULT_RUN_DAYS = 120;
export const MAX_INVITES_PER_REQUEST = 20;
/** A page address: lower-case words and dashes, 3 to 60 characters. */
export const ADDRESS_MIN_LENGTH = 3;
export const ADDRESS_MAX_LENGTH = 60;

export const FUNDRAISING_MESSAGES = {
  addressTaken: 'That address is taken. Try one of the suggestions.',
  addressLength: `Use ${ADDRESS_MIN_LENGTH} to ${ADDRESS_MAX_LENGTH} characters.`,
  endDatePast: 'The end date must be today or later.',
  endDateTooFar: `The end date must be within ${MAX_RUN_DAYS} days.`,
  targetTooHigh: 'The target must be at most $10,000,000.',
  charityNotFundraising: 'This charity is not taking fundraising pages.',
  charityWrongCountry: 'This charity is not listed in this country.',
  eventNotFound: 'This fundraising event is no longer available.',
  pageNotFound: 'This fundraising page is no longer available.',
  eventNotJoinable: 'This event has a single page; it takes no more pages.',
  eventOffline: 'This event is offline and takes no new pages.',
  pageEnded: 'This fundraising page has ended and is not taking further donations.',
  pageOffline: 'This fundraising page is offline and is not taking donations.',
  pageWrongCountry: 'This fundraising page cannot be given to from this country.',
  workplaceCannotCreate: 'Your workplace does not allow you to create this under its name.',
  notManager: 'Only the owner or an admin of this page can do that.',
  alreadyMember: 'They are already a member.',
  alreadyInvited: 'They have already been invited.',
  invitationNotForYou: 'This invitation was sent to another e-mail address.',
  invitationAnswered: 'This invitation has already been answered.',
  lastOwner: 'The owner cannot be removed or changed; make another member the owner first.',
  offlineDonationConfirmed: 'This offline donation has already been confirmed.',
} as const;

const trimmed = (max: number) =>
  z.pipe(
    z.pipe(z.string({ error: MESSAGES.requiredField }), z.transform((s) => s.trim())),
    z.string().check(z.minLength(1, MESSAGES.requiredField), z.maxLength(max, MESSAGES.tooLong(max))),
  );
const optionalText = (max: number) =>
  z.optional(z.pipe(z.pipe(z.string(), z.transform((s) => s.trim())), z.string().check(z.maxLength(max, MESSAGES.tooLong(max)))));
const emailSchema = z.string({ error: MESSAGES.requiredField }).check(z.trim(), z.toLowerCase(), z.minLength(1, MESSAGES.requiredField), z.email(MESSAGES.invalidEmail), z.maxLength(254, MESSAGES.tooLong(254)));

/** An event's or page's address (its URL segment). */
export const addressSchema = z
  .string({ error: MESSAGES.requiredField })
  .check(
    z.minLength(ADDRESS_MIN_LENGTH, FUNDRAISING_MESSAGES.addressLength),
    z.maxLength(ADDRESS_MAX_LENGTH, FUNDRAISING_MESSAGES.addressLength),
    z.regex(SLUG_PATTERN, SLUG_MESSAGE),
  );
/** A target in cents: 0 (no target: shown as 100% raised, spec 2 §5) up to MAX_TARGET_CENTS. */
export const targetCentsSchema = z
  .int({ error: MESSAGES.invalidAmount })
  .check(z.gte(0, MESSAGES.invalidAmount), z.lte(MAX_TARGET_CENTS, FUNDRAISING_MESSAGES.targetTooHigh));
const imageUrlSchema = z.string({ error: MESSAGES.requiredField }).check(
  z.regex(/^(https:\/\/\S+|\/media\/\S+)$/, 'Use an https:// address or an uploaded image.'),
  z.maxLength(500, MESSAGES.tooLong(500)),
);
const ulid = z.string({ error: MESSAGES.requiredField }).check(z.minLength(1, MESSAGES.requiredField), z.regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, MESSAGES.invalidInput));

/** What an event and a page both carry when created or edited. */
const contentFields = {
  title: trimmed(MAX_TITLE_LENGTH),
  story: trimmed(MAX_STORY_LENGTH),
  targetAmount: targetCentsSchema,
  /** The last day it takes donations (year-month-day, the country's calendar). */
  endDate: dateSchema,
  imageUrl: z.optional(imageUrlSchema),
};

/** POST /fundraising/events — a multi-page event (201). `workplaceId` creates it under a workplace (Workplace_Fundraising.Event.Create). */
export const eventInputSchema = z.object({
  country: countryCodeSchema,
  charityId: ulid,
  eventUrl: addressSchema,
  workplaceId: z.optional(ulid),
  ...contentFields,
});
export type EventInput = z.infer<typeof eventInputSchema>;

/** POST /fundraising/events/single-page — an event with exactly one page, the caller's (201); the page's address is the event's. */
export const singlePageEventInputSchema = eventInputSchema;

/** PATCH /fundraising/events/{eventId}: what an event's managers may change (its address, charity and country stay). */
export const eventUpdateSchema = z.object(contentFields);
export type EventUpdate = z.infer<typeof eventUpdateSchema>;

/** POST /fundraising/pages — a page within a multi-page event (201). `workplaceId` creates it under a workplace (Workplace_Fundraising.Page.Create). */
export const pageInputSchema = z.object({
  eventId: ulid,
  pageUrl: addressSchema,
  workplaceId: z.optional(ulid),
  ...contentFields,
});
export type PageInput = z.infer<typeof pageInputSchema>;

/** PATCH /fundraising/pages/{pageId}. */
export const pageUpdateSchema = z.object(contentFields);
export type PageUpdate = z.infer<typeof pageUpdateSchema>;

/** PATCH .../toggleOnlineStatus: `isOnline` sets it; an empty body flips it. */
export const toggleOnlineSchema = z.optional(z.object({ isOnline: z.optional(z.boolean({ error: MESSAGES.invalidInput })) }));

/** The totals of a page or an event (an event's are its pages' sums). */
export const totalsSchema = z.object({
  currency: z.enum(CURRENCIES),
  /** Everything raised: online + offline (confirmed) + matched. */
  donatedAmount: z.int(),
  targetAmount: z.int(),
  donationsCount: z.int(),
  raisedPercentage: z.int(),
  onlineAmount: z.int(),
  offlineAmount: z.int(),
  matchedAmount: z.int(),
});
export type Totals = z.infer<typeof totalsSchema>;

export const charityRefSchema = z.object({ id: z.string(), name: z.string(), charityUrl: z.string(), logoImageUrl: z.string() });
export const personRefSchema = z.object({ memberId: z.string(), name: z.string() });

/** What an event and a page both show in lists: where it is, what it is for, who runs it, its state and totals. */
const listedFields = {
  id: z.string(),
  eventUrl: z.string(),
  title: z.string(),
  imageUrl: z.string(),
  country: countryCodeSchema,
  charity: charityRefSchema,
  owner: personRefSchema,
  endDate: z.string(),
  isOnline: z.boolean(),
  status: z.enum(PAGE_STATUSES),
  createdOn: z.string(),
  ...totalsSchema.shape,
};

/** A page as lists show it (event page leaderboard, listings, consoles). */
export const pageSummarySchema = z.object({ ...listedFields, pageUrl: z.string(), eventId: z.string() });
export type PageSummary = z.infer<typeof pageSummarySchema>;

/** GET /fundraising/events/{eventUrl}/pages/{pageUrl} — the page. */
export const pageSchema = z.object({
  ...pageSummarySchema.shape,
  story: z.string(),
  eventTitle: z.string(),
  eventKind: z.enum(EVENT_KINDS),
  workplaceId: z.optional(z.string()),
  members: z.array(z.object({ ...personRefSchema.shape, role: z.enum(FUNDRAISING_ROLES) })),
  /** The stored version read: a live progress message (liveProgressSchema) applies only when newer. */
  version: z.optional(z.int()),
});
export type Page = z.infer<typeof pageSchema>;

/** An event as lists show it. */
export const eventSummarySchema = z.object({ ...listedFields, kind: z.enum(EVENT_KINDS), pagesCount: z.int() });
export type EventSummary = z.infer<typeof eventSummarySchema>;

/** GET /fundraising/events/{eventUrl} — the event with its online pages, most raised first (its leaderboard). */
export const eventSchema = z.object({
  ...eventSummarySchema.shape,
  story: z.string(),
  workplaceId: z.optional(z.string()),
  pages: z.array(pageSummarySchema),
  /** The stored version read: a live progress message (liveProgressSchema) applies only when newer. */
  version: z.optional(z.int()),
});
export type FundraisingEvent = z.infer<typeof eventSchema>;

export const eventListSchema = z.object({ items: z.array(eventSummarySchema), nextCursor: z.optional(z.string()) });
export type EventList = z.infer<typeof eventListSchema>;
export const pageListSchema = z.object({ items: z.array(pageSummarySchema), nextCursor: z.optional(z.string()) });
export type PageList = z.infer<typeof pageListSchema>;

/** GET /fundraising/events?country=&sort=&cursor= and GET /fundraising/pages?country=&sort=&cursor=. */
export const fundraisingListQuerySchema = z.object({
  country: z.enum(COUNTRY_CODES as ['nz', 'au'], { error: 'Use nz or au.' }),
  sort: z.optional(z.enum(FUNDRAISING_SORTS, { error: `Use ${FUNDRAISING_SORTS.join(' or ')}.` })),
  cursor: z.optional(z.string().check(z.maxLength(500))),
});

/** GET /fundraising/address?eventUrl= or ?eventId=&pageUrl=: whether the address is free, and free ones like it. */
export const addressQuerySchema = z
  .object({ eventUrl: z.optional(addressSchema), eventId: z.optional(ulid), pageUrl: z.optional(addressSchema) })
  .check(
    z.superRefine((query, ctx) => {
      if (query.eventUrl !== undefined) return;
      if (query.pageUrl === undefined) ctx.addIssue({ code: 'custom', path: ['eventUrl'], message: 'Give eventUrl, or eventId with pageUrl.' });
      else if (query.eventId === undefined) ctx.addIssue({ code: 'custom', path: ['eventId'], message: MESSAGES.requiredField });
    }),
  );
export const addressAnswerSchema = z.object({ available: z.boolean(), suggestions: z.array(z.string()) });

/** GET /fundraising/charities?country= and /fundraising/recent?country=. */
export const countryQuerySchema = z.object({ country: z.enum(COUNTRY_CODES as ['nz', 'au'], { error: 'Use nz or au.' }) });

/** The back office's lists: ?country=&q=&cursor=. */
export const backOfficeListQuerySchema = z.object({
  country: z.optional(z.enum(COUNTRY_CODES as ['nz', 'au'], { error: 'Use nz or au.' })),
  q: z.optional(z.string().check(z.maxLength(100, MESSAGES.tooLong(100)))),
  cursor: z.optional(z.string().check(z.maxLength(600))),
});

/** GET /fundraising/charity/{charityId}/offline-donations?status=. */
export const offlineDonationQuerySchema = z.object({ status: z.optional(z.enum(['Pending', 'Confirmed'], { error: 'Use Pending or Confirmed.' })) });
/** A donor on a page (GET /fundraising/pages/{pageId}/donors): 'Anonymous' for an anonymous donation; no message when isMessageAnonymous. */
export const donorSchema = z.object({
  id: z.string(),
  name: z.string(),
  amount: z.int(),
  currency: z.enum(CURRENCIES),
  message: z.optional(z.string()),
  donatedOn: z.string(),
  kind: z.enum(['Online', 'Offline', 'Matched']),
});
export type Donor = z.infer<typeof donorSchema>;
export const donorListSchema = z.object({ items: z.array(donorSchema), nextCursor: z.optional(z.string()) });

/** How many of a page's newest donors a live progress message carries. */
export const LIVE_PROGRESS_DONORS = 5;
/**
 * Live progress (the WebSocket channels page:<id> and event:<id>, shared/live/channels.ts): a page's or an event's
 * totals as of its stored `version`, posted after it gets a new version. Versions only grow and a burst may be posted
 * as its newest version alone, so a client applies a message only when its version is newer than the last it applied.
 * A page's message carries its newest donors (up to LIVE_PROGRESS_DONORS, as GET .../donors shows them).
 */
export const liveProgressSchema = z.extend(totalsSchema, {
  kind: z.enum(['page', 'event']),
  id: z.string(),
  version: z.int(),
  donors: z.optional(z.array(donorSchema)),
});
export type LiveProgress = z.infer<typeof liveProgressSchema>;

/** Comments (GET and POST /fundraising/pages/{pageId}/comments). */
export const newCommentSchema = z.object({ text: trimmed(MAX_COMMENT_LENGTH) });
export const commentSchema = z.object({ id: z.string(), pageId: z.string(), author: personRefSchema, text: z.string(), createdOn: z.string() });
export type FundraisingComment = z.infer<typeof commentSchema>;
export const commentListSchema = z.object({ items: z.array(commentSchema) });

/** Members and invitations of an event or a page. */
export const memberSchema = z.object({ memberId: z.string(), name: z.string(), role: z.enum(FUNDRAISING_ROLES), joinedOn: z.string() });
export type FundraisingMember = z.infer<typeof memberSchema>;
export const memberListSchema = z.object({ items: z.array(memberSchema) });
export const memberUpdateSchema = z.object({ role: z.enum(FUNDRAISING_ROLES, { error: MESSAGES.invalidInput }) });

export const inviteSchema = z.object({
  invitees: z
    .array(z.object({ email: emailSchema, role: z.enum(INVITABLE_ROLES, { error: MESSAGES.invalidInput }) }))
    .check(z.minLength(1, MESSAGES.requiredField), z.maxLength(MAX_INVITES_PER_REQUEST, `Invite at most ${MAX_INVITES_PER_REQUEST} people at a time.`)),
  message: optionalText(500),
});
export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(INVITABLE_ROLES),
  invitedBy: personRefSchema,
  invitedOn: z.string(),
  lastSentOn: z.string(),
  /** What it is to: an event or a page, with what a member needs to recognise it. */
  target: z.object({ kind: z.enum(['event', 'page']), id: z.string(), title: z.string(), eventUrl: z.string(), pageUrl: z.optional(z.string()), country: countryCodeSchema }),
});
export type Invitation = z.infer<typeof invitationSchema>;
export const invitationListSchema = z.object({ items: z.array(invitationSchema) });
/** PATCH /fundraising/me/invitations/{invitationId} ("update invitation"): the invited member accepts or declines. */
export const invitationAnswerSchema = z.object({ answer: z.enum(['Accept', 'Decline'], { error: MESSAGES.invalidInput }) });

/** GET /fundraising/roles ("get roles"). */
export const roleSchema = z.object({ role: z.enum(FUNDRAISING_ROLES), name: z.string(), description: z.string() });
export const rolesSchema = z.object({ event: z.array(roleSchema), page: z.array(roleSchema) });

/** GET /fundraising/me: the member's events and pages (any role) and their invitations. */
export const myFundraisingSchema = z.object({
  events: z.array(z.object({ ...eventSummarySchema.shape, role: z.enum(FUNDRAISING_ROLES) })),
  pages: z.array(z.object({ ...pageSummarySchema.shape, role: z.enum(FUNDRAISING_ROLES) })),
  invitations: z.array(invitationSchema),
});
export type MyFundraising = z.infer<typeof myFundraisingSchema>;

/** GET /fundraising/charities?country= ("get charities"): the charities one can fundraise for. */
export const fundraisingCharityListSchema = z.object({ items: z.array(charityRefSchema) });

/** GET /fundraising/recent?country= ("recent fundraisers"): the newest pages' owners, for the home page and ticker. */
export const recentFundraiserSchema = z.object({ title: z.string(), fundraisingUrl: z.string(), createdOn: z.string(), ownerName: z.string(), charityName: z.string() });
export const recentFundraiserListSchema = z.object({ items: z.array(recentFundraiserSchema) });

/** Offline gifts: the page's owner enters them; the charity confirms them, and only then do they count. */
export const offlineDonationInputSchema = z.object({
  amount: z.int({ error: MESSAGES.invalidAmount }).check(z.gte(100, MESSAGES.invalidAmount), z.lte(10_000_000, MESSAGES.invalidAmount)),
  donorName: optionalText(100),
  note: optionalText(500),
  receivedOn: dateSchema,
});
export const offlineDonationSchema = z.object({
  id: z.string(),
  pageId: z.string(),
  pageTitle: z.string(),
  amount: z.int(),
  currency: z.enum(CURRENCIES),
  donorName: z.optional(z.string()),
  note: z.optional(z.string()),
  receivedOn: z.string(),
  enteredBy: personRefSchema,
  status: z.enum(['Pending', 'Confirmed']),
});
export type OfflineDonation = z.infer<typeof offlineDonationSchema>;
export const offlineDonationListSchema = z.object({ items: z.array(offlineDonationSchema) });

/** Path parameters. */
export const eventUrlParams = pathParameters('eventUrl');
export const eventPageUrlParams = pathParameters('eventUrl', 'pageUrl');
export const eventIdParams = pathParameters('eventId');
export const pageIdParams = pathParameters('pageId');
export const eventMemberParams = pathParameters('eventId', 'memberId');
export const pageMemberParams = pathParameters('pageId', 'memberId');
export const eventInvitationParams = pathParameters('eventId', 'invitationId');
export const pageInvitationParams = pathParameters('pageId', 'invitationId');
export const pageCommentParams = pathParameters('pageId', 'commentId');
export const invitationIdParams = pathParameters('invitationId');
export const charityFundraisingParams = pathParameters('charityId');
export const charityPageParams = pathParameters('charityId', 'pageId');
export const charityEventParams = pathParameters('charityId', 'eventId');
export const charityOfflineDonationParams = pathParameters('charityId', 'offlineDonationId');

/** Spec 2 §5: round(amount / target x 100), 100 when the target is 0. */
export function raisedPercentage(donatedCents: number, targetCents: number): number {
  if (targetCents <= 0) return 100;
  return Math.round((donatedCents / targetCents) * 100);
}
