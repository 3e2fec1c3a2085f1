import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import type { newBadgeSchema } from '@giving/shared/contracts/accounts';
import { api } from '../../../lib/api-client';
import { badgesQueryOptions } from './get-badges';

export type NewBadge = z.output<typeof newBadgeSchema>;

/** POST /api/accounts/backoffice/badges — defines a badge awarded at a number of completed donations. */
export const createBadge = (badge: NewBadge): Promise<unknown> => api.post('/accounts/backoffice/badges', badge, z.unknown());

export function useCreateBadge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBadge,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: badgesQueryOptions().queryKey }),
  });
}
