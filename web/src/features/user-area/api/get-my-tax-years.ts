import { queryOptions, useQuery } from '@tanstack/react-query';
import { taxYearListSchema, type TaxYearList } from '@giving/shared/contracts/member-giving';
import { ACCOUNT_QUERY_KEY } from '../../../lib/account';
import { api } from '../../../lib/api-client';

/** GET /api/donations/me/tax-statements — the tax years (per country) the member gave in, newest first. */
export const getMyTaxYears = ({ signal }: { signal?: AbortSignal } = {}): Promise<TaxYearList> =>
  api.get('/donations/me/tax-statements', taxYearListSchema, { signal });

export const myTaxYearsQueryOptions = () =>
  queryOptions({
    queryKey: [...ACCOUNT_QUERY_KEY, 'user-area', 'tax-years'],
    queryFn: ({ signal }) => getMyTaxYears({ signal }),
  });

export const useMyTaxYears = () => useQuery(myTaxYearsQueryOptions());
