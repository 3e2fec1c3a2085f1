import { queryOptions, useQuery } from '@tanstack/react-query';
import { charityProfileSchema, type CharityProfile } from '@giving/shared/contracts/accounts-public';
import type { CountryCode } from '@giving/shared/countries';
import { api } from '../../../lib/api-client';

/** GET /api/accounts/charities/{charityUrl}?country= — one charity's public profile (404 when missing). */
export const getCharity = ({ country, charityUrl, signal }: { country: CountryCode; charityUrl: string; signal?: AbortSignal }): Promise<CharityProfile> =>
  api.get(`/accounts/charities/${encodeURIComponent(charityUrl)}?country=${country}`, charityProfileSchema, { signal });

export const charityQueryOptions = (country: CountryCode, charityUrl: string) =>
  queryOptions({
    queryKey: ['charities', country, 'detail', charityUrl],
    queryFn: ({ signal }) => getCharity({ country, charityUrl, signal }),
  });

export const useCharity = (country: CountryCode, charityUrl: string) => useQuery(charityQueryOptions(country, charityUrl));
