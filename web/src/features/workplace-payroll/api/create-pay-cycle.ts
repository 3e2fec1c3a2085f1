import { useMutation, useQueryClient } from '@tanstack/react-query';
import { payCycleSchema, type PayCycle, type PayCycleInput } from '@giving/shared/contracts/workplace-payroll';
import { api } from '../../../lib/api-client';
import { payCyclesQueryOptions } from './get-pay-cycles';
import { payrollPath } from './keys';

/** POST /api/workplace/{workplaceId}/pay-cycles — a new pay cycle (201). */
export const createPayCycle = ({ workplaceId, input }: { workplaceId: string; input: PayCycleInput }): Promise<PayCycle> =>
  api.post(`${payrollPath(workplaceId)}/pay-cycles`, input, payCycleSchema);

export function useCreatePayCycle(workplaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PayCycleInput) => createPayCycle({ workplaceId, input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: payCyclesQueryOptions(workplaceId).queryKey }),
  });
}
