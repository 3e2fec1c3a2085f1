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
    /** Orders the states of one charity's profile: the table stream's sequence number, zero-padded to 40 digits. */
    version: z.string(),
    /** When accounts published this state (ISO time), for people reading logs. */
    publishedAt: z.string(),
  }),
});
