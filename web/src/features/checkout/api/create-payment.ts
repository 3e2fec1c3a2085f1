import { useMutation } from '@tanstack/react-query';
import type { CreatePaymentRequest, MemberPaymentRequest } from '@giving/shared/contracts/donations';
import { createPaymentResponseSchema, type CreatePaymentResponse } from '@giving/shared/contracts/donations-public';
import { NetworkError, api } from '../../../lib/api-client';

export interface CreatePaymentInput {
  /** A guest's payment names its donor; a signed-in member's has none (the API takes it from the ID token). */
  request: CreatePaymentRequest | MemberPaymentRequest;
  /** One per checkout submission; a retry of the same submission sends the same key, so the API charges once. */
  idempotencyKey: string;
}

/** A payment without a donor is a signed-in member's. */
export const isMemberPayment = (request: CreatePaymentRequest | MemberPaymentRequest): request is MemberPaymentRequest => !request.donor;

/**
 * POST /api/donations/payments (guest) or /api/donations/me/payments (signed in; the API client adds the bearer
 * token) — accepted (202) with a tracking number; the payment then runs in the background.
 */
export const createPayment = ({ request, idempotencyKey }: CreatePaymentInput): Promise<CreatePaymentResponse> =>
  api.post(isMemberPayment(request) ? '/donations/me/payments' : '/donations/payments', request, createPaymentResponseSchema, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });

/** Retries only when no answer came back, with the same request and key. */
export const CREATE_PAYMENT_RETRIES = 2;

export const useCreatePayment = () =>
  useMutation({
    mutationFn: createPayment,
    retry: (failureCount, error) => error instanceof NetworkError && failureCount < CREATE_PAYMENT_RETRIES,
    retryDelay: (attempt) => 1000 * 2 ** attempt,
  });
