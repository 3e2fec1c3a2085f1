import * as z from 'zod/mini';
import { defineEvent } from '../events';
import type { ServiceName } from '../manifest';
import { ACCOUNTS_SOURCE } from './accounts';

/**
 * A member's own data (issue 17 item 7). Accounts asks every service that holds personal data for its part of an
 * export ("Download my data") or to erase it ("Delete my account"); each service answers with its own event, and
 * accounts puts the export together, or records the erasure done, when every one of them has answered.
 */

/** The services that hold a member's personal data and answer both requests (search holds only public documents). */
export const PERSONAL_DATA_SERVICES = ['accounts', 'donations', 'workplace', 'volunteering', 'fundraising', 'matching'] as const satisfies readonly ServiceName[];
export type PersonalDataService = (typeof PERSONAL_DATA_SERVICES)[number];

const member = {
  memberId: z.string(),
  /** The member's sign-in e-mail (lower case) when they asked: some records (a guest checkout) name only the e-mail. */
  email: z.string(),
  requestedAt: z.string(),
};

/** A member asked for their data. Every personal-data service writes its part to the personal-data bucket. */
export const PersonalDataExportRequested = defineEvent({
  name: 'PersonalDataExportRequested',
  source: ACCOUNTS_SOURCE,
  version: 1,
  schema: z.object({ exportId: z.string(), ...member }),
});

/**
 * A member deleted their account. Every personal-data service erases what it holds about them, or keeps without
 * their identity what the law requires it to keep (donations and receipts: seven years for tax).
 */
export const MemberErasureRequested = defineEvent({
  name: 'MemberErasureRequested',
  source: ACCOUNTS_SOURCE,
  version: 1,
  schema: z.object({ erasureId: z.string(), ...member }),
});

const datasetCount = z.object({ name: z.string(), rows: z.number() });

const gathered = (service: PersonalDataService) =>
  defineEvent({
    name: 'PersonalDataGathered',
    source: `giving.${service}`,
    version: 1,
    schema: z.object({
      exportId: z.string(),
      memberId: z.string(),
      service: z.enum(PERSONAL_DATA_SERVICES),
      /** The part's key in the personal-data bucket (shared/personal-data.ts partKey). */
      key: z.string(),
      datasets: z.array(datasetCount),
    }),
  });

const erasureCount = z.object({
  name: z.string(),
  /** Items deleted outright. */
  erased: z.number(),
  /** Items kept (the law or another person needs them) with the member's identity removed. */
  anonymised: z.number(),
});

const erased = (service: PersonalDataService) =>
  defineEvent({
    name: 'PersonalDataErased',
    source: `giving.${service}`,
    version: 1,
    schema: z.object({ erasureId: z.string(), memberId: z.string(), service: z.enum(PERSONAL_DATA_SERVICES), datasets: z.array(erasureCount) }),
  });

/** One definition per answering service (an event's source is its publisher's); their data is the same shape. */
export const PersonalDataGathered = {
  accounts: gathered('accounts'),
  donations: gathered('donations'),
  workplace: gathered('workplace'),
  volunteering: gathered('volunteering'),
  fundraising: gathered('fundraising'),
  matching: gathered('matching'),
} as const satisfies Record<PersonalDataService, unknown>;

export const PersonalDataErased = {
  accounts: erased('accounts'),
  donations: erased('donations'),
  workplace: erased('workplace'),
  volunteering: erased('volunteering'),
  fundraising: erased('fundraising'),
  matching: erased('matching'),
} as const satisfies Record<PersonalDataService, unknown>;

export const ALL_PERSONAL_DATA_GATHERED = PERSONAL_DATA_SERVICES.map((service) => PersonalDataGathered[service]);
export const ALL_PERSONAL_DATA_ERASED = PERSONAL_DATA_SERVICES.map((service) => PersonalDataErased[service]);
