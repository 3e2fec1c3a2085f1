import { useMutation } from '@tanstack/react-query';
import type { FundraisePaymentRequest, MemberFundraisePaymentRequest } from '@giving/shared/contracts/donations';
import { createPaymentResponseSchema, type CreatePaymentResponse } from '@giving/shared/contracts/donations-public';
import { NetworkError, api } from '../../../lib/api-client';
import { CREATE_PAYMENT_RETRIES } from './create-payment';
import { createMemberFundraisePayment } from './create-member-fundraise-payment';

export interface CreateFundraisePaymentInput {
  /** The fundraising page given to: it goes in the path, never in the body. */
  pageId: string;
  /** A guest's payment names its donor. */
  request: FundraisePaymentRequest;
  /** One per checkout submission; a retry of the same submission sends the same key, so the API charges once. */
  idempotencyKey: string;
}

/**
 * POST /api/fundraising/pages/{pageId}/donate — a guest's donation to a fundraising page (spec 1 §4: "fundraise uses
 * its own call"): accepted (202) with a tracking number, whose status the checkout then polls as for any payment.
 */
export const createFundraisePayment = ({ pageId, request, idempotencyKey }: CreateFundraisePaymentInput): Promise<CreatePaymentResponse> =>
  api.post(`/fundraising/pages/${encodeURIComponent(pageId)}/donate`, request, createPaymentResponseSchema, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });

/** A payment to a page, by a guest (names a donor) or a signed-in member (has none). */
export interface FundraisePaymentInput {
  pageId: string;
  request: FundraisePaymentRequest | MemberFundraisePaymentRequest;
  idempotencyKey: string;
}

/** A payment without a donor is a signed-in member's. */
const isMemberRequest = (request: FundraisePaymentRequest | MemberFundraisePaymentRequest): request is MemberFundraisePaymentRequest => !request.donor;

/** Giving to a page: the guest call, or the member call when there is no donor; retried only when no answer came back. */
export const useCreateFundraisePayment = () =>
  useMutation({
    mutationFn: ({ pageId, request, idempotencyKey }: FundraisePaymentInput) =>
      isMemberRequest(request)
        ? createMemberFundraisePayment({ pageId, request, idempotencyKey })
        : createFundraisePayment({ pageId, request, idempotencyKey }),
    retry: (failureCount, error) => error instanceof NetworkError && failureCount < CREATE_PAYMENT_RETRIES,
    retryDelay: (attempt) => 1000 * 2 ** attempt,
  });
