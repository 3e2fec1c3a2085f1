import type { MenuLink, RecentActivity, SiteConfig, SiteStats } from '@giving/shared/contracts/accounts';
import { COUNTRIES, type CountryCode } from '@giving/shared/countries';
import type { SiteFeature } from '@giving/shared/permissions';

/** What SITE/CONFIG holds: the site's features, and per country the checkout and header settings. */
export interface SiteSettings {
  features: SiteFeature[];
  countries: Partial<Record<CountryCode, CountrySiteSettings>>;
}

export interface CountrySiteSettings {
  showGratuity: boolean;
  /** The ticker's "site feed" setting: off hides the ticker (spec §4). */
  siteFeed: boolean;
  /** Where Login goes when single sign-in is configured (spec §2 "Account"). */
  singleSignInUrl?: string;
}

export interface SiteStore {
  getSettings(): Promise<SiteSettings | undefined>;
  getMenuLinks(country: CountryCode): Promise<MenuLink[]>;
  putMenuLinks(country: CountryCode, links: MenuLink[], change: { by: string; at: Date }): Promise<void>;
  getCountryStats(country: CountryCode): Promise<{ donationsCents: number; volunteeredHours: number }>;
  getActiveUsers(): Promise<number>;
  /** Newest first. */
  listRecentActivity(country: CountryCode, limit: number): Promise<RecentActivity[]>;
}

/** The ticker shows at most this many items. */
export const RECENT_ACTIVITY_LIMIT = 20;

/** A country with no stored settings: no tip, no ticker, no single sign-in. */
const UNCONFIGURED: CountrySiteSettings = { showGratuity: false, siteFeed: false };

/** GET /accounts/site: the SPA's site config for a country (checkout tip, ticker, features, login address). */
export async function getSiteConfig(deps: { site: SiteStore }, country: CountryCode): Promise<SiteConfig> {
  const settings = await deps.site.getSettings();
  const forCountry = settings?.countries[country] ?? UNCONFIGURED;
  return {
    country,
    currency: COUNTRIES[country].currency,
    showGratuity: forCountry.showGratuity,
    siteFeed: forCountry.siteFeed,
    features: settings?.features ?? [],
    ...(forCountry.singleSignInUrl ? { singleSignInUrl: forCountry.singleSignInUrl } : {}),
  };
}

/** The header's navigation links for a country. */
export async function getMenuLinks(deps: { site: SiteStore }, country: CountryCode): Promise<{ items: MenuLink[] }> {
  return { items: await deps.site.getMenuLinks(country) };
}

/** The CMS replaces a country's navigation links as a whole (the list is small and edited as one form). */
export async function replaceMenuLinks(
  deps: { site: SiteStore; clock: { now(): Date } },
  country: CountryCode,
  links: MenuLink[],
  by: string,
): Promise<{ items: MenuLink[] }> {
  await deps.site.putMenuLinks(country, links, { by, at: deps.clock.now() });
  return { items: links };
}

/** The header's site-wide stats: the country's donations and volunteered hours, and active users across the site. */
export async function getSiteStats(deps: { site: SiteStore }, country: CountryCode): Promise<SiteStats> {
  const [stats, activeUsers] = await Promise.all([deps.site.getCountryStats(country), deps.site.getActiveUsers()]);
  return {
    overallDonations: { cents: stats.donationsCents, currency: COUNTRIES[country].currency },
    activeUsers,
    overallVolunteeredHours: stats.volunteeredHours,
  };
}

/** The ticker: the newest donations in a country. Donors are never named. */
export async function getRecentActivity(deps: { site: SiteStore }, country: CountryCode): Promise<{ items: RecentActivity[] }> {
  return { items: await deps.site.listRecentActivity(country, RECENT_ACTIVITY_LIMIT) };
}
