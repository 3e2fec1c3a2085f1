import { queryOptions, useQuery } from '@tanstack/react-query';
import { charityListSchema, type CharityList } from '@giving/shared/contracts/accounts';
import type { CountryCode } from '@giving/shared/countries';
import { ACCOUNT_QUERY_KEY } from '../../../lib/account';
import { api } from '../../../lib/api-client';

/** GET /api/accounts/charities?country= — the charities listed in the workplace's country, to choose from. */
export const getCountryCharities = ({ country, signal }: { country: CountryCode; signal?: AbortSignal }): Promise<CharityList> =>
  api.get(`/accounts/charities?country=${country}`, charityListSchema, { signal });

export const countryCharitiesQueryOptions = (country: CountryCode) =>
  queryOptions({
    queryKey: [...ACCOUNT_QUERY_KEY, 'workplace-console', 'charities-in', country],
    queryFn: ({ signal }) => getCountryCharities({ country, signal }),
  });

export const useCountryCharities = (country: CountryCode | undefined) =>
  useQuery({ ...countryCharitiesQueryOptions(country ?? 'nz'), enabled: country !== undefined });
