import * as z from 'zod/mini';
import { defineEvent } from '../events';
import { CURRENCIES } from '../money';

export const DONATIONS_SOURCE = 'giving.donations';

export const DonationCompleted = defineEvent({
  name: 'DonationCompleted',
  source: DONATIONS_SOURCE,
  version: 1,
  schema: z.object({
    donationId: z.string(),
    trackingNumber: z.string(),
    pageType: z.enum(['GIFT', 'CHARITY', 'FUNDRAISE']),
    country: z.string(),
    charity: z.object({ id: z.string(), name: z.string(), charityUrl: z.string() }),
    gift: z.optional(z.object({ id: z.string(), title: z.string(), productUrl: z.string() })),
    quantity: z.number(),
    /** The donation itself: the gift's amount x quantity, without the tip. */
    amount: z.object({ cents: z.number(), currency: z.enum(CURRENCIES) }),
    /** The optional tip to the website. */
    tip: z.object({ cents: z.number(), currency: z.enum(CURRENCIES) }),
    /** amount + tip: what was paid (by card; with paymentType VOUCHER, voucherAmount of it by gift voucher). */
    total: z.object({ cents: z.number(), currency: z.enum(CURRENCIES) }),
    paymentType: z.enum(['CARD', 'VOUCHER', 'PAYROLL']),
    isAnonymous: z.boolean(),
    receiptName: z.string(),
    donorEmail: z.optional(z.string()),
    /** The signed-in member who gave (their Cognito sub); absent for a guest. Optional, so older consumers are unaffected. */
    donorMemberId: z.optional(z.string()),
    /** With paymentType VOUCHER: what the gift voucher paid of the total (the card paid the rest). */
    voucherAmount: z.optional(z.object({ cents: z.number(), currency: z.enum(CURRENCIES) })),
    /**
     * The card transaction fee the donor covered, charged on top of the card's part of `total` (absent when none).
     * Neither the charity's (amount) nor the website's (tip). Optional, so older consumers are unaffected.
     */
    transactionFee: z.optional(z.object({ cents: z.number(), currency: z.enum(CURRENCIES) })),
    /**
     * A donation through a fundraising page (pageType FUNDRAISE): the page, the donor's message to it, and whether
     * only the page's owner may read that message. Optional, so older consumers are unaffected.
     */
    page: z.optional(z.object({ id: z.string(), title: z.string(), pageUrl: z.string(), eventUrl: z.string(), eventId: z.optional(z.string()) })),
    donorMessage: z.optional(z.string()),
    isMessageAnonymous: z.optional(z.boolean()),
    /** The donor's name as they gave it (first and last); the page shows it unless the donation is anonymous. */
    donorName: z.optional(z.string()),
    /** A monthly gift's charge, or a payroll deduction of an every-pay-cycle pledge (matching's recurrence type). */
    isRecurring: z.optional(z.boolean()),
    completedAt: z.string(),
  }),
});

const pledgeMoney = z.object({ cents: z.number(), currency: z.enum(CURRENCIES) });

/**
 * A workplace member pledged a donation from their pay (spec §4 "Payroll"). The workplace service adds it to its
 * payroll files; donations only records the pledge. Event id = pledge id (consumers drop repeats).
 */
/**
 * A completed donation was refunded, in full or in part, by the back office (issue 17 item 5): the card and any gift
 * voucher have been paid back and the charity's ledger adjusted. Event id = the refund id. Matching gives back what it
 * matched of the refunded part; fundraising takes it off the page's total. Amounts in cents of `currency`.
 */
export const DonationRefunded = defineEvent({
  name: 'DonationRefunded',
  source: DONATIONS_SOURCE,
  version: 1,
  schema: z.object({
    refundId: z.string(),
    donationId: z.string(),
    trackingNumber: z.string(),
    country: z.string(),
    charityId: z.string(),
    currency: z.enum(CURRENCIES),
    /** What this refund gave back of the charity's donation, of the tip, and in all to the donor. */
    donationCents: z.number(),
    tipCents: z.number(),
    totalCents: z.number(),
    /** What is left of the charity's donation after every refund so far (0: refunded in full). */
    remainingDonationCents: z.number(),
    /** The donation as first given (amount x quantity), for re-working a match on what is left. */
    originalDonationCents: z.number(),
    pageId: z.optional(z.string()),
    donorMemberId: z.optional(z.string()),
    /** When the donation was made (DonationCompleted's completedAt), and when this refund was. */
    completedAt: z.string(),
    refundedAt: z.string(),
  }),
});

/**
 * A gift voucher purchase or a charity membership's fee was refunded, in full or in part, by the back office (issue 17
 * item 5): the card has been paid back; a voucher purchase's refund took its part off the vouchers' unspent balance, a
 * membership's full refund ended the membership. Event id = the refund id. Donations e-mails the payer. Amounts in
 * cents of `currency`.
 */
export const PaymentRefunded = defineEvent({
  name: 'PaymentRefunded',
  source: DONATIONS_SOURCE,
  version: 1,
  schema: z.object({
    refundId: z.string(),
    trackingNumber: z.string(),
    kind: z.enum(['VoucherPurchase', 'Membership']),
    country: z.string(),
    currency: z.enum(CURRENCIES),
    /** What was bought, as its payer saw it ('A $50.00 gift voucher', 'Supporter membership'). */
    what: z.string(),
    /** What went back to the card in all, and of the payment's own amount (the vouchers' value, the fee). */
    totalCents: z.number(),
    ownCents: z.number(),
    isFull: z.boolean(),
    payer: z.object({ name: z.string(), email: z.string() }),
    card: z.optional(z.object({ cardType: z.string(), last4: z.string() })),
    charity: z.optional(z.object({ id: z.string(), name: z.string() })),
    /** A voucher purchase's: how many vouchers it bought (1, or a workplace order's). */
    voucherCount: z.optional(z.number()),
    /** A membership's: its number, and whether this refund ended it. */
    membershipNumber: z.optional(z.string()),
    membershipEnded: z.boolean(),
    /** When the payment was made, and when it was refunded. */
    paidAt: z.string(),
    refundedAt: z.string(),
  }),
});

/**
 * A charity membership's fee was paid (issue 17): joining, re-joining or a renewal. Event id = the payment's tracking
 * number. Donations e-mails the member their membership receipt. Amount in cents.
 */
export const MembershipPaid = defineEvent({
  name: 'MembershipPaid',
  source: DONATIONS_SOURCE,
  version: 1,
  schema: z.object({
    membershipId: z.string(),
    membershipNumber: z.string(),
    trackingNumber: z.string(),
    country: z.string(),
    charity: z.object({ id: z.string(), name: z.string(), charityUrl: z.string() }),
    plan: z.object({ planId: z.string(), name: z.string(), period: z.enum(['Yearly', 'Monthly', 'Life']) }),
    amount: z.object({ cents: z.number(), currency: z.enum(CURRENCIES) }),
    memberId: z.optional(z.string()),
    memberName: z.string(),
    memberEmail: z.string(),
    paidUntil: z.optional(z.string()),
    isRenewal: z.boolean(),
    paidAt: z.string(),
  }),
});

export const PayrollPledgeCreated = defineEvent({
  name: 'PayrollPledgeCreated',
  source: DONATIONS_SOURCE,
  version: 1,
  schema: z.object({
    pledgeId: z.string(),
    memberId: z.string(),
    workplace: z.object({ id: z.string(), name: z.string() }),
    pageType: z.enum(['GIFT', 'CHARITY', 'FUNDRAISE']),
    country: z.string(),
    charity: z.object({ id: z.string(), name: z.string(), charityUrl: z.string() }),
    gift: z.optional(z.object({ id: z.string(), title: z.string(), productUrl: z.string() })),
    /** A pledge to a fundraising page (optional, so older consumers are unaffected). */
    page: z.optional(z.object({ id: z.string(), title: z.string(), pageUrl: z.string(), eventUrl: z.string() })),
    quantity: z.number(),
    /** Per item. */
    amount: pledgeMoney,
    /** amount x quantity: what each deduction takes (once, or every pay cycle). */
    total: pledgeMoney,
    donationFrequency: z.enum(['OnceOff', 'EveryPayCycle']),
    isAnonymous: z.boolean(),
    createdAt: z.string(),
  }),
});

/** The member cancelled a payroll pledge: no further deductions. Event id = the cancellation's id. */
export const PayrollPledgeCancelled = defineEvent({
  name: 'PayrollPledgeCancelled',
  source: DONATIONS_SOURCE,
  version: 1,
  schema: z.object({
    pledgeId: z.string(),
    memberId: z.string(),
    workplaceId: z.string(),
    cancelledAt: z.string(),
  }),
});

/**
 * A gift voucher was bought and paid for (the voucher exists). Event id = the purchase's tracking number, which is
 * also the voucher's id. It never carries the code: the e-mail consumer derives it from the voucher id with the key.
 */
export const VoucherPurchased = defineEvent({
  name: 'VoucherPurchased',
  source: DONATIONS_SOURCE,
  version: 1,
  schema: z.object({
    voucherId: z.string(),
    trackingNumber: z.string(),
    country: z.string(),
    value: z.object({ cents: z.number(), currency: z.enum(CURRENCIES) }),
    expiresAt: z.string(),
    /** Which derivation of the code the voucher has (0 unless an earlier one was taken). */
    codeVariant: z.number(),
    buyer: z.object({ email: z.string(), firstName: z.string(), name: z.string(), memberId: z.optional(z.string()) }),
    recipient: z.optional(z.object({ name: z.optional(z.string()), email: z.optional(z.string()) })),
    message: z.optional(z.string()),
    /**
     * A workplace's order for its staff: which workplace, how many vouchers the order made and this one's place in it
     * (from 1). The recipient gets the code; the buyer gets one e-mail for the whole order (with the first voucher).
     */
    order: z.optional(z.object({ workplaceId: z.string(), workplaceName: z.string(), size: z.number(), position: z.number(), total: z.object({ cents: z.number(), currency: z.enum(CURRENCIES) }) })),
    purchasedAt: z.string(),
  }),
});

/** A gift ("dollar handle") as search and other readers need it: the public gift plus when it was made. */
export const giftDocumentSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  imageUrl: z.string(),
  iconUrl: z.string(),
  productUrl: z.string(),
  price: z.object({ cents: z.int(), currency: z.enum(CURRENCIES) }),
  isActive: z.boolean(),
  charity: z.object({ id: z.string(), name: z.string(), charityUrl: z.string(), logoImageUrl: z.string() }),
  createdAt: z.string(),
  /** The gift item's revision: consumers keep the highest. */
  revision: z.int(),
});
export type GiftDocument = z.infer<typeof giftDocumentSchema>;

/**
 * A gift was stored (created, edited, made active or inactive, re-emitted by ReIndexCharityGifts) or deleted. Published
 * from the donations table's stream; event id `gift-<id>-<revision>` (re-emission: `gift-<id>-<revision>-<reindexId>`).
 */
export const GiftPublished = defineEvent({
  name: 'GiftPublished',
  source: DONATIONS_SOURCE,
  version: 1,
  schema: z.union([
    z.object({ change: z.literal('Published'), gift: giftDocumentSchema, reindexId: z.optional(z.string()) }),
    z.object({ change: z.literal('Removed'), giftId: z.string(), revision: z.int() }),
  ]),
});
