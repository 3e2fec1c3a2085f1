import { useMutation, useQueryClient } from '@tanstack/react-query';
import { payoutSchema, type NewPayout, type Payout } from '@giving/shared/contracts/charity-reports';
import { api } from '../../../lib/api-client';
import { charityDonationsKey } from './keys';

/** POST /api/donations/backoffice/charities/{charityId}/payouts — a retry with the same key records nothing new. */
export const recordPayout = ({ charityId, payout, idempotencyKey }: { charityId: string; payout: NewPayout; idempotencyKey: string }): Promise<Payout> =>
  api.post(`/donations/backoffice/charities/${encodeURIComponent(charityId)}/payouts`, payout, payoutSchema, { headers: { 'idempotency-key': idempotencyKey } });

export function useRecordPayout(charityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ payout, idempotencyKey }: { payout: NewPayout; idempotencyKey: string }) => recordPayout({ charityId, payout, idempotencyKey }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: charityDonationsKey(charityId) }),
  });
}
