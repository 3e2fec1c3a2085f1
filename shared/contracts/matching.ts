import * as z from 'zod/mini';
import { CURRENCIES } from '../money';
import { MESSAGES } from './messages';
import { campaignRuleFields, GIVING_TYPES, MATCH_TYPES, MEMBER_TYPES, MODULE_TYPES, RECURRENCE_TYPES } from './matching-public';
import { idSchema, pathParameters, requiredIdSchema } from './path-parameters';

/**
 * Matching campaigns (spec 1 §3 "Campaign match", spec 2 §3 "Matching campaign"): a workplace adds a matched bonus to
 * qualifying donations. Money is integer cents in the campaign's currency; a cap of 0 means no cap.
 *
 * The enumerations and what a donor may see are in matching-public.ts (re-exported here): the gift page's first paint
 * imports only that small file, so its JavaScript stays within budget (zod schemas are not tree-shaken).
 */

export * from './matching-public';

/** Employment types a campaign may be restricted to (accounts' member employment types). */
export const MATCHING_EMPLOYMENT_TYPES = ['Permanent', 'Contractor', 'Casual'] as const;

/** A campaign's matching period is whole days, YYYY-MM-DD, in the workplace's country's time zone. */
const isRealDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
export const campaignDateSchema = z.string({ error: MESSAGES.invalidDate }).check(z.refine(isRealDate, MESSAGES.invalidDate));

/** A cap in integer cents; 0 = no cap. */
const capSchema = z.int({ error: MESSAGES.invalidAmount }).check(z.gte(0, MESSAGES.invalidAmount), z.lte(100_000_000_00, MESSAGES.invalidAmount));
/** 1 = 100%, 0.5 = 50%: above 0, at most 10 (1000%), at most 2 decimals (whole percents). */
export const matchRatioSchema = z
  .number({ error: MESSAGES.invalidInput })
  .check(
    z.gt(0, MESSAGES.invalidInput),
    z.lte(10, MESSAGES.invalidInput),
    z.refine((ratio) => Math.abs(Math.round(ratio * 100) - ratio * 100) < 1e-9, MESSAGES.invalidInput),
  );

/** A gift (or page) the campaign applies to; the name is kept for the console's list. */
export const campaignItemSchema = z.object({
  id: requiredIdSchema,
  name: z.optional(z.string().check(z.maxLength(200, MESSAGES.tooLong(200)))),
});
export type CampaignItem = z.infer<typeof campaignItemSchema>;
/** Each item is one row the public look-up queries, written with the campaign in one transaction (at most 100 writes, with the rows it removes): so, a limit. */
export const MAX_CAMPAIGN_ITEMS = 40;

/** Who among the workplace's members may be matched (empty lists = no restriction). */
export const campaignRestrictionsSchema = z.object({
  employmentTypes: z.array(z.enum(MATCHING_EMPLOYMENT_TYPES, { error: MESSAGES.invalidInput })).check(z.maxLength(3)),
  businessUnitIds: z.array(idSchema).check(z.maxLength(100)),
});
export type CampaignRestrictions = z.infer<typeof campaignRestrictionsSchema>;
export const NO_RESTRICTIONS: CampaignRestrictions = { employmentTypes: [], businessUnitIds: [] };

const required = (max: number) => z.string({ error: MESSAGES.requiredField }).check(z.trim(), z.minLength(1, MESSAGES.requiredField), z.maxLength(max, MESSAGES.tooLong(max)));

/** What the workplace admin writes (create and update take the whole campaign). */
export const campaignInputSchema = z
  .object({
    name: required(100),
    description: z._default(z.string().check(z.trim(), z.maxLength(1000, MESSAGES.tooLong(1000))), ''),
    givingType: z.enum(GIVING_TYPES, { error: MESSAGES.invalidInput }),
    recurrenceType: z.enum(RECURRENCE_TYPES, { error: MESSAGES.invalidInput }),
    matchRatio: matchRatioSchema,
    memberCap: capSchema,
    entryCap: capSchema,
    campaignCap: capSchema,
    currency: z.enum(CURRENCIES, { error: MESSAGES.invalidInput }),
    matchType: z.enum(MATCH_TYPES, { error: MESSAGES.invalidInput }),
    memberType: z.enum(MEMBER_TYPES, { error: MESSAGES.invalidInput }),
    moduleType: z.enum(MODULE_TYPES, { error: MESSAGES.invalidInput }),
    items: z.array(campaignItemSchema).check(z.maxLength(MAX_CAMPAIGN_ITEMS, `At most ${MAX_CAMPAIGN_ITEMS} items.`)),
    startsOn: campaignDateSchema,
    endsOn: campaignDateSchema,
    active: z.boolean({ error: MESSAGES.invalidInput }),
  })
  .check(
    z.refine((input) => input.endsOn >= input.startsOn, { message: 'The end date must not be before the start date.', path: ['endsOn'] }),
    // The entry cap is per fundraiser: only fundraising campaigns have one.
    z.refine((input) => input.moduleType === 'Fundraising' || input.entryCap === 0, { message: 'Only fundraising campaigns have an entry cap.', path: ['entryCap'] }),
    z.refine((input) => new Set(input.items.map((item) => item.id)).size === input.items.length, { message: 'Each item once.', path: ['items'] }),
  );
export type CampaignInput = z.infer<typeof campaignInputSchema>;

/** Where a campaign is in its life, from `active` and today's date. */
export const CAMPAIGN_STATUSES = ['Active', 'Scheduled', 'Ended', 'Inactive'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** A campaign as the workplace console sees it. */
export const campaignSchema = z.object({
  id: z.string(),
  workplace: z.object({ id: z.string(), name: z.string() }),
  name: z.string(),
  description: z.string(),
  ...campaignRuleFields,
  moduleType: z.enum(MODULE_TYPES),
  items: z.array(campaignItemSchema),
  startsOn: z.string(),
  endsOn: z.string(),
  active: z.boolean(),
  status: z.enum(CAMPAIGN_STATUSES),
  restrictions: campaignRestrictionsSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Campaign = z.infer<typeof campaignSchema>;
export const campaignListSchema = z.object({ items: z.array(campaignSchema) });
export type CampaignList = z.infer<typeof campaignListSchema>;

/** GET .../campaigns/{campaignId}/stats: what the campaign has matched so far, in cents of its currency. */
export const campaignStatsSchema = z.object({
  campaignId: z.string(),
  currency: z.enum(CURRENCIES),
  matchRatio: z.number(),
  matchedAmount: z.int(),
  donationsMatched: z.int(),
  campaignCap: z.int(),
  /** What is left of the campaign cap; null when the campaign has no cap. */
  remainingCap: z.nullable(z.int()),
});
export type CampaignStats = z.infer<typeof campaignStatsSchema>;

/** GET .../campaigns/{campaignId}/transactions: every bonus the campaign gave, newest first (amounts in cents). */
export const campaignTransactionSchema = z.object({
  donationId: z.string(),
  memberId: z.string(),
  /** The bonus. */
  amount: z.int(),
  currency: z.enum(CURRENCIES),
  /** What was given. */
  donationAmount: z.int(),
  givingType: z.enum(GIVING_TYPES),
  matchType: z.enum(MATCH_TYPES),
  charityName: z.optional(z.string()),
  giftId: z.optional(z.string()),
  pageId: z.optional(z.string()),
  matchedAt: z.string(),
});
export type CampaignTransaction = z.infer<typeof campaignTransactionSchema>;
export const campaignTransactionListSchema = z.object({ items: z.array(campaignTransactionSchema) });
export type CampaignTransactionList = z.infer<typeof campaignTransactionListSchema>;

export const workplaceCampaignParams = pathParameters('workplaceId', 'campaignId');
export const workplaceParams = pathParameters('workplaceId');
export const productParams = pathParameters('productId');
export const pageParams = pathParameters('pageId');
/** GET /matching/campaigns/page/{pageId}?eventId=: the page's event, whose campaigns apply to every page of it. */
export const pageCampaignsQuerySchema = z.object({ eventId: z.optional(idSchema) });


export * from './match-preview';
