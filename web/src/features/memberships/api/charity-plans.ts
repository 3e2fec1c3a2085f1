import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { membershipPlanListSchema, membershipPlanSchema, type MembershipPlan, type MembershipPlanInput } from '@giving/shared/contracts/memberships';
import { api } from '../../../lib/api-client';
import { charityMembershipKey } from './keys';

const plansPath = (charityId: string) => `/memberships/charity/${encodeURIComponent(charityId)}/plans`;

/** GET /api/memberships/charity/{charityId}/plans — every plan of the charity, active or not. */
export const getCharityPlans = ({ charityId, signal }: { charityId: string; signal?: AbortSignal }) =>
  api.get(plansPath(charityId), membershipPlanListSchema, { signal });

export const charityPlansQueryOptions = (charityId: string) =>
  queryOptions({ queryKey: [...charityMembershipKey(charityId), 'plans'], queryFn: ({ signal }) => getCharityPlans({ charityId, signal }) });

export const useCharityPlans = (charityId: string, { enabled = true }: { enabled?: boolean } = {}) => useQuery({ ...charityPlansQueryOptions(charityId), enabled });

/**
 * POST /api/memberships/charity/{charityId}/plans (a new plan; the key makes a resubmit add it once) or
 * PUT .../plans/{planId} (an edit).
 */
export const savePlan = ({ charityId, planId, input, idempotencyKey }: { charityId: string; planId?: string; input: MembershipPlanInput; idempotencyKey: string }): Promise<MembershipPlan> =>
  planId
    ? api.put(`${plansPath(charityId)}/${encodeURIComponent(planId)}`, input, membershipPlanSchema)
    : api.post(plansPath(charityId), input, membershipPlanSchema, { headers: { 'idempotency-key': idempotencyKey } });

export function useSavePlan(charityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: { planId?: string; input: MembershipPlanInput; idempotencyKey: string }) => savePlan({ charityId, ...variables }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: charityMembershipKey(charityId) }),
  });
}
