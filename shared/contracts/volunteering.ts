import * as z from 'zod/mini';
import { emailSchema, idSchema } from './accounts';
import { DATE_TEXT, countryCodeSchema, dateSchema, isRealDate, moneySchema, slugSchema } from './common';
import { MESSAGES } from './messages';
import { pathParameters } from './path-parameters';

/*
 * Volunteering (spec 2 §3, §4, §6, §7, §8; spec 1 §2, §3, §4): every request and response body of the volunteering
 * service's calls, shared by its Lambdas and the SPA. Paths are under the site's /api prefix. Times are ISO 8601
 * instants (UTC, 'Z'); dates are YYYY-MM-DD; money is integer cents with a currency; hours are decimal numbers.
 * Route list, who may call each, and status codes: services/volunteering/service.ts (and docs/DECISIONS.md).
 */

/* ------------------------------------------------------------------------------------------------------------
 * Enumerations (spec 2 §3)
 * ---------------------------------------------------------------------------------------------------------- */

export const APPLICATION_STATUSES = [
  'Applied',
  'Accepted',
  'Completed',
  'UserFeedbackGiven',
  'CharityFeedbackGiven',
  'BothFeedbacksGiven',
  'Declined',
  'Retracted',
] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
export const OPPORTUNITY_TYPES = ['Skilled', 'UnSkilled'] as const;
export type OpportunityType = (typeof OPPORTUNITY_TYPES)[number];
export const APPLICATION_TYPES = ['Individual', 'Team'] as const;
export type ApplicationType = (typeof APPLICATION_TYPES)[number];
export const RESPONSE_STATUSES = ['Going', 'NotGoing', 'AwaitingResponse'] as const;
export type ResponseStatus = (typeof RESPONSE_STATUSES)[number];
export const FEE_TYPES = ['PerPerson', 'PerTeam'] as const;
export type FeeType = (typeof FEE_TYPES)[number];
export const CONTENT_STATUSES = ['Live', 'Proposed', 'Denied'] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

import { DATE_FILTERS, SCHEDULE_LABELS, SCHEDULE_TYPES, VOLUNTEER_SKILLS } from './volunteering-listing';
export {
  DATE_FILTERS,
  MULTIPLE_LOCATIONS,
  OPPORTUNITY_SORT_OPTIONS,
  REMOTE_LOCATION,
  SCHEDULE_LABELS,
  SCHEDULE_TYPES,
  VOLUNTEER_SKILLS,
  type DateFilter,
  type OpportunitySortOption,
  type ScheduleLabel,
  type ScheduleType,
  type VolunteerSkill,
} from './volunteering-listing';

export const RECURRING_FREQUENCIES = ['Weekly', 'Fortnightly', 'Monthly'] as const;
export type RecurringFrequency = (typeof RECURRING_FREQUENCIES)[number];
export const WEEK_DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export type WeekDay = (typeof WEEK_DAYS)[number];

/** Cause categories of a role. */
export const VOLUNTEER_CATEGORIES = [
  'Animals',
  'Arts and culture',
  'Children and youth',
  'Community',
  'Disability',
  'Education',
  'Emergency and safety',
  'Environment',
  'Health',
  'Hunger relief',
  'Older people',
  'Sport',
] as const;
export type VolunteerCategory = (typeof VOLUNTEER_CATEGORIES)[number];

/** The UN Sustainable Development Goals an opportunity may be tagged with (bulkUpdateOpportunitySdgs). */
export const SDGS = [
  { id: 1, name: 'No poverty' },
  { id: 2, name: 'Zero hunger' },
  { id: 3, name: 'Good health and well-being' },
  { id: 4, name: 'Quality education' },
  { id: 5, name: 'Gender equality' },
  { id: 6, name: 'Clean water and sanitation' },
  { id: 7, name: 'Affordable and clean energy' },
  { id: 8, name: 'Decent work and economic growth' },
  { id: 9, name: 'Industry, innovation and infrastructure' },
  { id: 10, name: 'Reduced inequalities' },
  { id: 11, name: 'Sustainable cities and communities' },
  { id: 12, name: 'Responsible consumption and production' },
  { id: 13, name: 'Climate action' },
  { id: 14, name: 'Life below water' },
  { id: 15, name: 'Life on land' },
  { id: 16, name: 'Peace, justice and strong institutions' },
  { id: 17, name: 'Partnerships for the goals' },
] as const;

/** A team is the leader plus up to this many invited members (an opportunity may allow fewer: maxTeamSize). */
export const MAX_TEAM_SIZE = 50;
export const MAX_SESSIONS = 60;

/* ------------------------------------------------------------------------------------------------------------
 * Messages: the API's user-facing refusals, and the client's error catalogue (spec 2 §8), exactly.
 * ---------------------------------------------------------------------------------------------------------- */

export const VOLUNTEERING_MESSAGES = {
  /** 400 naming recurringSchedule.daysOfWeek: no day between the start and end dates is one of its days. */
  scheduleNeverMeets: 'This schedule has no meeting between its start and end dates.',
  /** 409 when a session has no places left (individual or team). */
  sessionFull: 'This session is full. Please choose another session.',
  /** 409 when a team (or added members) needs more places than are left. */
  notEnoughPlaces: (needed: number, remaining: number) =>
    `This session has only ${remaining} ${remaining === 1 ? 'place' : 'places'} left and your team needs ${needed}. Please choose another session or a smaller team.`,
  alreadyApplied: 'You have already applied for this session.',
  sessionEnded: 'This session has already ended. Please choose another session.',
  notTakingApplications: 'This opportunity is not taking applications.',
  exclusive: 'This opportunity is only open to members of the workplace it was made for.',
  teamsNotAllowed: 'This opportunity does not take team applications.',
  teamTooBig: (max: number) => `A team can have at most ${max} people, including you.`,
  leaderInTeam: 'You are already in the team as its leader.',
  alreadyInvited: (email: string) => `${email} is already in the team.`,
  notInvited: 'You have not been invited to this team.',
  notYourApplication: 'This is not your application.',
  /** 409 for a move the application's status does not allow (spec 2 §4: the transition table is domain/applications.ts). */
  invalidTransition: (action: string, status: ApplicationStatus) => `You cannot ${action} an application that is ${status}.`,
  notStartedYet: 'This session has not started yet, so it cannot be completed.',
  hoursRequired: 'Enter the hours each volunteer gave: this session has no set hours.',
  opportunityUrlTaken: 'Another opportunity of this charity already uses this page address.',
  capacityBelowTaken: (taken: number) => `This session already has ${taken} places taken: it needs at least that many people.`,
  sessionHasApplications: 'This session has applications: cancel or decline them before removing it.',
  opportunityHasApplications: 'This opportunity has active applications: cancel or decline them before deleting it.',
  deleteActiveApplication: 'Cancel this application before deleting it.',
  deleteCompletedApplication: 'Completed applications are kept for your volunteering history.',
  feedbackGiven: 'Feedback has already been given.',
  noModel: 'No recommender model has been trained yet.',
} as const;

/** The volunteering clients' error catalogue (spec 2 §8), reproduced exactly by the SPA's volunteering API client. */
export const VOLUNTEERING_CLIENT_MESSAGES = {
  unexpected: 'An unexpected server error occurred.',
  serverSide: 'A server side error occurred.',
  missingParameter: (name: string) => `The parameter '${name}' must be defined.`,
  unknownSort: (id: string) => `Sort Option: sorting option ${id} not found`,
} as const;

/* ------------------------------------------------------------------------------------------------------------
 * Building blocks
 * ---------------------------------------------------------------------------------------------------------- */

const trimmed = (max: number) =>
  z.pipe(
    z.pipe(z.string({ error: MESSAGES.requiredField }), z.transform((s) => s.trim())),
    z.string().check(z.minLength(1, MESSAGES.requiredField), z.maxLength(max, MESSAGES.tooLong(max))),
  );
const optionalText = (max: number) =>
  z.optional(z.pipe(z.pipe(z.string(), z.transform((s) => s.trim())), z.string().check(z.maxLength(max, MESSAGES.tooLong(max)))));

/** An instant: ISO 8601 with Z or an offset. */
export const instantSchema = z.iso.datetime({ offset: true, error: MESSAGES.invalidDate });
/** Spec 1 §5's date rule lives in common.ts (fundraising uses it too); named here as before. */
export { DATE_TEXT, dateSchema, isRealDate };
const clockTime = z.string({ error: MESSAGES.invalidInput }).check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:mm (24-hour).'));
const hoursSchema = z.number({ error: MESSAGES.invalidInput }).check(z.gt(0, MESSAGES.invalidInput), z.lte(24 * 31, MESSAGES.invalidInput));
/** An image address: https, or the platform's own media path (/media/...). */
const imageUrlSchema = z.string({ error: MESSAGES.requiredField }).check(
  z.regex(/^(https:\/\/\S+|\/media\/\S+)$/, 'Use an https:// address or an uploaded image.'),
  z.maxLength(500, MESSAGES.tooLong(500)),
);

export const locationSchema = z.object({
  suburb: trimmed(100),
  address: optionalText(200),
  lat: z.number({ error: MESSAGES.invalidInput }).check(z.gte(-90, MESSAGES.invalidInput), z.lte(90, MESSAGES.invalidInput)),
  lon: z.number({ error: MESSAGES.invalidInput }).check(z.gte(-180, MESSAGES.invalidInput), z.lte(180, MESSAGES.invalidInput)),
});
export type Location = z.infer<typeof locationSchema>;

export const feeSchema = z.object({
  /** Integer cents, at least $1. */
  amount: moneySchema.check(z.refine((m) => m.cents >= 100 && m.cents <= 100_000_00, { message: MESSAGES.invalidAmount, path: ['cents'] })),
  feeType: z.enum(FEE_TYPES, { error: MESSAGES.invalidInput }),
});
export type Fee = z.infer<typeof feeSchema>;

export const recurringScheduleSchema = z.object({
  frequency: z.enum(RECURRING_FREQUENCIES, { error: MESSAGES.invalidInput }),
  daysOfWeek: z.array(z.enum(WEEK_DAYS, { error: MESSAGES.invalidInput })).check(z.minLength(1, MESSAGES.requiredField), z.maxLength(7)),
  startTime: clockTime,
  endTime: clockTime,
  startDate: dateSchema,
  endDate: z.optional(dateSchema),
  /** Hours a volunteer gives each time (credited when an application is completed). */
  hoursPerSession: hoursSchema,
});
export type RecurringSchedule = z.infer<typeof recurringScheduleSchema>;

/* ------------------------------------------------------------------------------------------------------------
 * Opportunities
 * ---------------------------------------------------------------------------------------------------------- */

/** One session of the create/edit payload. With hasSpecificDates each has dates and sessionTotalHours; else the one recurring session. */
export const sessionInputSchema = z.object({
  /** An existing session's id when editing (absent: a new session). */
  id: z.optional(idSchema),
  startsAt: instantSchema,
  endsAt: instantSchema,
  /** Hours each volunteer gives in the session: required with hasSpecificDates. */
  sessionTotalHours: z.optional(hoursSchema),
  requiredPeople: z.int({ error: MESSAGES.invalidInput }).check(z.gte(1, MESSAGES.invalidInput), z.lte(10_000, MESSAGES.invalidInput)),
  /** Where this session happens, when not the opportunity's own location. */
  location: z.optional(locationSchema),
});
export type SessionInput = z.infer<typeof sessionInputSchema>;

const opportunityFields = {
  charityId: idSchema,
  title: trimmed(100),
  description: trimmed(5000),
  /** The vacancy page's address under the charity's: /charity/{charityUrl}/vacancy/{opportunityUrl}; unique within the charity. */
  opportunityUrl: slugSchema,
  opportunityType: z.enum(OPPORTUNITY_TYPES, { error: MESSAGES.invalidInput }),
  imageUrl: imageUrlSchema,
  skills: z.array(z.enum(VOLUNTEER_SKILLS, { error: MESSAGES.invalidInput })).check(z.maxLength(10, 'Up to 10 skills.')),
  categories: z.array(z.enum(VOLUNTEER_CATEGORIES, { error: MESSAGES.invalidInput })).check(z.minLength(1, MESSAGES.requiredField), z.maxLength(5, 'Up to 5 categories.')),
  isRemote: z.boolean({ error: MESSAGES.requiredField }),
  /** Required unless isRemote (or every session has its own location). */
  location: z.optional(locationSchema),
  hasSpecificDates: z.boolean({ error: MESSAGES.requiredField }),
  sessions: z.array(sessionInputSchema).check(z.minLength(1, MESSAGES.requiredField), z.maxLength(MAX_SESSIONS, `Up to ${MAX_SESSIONS} sessions.`)),
  /** Only when not hasSpecificDates. */
  recurringSchedule: z.optional(recurringScheduleSchema),
  /** Only this workplace's members see and apply (omitted when empty). */
  exclusiveCorporateId: z.optional(idSchema),
  fee: z.optional(feeSchema),
  allowTeams: z.optional(z.boolean()),
  /** The largest team, leader included (2..MAX_TEAM_SIZE); only with allowTeams. */
  maxTeamSize: z.optional(z.int({ error: MESSAGES.invalidInput }).check(z.gte(2, MESSAGES.invalidInput), z.lte(MAX_TEAM_SIZE, MESSAGES.invalidInput))),
  /** Where applicants' messages (contact the charity) go; never shown publicly. */
  contactEmail: emailSchema,
  /** Shown on the public list once Live (default true). */
  isOnline: z.optional(z.boolean()),
  sdgs: z.optional(z.array(z.int().check(z.gte(1, MESSAGES.invalidInput), z.lte(17, MESSAGES.invalidInput))).check(z.maxLength(17))),
};

type Issue = { code: 'custom'; message: string; path: (string | number)[]; input: unknown };
/** The create payload's rules across fields (spec 2 §3), each naming the field. */
function checkOpportunity(value: {
  hasSpecificDates: boolean;
  sessions: SessionInput[];
  recurringSchedule?: RecurringSchedule;
  isRemote: boolean;
  location?: Location;
  allowTeams?: boolean;
  maxTeamSize?: number;
}): Issue[] {
  const issues: Issue[] = [];
  const issue = (path: (string | number)[], message: string) => issues.push({ code: 'custom', message, path, input: value });
  if (value.hasSpecificDates) {
    value.sessions.forEach((session, i) => {
      if (session.sessionTotalHours === undefined) issue(['sessions', i, 'sessionTotalHours'], MESSAGES.requiredField);
    });
    if (value.recurringSchedule) issue(['recurringSchedule'], 'Only for an opportunity without specific dates.');
  } else {
    if (value.sessions.length !== 1) issue(['sessions'], 'A recurring opportunity has exactly one session.');
    if (!value.recurringSchedule) issue(['recurringSchedule'], MESSAGES.requiredField);
  }
  value.sessions.forEach((session, i) => {
    if (Date.parse(session.endsAt) <= Date.parse(session.startsAt)) issue(['sessions', i, 'endsAt'], 'The session must end after it starts.');
  });
  if (value.recurringSchedule?.endDate && value.recurringSchedule.endDate < value.recurringSchedule.startDate) {
    issue(['recurringSchedule', 'endDate'], 'The schedule must end after it starts.');
  }
  if (!value.isRemote && !value.location && value.sessions.some((session) => !session.location)) issue(['location'], MESSAGES.requiredField);
  if (value.maxTeamSize !== undefined && !value.allowTeams) issue(['maxTeamSize'], 'Only for an opportunity that takes teams.');
  return issues;
}

/** POST /volunteering/opportunity (201 + opportunity) and PATCH /volunteering/opportunity/{opportunityId} (200: the whole edit form again). */
export const opportunityInputSchema = z.object(opportunityFields).check(
  z.superRefine((value, ctx) => {
    for (const issue of checkOpportunity(value)) ctx.issues.push(issue);
  }),
);
export type OpportunityInput = z.infer<typeof opportunityInputSchema>;

export const charitySummarySchema = z.object({ id: z.string(), name: z.string(), charityUrl: z.string(), logoImageUrl: z.string() });
export type CharitySummary = z.infer<typeof charitySummarySchema>;

/** A session with its capacity now (spec: requiredPeople, places taken and remaining, start/end, location). */
export const sessionSchema = z.object({
  id: z.string(),
  opportunityId: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  sessionTotalHours: z.optional(z.number()),
  requiredPeople: z.int(),
  placesTaken: z.int(),
  placesRemaining: z.int(),
  isFull: z.boolean(),
  /** Ended sessions take no applications. */
  hasEnded: z.boolean(),
  location: z.optional(locationSchema),
});
export type Session = z.infer<typeof sessionSchema>;

/** The full opportunity: the vacancy page, the consoles. */
export const opportunitySchema = z.object({
  id: z.string(),
  charity: charitySummarySchema,
  country: countryCodeSchema,
  title: z.string(),
  description: z.string(),
  opportunityUrl: z.string(),
  opportunityType: z.enum(OPPORTUNITY_TYPES),
  imageUrl: z.string(),
  skills: z.array(z.string()),
  categories: z.array(z.string()),
  sdgs: z.array(z.int()),
  isRemote: z.boolean(),
  location: z.optional(locationSchema),
  hasSpecificDates: z.boolean(),
  scheduleType: z.enum(SCHEDULE_TYPES),
  scheduleLabel: z.enum(SCHEDULE_LABELS),
  /** The suburb, 'Multiple locations' or 'Remote' (spec 1 §4). */
  locationLabel: z.string(),
  recurringSchedule: z.optional(recurringScheduleSchema),
  /** A recurring role's next meetings by its schedule, in the charity's time zone (none once it has ended). */
  upcomingMeetings: z.optional(z.array(z.object({ startsAt: z.string(), endsAt: z.string() }))),
  /**
   * Fixed dates: each session. Recurring: its one session (its roster, whose places volunteers apply for), shown as
   * its next meeting; ended once the schedule has no meeting left.
   */
  sessions: z.array(sessionSchema),
  isExclusive: z.boolean(),
  exclusiveCorporateId: z.optional(z.string()),
  fee: z.optional(feeSchema),
  allowTeams: z.boolean(),
  maxTeamSize: z.optional(z.int()),
  contentStatus: z.enum(CONTENT_STATUSES),
  /** Why the back office denied it (Denied only). */
  deniedReason: z.optional(z.string()),
  isOnline: z.boolean(),
  requiredPeople: z.int(),
  placesTaken: z.int(),
  placesRemaining: z.int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Opportunity = z.infer<typeof opportunitySchema>;

/** GET .../edit: the opportunity plus what only its editors see. */
export const opportunityEditSchema = z.extend(opportunitySchema, { contactEmail: z.string() });
export type OpportunityEdit = z.infer<typeof opportunityEditSchema>;

/** A card in a list (spec 1 §3 "Volunteering opportunity" search item). */
export const opportunityCardSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  imageUrl: z.string(),
  charity: charitySummarySchema,
  country: countryCodeSchema,
  opportunityUrl: z.string(),
  opportunityType: z.enum(OPPORTUNITY_TYPES),
  skills: z.array(z.string()),
  categories: z.array(z.string()),
  isRemote: z.boolean(),
  isExclusive: z.boolean(),
  scheduleType: z.enum(SCHEDULE_TYPES),
  scheduleLabel: z.enum(SCHEDULE_LABELS),
  locationLabel: z.string(),
  location: z.optional(locationSchema),
  frequency: z.optional(z.enum(RECURRING_FREQUENCIES)),
  sessionCount: z.int(),
  /** The next session that has not ended; a recurring role's next meeting by its schedule (absent when none is left). */
  nextSessionStartsAt: z.optional(z.string()),
  requiredPeople: z.int(),
  fee: z.optional(feeSchema),
  allowTeams: z.boolean(),
  contentStatus: z.enum(CONTENT_STATUSES),
  /** Why the back office denied it (Denied only; only its charity and the back office see a role that is not Live). */
  deniedReason: z.optional(z.string()),
  isOnline: z.boolean(),
  /** With a lat/lon filter: how far away (km, one decimal). */
  distanceKm: z.optional(z.number()),
  createdAt: z.string(),
});
export type OpportunityCard = z.infer<typeof opportunityCardSchema>;

export const opportunityListSchema = z.object({ items: z.array(opportunityCardSchema), total: z.int(), nextCursor: z.optional(z.string()) });
export type OpportunityList = z.infer<typeof opportunityListSchema>;
/** GET /volunteering/charity/{charityId}/opportunity and the back office's moderation list: cards without a total (a cursor where paged). */
export const opportunityCardPageSchema = z.object({ items: z.array(opportunityCardSchema), nextCursor: z.optional(z.string()) });
export type OpportunityCardPage = z.infer<typeof opportunityCardPageSchema>;

const booleanText = z.optional(z.enum(['true', 'false'], { error: MESSAGES.invalidInput }));
const listText = z.optional(z.string().check(z.maxLength(1000, MESSAGES.tooLong(1000))));
const numberText = (min: number, max: number) =>
  z.optional(z.pipe(z.string(), z.transform(Number)).check(z.refine((n) => Number.isFinite(n) && n >= min && n <= max, MESSAGES.invalidInput)));

/**
 * GET /volunteering/opportunity (and the public twin): Live and online opportunities of a country, filtered.
 * `isRemote=true|false`; `lat`,`lon`(+`radiusKm`, default 25) or `location` (suburb text); `dateFilter` with `date`
 * for on-or-before / on-or-after (spec 1 §5 date text, else 'Invalid Date!'); `skills`/`categories` comma lists (any
 * matches); `q` words in the title or description; `charityUrl` one charity's; `cursor` from the previous page;
 * `limit` 1..100 (24).
 */

export const opportunityListQuerySchema = z
  .object({
    country: z.optional(countryCodeSchema),
    q: z.optional(z.string().check(z.maxLength(100, MESSAGES.tooLong(100)))),
    isRemote: booleanText,
    lat: numberText(-90, 90),
    lon: numberText(-180, 180),
    radiusKm: numberText(1, 20_000),
    location: z.optional(z.string().check(z.maxLength(100, MESSAGES.tooLong(100)))),
    dateFilter: z.optional(z.enum(DATE_FILTERS, { error: MESSAGES.invalidInput })),
    date: z.optional(dateSchema),
    skills: listText,
    categories: listText,
    opportunityType: z.optional(z.enum(OPPORTUNITY_TYPES, { error: MESSAGES.invalidInput })),
    /** One charity's roles only (the charity page's 'More Volunteering Roles'). */
    charityUrl: z.optional(slugSchema),
    /** A sort option id (OPPORTUNITY_SORT_OPTIONS); another id is refused with VOLUNTEERING_CLIENT_MESSAGES.unknownSort. */
    sort: z.optional(z.string().check(z.maxLength(40, MESSAGES.tooLong(40)))),
    limit: numberText(1, 100),
    cursor: z.optional(z.string().check(z.maxLength(200))),
  })
  .check(
    z.superRefine((value, ctx) => {
      const needsDate = value.dateFilter === 'on-or-before' || value.dateFilter === 'on-or-after';
      if (needsDate && !value.date) ctx.issues.push({ code: 'custom', message: MESSAGES.invalidDate, path: ['date'], input: value });
      if ((value.lat === undefined) !== (value.lon === undefined)) ctx.issues.push({ code: 'custom', message: 'Give both lat and lon.', path: ['lon'], input: value });
    }),
  );
export type OpportunityListQuery = z.infer<typeof opportunityListQuerySchema>;

/** GET /volunteer/opportunity/{opportunityId}/sessionsSummary */
export const sessionsSummarySchema = z.object({
  opportunityId: z.string(),
  scheduleType: z.enum(SCHEDULE_TYPES),
  scheduleLabel: z.enum(SCHEDULE_LABELS),
  locationLabel: z.string(),
  sessionCount: z.int(),
  upcomingSessionCount: z.int(),
  requiredPeople: z.int(),
  placesTaken: z.int(),
  placesRemaining: z.int(),
  firstStartsAt: z.optional(z.string()),
  lastEndsAt: z.optional(z.string()),
  nextSession: z.optional(sessionSchema),
});
export type SessionsSummary = z.infer<typeof sessionsSummarySchema>;
export const sessionListSchema = z.object({ items: z.array(sessionSchema) });

/** PATCH .../toggleOnlineStatus: `isOnline` sets it; an empty body flips it. */
export const toggleOnlineSchema = z.optional(z.object({ isOnline: z.optional(z.boolean({ error: MESSAGES.invalidInput })) }));
export const onlineStatusSchema = z.object({ opportunityId: z.string(), isOnline: z.boolean() });

/* Comments on an opportunity (GET and POST /volunteering/opportunity/{opportunityId}/comment). */
export const newCommentSchema = z.object({ text: trimmed(1000) });
export const commentSchema = z.object({
  id: z.string(),
  opportunityId: z.string(),
  author: z.object({ memberId: z.string(), name: z.string() }),
  text: z.string(),
  createdAt: z.string(),
});
export type Comment = z.infer<typeof commentSchema>;
export const commentListSchema = z.object({ items: z.array(commentSchema) });

/* Templates (GET /volunteering/opportunity/template and /template/{templateId}): starting points for a new role. */
export const opportunityTemplateSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  opportunityType: z.enum(OPPORTUNITY_TYPES),
  skills: z.array(z.string()),
  categories: z.array(z.string()),
  suggestedHours: z.number(),
  suggestedPeople: z.int(),
  hasSpecificDates: z.boolean(),
});
export type OpportunityTemplate = z.infer<typeof opportunityTemplateSchema>;
/** With the "template category summary": how many templates each category has. */
export const templateListSchema = z.object({
  items: z.array(opportunityTemplateSchema),
  categories: z.array(z.object({ category: z.string(), count: z.int() })),
});

/* ------------------------------------------------------------------------------------------------------------
 * Applications (individual and team), their lifecycle, teams, feedback
 * ---------------------------------------------------------------------------------------------------------- */

/** What a caller may do to an application now (the transition table of domain/applications.ts, for this caller). */
export const APPLICATION_ACTIONS = ['accept', 'decline', 'cancel', 'complete', 'volunteerFeedback', 'charityFeedback', 'edit', 'invite', 'delete', 'contact'] as const;
export type ApplicationAction = (typeof APPLICATION_ACTIONS)[number];

/** POST /volunteer/session/{sessionId}/individualApply (201 + application). Optional Idempotency-Key header: a retry answers the same application. */
export const individualApplySchema = z.optional(z.object({ message: optionalText(1000) }));
export type IndividualApply = z.infer<typeof individualApplySchema>;

export const teamMemberInputSchema = z.object({ email: emailSchema, firstName: optionalText(50), lastName: optionalText(50) });
export type TeamMemberInput = z.infer<typeof teamMemberInputSchema>;

/** POST /volunteer/session/{sessionId}/teamApply (201): the leader's seat plus one per member, taken at once. */
export const teamApplySchema = z.object({
  teamName: trimmed(80),
  message: optionalText(1000),
  members: z.array(teamMemberInputSchema).check(z.minLength(1, 'Invite at least one team member.'), z.maxLength(MAX_TEAM_SIZE - 1, VOLUNTEERING_MESSAGES.teamTooBig(MAX_TEAM_SIZE))),
});
export type TeamApply = z.infer<typeof teamApplySchema>;

export const teamMemberSchema = z.object({
  email: z.string(),
  firstName: z.optional(z.string()),
  lastName: z.optional(z.string()),
  responseStatus: z.enum(RESPONSE_STATUSES),
  invitedAt: z.string(),
  respondedAt: z.optional(z.string()),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const feedbackAnswerSchema = z.object({ questionId: z.string().check(z.maxLength(40)), answer: z.union([z.string().check(z.maxLength(2000)), z.number()]) });
/** POST .../volunteerFeedback and .../charityFeedback. */
export const feedbackInputSchema = z.object({
  rating: z.int({ error: MESSAGES.invalidInput }).check(z.gte(1, MESSAGES.invalidInput), z.lte(5, MESSAGES.invalidInput)),
  comment: optionalText(2000),
  answers: z.optional(z.array(feedbackAnswerSchema).check(z.maxLength(20))),
});
export type FeedbackInput = z.infer<typeof feedbackInputSchema>;
export const feedbackSchema = z.object({
  rating: z.int(),
  comment: z.optional(z.string()),
  answers: z.array(feedbackAnswerSchema),
  givenBy: z.object({ memberId: z.string(), name: z.string() }),
  givenAt: z.string(),
});
export type Feedback = z.infer<typeof feedbackSchema>;

export const feedbackQuestionSchema = z.object({
  id: z.string(),
  text: z.string(),
  kind: z.enum(['rating', 'yesNo', 'text']),
  /** Who answers it: the volunteer about the role, or the charity about the volunteer. */
  askedOf: z.enum(['Volunteer', 'Charity']),
});
export type FeedbackQuestion = z.infer<typeof feedbackQuestionSchema>;
export const feedbackQuestionListSchema = z.object({ items: z.array(feedbackQuestionSchema) });

export const applicantSchema = z.object({ memberId: z.string(), email: z.string(), firstName: z.string(), lastName: z.string() });

export const applicationSchema = z.object({
  id: z.string(),
  applicationType: z.enum(APPLICATION_TYPES),
  status: z.enum(APPLICATION_STATUSES),
  opportunity: z.object({ id: z.string(), title: z.string(), opportunityUrl: z.string(), imageUrl: z.string() }),
  charity: charitySummarySchema,
  /** The charity's country: the application's dates read in its time zone. */
  country: countryCodeSchema,
  /**
   * The session applied for. For a recurring role: its meeting the application starts from (the next one when they
   * applied), with the role's schedule, which the volunteer keeps meeting on.
   */
  session: z.object({
    id: z.string(),
    startsAt: z.string(),
    endsAt: z.string(),
    sessionTotalHours: z.optional(z.number()),
    location: z.optional(locationSchema),
    recurringSchedule: z.optional(recurringScheduleSchema),
  }),
  applicant: applicantSchema,
  /** Places this application holds in its session: 1, or the leader plus every member not NotGoing. */
  seats: z.int(),
  message: z.optional(z.string()),
  teamName: z.optional(z.string()),
  team: z.optional(z.array(teamMemberSchema)),
  /** Where the opportunity has a fee: its type and what this application owes (PerPerson x seats, or PerTeam once). */
  fee: z.optional(z.object({ amount: moneySchema, feeType: z.enum(FEE_TYPES), due: moneySchema })),
  /** Once completed: hours each volunteer gave, how many volunteers counted, and the total added to the site's stats. */
  hours: z.optional(z.object({ hoursPerPerson: z.number(), volunteers: z.int(), totalHours: z.number() })),
  completedBy: z.optional(z.enum(['Applicant', 'Charity'])),
  declineReason: z.optional(z.string()),
  volunteerFeedback: z.optional(feedbackSchema),
  charityFeedback: z.optional(feedbackSchema),
  /** What the caller may do now (buttons to show). */
  allowedActions: z.array(z.enum(APPLICATION_ACTIONS)),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Application = z.infer<typeof applicationSchema>;
export const applicationListSchema = z.object({ items: z.array(applicationSchema) });

/** GET /volunteer/application/me: the member's applications, the team invitations addressed to their e-mail, and feedback they still owe. */
export const myApplicationsSchema = z.object({
  applications: z.array(applicationSchema),
  invitations: z.array(z.object({ application: applicationSchema, myResponse: z.enum(RESPONSE_STATUSES) })),
  feedbackDue: z.array(z.string()),
});
export type MyApplications = z.infer<typeof myApplicationsSchema>;

/** PATCH /volunteer/application/individual/{applicationId} */
export const editIndividualApplicationSchema = z.object({ message: optionalText(1000) });
/** PATCH /volunteer/application/team/{applicationId} */
export const editTeamApplicationSchema = z.object({ teamName: z.optional(trimmed(80)), message: optionalText(1000) });

/** POST /volunteer/application/{applicationId}/contact (204; the charity is e-mailed). */
export const contactCharitySchema = z.object({ message: trimmed(2000) });

/** POST .../complete (applicant or charity): hoursPerPerson is required when the session has no set hours. */
export const completeApplicationSchema = z.optional(z.object({ hoursPerPerson: z.optional(hoursSchema) }));

/** PATCH /volunteering/charity/{charityId}/volunteer/application/{applicationId}/decline */
export const declineApplicationSchema = z.optional(z.object({ reason: optionalText(500) }));

/** POST /volunteer/application/team/{applicationId}/invite: more members (each takes a place at once). */
export const inviteTeamMembersSchema = z.object({
  members: z.array(teamMemberInputSchema).check(z.minLength(1, MESSAGES.requiredField), z.maxLength(MAX_TEAM_SIZE - 1)),
});
/** PATCH /volunteer/application/team/{applicationId}/me/response: a member answers (NotGoing gives the place back). */
export const teamResponseSchema = z.object({ responseStatus: z.enum(['Going', 'NotGoing'], { error: MESSAGES.invalidInput }) });
/** PATCH /volunteer/application/team/{applicationId}/reInvite: e-mails these members again (a NotGoing member is asked again and retakes a place). */
export const reInviteSchema = z.object({ emails: z.array(emailSchema).check(z.minLength(1, MESSAGES.requiredField), z.maxLength(MAX_TEAM_SIZE)) });

/** GET /volunteer/application/team/{applicationId}/team */
export const teamSchema = z.object({
  applicationId: z.string(),
  teamName: z.string(),
  leader: applicantSchema,
  members: z.array(teamMemberSchema),
  seats: z.int(),
  fee: z.optional(z.object({ amount: moneySchema, feeType: z.enum(FEE_TYPES), due: moneySchema })),
});
export type Team = z.infer<typeof teamSchema>;

/** External feedback: volunteering done outside the platform that a member records (POST 201, GET by id). */
export const externalFeedbackInputSchema = z.object({
  organisationName: trimmed(120),
  activity: trimmed(200),
  date: dateSchema,
  hours: hoursSchema,
  rating: z.optional(z.int().check(z.gte(1, MESSAGES.invalidInput), z.lte(5, MESSAGES.invalidInput))),
  comment: optionalText(2000),
});
export type ExternalFeedbackInput = z.infer<typeof externalFeedbackInputSchema>;
export const externalFeedbackSchema = z.extend(externalFeedbackInputSchema, { id: z.string(), memberId: z.string(), createdAt: z.string() });
export type ExternalFeedback = z.infer<typeof externalFeedbackSchema>;

/* ------------------------------------------------------------------------------------------------------------
 * Member, charity-side and site data
 * ---------------------------------------------------------------------------------------------------------- */

/** GET /volunteer/volunteer/configuration (and the public twin): the enumerations and catalogues the forms and filters use. */
export const volunteeringConfigurationSchema = z.object({
  applicationStatuses: z.array(z.enum(APPLICATION_STATUSES)),
  opportunityTypes: z.array(z.enum(OPPORTUNITY_TYPES)),
  scheduleTypes: z.array(z.enum(SCHEDULE_TYPES)),
  applicationTypes: z.array(z.enum(APPLICATION_TYPES)),
  responseStatuses: z.array(z.enum(RESPONSE_STATUSES)),
  feeTypes: z.array(z.enum(FEE_TYPES)),
  contentStatuses: z.array(z.enum(CONTENT_STATUSES)),
  dateFilters: z.array(z.enum(DATE_FILTERS)),
  recurringFrequencies: z.array(z.enum(RECURRING_FREQUENCIES)),
  skills: z.array(z.string()),
  categories: z.array(z.string()),
  sdgs: z.array(z.object({ id: z.int(), name: z.string() })),
  maxTeamSize: z.int(),
  defaultRadiusKm: z.number(),
});
export type VolunteeringConfiguration = z.infer<typeof volunteeringConfigurationSchema>;

/** GET /volunteer/member/me: the signed-in volunteer. */
export const volunteerMemberSchema = z.object({
  memberId: z.string(),
  email: z.optional(z.string()),
  firstName: z.string(),
  lastName: z.string(),
  workplaces: z.array(z.object({ workplaceId: z.string(), workplaceName: z.string(), canVolunteer: z.boolean(), canTeamVolunteer: z.boolean() })),
  applications: z.int(),
  completedApplications: z.int(),
  hoursVolunteered: z.number(),
  externalHours: z.number(),
  /** Skills of the roles they applied for, most frequent first (what the recommender matches). */
  skills: z.array(z.string()),
});
export type VolunteerMember = z.infer<typeof volunteerMemberSchema>;

/** GET /volunteer/workplace/byCharity/{charityId}: workplaces whose members volunteered with the charity. */
export const charityVolunteerWorkplacesSchema = z.object({
  items: z.array(z.object({ workplaceId: z.string(), workplaceName: z.string(), volunteers: z.int(), applications: z.int(), hoursVolunteered: z.number() })),
});

/** GET /volunteer/GetVolunteerFeed: recent volunteering sign-ups (spec 1 §3 "Volunteer application": charityName, charityUrl, createdOn). */
export const volunteerFeedSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      charityName: z.string(),
      charityUrl: z.string(),
      opportunityTitle: z.string(),
      opportunityUrl: z.string(),
      applicationType: z.enum(APPLICATION_TYPES),
      seats: z.int(),
      createdOn: z.string(),
    }),
  ),
});
export type VolunteerFeed = z.infer<typeof volunteerFeedSchema>;

/** GET /volunteering/recommendRoles: roles for the signed-in member, each with why. */
export const recommendedRolesSchema = z.object({
  modelVersion: z.string(),
  items: z.array(z.object({ opportunity: opportunityCardSchema, score: z.number(), reasons: z.array(z.string()).check(z.minLength(1)) })),
});
export type RecommendedRoles = z.infer<typeof recommendedRolesSchema>;

/** POST /volunteering/modelTraining answers the model as a file (application/octet-stream; name in content-disposition) with this JSON inside. */
export const recommenderModelSchema = z.object({
  kind: z.literal('volunteering-recommender'),
  version: z.string(),
  trainedAt: z.string(),
  features: z.array(z.enum(['skillOverlap', 'categoryOverlap', 'proximity', 'popularity'])),
  weights: z.object({ bias: z.number(), skillOverlap: z.number(), categoryOverlap: z.number(), proximity: z.number(), popularity: z.number() }),
  /** Proximity is exp(-km / scaleKm); popularity is log(1 + applications) / log(1 + the most applied-for role's). */
  proximityScaleKm: z.number(),
  maxApplications: z.int(),
  trainingExamples: z.int(),
  positives: z.int(),
});
export type RecommenderModel = z.infer<typeof recommenderModelSchema>;

/** POST /volunteering/ReIndex*: how many documents were re-emitted for search, in how many PutEvents batches. */
export const reindexResultSchema = z.object({ index: z.string(), eventName: z.string(), documents: z.int(), batches: z.int() });
export type ReindexResult = z.infer<typeof reindexResultSchema>;

/* ------------------------------------------------------------------------------------------------------------
 * Back office (spec 2 §7 "Volunteering back office"; 401 for callers who are not authorised back-office users)
 * ---------------------------------------------------------------------------------------------------------- */

/** PATCH /volunteering/backOffice/opportunity/{opportunityId} (204): approve (Live), deny (with a reason) or edit content. */
export const backOfficeOpportunityUpdateSchema = z
  .object({
    contentStatus: z.optional(z.enum(CONTENT_STATUSES, { error: MESSAGES.invalidInput })),
    deniedReason: optionalText(500),
    isOnline: z.optional(z.boolean()),
    title: z.optional(trimmed(100)),
    description: z.optional(trimmed(5000)),
    imageUrl: z.optional(imageUrlSchema),
    skills: z.optional(opportunityFields.skills),
    categories: z.optional(opportunityFields.categories),
    sdgs: opportunityFields.sdgs,
  })
  .check(
    z.superRefine((value, ctx) => {
      if (Object.values(value).every((v) => v === undefined)) ctx.issues.push({ code: 'custom', message: 'Nothing to change.', path: [], input: value });
    }),
  );
export type BackOfficeOpportunityUpdate = z.infer<typeof backOfficeOpportunityUpdateSchema>;

/** POST /volunteering/backOffice/bulkUpdateOpportunitySdgs (204): replaces each listed opportunity's SDGs. */
export const bulkUpdateSdgsSchema = z.object({
  items: z
    .array(z.object({ opportunityId: idSchema, sdgs: z.array(z.int().check(z.gte(1, MESSAGES.invalidInput), z.lte(17, MESSAGES.invalidInput))).check(z.maxLength(17)) }))
    .check(z.minLength(1, MESSAGES.requiredField), z.maxLength(100, 'Up to 100 opportunities at once.')),
});
export type BulkUpdateSdgs = z.infer<typeof bulkUpdateSdgsSchema>;

/** GET /volunteering/backOffice/opportunity?contentStatus=&q=&cursor= (not named by the spec): the moderation list, Proposed first by default. */
export const backOfficeOpportunityQuerySchema = z.object({
  contentStatus: z.optional(z.enum(CONTENT_STATUSES, { error: MESSAGES.invalidInput })),
  q: z.optional(z.string().check(z.maxLength(100, MESSAGES.tooLong(100)))),
  cursor: z.optional(z.string().check(z.maxLength(500))),
});

/** GET /volunteering/backOffice/dashboard (not named by the spec): what the back office's dashboard counts from volunteering. */
export const volunteeringBackOfficeDashboardSchema = z.object({
  /** Roles charities created or changed that wait for approval (content status Proposed). */
  opportunitiesWaitingForApproval: z.int(),
});
export type VolunteeringBackOfficeDashboard = z.infer<typeof volunteeringBackOfficeDashboardSchema>;

/* ------------------------------------------------------------------------------------------------------------
 * Volunteering reports beyond the charity's (not named by the spec): the applications a report counts, as
 * applicationListSchema; the SPA sums them as it does the charity's.
 * ---------------------------------------------------------------------------------------------------------- */

const reportRange = {
  /** Sessions starting on or after this local day (yyyy-mm-dd). */
  from: z.optional(dateSchema),
  /** Sessions starting on or before this local day. */
  to: z.optional(dateSchema),
};
const fromNotAfterTo = z.superRefine((value: { from?: string; to?: string }, ctx) => {
  const day = (text: string) => text.split('-').map((part) => part.padStart(2, '0')).join('-');
  if (value.from && value.to && day(value.from) > day(value.to)) ctx.issues.push({ code: 'custom', message: 'The end date must not be before the start date.', path: ['to'], input: value });
});

/** GET /volunteering/workplace/{workplaceId}/report?from=&to= — the workplace's members' applications. */
export const workplaceVolunteeringReportQuerySchema = z.object(reportRange).check(fromNotAfterTo);
export type WorkplaceVolunteeringReportQuery = z.infer<typeof workplaceVolunteeringReportQuerySchema>;
/** GET /volunteering/backOffice/report?charityId=&from=&to= — every application on the platform, or one charity's. */
export const backOfficeVolunteeringReportQuerySchema = z.object({ ...reportRange, charityId: z.optional(idSchema) }).check(fromNotAfterTo);
export type BackOfficeVolunteeringReportQuery = z.infer<typeof backOfficeVolunteeringReportQuerySchema>;

/* ------------------------------------------------------------------------------------------------------------
 * Path parameters (spec 2 §3 "Volunteering path parameters")
 * ---------------------------------------------------------------------------------------------------------- */

export const opportunityParams = pathParameters('opportunityId');
export const opportunitySessionParams = pathParameters('opportunityId', 'sessionId');
export const sessionParams = pathParameters('sessionId');
export const applicationParams = pathParameters('applicationId');
export const charityApplicationParams = pathParameters('charityId', 'applicationId');
export const charityIdParams = pathParameters('charityId');
export const charityOpportunityParams = pathParameters('charityId', 'opportunityId');
/** PUT /volunteering/charity/{charityId}/opportunity/{opportunityId}/image (body: shared/contracts/media.ts imageUploadSchema): the role's new image address. */
export const opportunityImageSchema = z.object({ opportunityId: z.string(), imageUrl: z.string() });
export type OpportunityImage = z.infer<typeof opportunityImageSchema>;
export const workplaceIdParams = pathParameters('workplaceId');
export const vacancyParams = pathParameters('charityUrl', 'opportunityUrl');
export const templateParams = pathParameters('templateId');
export const externalFeedbackParams = pathParameters('externalFeedbackId');
