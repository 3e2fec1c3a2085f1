import { queryOptions, useQuery } from '@tanstack/react-query';
import { platformDonationsDashboardSchema, type PlatformDonationsDashboard } from '@giving/shared/contracts/dashboards';
import { ACCOUNT_QUERY_KEY } from '../../../lib/account';
import { api } from '../../../lib/api-client';

/** GET /api/donations/backoffice/dashboard — the platform's donations this month beside last month, per currency. */
export const getDonationsDashboard = ({ signal }: { signal?: AbortSignal } = {}): Promise<PlatformDonationsDashboard> =>
  api.get('/donations/backoffice/dashboard', platformDonationsDashboardSchema, { signal });

export const donationsDashboardQueryOptions = () =>
  queryOptions({
    queryKey: [...ACCOUNT_QUERY_KEY, 'back-office', 'donations-dashboard'],
    queryFn: ({ signal }) => getDonationsDashboard({ signal }),
  });

export const useDonationsDashboard = () => useQuery(donationsDashboardQueryOptions());
