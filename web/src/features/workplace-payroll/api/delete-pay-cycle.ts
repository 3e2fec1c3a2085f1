import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { payCyclesQueryOptions } from './get-pay-cycles';
import { payrollPath } from './keys';

/** DELETE /api/workplace/{workplaceId}/pay-cycles/{payCycleId} — 204; a 409 problem once the cycle has made a batch. */
export const deletePayCycle = ({ workplaceId, payCycleId }: { workplaceId: string; payCycleId: string }): Promise<void> =>
  api.delete(`${payrollPath(workplaceId)}/pay-cycles/${encodeURIComponent(payCycleId)}`);

export function useDeletePayCycle(workplaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payCycleId: string) => deletePayCycle({ workplaceId, payCycleId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: payCyclesQueryOptions(workplaceId).queryKey }),
  });
}
