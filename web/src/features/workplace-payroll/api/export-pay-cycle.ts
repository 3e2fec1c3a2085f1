import { useMutation, useQueryClient } from '@tanstack/react-query';
import { exportAnswerSchema, type PayrollBatch } from '@giving/shared/contracts/workplace-payroll';
import { api } from '../../../lib/api-client';
import { payrollBatchQueryOptions } from './get-payroll-batch';
import { payrollBatchesKey } from './get-payroll-batches';
import { payrollPath } from './keys';

/** POST /api/workplace/{workplaceId}/pay-cycles/{payCycleId}/export — 'Export now': the current period's batch (made once). */
export const exportPayCycle = ({ workplaceId, payCycleId }: { workplaceId: string; payCycleId: string }): Promise<{ batchId: string }> =>
  api.post(`${payrollPath(workplaceId)}/pay-cycles/${encodeURIComponent(payCycleId)}/export`, {}, exportAnswerSchema);

/** What an export answered: the batch's id, and the batch itself when it could be read (for its period and totals). */
export interface ExportResult {
  batchId: string;
  batch?: PayrollBatch;
}

export function useExportPayCycle(workplaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (payCycleId: string): Promise<ExportResult> => {
      const { batchId } = await exportPayCycle({ workplaceId, payCycleId });
      // The export is done; the batch only names its period in the message, so a failed read loses nothing.
      const batch = await queryClient.fetchQuery(payrollBatchQueryOptions(workplaceId, batchId)).catch(() => undefined);
      return { batchId, batch };
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: payrollBatchesKey(workplaceId) }),
  });
}
