import { queryOptions, useQuery } from '@tanstack/react-query';
import { siteConfigSchema, type SiteConfig } from '@giving/shared/contracts/accounts-public';
import type { CountryCode } from '@giving/shared/countries';
import { api } from './api-client';

/** GET /api/accounts/site?country= — the site's settings for a country (showGratuity, site feed, features). */
export const getSiteConfig = ({ country, signal }: { country: CountryCode; signal?: AbortSignal }): Promise<SiteConfig> =>
  api.get(`/accounts/site?country=${country}`, siteConfigSchema, { signal });

export const siteConfigQueryOptions = (country: CountryCode) =>
  queryOptions({ queryKey: ['site', country, 'config'], queryFn: ({ signal }) => getSiteConfig({ country, signal }), staleTime: 5 * 60_000 });

export const useSiteConfig = (country: CountryCode) => useQuery(siteConfigQueryOptions(country));
