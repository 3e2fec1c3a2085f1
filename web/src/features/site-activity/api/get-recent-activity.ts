import { queryOptions, useQuery } from '@tanstack/react-query';
import { recentActivityListSchema, type RecentActivity } from '@giving/shared/contracts/accounts-public';
import type { CountryCode } from '@giving/shared/countries';
import { api } from '../../../lib/api-client';

/** GET /api/accounts/site/recent?country= — the ticker's recent donations and volunteering sign-ups, newest first. */
export const getRecentActivity = async ({ country, signal }: { country: CountryCode; signal?: AbortSignal }): Promise<RecentActivity[]> =>
  (await api.get(`/accounts/site/recent?country=${country}`, recentActivityListSchema, { signal })).items;

export const recentActivityQueryOptions = (country: CountryCode) =>
  queryOptions({ queryKey: ['site', country, 'recent'], queryFn: ({ signal }) => getRecentActivity({ country, signal }), staleTime: 15_000, refetchInterval: 60_000 });

export const useRecentActivity = (country: CountryCode) => useQuery(recentActivityQueryOptions(country));
