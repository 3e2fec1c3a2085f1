import { useMutation, useQueryClient } from '@tanstack/react-query';
import { payrollPledgeSchema, type CreatePayrollPledgeRequest, type PayrollPledge } from '@giving/shared/contracts/payroll';
import { PAYROLL_PLEDGES_QUERY_KEY } from '../../../lib/account-queries';
import { NetworkError, api } from '../../../lib/api-client';

export interface CreatePayrollPledgeInput {
  request: CreatePayrollPledgeRequest;
  /** One per confirmation; a retry of the same confirmation sends the same key, so the pledge is stored once. */
  idempotencyKey: string;
}

/** POST /api/donations/me/payroll-pledges (signed in) — 201 with the pledge; 403 when the workplace does not allow payroll. */
export const createPayrollPledge = ({ request, idempotencyKey }: CreatePayrollPledgeInput): Promise<PayrollPledge> =>
  api.post('/donations/me/payroll-pledges', request, payrollPledgeSchema, { headers: { 'Idempotency-Key': idempotencyKey } });

/** Retries only when no answer came back, with the same request and key. */
export const CREATE_PAYROLL_PLEDGE_RETRIES = 2;

export function useCreatePayrollPledge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPayrollPledge,
    retry: (failureCount, error) => error instanceof NetworkError && failureCount < CREATE_PAYROLL_PLEDGE_RETRIES,
    retryDelay: (attempt) => 1000 * 2 ** attempt,
    // Upcoming donations, if read in the last half minute, would otherwise still show the list without it.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: PAYROLL_PLEDGES_QUERY_KEY }),
  });
}
