import { queryOptions, useQuery } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { backOfficeDashboardSchema } from '@giving/shared/contracts/accounts';
import { ACCOUNT_QUERY_KEY } from '../../../lib/account';
import { api } from '../../../lib/api-client';

export type BackOfficeDashboard = z.infer<typeof backOfficeDashboardSchema>;

/** GET /api/accounts/backoffice/dashboard — counts of charities, members, admins, workplaces and content waiting for approval. */
export const getBackOfficeDashboard = ({ signal }: { signal?: AbortSignal } = {}): Promise<BackOfficeDashboard> =>
  api.get('/accounts/backoffice/dashboard', backOfficeDashboardSchema, { signal });

export const backOfficeDashboardQueryOptions = () =>
  queryOptions({
    queryKey: [...ACCOUNT_QUERY_KEY, 'back-office', 'dashboard'],
    queryFn: ({ signal }) => getBackOfficeDashboard({ signal }),
  });

export const useBackOfficeDashboard = () => useQuery(backOfficeDashboardQueryOptions());
