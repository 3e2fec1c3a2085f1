import { useMutation, useQueryClient } from '@tanstack/react-query';
import { externalDonationSchema, type ExternalDonation, type ExternalDonationInput } from '@giving/shared/contracts/workplace-payroll';
import { NetworkError, api } from '../../../lib/api-client';
import { myExternalDonationsQueryOptions } from './get-my-external-donations';

export interface RecordExternalDonation {
  input: ExternalDonationInput;
  /** One per submission; a retry of the same submission sends the same key, so the API records it once. */
  idempotencyKey: string;
}

/**
 * POST /api/workplace/me/external-donations (Idempotency-Key) — a donation the member made elsewhere, with its receipt
 * as base64, for one of their workplaces (201; 403 when they are not a member of it; 400 with field errors).
 */
export const recordExternalDonation = ({ input, idempotencyKey }: RecordExternalDonation): Promise<ExternalDonation> =>
  api.post('/workplace/me/external-donations', input, externalDonationSchema, { headers: { 'Idempotency-Key': idempotencyKey } });

/** Retries only when no answer came back, with the same request and key. */
const RETRIES = 2;

export function useRecordExternalDonation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordExternalDonation,
    retry: (failureCount, error) => error instanceof NetworkError && failureCount < RETRIES,
    retryDelay: (attempt) => 1000 * 2 ** attempt,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myExternalDonationsQueryOptions().queryKey }),
  });
}
