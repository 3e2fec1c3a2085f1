import { useMutation, useQueryClient } from '@tanstack/react-query';
import { matchingPaymentRecordSchema, type MatchingPaymentRecord, type RecordMatchingPayment } from '@giving/shared/contracts/matching-payments';
import { api } from '../../../lib/api-client';
import { matchingPaymentsKey } from './get-matching-payments';

/**
 * POST /api/matching/backoffice/payments (Idempotency-Key) — money a workplace paid for a campaign's month. A retry
 * with the same key records nothing new; a 409 when it is more than is owed, a 404 for no such month.
 */
export const recordMatchingPayment = ({ payment, idempotencyKey }: { payment: RecordMatchingPayment; idempotencyKey: string }): Promise<MatchingPaymentRecord> =>
  api.post('/matching/backoffice/payments', payment, matchingPaymentRecordSchema, { headers: { 'Idempotency-Key': idempotencyKey } });

/** Records a payment; the lists (the back office's and the workplace's) are read again whichever way it went. */
export function useRecordMatchingPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordMatchingPayment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: matchingPaymentsKey }),
  });
}
