import { useMutation } from '@tanstack/react-query';
import { createPaymentResponseSchema, type CreatePaymentRequest, type CreatePaymentResponse } from '@giving/shared/contracts/donations';
import { NetworkError, api } from '../../../lib/api-client';

export interface CreatePaymentInput {
  request: CreatePaymentRequest;
  /** One per checkout submission; a retry of the same submission sends the same key, so the API charges once. */
  idempotencyKey: string;
}

/** POST /api/donations/payments — accepted (202) with a tracking number; the payment then runs in the background. */
export const createPayment = ({ request, idempotencyKey }: CreatePaymentInput): Promise<CreatePaymentResponse> =>
  api.post('/donations/payments', request, createPaymentResponseSchema, { headers: { 'Idempotency-Key': idempotencyKey } });

/** Retries only when no answer came back, with the same request and key. */
export const CREATE_PAYMENT_RETRIES = 2;

export const useCreatePayment = () =>
  useMutation({
    mutationFn: createPayment,
    retry: (failureCount, error) => error instanceof NetworkError && failureCount < CREATE_PAYMENT_RETRIES,
    retryDelay: (attempt) => 1000 * 2 ** attempt,
  });
