import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refundAnswerSchema, type Refund, type RefundRequest } from '@giving/shared/contracts/back-office-payments';
import { api } from '../../../lib/api-client';
import { PAYMENTS_KEY } from './get-payments';

/**
 * POST /api/donations/backoffice/payments/{trackingNumber}/refunds (Idempotency-Key) — refunds a donation in full (no
 * amount) or part of it; 202 while the refund workflow gives the money back. A retry with the same key is the same
 * refund; 409 when it is more than is left to refund.
 */
export const refundPayment = async ({ trackingNumber, refund, idempotencyKey }: { trackingNumber: string; refund: RefundRequest; idempotencyKey: string }): Promise<Refund> =>
  (await api.post(`/donations/backoffice/payments/${encodeURIComponent(trackingNumber)}/refunds`, refund, refundAnswerSchema, { headers: { 'Idempotency-Key': idempotencyKey } })).refund;

/** Refunds a payment; the payment and the list are read again whichever way it went. */
export function useRefundPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundPayment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: PAYMENTS_KEY }),
  });
}
