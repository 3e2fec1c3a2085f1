import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { myPayrollPledgesQueryOptions } from './get-my-payroll-pledges';

/** DELETE /api/donations/me/payroll-pledges/{pledgeId} — 204; cancelling again is harmless. */
export const cancelPayrollPledge = ({ pledgeId }: { pledgeId: string }): Promise<void> =>
  api.delete(`/donations/me/payroll-pledges/${encodeURIComponent(pledgeId)}`);

export function useCancelPayrollPledge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pledgeId: string) => cancelPayrollPledge({ pledgeId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myPayrollPledgesQueryOptions().queryKey }),
  });
}
