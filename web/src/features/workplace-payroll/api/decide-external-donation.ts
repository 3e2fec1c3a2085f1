import { useMutation, useQueryClient } from '@tanstack/react-query';
import { externalDonationSchema, type ExternalDonation } from '@giving/shared/contracts/workplace-payroll';
import { ApiError, api } from '../../../lib/api-client';
import { externalDonationsKey } from './get-external-donations';
import { payrollPath } from './keys';

export type ExternalDonationDecision = { decision: 'Approve' } | { decision: 'Decline'; reason: string };

/**
 * POST /api/workplace/{workplaceId}/external-donations/{id}/decision — approves (announced for matching) or declines
 * (with the reason the member sees) a pending donation; a 409 when someone decided it the other way first.
 */
export const decideExternalDonation = ({ workplaceId, externalDonationId, decision }: { workplaceId: string; externalDonationId: string; decision: ExternalDonationDecision }): Promise<ExternalDonation> =>
  api.post(`${payrollPath(workplaceId)}/external-donations/${encodeURIComponent(externalDonationId)}/decision`, decision, externalDonationSchema);

export function useDecideExternalDonation(workplaceId: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: externalDonationsKey(workplaceId) });
  return useMutation({
    mutationFn: ({ externalDonationId, decision }: { externalDonationId: string; decision: ExternalDonationDecision }) => decideExternalDonation({ workplaceId, externalDonationId, decision }),
    onSuccess: refresh,
    // Decided by someone else first: the list shows what they decided.
    onError: (error) => (error instanceof ApiError && error.status === 409 ? refresh() : undefined),
  });
}
