import { queryOptions, useQuery } from '@tanstack/react-query';
import { userDashboardSchema, type UserDashboard } from '@giving/shared/contracts/accounts';
import { ACCOUNT_QUERY_KEY } from '../../../lib/account';
import { api } from '../../../lib/api-client';

/** GET /api/accounts/me/dashboard — profile, badges, completed donations and pending invitations. */
export const getMyDashboard = ({ signal }: { signal?: AbortSignal } = {}): Promise<UserDashboard> => api.get('/accounts/me/dashboard', userDashboardSchema, { signal });

export const myDashboardQueryOptions = () =>
  queryOptions({
    queryKey: [...ACCOUNT_QUERY_KEY, 'user-area', 'dashboard'],
    queryFn: ({ signal }) => getMyDashboard({ signal }),
  });

export const useMyDashboard = () => useQuery(myDashboardQueryOptions());
