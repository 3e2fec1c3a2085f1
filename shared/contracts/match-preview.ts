import * as z from 'zod/mini';
import { CURRENCIES } from '../money';
import { MESSAGES } from './messages';
import { MATCH_TYPES } from './matching-public';
import { idSchema, requiredIdSchema } from './common';

/**
 * (Its own file: the checkout imports it without the console's campaign schemas.)
 *
 * GET /matching/me/preview?charityId=&giftId=&pageId=&eventId=&amount=&currency=&paymentType=&recurring= (signed in): what the
 * member's gift would be matched by if they gave it now, by each campaign it qualifies for (nothing is taken). The
 * amount is what reaches the charity, in cents (the gift's price x quantity; no tip).
 */
const centsText = z.pipe(
  z.string({ error: MESSAGES.invalidAmount }).check(z.regex(/^\d{1,9}$/, MESSAGES.invalidAmount)),
  z.transform((text) => Number(text)),
);
export const matchPreviewQuerySchema = z.object({
  charityId: requiredIdSchema,
  giftId: z.optional(idSchema),
  pageId: z.optional(idSchema),
  /** The page's event (a campaign may list a whole event). */
  eventId: z.optional(idSchema),
  amount: z.pipe(centsText, z.number().check(z.gte(1, MESSAGES.invalidAmount))),
  currency: z.enum(CURRENCIES, { error: MESSAGES.invalidInput }),
  paymentType: z.enum(['CARD', 'VOUCHER', 'PAYROLL'], { error: MESSAGES.invalidInput }),
  recurring: z.optional(z.enum(['true', 'false'], { error: MESSAGES.invalidInput })),
});
export type MatchPreviewQuery = z.infer<typeof matchPreviewQuerySchema>;

export const matchPreviewSchema = z.object({
  items: z.array(
    z.object({
      campaignId: z.string(),
      name: z.string(),
      workplaceName: z.string(),
      matchType: z.enum(MATCH_TYPES),
      bonus: z.object({ cents: z.int(), currency: z.enum(CURRENCIES) }),
    }),
  ),
});
export type MatchPreview = z.infer<typeof matchPreviewSchema>;

/**
 * GET /donations/me/donations/{donationId}/matches (signed in; another member's donation is 404): what workplaces
 * matched the member's donation once it completed, as recorded. The thank-you page confirms the checkout's preview with it.
 */
export const donationMatchListSchema = z.object({
  items: z.array(
    z.object({
      campaignId: z.string(),
      workplaceName: z.string(),
      campaignName: z.string(),
      matchType: z.enum(MATCH_TYPES),
      amount: z.object({ cents: z.int(), currency: z.enum(CURRENCIES) }),
    }),
  ),
});
export type DonationMatchList = z.infer<typeof donationMatchListSchema>;
