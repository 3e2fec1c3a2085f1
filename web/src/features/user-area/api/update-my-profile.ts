import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import type { UpdateProfile } from '@giving/shared/contracts/accounts';
import { adminMenuQueryOptions } from '../../../lib/account';
import { api } from '../../../lib/api-client';
import { myDashboardQueryOptions } from './get-my-dashboard';
import { myProfileQueryOptions } from './get-my-profile';

/** PUT /api/accounts/me/profile — the member's first and last name. */
export const updateMyProfile = (profile: UpdateProfile): Promise<unknown> => api.put('/accounts/me/profile', profile, z.unknown());

export function useUpdateMyProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMyProfile,
    // The name shows in the dashboard's greeting and the account menu.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: myProfileQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: myDashboardQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: adminMenuQueryOptions().queryKey }),
      ]),
  });
}
