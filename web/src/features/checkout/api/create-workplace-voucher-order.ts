import { useMutation } from '@tanstack/react-query';
import { createPaymentResponseSchema, type CreatePaymentResponse } from '@giving/shared/contracts/donations-public';
import type { WorkplaceVoucherPurchaseRequest } from '@giving/shared/contracts/vouchers';
import { NetworkError, api } from '../../../lib/api-client';
import { CREATE_PAYMENT_RETRIES } from './create-payment';

export interface CreateWorkplaceVoucherOrderInput {
  request: WorkplaceVoucherPurchaseRequest;
  /** One per submission; a retry of the same submission sends the same key, so the card is charged once. */
  idempotencyKey: string;
}

/**
 * POST /api/donations/workplace/{workplaceId}/voucher-purchases (Workplace_ManagePayments) — accepted (202) with a
 * tracking number; the payment workflow charges the card, then creates a voucher per person and e-mails each their code.
 */
export const createWorkplaceVoucherOrder = (workplaceId: string, { request, idempotencyKey }: CreateWorkplaceVoucherOrderInput): Promise<CreatePaymentResponse> =>
  api.post(`/donations/workplace/${encodeURIComponent(workplaceId)}/voucher-purchases`, request, createPaymentResponseSchema, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });

/** Retries only when no answer came back, with the same request and key (as every payment does). */
export const useCreateWorkplaceVoucherOrder = (workplaceId: string) =>
  useMutation({
    mutationFn: (input: CreateWorkplaceVoucherOrderInput) => createWorkplaceVoucherOrder(workplaceId, input),
    retry: (failureCount, error) => error instanceof NetworkError && failureCount < CREATE_PAYMENT_RETRIES,
    retryDelay: (attempt) => 1000 * 2 ** attempt,
  });
