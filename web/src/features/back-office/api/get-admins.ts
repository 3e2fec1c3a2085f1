import { queryOptions, useQuery } from '@tanstack/react-query';
import { memberListSchema } from '@giving/shared/contracts/accounts';
import { ACCOUNT_QUERY_KEY } from '../../../lib/account';
import { api } from '../../../lib/api-client';
import type { MemberPage } from './get-members';

/** GET /api/accounts/backoffice/admins — members holding the Administrator role. */
export const getAdmins = ({ signal }: { signal?: AbortSignal } = {}): Promise<MemberPage> => api.get('/accounts/backoffice/admins', memberListSchema, { signal });

export const adminsQueryOptions = () =>
  queryOptions({
    queryKey: [...ACCOUNT_QUERY_KEY, 'back-office', 'admins'],
    queryFn: ({ signal }) => getAdmins({ signal }),
  });

export const useAdmins = () => useQuery(adminsQueryOptions());
