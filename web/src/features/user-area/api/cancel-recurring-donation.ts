import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { myRecurringDonationsQueryOptions } from './get-my-recurring-donations';

/** DELETE /api/donations/me/recurring-donations/{scheduleId} — 204; cancelling again is harmless. */
export const cancelRecurringDonation = ({ scheduleId }: { scheduleId: string }): Promise<void> =>
  api.delete(`/donations/me/recurring-donations/${encodeURIComponent(scheduleId)}`);

export function useCancelRecurringDonation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (scheduleId: string) => cancelRecurringDonation({ scheduleId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myRecurringDonationsQueryOptions().queryKey }),
  });
}
