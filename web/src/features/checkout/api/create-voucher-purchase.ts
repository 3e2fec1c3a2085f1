import { useMutation } from '@tanstack/react-query';
import { createPaymentResponseSchema, type CreatePaymentResponse } from '@giving/shared/contracts/donations-public';
import type { MemberVoucherPurchaseRequest, VoucherPurchaseRequest } from '@giving/shared/contracts/vouchers';
import { NetworkError, api } from '../../../lib/api-client';
import { CREATE_PAYMENT_RETRIES } from './create-payment';

export interface CreateVoucherPurchaseInput {
  /** A guest's purchase names its buyer; a signed-in member's has none (the API takes it from the ID token). */
  request: VoucherPurchaseRequest | MemberVoucherPurchaseRequest;
  /** One per submission; a retry of the same submission sends the same key, so the card is charged once. */
  idempotencyKey: string;
}

/**
 * POST /api/donations/voucher-purchases (guest) or /api/donations/me/voucher-purchases (signed in) — accepted (202)
 * with a tracking number; the payment workflow charges the card and creates the voucher.
 */
export const createVoucherPurchase = ({ request, idempotencyKey }: CreateVoucherPurchaseInput): Promise<CreatePaymentResponse> =>
  api.post(request.buyer ? '/donations/voucher-purchases' : '/donations/me/voucher-purchases', request, createPaymentResponseSchema, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });

/** Retries only when no answer came back, with the same request and key (as the donation payment does). */
export const useCreateVoucherPurchase = () =>
  useMutation({
    mutationFn: createVoucherPurchase,
    retry: (failureCount, error) => error instanceof NetworkError && failureCount < CREATE_PAYMENT_RETRIES,
    retryDelay: (attempt) => 1000 * 2 ** attempt,
  });
