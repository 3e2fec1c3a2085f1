import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import type { newCharitySchema } from '@giving/shared/contracts/accounts';
import { api } from '../../../lib/api-client';
import { backOfficeDashboardQueryOptions } from './get-back-office-dashboard';
import { CHARITIES_KEY } from './get-charities';

export type NewCharity = z.output<typeof newCharitySchema>;

/** POST /api/accounts/backoffice/charities — lists a new charity; 409 when its URL is taken. */
export const createCharity = (charity: NewCharity): Promise<unknown> => api.post('/accounts/backoffice/charities', charity, z.unknown());

export function useCreateCharity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCharity,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: CHARITIES_KEY }),
        queryClient.invalidateQueries({ queryKey: backOfficeDashboardQueryOptions().queryKey }),
      ]),
  });
}
