import { queryOptions, useQuery } from '@tanstack/react-query';
import { charityDonationsDashboardSchema, type CharityDonationsDashboard } from '@giving/shared/contracts/dashboards';
import { ACCOUNT_QUERY_KEY } from '../../../lib/account-queries';
import { api } from '../../../lib/api-client';

/** GET /api/donations/charity/{charityId}/dashboard — this month's donations beside last month's, this month's top gifts and pages. */
export const getDonationsDashboard = ({ charityId, signal }: { charityId: string; signal?: AbortSignal }): Promise<CharityDonationsDashboard> =>
  api.get(`/donations/charity/${encodeURIComponent(charityId)}/dashboard`, charityDonationsDashboardSchema, { signal });

export const donationsDashboardQueryOptions = (charityId: string) =>
  queryOptions({
    queryKey: [...ACCOUNT_QUERY_KEY, 'charity-console', charityId, 'donations-dashboard'],
    queryFn: ({ signal }) => getDonationsDashboard({ charityId, signal }),
  });

/** Only for those who may read the donation report (Charity_ReportView), whose figures these are. */
export const useDonationsDashboard = (charityId: string, { enabled }: { enabled: boolean }) => useQuery({ ...donationsDashboardQueryOptions(charityId), enabled });
