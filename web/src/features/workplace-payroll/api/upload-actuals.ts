import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reconciliationSchema, type ActualsUpload, type Reconciliation } from '@giving/shared/contracts/workplace-payroll';
import { api } from '../../../lib/api-client';
import { payrollBatchesKey } from './get-payroll-batches';
import { reconciliationKey } from './get-reconciliation';
import { payrollPath } from './keys';

/**
 * POST /api/workplace/{workplaceId}/payroll-batches/{batchId}/actuals — what payroll deducted, as the file's text;
 * answers the reconciliation (a 400 with `body.content` when the file cannot be read; a 409 once confirmed).
 */
export const uploadActuals = ({ workplaceId, batchId, upload }: { workplaceId: string; batchId: string; upload: ActualsUpload }): Promise<Reconciliation> =>
  api.post(`${payrollPath(workplaceId)}/payroll-batches/${encodeURIComponent(batchId)}/actuals`, upload, reconciliationSchema);

export function useUploadActuals(workplaceId: string, batchId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upload: ActualsUpload) => uploadActuals({ workplaceId, batchId, upload }),
    onSuccess: (reconciliation) => {
      queryClient.setQueryData(reconciliationKey(workplaceId, batchId), reconciliation);
      // The batch is Reconciled now, with what it will give.
      return queryClient.invalidateQueries({ queryKey: payrollBatchesKey(workplaceId) });
    },
  });
}
