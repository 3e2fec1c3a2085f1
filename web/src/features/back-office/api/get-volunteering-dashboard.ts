import { queryOptions, useQuery } from '@tanstack/react-query';
import { volunteeringBackOfficeDashboardSchema, type VolunteeringBackOfficeDashboard } from '@giving/shared/contracts/volunteering';
import { ACCOUNT_QUERY_KEY } from '../../../lib/account';
import { api } from '../../../lib/api-client';

/** GET /api/volunteering/backOffice/dashboard — volunteer roles waiting for approval (volunteering owns them). */
export const getVolunteeringDashboard = ({ signal }: { signal?: AbortSignal } = {}): Promise<VolunteeringBackOfficeDashboard> =>
  api.get('/volunteering/backOffice/dashboard', volunteeringBackOfficeDashboardSchema, { signal });

export const volunteeringDashboardQueryOptions = () =>
  queryOptions({
    queryKey: [...ACCOUNT_QUERY_KEY, 'back-office', 'volunteering-dashboard'],
    queryFn: ({ signal }) => getVolunteeringDashboard({ signal }),
  });

export const useVolunteeringDashboard = () => useQuery(volunteeringDashboardQueryOptions());
