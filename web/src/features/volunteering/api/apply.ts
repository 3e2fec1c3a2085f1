import { useMutation, useQueryClient } from '@tanstack/react-query';
import { applicationSchema, type Application, type IndividualApply, type TeamApply } from '@giving/shared/contracts/volunteering';
import { memberVolunteeringKey } from './keys';
import { volunteeringRequest } from './volunteering-client';

/** POST /volunteer/session/{sessionId}/individualApply (201): one place, taken at once. */
export const applyAsIndividual = ({ sessionId, body }: { sessionId: string; body: IndividualApply }): Promise<Application> =>
  volunteeringRequest({ kind: 'member', method: 'POST', path: '/volunteer/session/{sessionId}/individualApply', params: { sessionId }, body: body ?? {}, expect: [201], schema: applicationSchema });

/** POST /volunteer/session/{sessionId}/teamApply (201): the leader's place plus one per teammate, taken at once. */
export const applyAsTeam = ({ sessionId, body }: { sessionId: string; body: TeamApply }): Promise<Application> =>
  volunteeringRequest({ kind: 'member', method: 'POST', path: '/volunteer/session/{sessionId}/teamApply', params: { sessionId }, body, expect: [201], schema: applicationSchema });

export type ApplyRequest = { sessionId: string } & ({ applicationType: 'Individual'; body: IndividualApply } | { applicationType: 'Team'; body: TeamApply });

/** Applies; afterwards the member's applications and every role page (places left) are read again. */
export function useApply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ApplyRequest) => (request.applicationType === 'Team' ? applyAsTeam(request) : applyAsIndividual(request)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: memberVolunteeringKey }),
  });
}
