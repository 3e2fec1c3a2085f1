import * as z from 'zod/mini';
import { countryCodeSchema } from '../contracts/common';
import { defineEvent } from '../events';

export const ACCOUNTS_SOURCE = 'giving.accounts';

/**
 * A charity's public profile was written (listed, changed by an approved proposal, seeded). Published from the
 * accounts table's stream, so every stored change is published even if the writer crashed right after writing.
 * Carries what other services need to show and take donations for the charity, never the whole profile.
 * Consumers keep the highest `version`, so a late or repeated delivery never undoes a newer one.
 */
export const CharityProfilePublished = defineEvent({
  name: 'CharityProfilePublished',
  source: ACCOUNTS_SOURCE,
  version: 1,
  schema: z.object({
    id: z.string(),
    name: z.string(),
    charityUrl: z.string(),
    country: countryCodeSchema,
    logoImageUrl: z.string(),
    /** Absent means active: only a profile that stopped taking donations says false. */
    isActive: z.optional(z.boolean()),
    /** What receipts state about the charity (the profile's fields of the same names); optional, so older consumers are unaffected. */
    registrationNumber: z.optional(z.string()),
    taxApproved: z.optional(z.boolean()),
    /** What search shows and filters on (the profile's fields of the same names); optional, so older consumers are unaffected. */
    description: z.optional(z.string()),
    causes: z.optional(z.array(z.string())),
    location: z.optional(z.string()),
    /** When the charity was listed (ISO time): recency in search. */
    createdAt: z.optional(z.string()),
    /** Set when a ReIndexCharities run re-emitted this state (same version as the stored one). */
    reindexId: z.optional(z.string()),
    /** Orders the states of one charity's profile: the table stream's sequence number, zero-padded to 40 digits. */
    version: z.string(),
    /** When accounts published this state (ISO time), for people reading logs. */
    publishedAt: z.string(),
  }),
});

/**
 * A member's place in a workplace was written: joined, roles changed, or removed (then `roles` is empty and
 * `workplaceName` is ''). Published from the accounts table's stream for every workplace membership item, so services
 * that gate on workplace roles (donations: payment methods, payroll pledges) keep their own copy instead of calling
 * accounts. Consumers keep the highest `version`, so a late or repeated delivery never undoes a newer state.
 */
export const WorkplaceMembershipChanged = defineEvent({
  name: 'WorkplaceMembershipChanged',
  source: ACCOUNTS_SOURCE,
  version: 1,
  schema: z.object({
    memberId: z.string(),
    workplaceId: z.string(),
    workplaceName: z.string(),
    /** The member's roles there (e.g. WorkplaceGiver.Employee); empty when the member was removed. */
    roles: z.array(z.string()),
    /**
     * The member as the workplace's payroll knows them (the membership item's fields; absent on a removal). Optional,
     * so older consumers are unaffected: workplace's payroll files name employees from them.
     */
    firstName: z.optional(z.string()),
    lastName: z.optional(z.string()),
    email: z.optional(z.string()),
    employmentType: z.optional(z.enum(['Permanent', 'Contractor', 'Casual'])),
    businessUnitId: z.optional(z.string()),
    employeeNumber: z.optional(z.string()),
    /** From HR's eligibility file (YYYY-MM-DD): when the employment started, and ends or ended. */
    employmentStartDate: z.optional(z.string()),
    employmentEndDate: z.optional(z.string()),
    /** Orders the states of one membership: the table stream's sequence number, zero-padded to 40 digits. */
    version: z.string(),
    publishedAt: z.string(),
  }),
});

/**
 * A member's roles in a charity were stored: joined, changed, or removed (roles empty). Published from the accounts
 * table's stream for charity membership items, so services other than accounts can check a charity admin's
 * permissions from their own copy (donations' charity console routes). Consumers keep the highest `version`.
 */
export const CharityMembershipChanged = defineEvent({
  name: 'CharityMembershipChanged',
  source: ACCOUNTS_SOURCE,
  version: 1,
  schema: z.object({
    memberId: z.string(),
    charityId: z.string(),
    /** The member's roles in the charity (e.g. Charity.Admin); empty once the member was removed. */
    roles: z.array(z.string()),
    /** The table stream's sequence number, zero-padded to 40 digits (as CharityProfilePublished's). */
    version: z.string(),
    publishedAt: z.string(),
  }),
});

/**
 * A member's names were stored (first sign-in, or changed in their settings). Published from the accounts table's
 * stream, so services that show people by name (volunteering: applicants, team leaders in invitation e-mails,
 * feedback, comments) keep their own copy: ID tokens may carry no names, and accounts' member record is where a
 * member's names live. Consumers keep the highest `version`.
 */
export const MemberNamesChanged = defineEvent({
  name: 'MemberNamesChanged',
  source: ACCOUNTS_SOURCE,
  version: 1,
  schema: z.object({
    memberId: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    /** Orders the states of one member record: the table stream's sequence number, zero-padded to 40 digits. */
    version: z.string(),
    publishedAt: z.string(),
  }),
});

/**
 * A workplace as other services need it: its name, country and business units. Published from the accounts table's
 * stream for each stored state of the workplace item (created, renamed, units edited), so the workplace service can
 * check an eligibility file's business units and price in the workplace's currency without calling accounts.
 * Consumers keep the highest `version`.
 */
export const WorkplaceProfilePublished = defineEvent({
  name: 'WorkplaceProfilePublished',
  source: ACCOUNTS_SOURCE,
  version: 1,
  schema: z.object({
    id: z.string(),
    name: z.string(),
    country: countryCodeSchema,
    businessUnits: z.array(z.object({ id: z.string(), name: z.string() })),
    /** Orders the states of one workplace: the table stream's sequence number, zero-padded to 40 digits. */
    version: z.string(),
    publishedAt: z.string(),
  }),
});

/**
 * A member earned a badge (accounts awards them at a number of completed donations). Published from the accounts
 * table's stream when the member's badge item is first stored, so the workplace service can report its members'
 * badges by business unit (issue 15 item 11). The event id is the member's and the badge's: a repeat is dropped.
 */
export const BadgeAwarded = defineEvent({
  name: 'BadgeAwarded',
  source: ACCOUNTS_SOURCE,
  version: 1,
  schema: z.object({
    memberId: z.string(),
    badgeId: z.string(),
    name: z.string(),
    icon: z.string(),
    donationCount: z.number(),
    awardedAt: z.string(),
  }),
});
