import * as z from 'zod/mini';
import { defineEvent } from '../events';
import { CURRENCIES } from '../money';

export const MATCHING_SOURCE = 'giving.matching';

/**
 * A campaign matched a donation (issue 16): the bonus it gave, once per campaign and donation. Published from
 * matching's table stream when the ledger entry is first stored. Fundraising adds it to the page's (and its event's)
 * matched amount; the id is the campaign's and the donation's, so a repeat is dropped.
 */
export const DonationMatched = defineEvent({
  name: 'DonationMatched',
  source: MATCHING_SOURCE,
  version: 1,
  schema: z.object({
    campaignId: z.string(),
    workplaceId: z.string(),
    donationId: z.string(),
    memberId: z.string(),
    /** The bonus, in the campaign's currency. */
    amount: z.object({ cents: z.number(), currency: z.enum(CURRENCIES) }),
    matchType: z.enum(['Donation', 'Voucher']),
    givingType: z.enum(['CreditCard', 'PayrollGiving', 'ExternalDonation']),
    giftId: z.optional(z.string()),
    pageId: z.optional(z.string()),
    charityName: z.optional(z.string()),
    /** The matched member, as the workplace's records have them (a voucher match is e-mailed to them). */
    member: z.optional(z.object({ email: z.optional(z.string()), firstName: z.optional(z.string()) })),
    workplaceName: z.optional(z.string()),
    campaignName: z.optional(z.string()),
    matchedAt: z.string(),
  }),
});

/**
 * A refund gave back part or all of a matched donation (issue 17 item 5), so the campaign gave back what it matched of
 * the refunded part: `amount` is the bonus kept, `givenBack` what this refund took off it. Donations corrects its copy
 * of the match (the receipt's "Matched"); fundraising takes it off the page's matched amount. Event id =
 * <refund id>#<campaign id>.
 */
export const DonationMatchGivenBack = defineEvent({
  name: 'DonationMatchGivenBack',
  source: MATCHING_SOURCE,
  version: 1,
  schema: z.object({
    campaignId: z.string(),
    donationId: z.string(),
    refundId: z.string(),
    amount: z.object({ cents: z.number(), currency: z.enum(CURRENCIES) }),
    givenBack: z.object({ cents: z.number(), currency: z.enum(CURRENCIES) }),
    matchType: z.enum(['Donation', 'Voucher']),
    pageId: z.optional(z.string()),
  }),
});
