import * as z from 'zod/mini';
import { CURRENCIES } from '../money';

/**
 * The part of the matching contract the gift page's first paint needs (its banners' call): the enumerations and
 * what a donor may see of a campaign. Kept apart from matching.ts, which re-exports it, so the gift route does not
 * carry the console's schemas. Import it from '@giving/shared/contracts/matching' everywhere else.
 */

/** Which donations qualify, by how they were given. */
export const GIVING_TYPES = ['Any', 'CreditCard', 'PayrollGiving', 'ExternalDonation'] as const;
export type GivingType = (typeof GIVING_TYPES)[number];
/** Which donations qualify, by whether they repeat. */
export const RECURRENCE_TYPES = ['Any', 'OnceOff', 'Recurring'] as const;
export type RecurrenceType = (typeof RECURRENCE_TYPES)[number];
/**
 * How the match is given. The spec names Voucher (the member receives the match as a gift voucher to give on);
 * Donation (the workplace pays the match to the charity, through matching payments) is the other obvious one.
 */
export const MATCH_TYPES = ['Donation', 'Voucher'] as const;
export type MatchType = (typeof MATCH_TYPES)[number];
/** Whose donations are matched: the workplace's employees (described to donors as 'staff'), or any donor. */
export const MEMBER_TYPES = ['Employee', 'Any'] as const;
export type MemberType = (typeof MEMBER_TYPES)[number];
/** What the campaign's items are: gifts (dollar handles, by gift id) or fundraising pages (by page id). */
export const MODULE_TYPES = ['DollarHandle', 'Fundraising'] as const;
export type ModuleType = (typeof MODULE_TYPES)[number];
/** A campaign's matching rules as answered (the console's campaign and the donor's banner both carry them). */
export const campaignRuleFields = {
  givingType: z.enum(GIVING_TYPES),
  recurrenceType: z.enum(RECURRENCE_TYPES),
  matchRatio: z.number(),
  memberCap: z.int(),
  entryCap: z.int(),
  campaignCap: z.int(),
  currency: z.enum(CURRENCIES),
  matchType: z.enum(MATCH_TYPES),
  memberType: z.enum(MEMBER_TYPES),
};

/** What a donor may see of a campaign (the gift page's banners): its rules, never its restrictions or items. */
export const publicCampaignSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  workplaceName: z.string(),
  ...campaignRuleFields,
  endsOn: z.string(),
});
export type PublicCampaign = z.infer<typeof publicCampaignSchema>;
export const publicCampaignListSchema = z.object({ items: z.array(publicCampaignSchema) });
export type PublicCampaignList = z.infer<typeof publicCampaignListSchema>;

