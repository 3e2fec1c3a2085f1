import { queryOptions, useQuery } from '@tanstack/react-query';
import { charityVolunteeringDashboardSchema, type CharityVolunteeringDashboard } from '@giving/shared/contracts/dashboards';
import { ACCOUNT_QUERY_KEY } from '../../../lib/account-queries';
import { api } from '../../../lib/api-client';

/** GET /api/volunteering/charity/{charityId}/dashboard — volunteers and hours this month and last, applications to review, feedback to give. */
export const getVolunteeringDashboard = ({ charityId, signal }: { charityId: string; signal?: AbortSignal }): Promise<CharityVolunteeringDashboard> =>
  api.get(`/volunteering/charity/${encodeURIComponent(charityId)}/dashboard`, charityVolunteeringDashboardSchema, { signal });

export const volunteeringDashboardQueryOptions = (charityId: string) =>
  queryOptions({
    queryKey: [...ACCOUNT_QUERY_KEY, 'charity-console', charityId, 'volunteering-dashboard'],
    queryFn: ({ signal }) => getVolunteeringDashboard({ charityId, signal }),
  });

/** Only for the charity's volunteering staff (Charity_VolunteeringView). */
export const useVolunteeringDashboard = (charityId: string, { enabled }: { enabled: boolean }) => useQuery({ ...volunteeringDashboardQueryOptions(charityId), enabled });
