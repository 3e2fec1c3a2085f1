import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api } from '../../../lib/api-client';
import { workplaceCharitiesQueryOptions } from './get-workplace-charities';

/** PUT /api/accounts/workplace/{workplaceId}/charities/{charityId} — adds a supported charity (idempotent). */
export const addWorkplaceCharity = ({ workplaceId, charityId }: { workplaceId: string; charityId: string }): Promise<unknown> =>
  api.put(`/accounts/workplace/${encodeURIComponent(workplaceId)}/charities/${encodeURIComponent(charityId)}`, undefined, z.unknown());

export function useAddWorkplaceCharity(workplaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (charityId: string) => addWorkplaceCharity({ workplaceId, charityId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workplaceCharitiesQueryOptions(workplaceId).queryKey }),
  });
}
