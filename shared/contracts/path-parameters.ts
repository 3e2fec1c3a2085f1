import * as z from 'zod/mini';
import { SLUG_MAX_LENGTH, SLUG_MESSAGE, SLUG_PATTERN, ULID_PATTERN, idSchema, requiredIdSchema } from './common';
import { COUNTRY_CODES } from '../countries';
import { SEARCH_INDEXES } from './search-indexes';

/** Kept in common.ts, so a public page's module has them without building this table; other contracts take them from either. */
export { ULID_PATTERN, idSchema, requiredIdSchema };

/**
 * Every path parameter a manifest route may name, and the one schema that checks it. The route guard checks each
 * route's parameters against this table before anything reads them, so a malformed or 2,000-character id is a 400
 * naming the parameter, never a query that DynamoDB refuses (a 500). A route whose path names a parameter missing
 * here fails services/manifests.test.ts.
 *
 * Ids are the ULIDs of shared/ids.ts (26 Crockford base32 characters); a member's id is their Cognito `sub` (a UUID),
 * because the user pool makes it; slugs are lower-case words joined by dashes.
 */
const COGNITO_SUB = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The spec's words for a parameter that is missing (spec 2 §8). */
export const parameterMustBeDefined = (name: string) => `The parameter '${name}' must be defined.`;

const pattern = (name: string, regex: RegExp, message: string) =>
  z
    .string({ error: parameterMustBeDefined(name) })
    .check(z.minLength(1, parameterMustBeDefined(name)), z.regex(regex, message));

const id = (name: string, what: string) => pattern(name, ULID_PATTERN, `Invalid ${what}.`);
const slug = (name: string) =>
  z
    .string({ error: parameterMustBeDefined(name) })
    .check(
      z.minLength(1, parameterMustBeDefined(name)),
      z.maxLength(SLUG_MAX_LENGTH, `Use at most ${SLUG_MAX_LENGTH} characters.`),
      z.regex(SLUG_PATTERN, SLUG_MESSAGE),
    );

export const PATH_PARAMETERS = {
  applicationId: id('applicationId', 'application'),
  badgeId: id('badgeId', 'badge'),
  /** A workplace's payroll batch (a file for finance). */
  batchId: id('batchId', 'payroll batch'),
  campaignId: id('campaignId', 'campaign'),
  cardId: id('cardId', 'saved card'),
  charityId: id('charityId', 'charity'),
  commentId: id('commentId', 'comment'),
  contentId: id('contentId', 'content item'),
  /** A donation's id (its payment's tracking number): its receipt. */
  donationId: id('donationId', 'donation id'),
  /** A fundraising event. */
  eventId: id('eventId', 'event'),
  externalFeedbackId: id('externalFeedbackId', 'feedback'),
  /** A member's data export ("Download my data"). */
  exportId: id('exportId', 'data export'),
  /** A member's donation made elsewhere, recorded for matching. */
  externalDonationId: id('externalDonationId', 'external donation'),
  fileStructureId: id('fileStructureId', 'payroll file structure'),
  /** An eligibility file HR uploaded. */
  fileId: id('fileId', 'eligibility file'),
  giftId: id('giftId', 'gift'),
  invitationId: id('invitationId', 'invitation'),
  /** A member's charity membership (issue 17). */
  membershipId: id('membershipId', 'membership'),
  offlineDonationId: id('offlineDonationId', 'offline donation'),
  opportunityId: id('opportunityId', 'opportunity'),
  /** A fundraising page. */
  pageId: id('pageId', 'page'),
  payCycleId: id('payCycleId', 'pay cycle'),
  planId: id('planId', 'membership plan'),
  pledgeId: id('pledgeId', 'pledge id'),
  /** The gift a matching campaign covers (a gift's id). */
  productId: id('productId', 'gift'),
  scheduleId: id('scheduleId', 'monthly donation'),
  sessionId: id('sessionId', 'session'),
  /** A volunteering opportunity template. */
  templateId: id('templateId', 'template'),
  trackingNumber: id('trackingNumber', 'tracking number'),
  workplaceId: id('workplaceId', 'workplace'),
  memberId: pattern('memberId', COGNITO_SUB, 'Invalid member.'),
  /** A country of the platform (a tax statement's). */
  country: z.enum(COUNTRY_CODES as ['nz', 'au'], { error: (issue) => (issue.input === undefined || issue.input === '' ? parameterMustBeDefined('country') : 'Use nz or au.') }),
  /** A tax year, by the calendar year it ends in (2027: NZ's 1 April 2026–31 March 2027, AU's 1 July 2026–30 June 2027). */
  taxYear: pattern('taxYear', /^20\d{2}$/, 'Use a tax year such as 2027.'),
  charityUrl: slug('charityUrl'),
  opportunityUrl: slug('opportunityUrl'),
  /** A fundraising event's and a page's addresses. */
  eventUrl: slug('eventUrl'),
  pageUrl: slug('pageUrl'),
  productUrl: slug('productUrl'),
  /** A public search index by its alias. */
  index: z.enum(SEARCH_INDEXES, {
    error: (issue) => (issue.input === undefined || issue.input === '' ? parameterMustBeDefined('index') : `Use one of the search indexes: ${SEARCH_INDEXES.join(', ')}.`),
  }),
  /** A finance e-mail's link to a payroll file: 32 random bytes, base64url. */
  token: pattern('token', /^[A-Za-z0-9_-]{43}$/, 'This link is not valid.'),
  /** An e-mail template's name (member-invitation, badge-awarded). */
  templateName: slug('templateName'),
} as const;

export type PathParameterName = keyof typeof PATH_PARAMETERS;

export const isPathParameterName = (name: string): name is PathParameterName => Object.hasOwn(PATH_PARAMETERS, name);

/** The parameter names of a route path written as HTTP API writes it: '/charity/{charityId}/gifts/{giftId}' -> ['charityId', 'giftId']. */
export function pathParameterNames(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] as string);
}

/** A handler's `params` schema, built from the table: pathParameters('charityId', 'giftId'). */
export function pathParameters<const K extends PathParameterName>(...names: K[]) {
  return z.object(Object.fromEntries(names.map((name) => [name, PATH_PARAMETERS[name]])) as { [P in K]: (typeof PATH_PARAMETERS)[P] });
}
