import * as z from 'zod/mini';
import { countryCodeSchema } from './common';
import { MESSAGES } from './messages';
import { SITE_FEATURES } from '../site-features';

/**
 * What every public page reads from accounts (the charities list and page, the header's menu links). Kept apart from
 * accounts.ts, which re-exports it, so a page's first load does not carry the consoles' schemas and the permission
 * catalogue. Import it from '@giving/shared/contracts/accounts' everywhere but the public pages' first paint.
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
