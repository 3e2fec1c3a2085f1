import { useMutation, useQueryClient } from '@tanstack/react-query';
import { payrollBatchSchema, type PayrollBatch } from '@giving/shared/contracts/workplace-payroll';
import { api } from '../../../lib/api-client';
import { payrollBatchesKey } from './get-payroll-batches';
import { payrollPath } from './keys';

/**
 * POST /api/workplace/{workplaceId}/payroll-batches/{batchId}/confirm — gives what payroll deducted (each pledge's
 * share becomes a donation, once); answers the batch, Confirmed. A 409 when its actuals were not uploaded.
 */
export const confirmBatch = ({ workplaceId, batchId }: { workplaceId: string; batchId: string }): Promise<PayrollBatch> =>
  api.post(`${payrollPath(workplaceId)}/payroll-batches/${encodeURIComponent(batchId)}/confirm`, {}, payrollBatchSchema);

export function useConfirmBatch(workplaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (batchId: string) => confirmBatch({ workplaceId, batchId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: payrollBatchesKey(workplaceId) }),
  });
}
