import type { Clock } from '@giving/shared/clock';
import type { CharityCopy, MemberNameCopy, TenantRoleCopy } from '@giving/shared/copies';
import type { CountryCode } from '@giving/shared/countries';
import type { EventKind, FundraisingRole, FundraisingSort } from '@giving/shared/contracts/fundraising';
import type { Mailer } from '@giving/shared/mail';
import type { Currency } from '@giving/shared/money';

/** The signed-in caller as the use cases see them. */
export interface Actor {
  memberId: string;
  email?: string;
  name: string;
  groups: readonly string[];
}

export interface CharityRef {
  id: string;
  name: string;
  charityUrl: string;
  logoImageUrl: string;
}

export interface PersonRef {
  memberId: string;
  name: string;
}

/** Online, offline (confirmed) and matched amounts in cents, and how many donations; donatedAmount is their sum. */
export interface StoredTotals {
  currency: Currency;
  onlineAmount: number;
  offlineAmount: number;
  matchedAmount: number;
  donationsCount: number;
}

/** What an event and a page both keep. */
interface StoredContent extends StoredTotals {
  id: string;
  eventUrl: string;
  country: CountryCode;
  charity: CharityRef;
  title: string;
  story: string;
  imageUrl: string;
  targetAmount: number;
  endDate: string;
  isOnline: boolean;
  owner: PersonRef;
  workplaceId?: string;
  createdOn: string;
  /** Raised by one on every change: orders the documents published for search and donations. */
  version: number;
}

export interface StoredEvent extends StoredContent {
  kind: EventKind;
  pagesCount: number;
}

export interface StoredPage extends StoredContent {
  pageUrl: string;
  eventId: string;
  eventTitle: string;
  eventKind: EventKind;
  /** The event's online status, copied onto its pages (an offline event's pages take no donations). */
  eventOnline: boolean;
  /** Where the owner is told of donations and of reaching the target (their sign-in e-mail; never shown). */
  ownerEmail?: string;
  /** When the page reached its target (the owner was told once). */
  targetReachedOn?: string;
}

/** A page's donations waiting to be told to its owner in one e-mail (gathered for a few minutes). */
export interface DonationDigest {
  pageId: string;
  /** By donation: a redelivered donation is the same entry. */
  entries: Record<string, { name: string; amount: number; currency: string; message?: string; donatedOn: string }>;
  count: number;
  /** Donations that arrived while the digest was full (not listed; the e-mail says how many more). */
  overflow?: number;
  dueAt: string;
}

export type TeamKind = 'event' | 'page';

/** What a membership or an invitation is to, with what a member needs to recognise it. */
export interface TeamTarget {
  kind: TeamKind;
  id: string;
  title: string;
  eventUrl: string;
  pageUrl?: string;
  country: CountryCode;
}

export interface StoredMembership {
  memberId: string;
  name: string;
  role: FundraisingRole;
  joinedOn: string;
  target: TeamTarget;
}

export interface StoredInvitation {
  id: string;
  email: string;
  role: 'Admin' | 'Member';
  invitedBy: PersonRef;
  invitedOn: string;
  lastSentOn: string;
  target: TeamTarget;
}

export interface StoredComment {
  id: string;
  pageId: string;
  author: PersonRef;
  text: string;
  createdOn: string;
}

export interface StoredDonor {
  id: string;
  pageId: string;
  name: string;
  amount: number;
  currency: Currency;
  message?: string;
  /** The donor asked that only the page's owner read their message: the public list leaves it out. */
  isMessageAnonymous?: boolean;
  donatedOn: string;
  kind: 'Online' | 'Offline' | 'Matched';
  /**
   * Who gave an online donation: the signed-in member, else a guest's e-mail (lower case). Never shown; it finds the
   * donor's entries when they ask for their data or delete their account (entries recorded before it have neither).
   */
  donorMemberId?: string;
  donorEmail?: string;
}

export interface StoredOfflineDonation {
  id: string;
  pageId: string;
  pageTitle: string;
  eventId: string;
  charityId: string;
  amount: number;
  currency: Currency;
  donorName?: string;
  note?: string;
  receivedOn: string;
  enteredBy: PersonRef;
  status: 'Pending' | 'Confirmed';
  createdOn: string;
}

export interface ListPage<T> {
  items: T[];
  nextCursor?: string;
}

export interface ListOptions {
  sort?: FundraisingSort;
  cursor?: string;
  limit?: number;
}

/** Content changes a manager makes (the address, charity and country stay). */
export interface ContentChange {
  title: string;
  story: string;
  targetAmount: number;
  endDate: string;
  imageUrl?: string;
}

export interface FundraisingStore {
  /** The event with its address claim and its owner's membership, in one transaction; 'addressTaken' when the address is claimed. */
  createEvent(event: StoredEvent, owner: StoredMembership): Promise<'created' | 'addressTaken'>;
  /** A single-page event: the event, its one page, both address claims and both memberships, in one transaction. */
  createSinglePageEvent(event: StoredEvent, page: StoredPage, owner: { event: StoredMembership; page: StoredMembership }): Promise<'created' | 'addressTaken'>;
  /**
   * A page within a multi-page event, its address claim, its owner's membership and the event's page count, in one
   * transaction on the event still being online; 'addressTaken' or 'eventClosed' (offline or gone meanwhile).
   */
  createPage(page: StoredPage, owner: StoredMembership): Promise<'created' | 'addressTaken' | 'eventClosed'>;
  getEvent(id: string): Promise<StoredEvent | undefined>;
  getEventByUrl(eventUrl: string): Promise<StoredEvent | undefined>;
  /** `consistent` reads the table's latest (totals just added). */
  getPage(id: string, options?: { consistent?: boolean }): Promise<StoredPage | undefined>;
  getPageByUrl(eventId: string, pageUrl: string): Promise<StoredPage | undefined>;
  isEventUrlTaken(eventUrls: string[]): Promise<Set<string>>;
  isPageUrlTaken(eventId: string, pageUrls: string[]): Promise<Set<string>>;
  updateEventContent(id: string, change: ContentChange): Promise<StoredEvent | undefined>;
  updatePageContent(id: string, change: ContentChange): Promise<StoredPage | undefined>;
  /** Sets the event's online status and copies it onto its pages. */
  setEventOnline(id: string, isOnline: boolean): Promise<StoredEvent | undefined>;
  setPageOnline(id: string, isOnline: boolean): Promise<StoredPage | undefined>;
  listEvents(country: CountryCode, options: ListOptions): Promise<ListPage<StoredEvent>>;
  listPages(country: CountryCode, options: ListOptions): Promise<ListPage<StoredPage>>;
  /** An event's pages, most raised first (online ones only unless `all`). */
  pagesOfEvent(eventId: string, options: { all?: boolean; limit?: number }): Promise<StoredPage[]>;
  eventsOfCharity(charityId: string): Promise<StoredEvent[]>;
  pagesOfCharity(charityId: string): Promise<StoredPage[]>;
  allEvents(options: { cursor?: string; limit?: number }): Promise<ListPage<StoredEvent>>;
  allPages(options: { cursor?: string; limit?: number }): Promise<ListPage<StoredPage>>;

  membership(target: { kind: TeamKind; id: string }, memberId: string): Promise<StoredMembership | undefined>;
  members(target: { kind: TeamKind; id: string }): Promise<StoredMembership[]>;
  membershipsOf(memberId: string): Promise<StoredMembership[]>;
  /** Adds a membership unless the member already has one: 'exists' then, and nothing changes. */
  addMember(membership: StoredMembership): Promise<'added' | 'exists'>;
  setMemberRole(target: { kind: TeamKind; id: string }, memberId: string, role: FundraisingRole): Promise<'updated' | 'missing'>;
  removeMember(target: { kind: TeamKind; id: string }, memberId: string): Promise<'removed' | 'missing'>;

  /** Adds pending invitations, one per e-mail per target; the e-mails already invited are returned and nothing is written for any. */
  addInvitations(invitations: StoredInvitation[]): Promise<{ ok: true } | { ok: false; alreadyInvited: string[] }>;
  invitations(target: { kind: TeamKind; id: string }): Promise<StoredInvitation[]>;
  invitationsFor(email: string): Promise<StoredInvitation[]>;
  getInvitation(id: string): Promise<StoredInvitation | undefined>;
  removeInvitation(invitation: StoredInvitation): Promise<'removed' | 'missing'>;
  markInvitationSent(invitation: StoredInvitation, at: string): Promise<void>;
  /** Accepting: the invitation goes and the membership comes, in one transaction ('answered' when the invitation went meanwhile). */
  acceptInvitation(invitation: StoredInvitation, membership: StoredMembership): Promise<'accepted' | 'answered'>;

  addComment(comment: StoredComment): Promise<void>;
  comments(pageId: string): Promise<StoredComment[]>;
  getComment(pageId: string, commentId: string): Promise<StoredComment | undefined>;
  removeComment(pageId: string, commentId: string): Promise<void>;

  donors(pageId: string, options: { cursor?: string; limit?: number }): Promise<ListPage<StoredDonor>>;

  addOfflineDonation(donation: StoredOfflineDonation): Promise<void>;
  getOfflineDonation(id: string): Promise<StoredOfflineDonation | undefined>;
  offlineDonationsOfPage(pageId: string): Promise<StoredOfflineDonation[]>;
  offlineDonationsOfCharity(charityId: string): Promise<StoredOfflineDonation[]>;
  /**
   * Confirms a pending offline gift: its status, its donor entry and the page's and event's totals in one
   * transaction; 'confirmed' already when it was (nothing counted twice).
   */
  confirmOfflineDonation(donation: StoredOfflineDonation, donor: StoredDonor): Promise<'confirmed' | 'alreadyConfirmed'>;
  /**
   * An online donation to a page: its donor entry and the page's and event's online totals in one transaction, once
   * per donation (the donor entry is keyed by the donation): 'repeat' when it was already counted.
   */
  recordOnlineDonation(donor: StoredDonor, eventId: string): Promise<'recorded' | 'repeat'>;
  /**
   * A matching campaign's bonus on one of the page's donations: a marker for it and the page's and event's matched
   * totals in one transaction, once per campaign and donation: 'repeat' when it was already counted.
   */
  recordMatch(match: { id: string; pageId: string; amount: number; currency: string; matchedAt: string }, eventId: string): Promise<'recorded' | 'repeat'>;
  /**
   * A refund of one of the page's donations (issue 17 item 5): takes its donation part off the page's and event's
   * online totals and the donor's entry (gone when nothing is left of it), once per refund: 'repeat' after the first.
   */
  recordRefund(refund: { refundId: string; pageId: string; donationId: string; donatedOn: string; amount: number; remaining: number }, eventId: string): Promise<'recorded' | 'repeat'>;
  /** A campaign gave back part of its bonus on one of the page's donations: off the matched totals, once per refund. */
  recordMatchGivenBack(giveBack: { refundId: string; campaignId: string; pageId: string; amount: number }, eventId: string): Promise<'recorded' | 'repeat'>;

  /** Adds a donation to its page's digest (the first one sets when it is due); the same donation again changes nothing. */
  addToDigest(pageId: string, donationId: string, entry: DonationDigest['entries'][string], dueAt: string): Promise<void>;
  /** Digests due by `now`, oldest first. */
  dueDigests(now: string): Promise<DonationDigest[]>;
  /**
   * Takes the entries (and the unlisted count) an e-mail named out of the digest, in one conditional write, so they
   * are never sent again; entries that joined meanwhile stay, due `nextDueAt`. 'already' when another run took them.
   */
  takeDigest(digest: Pick<DonationDigest, 'pageId'>, sent: { donationIds: string[]; overflow: number }, nextDueAt: string): Promise<'taken' | 'already'>;
  /** Marks the page as having reached its target, once: true for the call that marked it. */
  markTargetReached(pageId: string, at: string): Promise<boolean>;

  /** The active charities of a country (fundraising's list, kept from the charity copies). */
  charitiesOf(country: CountryCode): Promise<CharityRef[]>;
  saveCharityListing(charity: CharityRef & { country: CountryCode; isActive: boolean; version: string }): Promise<void>;
}

/** One of the member's roles in a charity or workplace, as fundraising's copy keeps it (from accounts' events). */
export interface CopiedRole {
  kind: 'charity' | 'workplace';
  id: string;
  workplaceName?: string;
  roles: string[];
}

/** Who an anonymised record names instead of a member who deleted their account. */
export interface Anonymous {
  memberId: '';
  name: string;
}

/**
 * What fundraising holds about one member beyond what FundraisingStore finds by member ("Download my data",
 * "Delete my account", issue 17 item 7). Layout: adapters/keys.ts.
 */
export interface MemberDataStore {
  /** The member's donor entries on pages: by their member id, or by their e-mail for gifts given as a guest. */
  donorEntriesOf(member: { memberId: string; email: string }): Promise<StoredDonor[]>;
  /** Comments they wrote, offline gifts they entered and invitations they sent (none is indexed by member: a scan). */
  writtenBy(memberId: string): Promise<{ comments: StoredComment[]; offlineEntered: StoredOfflineDonation[]; invitationsSent: StoredInvitation[] }>;
  /** Fundraising's copies of the member's names and roles (MEMBER#<memberId> / NAMES, CHARITY#.., WORKPLACE#..). */
  copiesOf(memberId: string): Promise<{ names?: { firstName: string; lastName: string }; roles: CopiedRole[] }>;
  digestOf(pageId: string): Promise<DonationDigest | undefined>;
  /**
   * While `memberId` owns it: the page names `owner` instead, loses its story and the owner's e-mail, and goes offline.
   * Its totals are never written (a donation counted meanwhile makes it read again). The page as written, or undefined.
   */
  closePageOf(pageId: string, memberId: string, owner: Anonymous): Promise<StoredPage | undefined>;
  /** While `memberId` owns it: the event names `owner` instead; `close` also takes its story and takes it (and its pages) offline. */
  releaseEventOf(eventId: string, memberId: string, owner: Anonymous, close: boolean): Promise<StoredEvent | undefined>;
  deleteDigest(pageId: string): Promise<boolean>;
  /** The entry names `name` and keeps no message nor who gave it; so does its line in the page's pending digest. */
  anonymiseDonor(donor: StoredDonor, name: string): Promise<boolean>;
  replaceInvitationSender(invitation: StoredInvitation, memberId: string, sender: Anonymous): Promise<boolean>;
  replaceOfflineEnteredBy(donationId: string, memberId: string, enteredBy: Anonymous): Promise<boolean>;
  /** Deletes the copies of the member's names and roles; how many there were. */
  deleteCopies(memberId: string): Promise<{ names: number; roles: number }>;
}

export interface FundraisingDeps {
  store: FundraisingStore;
  charities: Pick<CharityCopy, 'getById'>;
  roles: Pick<TenantRoleCopy, 'rolesOf'>;
  clock: Clock;
  newId: () => string;
}

export interface MailDeps {
  mailer: Mailer;
  siteUrl: string;
}

export type { MemberNameCopy };
