import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import type { newWorkplaceSchema } from '@giving/shared/contracts/accounts';
import { api } from '../../../lib/api-client';
import { backOfficeDashboardQueryOptions } from './get-back-office-dashboard';
import { workplacesQueryOptions } from './get-workplaces';

export type NewWorkplace = z.output<typeof newWorkplaceSchema>;

/** POST /api/accounts/backoffice/workplaces — creates a workplace. */
export const createWorkplace = (workplace: NewWorkplace): Promise<unknown> => api.post('/accounts/backoffice/workplaces', workplace, z.unknown());

export function useCreateWorkplace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWorkplace,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: workplacesQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: backOfficeDashboardQueryOptions().queryKey }),
      ]),
  });
}
