import { queryOptions, useQuery } from '@tanstack/react-query';
import { payrollPledgeListSchema, type PayrollPledgeList } from '@giving/shared/contracts/payroll';
import { PAYROLL_PLEDGES_QUERY_KEY } from '../../../lib/account-queries';
import { api } from '../../../lib/api-client';

/** GET /api/donations/me/payroll-pledges — the member's payroll pledges, newest first. */
export const getMyPayrollPledges = ({ signal }: { signal?: AbortSignal } = {}): Promise<PayrollPledgeList> =>
  api.get('/donations/me/payroll-pledges', payrollPledgeListSchema, { signal });

export const myPayrollPledgesQueryOptions = () =>
  queryOptions({
    queryKey: PAYROLL_PLEDGES_QUERY_KEY,
    queryFn: ({ signal }) => getMyPayrollPledges({ signal }),
  });

export const useMyPayrollPledges = () => useQuery(myPayrollPledgesQueryOptions());
