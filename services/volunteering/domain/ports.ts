import type { Clock } from '@giving/shared/clock';
import type {
  ApplicationStatus,
  ApplicationType,
  CharitySummary,
  ContentStatus,
  ExternalFeedback,
  Fee,
  Feedback,
  Location,
  OpportunityTemplate,
  OpportunityType,
  RecommenderModel,
  RecurringSchedule,
  ResponseStatus,
} from '@giving/shared/contracts/volunteering';
import type { CharityCopy, TenantRoleCopy } from '@giving/shared/copies';
import type { CountryCode } from '@giving/shared/countries';
import type { BatchEventPublisher } from '@giving/shared/events';
import type { Mailer } from '@giving/shared/mail';

/** Who is calling: the signed-in member, from the verified ID token. */
export interface Actor {
  memberId: string;
  /** Only once Cognito verified it. */
  email?: string;
  firstName: string;
  lastName: string;
  /** The token's groups (Administrator holds the back office and every charity console). */
  groups: readonly string[];
}

/**
 * A session as the opportunity keeps it (its schedule); capacity lives on the session item. A recurring role has one
 * session, its roster, spanning its schedule (shared/recurring-schedule.ts rosterSpan): from its first meeting's start
 * to its last meeting's end, and no end while the schedule has none.
 */
export interface SessionPlan {
  id: string;
  startsAt: string;
  endsAt?: string;
  sessionTotalHours?: number;
  requiredPeople: number;
  location?: Location;
}

export interface StoredOpportunity {
  id: string;
  charity: CharitySummary;
  country: CountryCode;
  title: string;
  description: string;
  opportunityUrl: string;
  opportunityType: OpportunityType;
  imageUrl: string;
  skills: string[];
  categories: string[];
  sdgs: number[];
  isRemote: boolean;
  location?: Location;
  hasSpecificDates: boolean;
  recurringSchedule?: RecurringSchedule;
  exclusiveCorporateId?: string;
  fee?: Fee;
  allowTeams: boolean;
  maxTeamSize?: number;
  contactEmail: string;
  contentStatus: ContentStatus;
  deniedReason?: string;
  /** When the back office last denied it (the charity is e-mailed once per denial). */
  deniedAt?: string;
  isOnline: boolean;
  /** The sessions' schedule, denormalised for lists and filters (capacity is on the session items). */
  sessions: SessionPlan[];
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  /** Each write is conditioned on the revision read. */
  revision: number;
}

/** A session item: its capacity is changed only by conditional writes (placesTaken, remaining). */
export interface StoredSession extends SessionPlan {
  opportunityId: string;
  charityId: string;
  placesTaken: number;
  remaining: number;
}

export interface StoredApplicant {
  memberId: string;
  email: string;
  firstName: string;
  lastName: string;
}

export interface StoredApplication {
  id: string;
  applicationType: ApplicationType;
  status: ApplicationStatus;
  opportunityId: string;
  opportunityTitle: string;
  opportunityUrl: string;
  imageUrl: string;
  charity: CharitySummary;
  country: CountryCode;
  sessionId: string;
  /** What was applied for (a recurring role: the meeting it starts from, and the schedule). */
  session: { startsAt: string; endsAt: string; sessionTotalHours?: number; location?: Location; recurringSchedule?: RecurringSchedule };
  applicant: StoredApplicant;
  /** The applicant's workplaces when they applied (charity reports: workplaces whose members volunteered). */
  applicantWorkplaces: { workplaceId: string; workplaceName: string }[];
  /** Places held in the session now. */
  seats: number;
  message?: string;
  teamName?: string;
  fee?: Fee;
  /** Recurring opportunities: hours a volunteer gives each time (when the session has no sessionTotalHours). */
  hoursPerSession?: number;
  hours?: { hoursPerPerson: number; volunteers: number; totalHours: number };
  completedBy?: 'Applicant' | 'Charity';
  completedAt?: string;
  declineReason?: string;
  volunteerFeedback?: Feedback;
  charityFeedback?: Feedback;
  /** The Idempotency-Key it was created with (a retried apply answers this application). */
  createKey?: string;
  /** When its applicant deleted their account: kept (its hours count in the charity's records) without who they were. */
  erasedAt?: string;
  createdAt: string;
  updatedAt: string;
  revision: number;
}

export interface StoredInvite {
  applicationId: string;
  email: string;
  firstName?: string;
  lastName?: string;
  responseStatus: ResponseStatus;
  invitedAt: string;
  respondedAt?: string;
}

export interface StoredComment {
  id: string;
  opportunityId: string;
  author: { memberId: string; name: string };
  text: string;
  createdAt: string;
}

export interface FeedItem {
  id: string;
  country: CountryCode;
  charityName: string;
  charityUrl: string;
  opportunityTitle: string;
  opportunityUrl: string;
  applicationType: ApplicationType;
  seats: number;
  createdOn: string;
}

/** Session changes of an edit, written with the opportunity in one transaction. */
export interface SessionChanges {
  added: StoredSession[];
  updated: SessionPlan[];
  removed: string[];
}

export type ApplyOutcome =
  | { outcome: 'applied' }
  | { outcome: 'full'; remaining: number; ended: boolean }
  | { outcome: 'alreadyApplied'; applicationId: string }
  | { outcome: 'notOpen' }
  | { outcome: 'busy' };

export type SeatChangeOutcome = 'saved' | 'changed' | { full: number };

export interface OpportunityStore {
  create(opportunity: StoredOpportunity, sessions: StoredSession[]): Promise<'created' | 'urlTaken'>;
  get(opportunityId: string): Promise<StoredOpportunity | undefined>;
  getByUrl(charityId: string, opportunityUrl: string): Promise<StoredOpportunity | undefined>;
  /** Writes the next version (conditioned on current.revision) with its session changes. */
  replace(
    current: StoredOpportunity,
    next: StoredOpportunity,
    sessions: SessionChanges,
  ): Promise<'saved' | 'changed' | 'urlTaken' | { capacityBelowTaken: string } | { sessionInUse: string }>;
  /** Deletes it with its sessions, URL claim and comments, unless a session has places taken. */
  delete(opportunity: StoredOpportunity): Promise<'deleted' | 'inUse' | 'changed'>;
  /** Live and online opportunities of a country, newest first. */
  listListed(country: CountryCode): Promise<StoredOpportunity[]>;
  listByCharity(charityId: string): Promise<StoredOpportunity[]>;
  listByContentStatus(status: ContentStatus, cursor?: string): Promise<{ items: StoredOpportunity[]; nextCursor?: string }>;
  countByContentStatus(status: ContentStatus): Promise<number>;
  /** Every opportunity (ReIndex, training), page by page. */
  listAll(): Promise<StoredOpportunity[]>;
  getSession(sessionId: string): Promise<StoredSession | undefined>;
  listSessions(opportunityId: string): Promise<StoredSession[]>;
  addComment(comment: StoredComment): Promise<void>;
  listComments(opportunityId: string): Promise<StoredComment[]>;
}

export interface ApplicationStore {
  /**
   * One transaction: takes `application.seats` places in the session (never below zero left, only while it has not
   * ended), checks the opportunity is Live and online, claims the member's one application per session, stores the
   * application, its team invitations and the feed item.
   */
  apply(application: StoredApplication, invites: StoredInvite[], feed: FeedItem, now: string): Promise<ApplyOutcome>;
  get(applicationId: string): Promise<{ application: StoredApplication; team: StoredInvite[] } | undefined>;
  /** Changes fields when the status is one of `from` and the revision is the one read. */
  update(current: StoredApplication, from: readonly ApplicationStatus[], set: Partial<StoredApplication>): Promise<'saved' | 'changed'>;
  /** Ends an application that holds places (Retracted or Declined), giving them back and freeing the member's claim on the session. */
  release(current: StoredApplication, from: readonly ApplicationStatus[], set: Partial<StoredApplication>): Promise<'saved' | 'changed'>;
  /** Deletes it and its invitations; gives back any places it holds. */
  delete(current: StoredApplication, team: StoredInvite[]): Promise<'deleted' | 'changed'>;
  /** Adds members to a team: one place each, atomically. */
  addInvites(current: StoredApplication, invites: StoredInvite[]): Promise<SeatChangeOutcome>;
  /** A member's answer; `seatDelta` -1 gives a place back, +1 takes one again. */
  respond(current: StoredApplication, invite: StoredInvite, next: StoredInvite, seatDelta: -1 | 0 | 1): Promise<SeatChangeOutcome>;
  listByMember(memberId: string): Promise<StoredApplication[]>;
  listByOpportunity(opportunityId: string, sessionId?: string): Promise<StoredApplication[]>;
  listByCharity(charityId: string): Promise<StoredApplication[]>;
  /** The member's application for a session, if any (the seat claim). */
  findForSession(sessionId: string, memberId: string): Promise<StoredApplication | undefined>;
  /** Team invitations addressed to this e-mail. */
  invitesFor(email: string): Promise<StoredInvite[]>;
  listFeed(country: CountryCode, limit: number): Promise<FeedItem[]>;
  /** Every application and invitation (ReIndex, training). */
  listAll(): Promise<{ applications: StoredApplication[]; invites: StoredInvite[] }>;
}

/** One of the member's roles in a charity or workplace, as volunteering's copy keeps it (from accounts' events). */
export interface CopiedRole {
  kind: 'charity' | 'workplace';
  id: string;
  workplaceName?: string;
  roles: string[];
}

/**
 * What volunteering holds about one member beyond what the other stores find by member ("Download my data",
 * "Delete my account", issue 17 item 7). Layout: adapters/keys.ts.
 */
export interface MemberDataStore {
  /** Comments the member wrote and applications whose charity feedback they gave (neither is indexed by member: a scan). */
  writtenBy(memberId: string): Promise<{ comments: StoredComment[]; charityFeedbackGiven: StoredApplication[] }>;
  /** Volunteering's copies of the member's names and roles (MEMBER#<memberId> / NAMES, CHARITY#.., WORKPLACE#..). */
  copiesOf(memberId: string): Promise<{ names?: { firstName: string; lastName: string }; roles: CopiedRole[] }>;
  /**
   * Writes `next` (the application without its applicant) in place of `current` if its revision is still the one
   * read, without the index key that finds it by member, and drops the member's claim on the session.
   */
  anonymiseApplication(current: StoredApplication, next: StoredApplication): Promise<'saved' | 'changed'>;
  /** Replaces a team invitation addressed to the member by one addressed to nobody (`next`, same place and answer). */
  anonymiseInvite(current: StoredInvite, next: StoredInvite, createdAt: string): Promise<'saved' | 'gone'>;
  /** Sets the charity feedback's giver while the stored one is still `memberId`. */
  replaceCharityFeedbackGiver(applicationId: string, memberId: string, givenBy: { memberId: string; name: string }): Promise<'saved' | 'changed'>;
  deleteExternalFeedback(id: string): Promise<void>;
  deleteComment(comment: StoredComment): Promise<void>;
  /** Deletes the copies of the member's names and roles; how many there were. */
  deleteCopies(memberId: string): Promise<{ names: number; roles: number }>;
}

export interface ReferenceStore {
  listTemplates(): Promise<OpportunityTemplate[]>;
  getTemplate(templateId: string): Promise<OpportunityTemplate | undefined>;
  putTemplate(template: OpportunityTemplate): Promise<void>;
  putExternalFeedback(feedback: ExternalFeedback): Promise<void>;
  getExternalFeedback(id: string): Promise<ExternalFeedback | undefined>;
  listExternalFeedback(memberId: string): Promise<ExternalFeedback[]>;
  saveModel(model: RecommenderModel): Promise<void>;
  getModel(): Promise<RecommenderModel | undefined>;
}

export interface VolunteeringDeps {
  opportunities: OpportunityStore;
  applications: ApplicationStore;
  reference: ReferenceStore;
  charities: CharityCopy;
  roles: TenantRoleCopy;
  clock: Clock;
  newId: () => string;
}

export type MailDeps = { mailer: Mailer; siteUrl: string };
export type ReindexDeps = { events: BatchEventPublisher };
