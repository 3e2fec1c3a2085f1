import * as z from 'zod/mini';
import { countryCodeSchema, moneySchema } from './common';
import { donationCentsSchema, quantitySchema } from './donations-public';
import { MESSAGES } from './messages';
import { pathParameters, requiredIdSchema } from './path-parameters';

/** Spec §3 "Payroll payloads": a pledge is taken once, or from every pay. */
export const PAYROLL_FREQUENCIES = ['OnceOff', 'EveryPayCycle'] as const;
export type PayrollFrequency = (typeof PAYROLL_FREQUENCIES)[number];
export const PAYROLL_PLEDGE_STATUSES = ['Active', 'Cancelled'] as const;
export type PayrollPledgeStatus = (typeof PAYROLL_PLEDGE_STATUSES)[number];

const frequencySchema = z.enum(PAYROLL_FREQUENCIES, { error: MESSAGES.invalidInput });
const anonymousSchema = z.boolean({ error: MESSAGES.invalidInput });

/** A gift from a gift page, in the spec's product payload: productId, productQuantity, productAmount (cents per item). */
export const giftPayrollPledgeSchema = z.object({
  pageType: z.literal('GIFT'),
  country: countryCodeSchema,
  productId: requiredIdSchema,
  productQuantity: quantitySchema,
  productAmount: donationCentsSchema,
  donationFrequency: frequencySchema,
  anonymousDonation: anonymousSchema,
});

/** A general donation to a charity from its page: one amount in cents. */
export const charityPayrollPledgeSchema = z.object({
  pageType: z.literal('CHARITY'),
  country: countryCodeSchema,
  charityId: requiredIdSchema,
  amount: donationCentsSchema,
  donationFrequency: frequencySchema,
  anonymousDonation: anonymousSchema,
});

/**
 * A donation to a fundraising page from pay, in the spec's page payload (spec 1 §3): pageId, pageAmount (cents),
 * donationFrequency, anonymousDonation, message (to the page's owner).
 */
export const pagePayrollPledgeSchema = z.object({
  pageType: z.literal('FUNDRAISE'),
  country: countryCodeSchema,
  pageId: requiredIdSchema,
  pageAmount: donationCentsSchema,
  donationFrequency: frequencySchema,
  anonymousDonation: anonymousSchema,
  message: z.optional(z.pipe(z.pipe(z.string(), z.transform((s) => s.trim())), z.string().check(z.maxLength(500, MESSAGES.tooLong(500))))),
});
export type PagePayrollPledgeRequest = z.infer<typeof pagePayrollPledgeSchema>;

/** POST /donations/me/payroll-pledges (signed in, Idempotency-Key header). */
export const createPayrollPledgeRequestSchema = z.discriminatedUnion('pageType', [giftPayrollPledgeSchema, charityPayrollPledgeSchema, pagePayrollPledgeSchema], {
  error: MESSAGES.invalidInput,
});
export type CreatePayrollPledgeRequest = z.infer<typeof createPayrollPledgeRequestSchema>;
export type GiftPayrollPledgeRequest = z.infer<typeof giftPayrollPledgeSchema>;
export type CharityPayrollPledgeRequest = z.infer<typeof charityPayrollPledgeSchema>;

/** A pledge as the member sees it (and as the create call answers it). */
export const payrollPledgeSchema = z.object({
  pledgeId: z.string(),
  pageType: z.enum(['GIFT', 'CHARITY', 'FUNDRAISE']),
  country: countryCodeSchema,
  workplace: z.object({ id: z.string(), name: z.string() }),
  charity: z.object({ id: z.string(), name: z.string(), charityUrl: z.string() }),
  gift: z.optional(z.object({ id: z.string(), title: z.string(), productUrl: z.string() })),
  /** A pledge to a fundraising page: the page, and the member's message to its owner. */
  page: z.optional(z.object({ id: z.string(), title: z.string(), pageUrl: z.string(), eventUrl: z.string() })),
  message: z.optional(z.string()),
  quantity: z.number(),
  /** Per item. */
  amount: moneySchema,
  /** amount x quantity: each deduction. */
  total: moneySchema,
  donationFrequency: frequencySchema,
  isAnonymous: z.boolean(),
  status: z.enum(PAYROLL_PLEDGE_STATUSES),
  createdAt: z.string(),
  cancelledAt: z.optional(z.string()),
});
export type PayrollPledge = z.infer<typeof payrollPledgeSchema>;

/** GET /donations/me/payroll-pledges — newest first. */
export const payrollPledgeListSchema = z.object({ items: z.array(payrollPledgeSchema) });
export type PayrollPledgeList = z.infer<typeof payrollPledgeListSchema>;

export const payrollPledgeParams = pathParameters('pledgeId');
