import { queryOptions, useQuery } from '@tanstack/react-query';
import { memberProfileSchema, type MemberProfile } from '@giving/shared/contracts/accounts';
import { ACCOUNT_QUERY_KEY } from '../../../lib/account';
import { api } from '../../../lib/api-client';

/** GET /api/accounts/me/profile — the member's own profile. */
export const getMyProfile = ({ signal }: { signal?: AbortSignal } = {}): Promise<MemberProfile> => api.get('/accounts/me/profile', memberProfileSchema, { signal });

export const myProfileQueryOptions = () =>
  queryOptions({
    queryKey: [...ACCOUNT_QUERY_KEY, 'user-area', 'profile'],
    queryFn: ({ signal }) => getMyProfile({ signal }),
  });

export const useMyProfile = () => useQuery(myProfileQueryOptions());
