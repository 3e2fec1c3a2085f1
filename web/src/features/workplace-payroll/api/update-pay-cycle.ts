import { useMutation, useQueryClient } from '@tanstack/react-query';
import { payCycleSchema, type PayCycle, type PayCycleInput } from '@giving/shared/contracts/workplace-payroll';
import { api } from '../../../lib/api-client';
import { payCyclesQueryOptions } from './get-pay-cycles';
import { payrollPath } from './keys';

/** PUT /api/workplace/{workplaceId}/pay-cycles/{payCycleId} — replaces the pay cycle (its next cut-off moves with it). */
export const updatePayCycle = ({ workplaceId, payCycleId, input }: { workplaceId: string; payCycleId: string; input: PayCycleInput }): Promise<PayCycle> =>
  api.put(`${payrollPath(workplaceId)}/pay-cycles/${encodeURIComponent(payCycleId)}`, input, payCycleSchema);

export function useUpdatePayCycle(workplaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ payCycleId, input }: { payCycleId: string; input: PayCycleInput }) => updatePayCycle({ workplaceId, payCycleId, input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: payCyclesQueryOptions(workplaceId).queryKey }),
  });
}
