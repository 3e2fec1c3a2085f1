import type { MemberFundraisePaymentRequest } from '@giving/shared/contracts/donations';
import { createPaymentResponseSchema, type CreatePaymentResponse } from '@giving/shared/contracts/donations-public';
import { api } from '../../../lib/api-client';

export interface CreateMemberFundraisePaymentInput {
  /** The fundraising page given to: it goes in the path, never in the body. */
  pageId: string;
  /** No donor: the API gives as the member the ID token names. */
  request: MemberFundraisePaymentRequest;
  idempotencyKey: string;
}

/**
 * POST /api/fundraising/me/pages/{pageId}/donate — a signed-in member's donation to a fundraising page (the API client
 * adds the bearer token); the same answers as the guest call, and it may start monthly giving (isRecurring).
 */
export const createMemberFundraisePayment = ({ pageId, request, idempotencyKey }: CreateMemberFundraisePaymentInput): Promise<CreatePaymentResponse> =>
  api.post(`/fundraising/me/pages/${encodeURIComponent(pageId)}/donate`, request, createPaymentResponseSchema, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
