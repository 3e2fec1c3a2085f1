import * as z from 'zod/mini';
import { countryCodeSchema, moneySchema } from './common';
import { MESSAGES } from './messages';
import { SITE_FEATURES } from '../site-features';

/**
 * What every public page reads from accounts (the charities list and page, the header's menu links and site stats, the
 * ticker). Kept apart from accounts.ts, which re-exports it, so a public page never builds the consoles' schemas and
 * the permission catalogue: evaluating accounts.ts builds every one of them, a long task on a phone (issue 12). Import
 * it from '@giving/shared/contracts/accounts' everywhere but the public pages.
 */

/** Public charity profile, as the charity page shows it. */
export const charityProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  charityUrl: z.string(),
  country: countryCodeSchema,
  logoImageUrl: z.string(),
  bannerImageUrl: z.optional(z.string()),
  description: z.string(),
  causes: z.array(z.string()),
  /** NZ: the Charities Services (or IRD) number; AU: the ABN. Receipts show it. */
  registrationNumber: z.optional(z.string()),
  /**
   * Donations to it count for tax: in New Zealand an approved donee organisation (the 33⅓% donation tax credit), in
   * Australia a deductible gift recipient (gifts of $2 or more are tax deductible). Absent means not known: receipts
   * then make no tax claim.
   */
  taxApproved: z.optional(z.boolean()),
  website: z.optional(z.string()),
  location: z.optional(z.string()),
});
export type CharityProfile = z.infer<typeof charityProfileSchema>;

export const charityListSchema = z.object({ items: z.array(charityProfileSchema) });
export type CharityList = z.infer<typeof charityListSchema>;

/** A main-navigation link (spec 1 §3 "Menu link": name, path). */
export const menuLinkSchema = z.object({ name: z.string().check(z.trim(), z.minLength(1, MESSAGES.requiredField), z.maxLength(40, MESSAGES.tooLong(40))), path: z.string().check(z.regex(/^\/[A-Za-z0-9/_?=&.-]*$|^https:\/\/\S+$/, 'Use a path starting with / or an https:// address.'), z.maxLength(300, MESSAGES.tooLong(300))) });
export type MenuLink = z.infer<typeof menuLinkSchema>;
export const menuLinkListSchema = z.object({ items: z.array(menuLinkSchema) });

export const siteFeatureSchema = z.enum(SITE_FEATURES);

/** Spec 1 §3 "Site config": showGratuity, the country code and currency, and the site's features. */
export const siteConfigSchema = z.object({
  country: countryCodeSchema,
  currency: z.string(),
  showGratuity: z.boolean(),
  /** The ticker's "site feed" setting. */
  siteFeed: z.boolean(),
  features: z.array(siteFeatureSchema),
  singleSignInUrl: z.optional(z.string()),
});
export type SiteConfig = z.infer<typeof siteConfigSchema>;

/* The header's site stats and the ticker (spec §3 "Site and menu data"), on every public page. */
export const siteStatsSchema = z.object({
  overallDonations: moneySchema,
  activeUsers: z.int(),
  overallVolunteeredHours: z.number(),
});
export type SiteStats = z.infer<typeof siteStatsSchema>;
/** The ticker's items (spec 1 §1, §3 "Recent donation", "Volunteer application"): never who gave or signed up. */
const recentCharity = { id: z.string(), charityName: z.string(), charityUrl: z.string() };
export const recentDonationSchema = z.object({ kind: z.literal('donation'), ...recentCharity, donationAmount: moneySchema, donationDate: z.string() });
export type RecentDonation = z.infer<typeof recentDonationSchema>;
/** A volunteering sign-up; `id` is the application's. */
export const recentVolunteeringSchema = z.object({ kind: z.literal('volunteering'), ...recentCharity, createdOn: z.string() });
export type RecentVolunteering = z.infer<typeof recentVolunteeringSchema>;
/**
 * A gift voucher bought (spec 1 §3 "Voucher: voucherBalance, createdOn"): what it holds and when; never the buyer, the
 * recipient or the code. `id` is opaque (not the voucher's or the payment's).
 */
export const recentVoucherSchema = z.object({ kind: z.literal('voucher'), id: z.string(), voucherBalance: moneySchema, createdOn: z.string() });
export type RecentVoucher = z.infer<typeof recentVoucherSchema>;
/**
 * Fundraising support (spec 1 §1; §3 "Fundraising: title, fundraisingUrl, createdOn"): a donation through a fundraising
 * page, with the page's title and address, the amount and its charity; never who gave or whose page it is.
 */
export const recentFundraisingSchema = z.object({ kind: z.literal('fundraising'), ...recentCharity, title: z.string(), fundraisingUrl: z.string(), donationAmount: moneySchema, createdOn: z.string() });
export type RecentFundraising = z.infer<typeof recentFundraisingSchema>;
export const recentActivitySchema = z.discriminatedUnion('kind', [recentDonationSchema, recentVolunteeringSchema, recentVoucherSchema, recentFundraisingSchema]);
export type RecentActivity = z.infer<typeof recentActivitySchema>;
export const recentActivityListSchema = z.object({ items: z.array(recentActivitySchema) });
