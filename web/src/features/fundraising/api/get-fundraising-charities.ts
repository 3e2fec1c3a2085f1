import { queryOptions, useQuery } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { fundraisingCharityListSchema } from '@giving/shared/contracts/fundraising';
import type { CountryCode } from '@giving/shared/countries';
import { api } from '../../../lib/api-client';
import { publicFundraisingKey } from './keys';

export type FundraisingCharityList = z.infer<typeof fundraisingCharityListSchema>;

/** GET /api/fundraising/charities?country= — the charities of a country one can fundraise for (get charities). */
export const getFundraisingCharities = ({ country, signal }: { country: CountryCode; signal?: AbortSignal }): Promise<FundraisingCharityList> =>
  api.get(`/fundraising/charities?country=${country}`, fundraisingCharityListSchema, { signal });

export const fundraisingCharitiesQueryOptions = (country: CountryCode) =>
  queryOptions({
    queryKey: [...publicFundraisingKey, country, 'charities'],
    queryFn: ({ signal }) => getFundraisingCharities({ country, signal }),
    staleTime: 5 * 60_000,
  });

export const useFundraisingCharities = (country: CountryCode) => useQuery(fundraisingCharitiesQueryOptions(country));
