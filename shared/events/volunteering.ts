import * as z from 'zod/mini';
import { countryCodeSchema } from '../contracts/common';
import { defineEvent, type EventDefinition } from '../events';

export const VOLUNTEERING_SOURCE = 'giving.volunteering';

/** What every application event names: the application, its opportunity, its charity and its country. */
const applicationFacts = {
  applicationId: z.string(),
  opportunityId: z.string(),
  charityId: z.string(),
  charityName: z.string(),
  country: countryCodeSchema,
};

/**
 * A volunteering application was completed (by the applicant or the charity): its volunteers' hours count toward
 * the site's volunteered hours (accounts raises the country's overallVolunteeredHours). Published from the
 * volunteering table's stream when an application item becomes Completed; event id `hours-<applicationId>`, and
 * consumers count each application once whatever the deliveries.
 */
export const VolunteerHoursRecorded = defineEvent({
  name: 'VolunteerHoursRecorded',
  source: VOLUNTEERING_SOURCE,
  version: 1,
  schema: z.object({
    ...applicationFacts,
    /** The applicant (the team's leader). */
    memberId: z.string(),
    /** Hours each volunteer gave, how many counted, and their product: what the stats add. */
    hoursPerPerson: z.number(),
    volunteers: z.int(),
    hours: z.number(),
    completedAt: z.string(),
  }),
});

/**
 * Someone signed up to volunteer (an application, individual or team, was stored): the ticker's "volunteering sign-up"
 * (spec 1 §1; its fields spec 1 §3 "Volunteer application": charityName, charityUrl, createdOn), never who. Published
 * from the volunteering table's stream when an application item is inserted; event id `applied-<applicationId>`.
 */
export const VolunteerApplied = defineEvent({
  name: 'VolunteerApplied',
  source: VOLUNTEERING_SOURCE,
  version: 1,
  schema: z.object({ ...applicationFacts, charityUrl: z.string(), createdOn: z.string() }),
});

/**
 * The search documents the ReIndex operations re-emit, one event per document (search builds its indexes from
 * them). `reindexId` groups one run; `document` is what the index stores.
 */
const reindexEvent = <const N extends string, D>(name: N, document: z.ZodMiniType<D>) =>
  defineEvent({
    name,
    source: VOLUNTEERING_SOURCE,
    version: 1,
    schema: z.object({ reindexId: z.string(), index: z.string(), document }),
  });

const geo = z.object({ lat: z.number(), lon: z.number() });

/** Index volunteeringopportunities-v2: spec 1 §3 "Volunteering opportunity" search item, plus what filters need. */
export const volunteeringOpportunityDocument = z.object({
  id: z.string(),
  type: z.literal('volunteeringopportunities'),
  title: z.string(),
  image: z.string(),
  /** charityUrl/opportunityUrl (the vacancy page). */
  slug: z.string(),
  description: z.string(),
  country: z.string(),
  charities: z.array(z.object({ id: z.string(), name: z.string(), image: z.string(), slug: z.string(), suburb: z.optional(z.string()), location: z.optional(geo) })),
  /** A recurring role's one session spans its schedule: no endTime while the schedule has no end date. */
  sessions: z.array(z.object({ id: z.string(), requiredpeople: z.int(), startTime: z.string(), endTime: z.optional(z.string()), location: z.optional(geo) })),
  scheduleType: z.string(),
  isexclusive: z.boolean(),
  exclusiveCorporateId: z.optional(z.string()),
  isremote: z.boolean(),
  frequency: z.optional(z.string()),
  opportunityType: z.string(),
  skills: z.array(z.string()),
  categories: z.array(z.string()),
  sdgs: z.array(z.int()),
  contentStatus: z.string(),
  isOnline: z.boolean(),
  createdAt: z.string(),
  /** The opportunity item's revision when this document was made (search keeps the newest; absent from older producers). */
  revision: z.optional(z.int()),
});

const applicationDocumentFields = {
  id: z.string(),
  applicationType: z.string(),
  status: z.string(),
  opportunityId: z.string(),
  opportunityTitle: z.string(),
  charityId: z.string(),
  charityName: z.string(),
  sessionId: z.string(),
  sessionStartsAt: z.string(),
  seats: z.int(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

/** A member's own applications (their search of "my volunteering"). */
export const userVolunteerApplicationDocument = z.object({ ...applicationDocumentFields, memberId: z.string() });
/** A charity's applications (the charity console's search), with who applied. */
export const charityVolunteerApplicationDocument = z.object({
  ...applicationDocumentFields,
  applicant: z.object({ memberId: z.string(), name: z.string(), email: z.string() }),
  teamName: z.optional(z.string()),
});
/** A team invitation (the invitee's search). */
export const volunteerApplicationInvitationDocument = z.object({
  id: z.string(),
  applicationId: z.string(),
  email: z.string(),
  responseStatus: z.string(),
  teamName: z.string(),
  opportunityId: z.string(),
  opportunityTitle: z.string(),
  charityName: z.string(),
  sessionStartsAt: z.string(),
  invitedAt: z.string(),
});
/** The catalogues (skills and categories with how many live roles use each), for search facets. */
export const volunteeringCatalogueDocument = z.object({ id: z.string(), kind: z.enum(['skill', 'category']), name: z.string(), opportunityCount: z.int() });

export const VolunteeringOpportunityReindexed = reindexEvent('VolunteeringOpportunityReindexed', volunteeringOpportunityDocument);
export const UserVolunteerApplicationReindexed = reindexEvent('UserVolunteerApplicationReindexed', userVolunteerApplicationDocument);
export const CharityVolunteerApplicationReindexed = reindexEvent('CharityVolunteerApplicationReindexed', charityVolunteerApplicationDocument);
export const VolunteerApplicationInvitationReindexed = reindexEvent('VolunteerApplicationInvitationReindexed', volunteerApplicationInvitationDocument);
export const VolunteeringCatalogueReindexed = reindexEvent('VolunteeringCatalogueReindexed', volunteeringCatalogueDocument);

/**
 * An opportunity was created, changed (content, sessions, status, online) or deleted. Published from the volunteering
 * table's stream, so every stored change is published once stored; event id `opportunity-<id>-<revision>` (removal:
 * `opportunity-<id>-removed-<stream sequence>`). Search indexes `document` when the role is public (Live, online, not
 * exclusive) and removes it otherwise.
 */
export const VolunteeringOpportunityChanged = defineEvent({
  name: 'VolunteeringOpportunityChanged',
  source: VOLUNTEERING_SOURCE,
  version: 1,
  schema: z.union([
    z.object({ change: z.literal('Modified'), document: volunteeringOpportunityDocument }),
    z.object({ change: z.literal('Removed'), id: z.string() }),
  ]),
});

export const REINDEX_EVENTS: readonly EventDefinition<string, unknown>[] = [
  VolunteeringOpportunityReindexed,
  UserVolunteerApplicationReindexed,
  CharityVolunteerApplicationReindexed,
  VolunteerApplicationInvitationReindexed,
  VolunteeringCatalogueReindexed,
];
