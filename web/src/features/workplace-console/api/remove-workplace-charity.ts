import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { workplaceCharitiesQueryOptions } from './get-workplace-charities';

/** DELETE /api/accounts/workplace/{workplaceId}/charities/{charityId} — stops supporting a charity. */
export const removeWorkplaceCharity = ({ workplaceId, charityId }: { workplaceId: string; charityId: string }): Promise<void> =>
  api.delete(`/accounts/workplace/${encodeURIComponent(workplaceId)}/charities/${encodeURIComponent(charityId)}`);

export function useRemoveWorkplaceCharity(workplaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (charityId: string) => removeWorkplaceCharity({ workplaceId, charityId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workplaceCharitiesQueryOptions(workplaceId).queryKey }),
  });
}
