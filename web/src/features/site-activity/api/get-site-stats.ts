import { queryOptions, useQuery } from '@tanstack/react-query';
import { siteStatsSchema, type SiteStats } from '@giving/shared/contracts/accounts-public';
import type { CountryCode } from '@giving/shared/countries';
import { api } from '../../../lib/api-client';

/** GET /api/accounts/site/stats?country= — overall donations, active users, volunteered hours. */
export const getSiteStats = ({ country, signal }: { country: CountryCode; signal?: AbortSignal }): Promise<SiteStats> =>
  api.get(`/accounts/site/stats?country=${country}`, siteStatsSchema, { signal });

/** The figures move as donations complete, so the header refreshes them every minute while it is open. */
export const siteStatsQueryOptions = (country: CountryCode) =>
  queryOptions({ queryKey: ['site', country, 'stats'], queryFn: ({ signal }) => getSiteStats({ country, signal }), staleTime: 15_000, refetchInterval: 60_000 });

export const useSiteStats = (country: CountryCode) => useQuery(siteStatsQueryOptions(country));
