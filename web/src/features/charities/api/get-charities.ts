import { queryOptions, useQuery } from '@tanstack/react-query';
import { charityListSchema, type CharityList } from '@giving/shared/contracts/accounts-public';
import type { CountryCode } from '@giving/shared/countries';
import { api } from '../../../lib/api-client';

/** GET /api/accounts/charities?country= — the charities listed in a country, by name. */
export const getCharities = ({ country, signal }: { country: CountryCode; signal?: AbortSignal }): Promise<CharityList> =>
  api.get(`/accounts/charities?country=${country}`, charityListSchema, { signal });

export const charitiesQueryOptions = (country: CountryCode) =>
  queryOptions({
    queryKey: ['charities', country, 'list'],
    queryFn: ({ signal }) => getCharities({ country, signal }),
  });


/** Every cause the country's charities name, once, A to Z (the /donating cause filter). */
export const useCauses = (country: CountryCode) =>
  useQuery({
    ...charitiesQueryOptions(country),
    select: (list: CharityList) => [...new Set(list.items.flatMap((charity) => charity.causes))].sort((a, b) => a.localeCompare(b)),
  });
